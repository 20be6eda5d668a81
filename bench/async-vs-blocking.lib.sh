# Shared by the bindings' async-vs-blocking.sh scripts (sourced, not run): builds a module and its
# server's class path, finds free ports, waits for the server, and prints one table row per run of
# the same workload on the blocking and the asynchronous path.
# The sourcing script sets: ROOT, MODULE (e.g. cassandra), SERVER_VERSION, SERVER_PROPERTY (the
# -D name of the server version its server-classpath/pom.xml takes; empty for a module without
# one), SERVER_CLASSPATH_DIR (under target/), BINDING (the short name), SECONDS_PER_RUN and ROUNDS; then calls the functions below.

JAVA17="${JAVA17:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}"

# builds the module into its target folder (nothing installed) and resolves the server's class path
build_module() {
  local log; log="$(mktemp)"
  # SKIP_BUILD=1 uses what is built (e.g. while other builds run in the same tree)
  if [[ "${SKIP_BUILD:-0}" != 1 ]] && ! (cd "$ROOT" && mvn -B -q -Dstyle.color=never -DskipTests -pl "$MODULE" -am package >"$log" 2>&1); then
    cat "$log" >&2; rm -f "$log"; echo "the build of $MODULE failed" >&2; exit 1
  fi
  rm -f "$log"
  # a module whose server runs from its own test classes (or is a system package) has none
  SERVER_CP_FILE="$ROOT/$MODULE/target/$SERVER_CLASSPATH_DIR/classpath-$SERVER_VERSION.txt"
  if [[ -n "${SERVER_PROPERTY:-}" && ! -s "$SERVER_CP_FILE" ]]; then
    mkdir -p "$(dirname "$SERVER_CP_FILE")"
    (cd "$ROOT" && mvn -B -q -f "$MODULE/server-classpath/pom.xml" "-D$SERVER_PROPERTY=$SERVER_VERSION" \
      dependency:build-classpath -Dmdep.outputFile="$SERVER_CP_FILE" >/dev/null)
  fi
  CLIENT_JAVA=("$JAVA17" -Xms1g -Xmx1g -cp "$ROOT/$MODULE/target/$MODULE-binding-1.0.0-SNAPSHOT.jar:$ROOT/$MODULE/target/lib/*"
    site.ycsb.cli.Ycsb)
}

# free_ports N: prints N free loopback ports
free_ports() {
  python3 -c '
import socket, sys
s = [socket.socket() for _ in range(int(sys.argv[1]))]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])' "$1"
}

# stops the server started in the background ($SERVER_PID) and removes its folder ($DIR)
stop_server() {
  kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$DIR"
}

# await_server NAME CHECK...: waits up to 180 s for the command CHECK to succeed while the server lives
await_server() {
  local name="$1"; shift
  for ((i = 0; ; i++)); do
    if "$@"; then return; fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null || ((i >= 180)); then
      tail -30 "$DIR/server.log" >&2; echo "$name did not start" >&2; exit 1
    fi
    sleep 1
  done
}

value() { grep -F "[$2], $3," "$1" | head -1 | awk -F', ' '{print $3}'; }

# run_row LABEL ARGS...: one measured run of workload A ($COMMON), printed as a table row
run_row() {
  local label="$1"; shift
  local out="$DIR/run.out" times="$DIR/run.time"
  # bash's `time` gives the user + system CPU of the whole client process
  { TIMEFORMAT='%U %S'; time "${CLIENT_JAVA[@]}" run "$BINDING" "${COMMON[@]}" -p operationcount=2000000000 \
      -p "maxexecutiontime=$SECONDS_PER_RUN" "$@" >"$out" 2>"$DIR/run.err"; } 2>"$times"
  local ops tput avg p99 cpu failed
  ops=$(value "$out" OVERALL Operations); tput=$(value "$out" OVERALL 'Throughput(ops/sec)')
  failed=$(value "$out" OVERALL FailedOperations); failed=${failed:-0}
  cpu=$(value "$out" CLIENT 'CpuPerOperation(us)')
  avg=$(value "$out" ALL 'AverageLatency(us)'); p99=$(value "$out" ALL '99thPercentileLatency(us)')
  read -r user sys <"$times"
  # the machine is shared: its 1-minute load average at the end of the run says how much
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  awk -v l="$label" -v ops="$ops" -v f="$failed" -v t="$tput" -v a="$avg" -v p="$p99" -v c="$cpu" \
      -v u="$user" -v s="$sys" -v la="$load" 'BEGIN {
    printf "| %s | %d | %d | %.0f | %.0f | %d | %s (%.1f) | %s |\n", l, ops, f, t, a, p, c,
      (u + s) * 1e6 / ops, la }'
}

# compare THREADS INFLIGHT: the table, ROUNDS alternating rounds of -threads THREADS against
# -threads 2 -inflight INFLIGHT
compare() {
  echo "| path | operations | failed | throughput (ops/s) | average (us) | p99 (us) |" \
    "[CLIENT], CpuPerOperation(us) (whole process) | load average |"
  echo "|---|---|---|---|---|---|---|---|"
  for ((r = 1; r <= ROUNDS; r++)); do
    run_row "blocking, -threads $1 (round $r)" -threads "$1"
    run_row "async, -threads 2 -inflight $2 (round $r)" -threads 2 -inflight "$2"
  done
}
