#!/usr/bin/env bash
# Start a development/CI Neo4j 5.26 (Community, neo4j-harness, no Docker) in the background on
# 127.0.0.1: Bolt :7687, HTTP :7474 (Neo4j Browser at /browser/). See README.md in this folder.
# Idempotent: if our server is already running and answering, it does nothing.
#
# Environment (all optional):
#   NEO4J_PASSWORD       password of user neo4j (default mrgraph-test-pw; empty = auth disabled)
#   NEO4J_BOLT_PORT      default 7687          NEO4J_HTTP_PORT   default 7474
#   NEO4J_HEAP           JVM -Xmx, default 1g  NEO4J_PAGECACHE_MB default 256
#   NEO4J_START_TIMEOUT  seconds to wait for Bolt, default 180 (the first build downloads more)
#   NEO4J_PYTHON         python used for the Bolt check if it can `import neo4j` (default python3)
#   NEO4J_WARMUP         1: after a start, warm the server for mrgraph with that python if it can
#                        `import mrgraph` (python -m mrgraph.neo4j_warmup: plans and
#                        compiles an ingest's and an ask's statements in rolled-back
#                        transactions). Default 0: it takes longer than the first ingest it
#                        shortens (benchmarks/RESULTS.md, "Neo4j store"); use it for a server
#                        started before it is needed
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUN="$HERE/run"
LOG="$RUN/neo4j.log"
PIDFILE="$RUN/neo4j.pid"
export NEO4J_HOST=127.0.0.1
export NEO4J_BOLT_PORT="${NEO4J_BOLT_PORT:-7687}"
export NEO4J_HTTP_PORT="${NEO4J_HTTP_PORT:-7474}"
export NEO4J_PASSWORD="${NEO4J_PASSWORD-mrgraph-test-pw}"
export NEO4J_PAGECACHE_MB="${NEO4J_PAGECACHE_MB:-256}"
export NEO4J_DATA_DIR="$RUN/data"
HEAP="${NEO4J_HEAP:-1g}"
TIMEOUT="${NEO4J_START_TIMEOUT:-180}"
PY="${NEO4J_PYTHON:-python3}"
# a relative path (e.g. .venv/bin/python) must survive the `cd "$RUN"` below: the Bolt check
# would otherwise fail until the timeout although the server answers
[[ "$PY" == */* && -e "$PY" ]] && PY="$(cd "$(dirname "$PY")" && pwd)/$(basename "$PY")"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
CP_FILE="$HERE/target/classpath.txt"
MAIN_CLASS="$HERE/target/classes/dev/mrgraph/neo4j/Launcher.class"

say() { echo "neo4j/start.sh: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

running_pid() {  # prints the pid of our launcher if it is alive
    [[ -f "$PIDFILE" ]] || return 1
    local pid; pid="$(cat "$PIDFILE" 2>/dev/null || true)"
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && grep -q 'dev.mrgraph.neo4j.Launcher' "/proc/$pid/cmdline" 2>/dev/null \
        && echo "$pid"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

have_py_driver() { command -v "$PY" >/dev/null 2>&1 && "$PY" -c 'import neo4j' >/dev/null 2>&1; }

warm_up() {  # only after a start of ours: a running server was warmed when it started
    [[ "${NEO4J_WARMUP:-0}" == 1 ]] || return 0
    if ! "$PY" -c 'import mrgraph' >/dev/null 2>&1; then
        say "no warm-up: $PY cannot import mrgraph"
        return 0
    fi
    local t0=$SECONDS
    "$PY" -m mrgraph.neo4j_warmup --uri "bolt://127.0.0.1:$NEO4J_BOLT_PORT" >&2 \
        || { say "warm-up failed (the server runs; its first statements will be slow)"; return 0; }
    say "warmed up in $((SECONDS - t0)) s"
}

bolt_ok() {
    if [[ "$USE_PY" == 1 ]]; then
        "$PY" - <<'EOF' >/dev/null 2>&1
import os
from neo4j import GraphDatabase
pw = os.environ["NEO4J_PASSWORD"]
auth = ("neo4j", pw) if pw else None
with GraphDatabase.driver(f"bolt://127.0.0.1:{os.environ['NEO4J_BOLT_PORT']}", auth=auth,
                          connection_timeout=5) as d:
    d.verify_connectivity()
EOF
    else
        port_open "$NEO4J_BOLT_PORT"
    fi
}

http_ok() {
    if command -v curl >/dev/null 2>&1; then
        curl -fsS -m 5 -o /dev/null "http://127.0.0.1:$NEO4J_HTTP_PORT/"
    else
        port_open "$NEO4J_HTTP_PORT"
    fi
}

ready() { grep -q 'mrgraph-neo4j READY' "$LOG" 2>/dev/null && bolt_ok && http_ok; }

needs_build() {
    [[ -f "$CP_FILE" && -f "$MAIN_CLASS" ]] || return 0
    [[ "$HERE/pom.xml" -nt "$CP_FILE" ]] && return 0
    [[ -n "$(find "$HERE/src" -type f -newer "$MAIN_CLASS" | head -1)" ]] && return 0
    local jar  # a jar gone from the local Maven repository (e.g. a fresh ~/.m2)
    while IFS= read -r jar; do [[ -f "$jar" ]] || return 0; done < <(tr ':' '\n' < "$CP_FILE")
    return 1
}

show_logs() {
    say "--- tail of $LOG ---"; tail -n 40 "$LOG" >&2 || true
    local f
    for f in "$RUN"/data/*/neo4j.log; do
        [[ -f "$f" ]] && { say "--- tail of $f ---"; tail -n 30 "$f" >&2; }
    done
    return 0
}

USE_PY=0
have_py_driver && USE_PY=1
mkdir -p "$RUN"

STARTED=0
if pid="$(running_pid)"; then
    if ready; then
        say "already running (pid $pid): bolt://127.0.0.1:$NEO4J_BOLT_PORT http://127.0.0.1:$NEO4J_HTTP_PORT/browser/"
        exit 0
    fi
    say "pid $pid is running but not answering yet; waiting for it"
else
    rm -f "$PIDFILE"
    for port in "$NEO4J_BOLT_PORT" "$NEO4J_HTTP_PORT"; do
        port_open "$port" && die "port $port on 127.0.0.1 is already in use by another process (not tools/neo4j)"
    done

    command -v "$JAVA" >/dev/null 2>&1 || die "java not found (need Java 17+; set JAVA_HOME)"
    jv="$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
    [[ "${jv%%.*}" -ge 17 ]] 2>/dev/null || die "Java 17+ needed, found '${jv:-unknown}' ($JAVA)"

    if needs_build; then
        command -v mvn >/dev/null 2>&1 || die "mvn not found (Maven 3.8+ is needed for the one-time build)"
        say "building the launcher with Maven (the first build downloads ~190 MB from Maven Central)..."
        t0=$SECONDS
        # (sed: Debian's Maven prints bare colour resets even with -q -B)
        (cd "$HERE" && mvn -q -B compile 2>&1 | sed $'s/\x1b\\[0m//g') || die "maven build failed (see output above)"
        say "built in $((SECONDS - t0)) s"
    fi

    rm -rf "$RUN/data"   # stale store of a killed run; nothing persists across restarts
    [[ -f "$LOG" ]] && mv -f "$LOG" "$LOG.1"
    say "starting Neo4j (heap $HEAP, log $LOG)"
    cd "$RUN"
    nohup "$JAVA" -Xms256m "-Xmx$HEAP" -XX:+UseG1GC -XX:-OmitStackTraceInFastThrow \
        -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 \
        -cp "$HERE/target/classes:$(cat "$CP_FILE")" dev.mrgraph.neo4j.Launcher \
        >"$LOG" 2>&1 </dev/null &
    pid=$!
    echo "$pid" >"$PIDFILE"
    STARTED=1
fi

t0=$SECONDS
until ready; do
    if ! kill -0 "$pid" 2>/dev/null; then
        rm -f "$PIDFILE"
        show_logs
        die "Neo4j exited during start-up"
    fi
    if (( SECONDS - t0 >= TIMEOUT )); then
        show_logs
        die "Neo4j did not answer on bolt://127.0.0.1:$NEO4J_BOLT_PORT within $TIMEOUT s (pid $pid left running; stop it with tools/neo4j/stop.sh)"
    fi
    sleep 1
done
check="$([[ $USE_PY == 1 ]] && echo "Python driver" || echo "TCP port; no importable neo4j driver for $PY")"
auth="$([[ -n $NEO4J_PASSWORD ]] && echo "user neo4j, password from NEO4J_PASSWORD" || echo "auth disabled")"
say "ready in $((SECONDS - t0)) s (pid $pid, checked with $check)"
say "bolt://127.0.0.1:$NEO4J_BOLT_PORT ($auth)  browser: http://127.0.0.1:$NEO4J_HTTP_PORT/browser/"
if [[ "$STARTED" == 1 ]]; then warm_up; fi
