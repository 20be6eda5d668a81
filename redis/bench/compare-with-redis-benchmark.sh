#!/usr/bin/env bash
# Compares the Redis binding with redis-benchmark on the same server and the same data:
#   - a fresh redis-server on a free loopback port (no persistence);
#   - 100,000 records of 10 fields x 100 B loaded by `bin/ycsb load redis` with ordered, 12-digit
#     zero-padded keys (user000000000000 .. user000000099999), the key format of redis-benchmark's
#     __rand_int__;
#   - read-only workload C with uniform keys, `bin/ycsb run redis -threads N`, against
#     `redis-benchmark -c N -r 100000 HGETALL user__rand_int__` (the same command on the same keys,
#     one request in flight per connection), for N = 1, 8, 32.
# Prints one line per N with both throughputs and their ratio (YCSB / redis-benchmark), YCSB's
# read latencies, and the server's own time per HGETALL in each phase (same work per request).
# A third client, BareJedisLoop (redis/src/test/java), runs the same HGETALLs from N threads with
# no engine at all: the ceiling of any client built on Jedis with one thread per connection.
# YCSB runs with redis.timeout=0 (no socket timeout), as redis-benchmark has none.
#
# Usage: redis/bench/compare-with-redis-benchmark.sh [seconds-per-ycsb-run (default 20)]
# Needs: redis-server, redis-benchmark (Debian packages redis-server, redis-tools), Maven + JDK 17.
# The server and the clients share this machine's cores, so the figures are for this machine.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SECONDS_PER_RUN="${1:-20}"
RECORDS=100000
THREADS_LIST=(1 8 32)

for p in redis-server redis-benchmark redis-cli; do
  command -v "$p" >/dev/null 2>&1 || { echo "ERROR: $p not found: apt-get install -y redis-server redis-tools" >&2; exit 2; }
done

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
redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize no \
  --dir "$WORK" --logfile "$WORK/redis.log" &
SERVER_PID=$!
cleanup() { kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
for _ in $(seq 1 100); do
  redis-cli -p "$PORT" ping >/dev/null 2>&1 && break
  sleep 0.1
done

(cd "$ROOT" && mvn -B -q -Dstyle.color=never -DskipTests -pl redis -am install >/dev/null)
BARE_CP="$ROOT/redis/target/test-classes:$ROOT/redis/target/lib/*"

common=(-P "$ROOT/workloads/workloadc" -p redis.timeout=0 -p redis.host=127.0.0.1 -p "redis.port=$PORT"
  -p "recordcount=$RECORDS" -p fieldcount=10 -p fieldlength=100
  -p insertorder=ordered -p zeropadding=12 -p requestdistribution=uniform)

echo "redis-server $(redis-server --version | sed 's/.*v=\([^ ]*\).*/\1/') on 127.0.0.1:$PORT; $(nproc) cores" >&2
echo "loading $RECORDS records ..." >&2
"$ROOT/bin/ycsb" load redis "${common[@]}" -threads 4 > "$WORK/load.txt" 2> "$WORK/load.err" \
  || { cat "$WORK/load.err" >&2; exit 1; }
loaded="$(redis-cli -p "$PORT" zcard _ycsb_index)"
[ "$loaded" = "$RECORDS" ] || { echo "ERROR: loaded $loaded records, expected $RECORDS" >&2; exit 1; }
# the key redis-benchmark asks for exists and has the record's 10 fields
[ "$(redis-cli -p "$PORT" hlen user000000000042)" = 10 ] || { echo "ERROR: key format differs" >&2; exit 1; }

metric() { # file section metric
  grep -F "[$2], $3," "$1" | head -n 1 | awk -F', ' '{print $3}'
}
# HGETALL calls and server time per call since the last CONFIG RESETSTAT: both clients must have
# made the server do the same work
hgetall_stat() { # field: calls | usec_per_call
  redis-cli -p "$PORT" info commandstats | tr -d '\r' | grep '^cmdstat_hgetall:' \
    | tr ',:' '\n\n' | grep "^$1=" | cut -d= -f2
}

printf '%-8s %12s %12s %7s %12s %10s %13s %13s %11s %15s %13s\n' threads "ycsb ops/s" "rb ops/s" ratio \
  "bare ops/s" "bare/rb" "ycsb avg(us)" "ycsb p99(us)" "rb p99(ms)" "srv us/call y" "srv us/call rb"
for n in "${THREADS_LIST[@]}"; do
  redis-cli -p "$PORT" config resetstat >/dev/null
  "$ROOT/bin/ycsb" run redis "${common[@]}" -threads "$n" -p operationcount=0 \
    -p warmupexecutiontime=3000 -p "maxexecutiontime=$SECONDS_PER_RUN" > "$WORK/run-$n.txt" 2> "$WORK/run-$n.err" \
    || { cat "$WORK/run-$n.err" >&2; exit 1; }
  ycsb_tput="$(metric "$WORK/run-$n.txt" OVERALL 'Throughput(ops/sec)')"
  ycsb_avg="$(metric "$WORK/run-$n.txt" READ 'AverageLatency(us)')"
  ycsb_p99="$(metric "$WORK/run-$n.txt" READ '99thPercentileLatency(us)')"
  ycsb_ok="$(metric "$WORK/run-$n.txt" READ 'Return=OK')"
  [ "$ycsb_ok" = "$(metric "$WORK/run-$n.txt" READ Operations)" ] \
    || { echo "ERROR: not every YCSB read returned OK" >&2; cat "$WORK/run-$n.txt" >&2; exit 1; }
  ycsb_srv="$(hgetall_stat usec_per_call)"
  redis-cli -p "$PORT" config resetstat >/dev/null
  # about as many requests as YCSB did, so both run for a similar time
  requests="$(awk -v t="$ycsb_tput" -v s="$SECONDS_PER_RUN" 'BEGIN { r = int(t * s); if (r < 10000) r = 10000; print r }')"
  redis-benchmark -h 127.0.0.1 -p "$PORT" -c "$n" -n "$requests" -r "$RECORDS" --csv \
    HGETALL user__rand_int__ > "$WORK/rb-$n.csv" 2>&1
  rb_tput="$(tail -n 1 "$WORK/rb-$n.csv" | awk -F'","' '{print $2}')"
  rb_p99="$(tail -n 1 "$WORK/rb-$n.csv" | awk -F'","' '{print $7}')"
  rb_srv="$(hgetall_stat usec_per_call)"
  [ "$(hgetall_stat calls)" -ge "$requests" ] || { echo "ERROR: redis-benchmark made too few HGETALL calls" >&2; exit 1; }
  bare_tput="$(java -Djdk.net.usePlainSocketImpl=true -cp "$BARE_CP" site.ycsb.db.BareJedisLoop 127.0.0.1 "$PORT" \
    "$n" "$SECONDS_PER_RUN" "$RECORDS")"
  ratio="$(awk -v a="$ycsb_tput" -v b="$rb_tput" 'BEGIN { printf "%.2f", a / b }')"
  bare_ratio="$(awk -v a="$bare_tput" -v b="$rb_tput" 'BEGIN { printf "%.2f", a / b }')"
  printf '%-8s %12.0f %12.0f %7s %12.0f %10s %13s %13s %11s %15s %13s\n' "$n" "$ycsb_tput" "$rb_tput" "$ratio" \
    "$bare_tput" "$bare_ratio" "$ycsb_avg" "$ycsb_p99" "$rb_p99" "$ycsb_srv" "$rb_srv"
done
