#!/usr/bin/env bash
# Stop the Neo4j started by tools/neo4j/start.sh (by its pid file), wait, clean up.
# SIGTERM lets the launcher close Neo4j and delete its store; SIGKILL after NEO4J_STOP_TIMEOUT s.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUN="$HERE/run"
PIDFILE="$RUN/neo4j.pid"
TIMEOUT="${NEO4J_STOP_TIMEOUT:-60}"

say() { echo "neo4j/stop.sh: $*" >&2; }

pid="$(cat "$PIDFILE" 2>/dev/null || true)"
if [[ -z "$pid" ]]; then
    say "not running (no $PIDFILE)"
    exit 0
fi
if ! kill -0 "$pid" 2>/dev/null || ! grep -q 'dev.mrgraph.neo4j.Launcher' "/proc/$pid/cmdline" 2>/dev/null; then
    say "not running (stale pid $pid)"
    rm -f "$PIDFILE"
    exit 0
fi

t0=$SECONDS
kill -TERM "$pid"
while kill -0 "$pid" 2>/dev/null; do
    if (( SECONDS - t0 >= TIMEOUT )); then
        say "pid $pid still alive after $TIMEOUT s; sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
        sleep 1
        rm -rf "$RUN/data"
        break
    fi
    sleep 0.5
done
rm -f "$PIDFILE"
say "stopped pid $pid in $((SECONDS - t0)) s"
