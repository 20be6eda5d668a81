#!/usr/bin/env bash
# Compares the Redis binding's two paths with redis-benchmark on the same server and the same data:
#   - a fresh redis-server on a free loopback port (no persistence);
#   - 100,000 records of 10 fields x 100 B loaded once with ordered, 12-digit zero-padded keys
#     (user000000000000 .. user000000099999), the key format of redis-benchmark's __rand_int__;
#   - read-only workload C with uniform keys (HGETALL of a random record), run by
#       blocking   YCSB, Jedis:   -threads N -p threadmode=threads (N connections, one command each;
#                                 -threads N alone runs its sessions as the async row does, on one worker)
#       async      YCSB, Lettuce: -threads 2 -inflight N/2 -p redis.connections=N/2
#                                 (N connections, at most N commands outstanding, one per connection)
#       sessions   YCSB, Lettuce: -threads N, what a YCSB user types (N sessions in flight on one
#                                 worker, a connection each, one command on each at a time)
#       rb         redis-benchmark -c N -r 100000 HGETALL user__rand_int__
#     for N = 8, 32 and 256 connections with one command each, and pipelined: 8 connections with
#     16 commands each (async -threads 2 -inflight 64 -p redis.connections=4, rb -c 8 -P 16; the
#     blocking path cannot pipeline).
# The three clients run in turn, alternating, ROUNDS times per row; the table shows the medians of
# throughput and of client CPU time per operation:
#   - YCSB: the JVM's own CPU time (user + system, all its threads) over the measured window,
#     [CLIENT] AverageProcessCpu(%) x 10^4 / throughput, after a 5 s warm-up (the JIT compiles
#     Lettuce and Netty for about 3 s of CPU at the start of an asynchronous run);
#   - redis-benchmark: its process's user + system time (/usr/bin/time) / its requests.
# YCSB runs with redis.timeout=0 (no socket timeout, no command timer), as redis-benchmark has none.
# Each run's figures go to stderr as they come; the table goes to stdout.
#
# Usage: redis/bench/compare-with-redis-benchmark.sh [seconds-per-run (default 10)] [rounds (default 3)]
#   ROWS_ONLY="8x16 32x1" runs only those rows (connections x commands each).
#   PIN_CORES=1 runs redis-server on the last core and every client on the others (taskset), so that
#   no client shares the server's core.
#   BARE=1 adds BareJedisLoop (redis/src/test/java): N threads calling HGETALL through Jedis with no
#   engine around them, the ceiling of a client with one thread per connection.
# Needs: redis-server, redis-benchmark (Debian packages redis-server, redis-tools), GNU time
# (/usr/bin/time), Maven + JDK 17. The server and the clients share this machine's cores, so the
# figures are for this machine; a machine busy with other work makes them noisy (medians help).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SECONDS_PER_RUN="${1:-10}"
ROUNDS="${2:-3}"
RECORDS=100000
# connections x commands per connection
ROWS=("8 1" "32 1" "256 1" "8 16")
# ROWS="8x16 32x1" runs only those rows
if [ -n "${ROWS_ONLY:-}" ]; then read -r -a ROWS <<< "${ROWS_ONLY//x/_}"; ROWS=("${ROWS[@]//_/ }"); fi

for p in redis-server redis-benchmark redis-cli; do
  command -v "$p" >/dev/null 2>&1 || { echo "ERROR: $p not found: apt-get install -y redis-server redis-tools" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "ERROR: /usr/bin/time not found: apt-get install -y time" >&2; exit 2; }

free_port() {
  local p
  for _ in $(seq 1 100); do
    p=$(( 20000 + RANDOM % 10000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "ERROR: no free port" >&2; exit 2
}

PORT="$(free_port)"
WORK="$(mktemp -d)"
redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize no --maxclients 10000 \
  --dir "$WORK" --logfile "$WORK/redis.log" &
SERVER_PID=$!
source "$ROOT/bench/pin-cores.lib.sh"
pin_server "$SERVER_PID"
cleanup() { kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
for _ in $(seq 1 100); do
  redis-cli -p "$PORT" ping >/dev/null 2>&1 && break
  sleep 0.1
done

# built into the modules' target folders (test classes too, for BareJedisLoop), nothing installed;
# run with the class path bin/ycsb would use
(cd "$ROOT" && mvn -B -q -Dstyle.color=never -DskipTests -pl redis -am package >/dev/null)
YCSB_CP="$ROOT/core/target/core-1.0.0-SNAPSHOT.jar:$ROOT/core/target/lib/*:$ROOT/redis/target/redis-binding-1.0.0-SNAPSHOT.jar:$ROOT/redis/target/lib/*"
BARE_CP="$ROOT/redis/target/test-classes:$ROOT/redis/target/lib/*"
ycsb() { "${PIN[@]}" java -Djdk.net.usePlainSocketImpl=true -cp "$YCSB_CP" site.ycsb.cli.Ycsb "$@"; }

common=(-P "$ROOT/workloads/workloadc" -p redis.timeout=0 -p redis.host=127.0.0.1 -p "redis.port=$PORT"
  -p "recordcount=$RECORDS" -p fieldcount=10 -p fieldlength=100
  -p insertorder=ordered -p zeropadding=12 -p requestdistribution=uniform)

echo "redis-server $(redis-server --version | sed 's/.*v=\([^ ]*\).*/\1/') on 127.0.0.1:$PORT; $(nproc) cores;" \
  "$SECONDS_PER_RUN s per run, $ROUNDS rounds$(pinned_note)" >&2
echo "loading $RECORDS records ..." >&2
ycsb load redis "${common[@]}" -threads 2 -inflight 32 -p redis.connections=4 > "$WORK/load.txt" 2> "$WORK/load.err" \
  || { cat "$WORK/load.err" >&2; exit 1; }
loaded="$(redis-cli -p "$PORT" zcard _ycsb_index)"
[ "$loaded" = "$RECORDS" ] || { echo "ERROR: loaded $loaded records, expected $RECORDS" >&2; exit 1; }
# the key redis-benchmark asks for exists and has the record's 10 fields
[ "$(redis-cli -p "$PORT" hlen user000000000042)" = 10 ] || { echo "ERROR: key format differs" >&2; exit 1; }

metric() { # file section metric
  grep -F "[$2], $3," "$1" | head -n 1 | awk -F', ' '{print $3}'
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "-"; else if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2}'; }

# one YCSB run: prints "ops/s cpu-us/op"
ycsb_run() { # name args...
  local name="$1"; shift
  ycsb run redis "${common[@]}" "$@" -p operationcount=0 -p warmupexecutiontime=5000 \
    -p "maxexecutiontime=$SECONDS_PER_RUN" > "$WORK/$name.txt" 2> "$WORK/$name.err" \
    || { cat "$WORK/$name.err" >&2; exit 1; }
  local f="$WORK/$name.txt" tput cpu
  [ "$(metric "$f" READ 'Return=OK')" = "$(metric "$f" READ Operations)" ] \
    || { echo "ERROR: not every read of $name returned OK" >&2; cat "$f" >&2; exit 1; }
  tput="$(metric "$f" OVERALL 'Throughput(ops/sec)')"
  cpu="$(metric "$f" CLIENT 'AverageProcessCpu(%)')"
  awk -v t="$tput" -v c="$cpu" 'BEGIN { printf "%.0f %.2f\n", t, c * 10000 / t }'
}

# one redis-benchmark run of about as many requests as the last YCSB run did: prints "ops/s cpu-us/op"
rb_run() { # connections pipeline requests
  local c="$1" pipe="$2" requests="$3" tput cpu
  redis-cli -p "$PORT" config resetstat >/dev/null
  "${PIN[@]}" /usr/bin/time -f '%U %S' -o "$WORK/rb.time" redis-benchmark -h 127.0.0.1 -p "$PORT" -c "$c" -P "$pipe" \
    -n "$requests" -r "$RECORDS" --csv HGETALL user__rand_int__ > "$WORK/rb.csv" 2>&1
  local calls
  calls="$(redis-cli -p "$PORT" info commandstats | tr -d '\r' | grep '^cmdstat_hgetall:' | sed 's/^cmdstat_hgetall:calls=\([0-9]*\).*/\1/')"
  [ "$calls" -ge "$requests" ] || { echo "ERROR: redis-benchmark made $calls HGETALL calls, expected $requests" >&2; exit 1; }
  tput="$(tail -n 1 "$WORK/rb.csv" | awk -F'","' '{print $2}')"
  cpu="$(tail -n 1 "$WORK/rb.time")"
  awk -v t="$tput" -v c="$cpu" -v n="$requests" 'BEGIN { split(c, a, " "); printf "%.0f %.2f\n", t, (a[1] + a[2]) * 1e6 / n }'
}

# a run that failed has printed why; stop there
got() { [ -n "${1:-}" ] && [ -n "${2:-}" ] || exit 1; }

declare -A TPUT CPU
for row in "${ROWS[@]}"; do
  read -r conns pipe <<< "$row"
  key="${conns}x${pipe}"
  per_thread=$(( conns * pipe / 2 ))
  async_args=(-threads 2 -inflight "$per_thread" -p "redis.connections=$(( conns / 2 ))")
  for ((r = 1; r <= ROUNDS; r++)); do
    line="$key round $r:"
    if [ "$pipe" = 1 ]; then
      read -r t c <<< "$(ycsb_run "blocking-$key-$r" -threads "$conns" -p threadmode=threads)"; got "$t" "$c"
      TPUT[$key.blocking]+="$t "; CPU[$key.blocking]+="$c "; line="$line blocking $t ops/s $c us/op;"
      last=$t
      read -r t c <<< "$(ycsb_run "sessions-$key-$r" -threads "$conns")"; got "$t" "$c"
      TPUT[$key.sessions]+="$t "; CPU[$key.sessions]+="$c "; line="$line sessions $t ops/s $c us/op;"
    fi
    read -r t c <<< "$(ycsb_run "async-$key-$r" "${async_args[@]}")"; got "$t" "$c"
    TPUT[$key.async]+="$t "; CPU[$key.async]+="$c "; line="$line async $t ops/s $c us/op;"
    [ "$pipe" = 1 ] || last=$t
    requests=$(awk -v t="$last" -v s="$SECONDS_PER_RUN" 'BEGIN { r = int(t * s); if (r < 10000) r = 10000; print r }')
    read -r t c <<< "$(rb_run "$conns" "$pipe" "$requests")"; got "$t" "$c"
    TPUT[$key.rb]+="$t "; CPU[$key.rb]+="$c "; line="$line redis-benchmark $t ops/s $c us/op"
    if [ "${BARE:-0}" = 1 ] && [ "$pipe" = 1 ]; then
      t="$("${PIN[@]}" java -Djdk.net.usePlainSocketImpl=true -cp "$BARE_CP" site.ycsb.db.BareJedisLoop 127.0.0.1 "$PORT" \
        "$conns" "$SECONDS_PER_RUN" "$RECORDS")"
      TPUT[$key.bare]+="$t "; line="$line; bare Jedis $t ops/s"
    fi
    echo "$line" >&2
  done
done

# a row without a figure (the blocking path does not pipeline) shows "-"
med() { echo "${1:-}" | tr ' ' '\n' | { grep -v '^$' || true; } | median; }
fmt() { if [ "$1" = - ]; then echo -; else awk -v v="$1" -v f="$2" 'BEGIN { printf f, v }'; fi; }
ratio() { if [ "$1" = - ] || [ "$2" = - ]; then echo -; else awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; fi; }

echo
echo "Medians of $ROUNDS alternating runs of $SECONDS_PER_RUN s; workload C (HGETALL of 10 x 100 B), $RECORDS records."
echo "Client CPU = the client process's user + system time per operation."
echo
header="| connections x commands each | blocking ops/s | async ops/s | redis-benchmark ops/s | async / blocking | async / redis-benchmark | blocking CPU us/op | async CPU us/op | redis-benchmark CPU us/op | sessions ops/s | sessions CPU us/op | sessions / redis-benchmark CPU |"
sep="|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
if [ "${BARE:-0}" = 1 ]; then header="$header bare Jedis ops/s |"; sep="$sep---:|"; fi
echo "$header"
echo "$sep"
for row in "${ROWS[@]}"; do
  read -r conns pipe <<< "$row"
  key="${conns}x${pipe}"
  bt="$(med "${TPUT[$key.blocking]:-}")"; at="$(med "${TPUT[$key.async]}")"; rt="$(med "${TPUT[$key.rb]}")"
  bc="$(med "${CPU[$key.blocking]:-}")"; ac="$(med "${CPU[$key.async]}")"; rc="$(med "${CPU[$key.rb]}")"
  st="$(med "${TPUT[$key.sessions]:-}")"; sc="$(med "${CPU[$key.sessions]:-}")"
  out="| $conns x $pipe | $(fmt "$bt" %.0f) | $(fmt "$at" %.0f) | $(fmt "$rt" %.0f) | $(ratio "$at" "$bt") | $(ratio "$at" "$rt") | $(fmt "$bc" %.1f) | $(fmt "$ac" %.1f) | $(fmt "$rc" %.1f) | $(fmt "$st" %.0f) | $(fmt "$sc" %.1f) | $(ratio "$sc" "$rc") |"
  if [ "${BARE:-0}" = 1 ]; then out="$out $(fmt "$(med "${TPUT[$key.bare]:-}")" %.0f) |"; fi
  echo "$out"
done
