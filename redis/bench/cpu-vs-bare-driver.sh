#!/usr/bin/env bash
# Client CPU per operation of the Redis binding against Lettuce alone: the same commands of
# workload A (50% HGETALL of a record, 50% HSET of one field with 100 B, uniform keys over 10,000
# records, every redis.* property at its default, so a 10 s command timeout on both sides) sent by
#   - BareLettuceLoop (redis/src/test/java): Lettuce on one Netty event loop that the sending thread
#     owns and runs itself, with the binding's client, connection (one, auto-flush off) and RESP
#     commands, at most 32 outstanding and no engine around them, the floor;
#   - the engine's asynchronous path (redis.eventloop=worker, the default), -threads 1 -inflight 32;
#   - the engine's blocking path (Jedis), -threads 32 -p threadmode=threads;
#   - the command a YCSB user types, -threads 32: 32 sessions on one worker, sharing its connection;
#   - -threads 32 -p redis.connectionpersession=true: the same sessions, a connection each, as 32
#     Jedis threads open;
#   - BareLettuceLoop again with -Dredis.connections=32, its 32 outstanding commands spread over 32
#     connections as those sessions' are: the floor of that last row, whose system calls per
#     operation (a write and a read for each command) the one-connection loop does not pay;
# first at a fixed rate (RATE ops/s: -target for the engine, evenly spaced sends for the bare loop),
# then at saturation (no target), alternating in each of ROUNDS rounds, against a fresh redis-server
# (no persistence) on a free loopback port, as redis/bench/compare-with-redis-benchmark.sh starts it.
# Client and server share this machine's cores: the saturation throughput is the pair's. At a rate
# whose sends are less than 0.5 ms apart on a thread (20000/s: 50 us) the bare loop and the
# asynchronous worker both poll their event loop instead of sleeping (Netty rounds a wait to the
# nearest millisecond): at the default rate both use about a core, mostly that polling. How each
# run is measured and the table: bench/cpu-vs-bare-driver.lib.sh.
#
#   redis/bench/cpu-vs-bare-driver.sh [seconds per run, default 15] [rounds, default 3] [rate, default 20000]
#
# Builds with `mvn package` (never install), test classes included (SKIP_BUILD=1 uses what is
# built). Needs redis-server and redis-cli (Debian packages redis-server, redis-tools).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SECONDS_PER_RUN="${1:-15}"
ROUNDS="${2:-3}"
RATE="${3:-20000}"
# with the clients on one core (PIN_CORES=1) the compilers share it with the worker: after a 5 s
# warm-up some runs still ran C1's code in the measured window (compilers busy for 2 s of the 10,
# 1.8x the CPU per operation), the engine's far more often than the bare loop's
WARMUP_SECONDS="${WARMUP_SECONDS:-15}"
OUTSTANDING=32
RECORDS=10000
MODULE=redis
BINDING=redis
# redis-server is a system package: no server class path to resolve
SERVER_VERSION="$(redis-server --version 2>/dev/null | sed -n 's/.* v=\([^ ]*\).*/\1/p')"
SERVER_PROPERTY=
SERVER_CLASSPATH_DIR=bench
for p in redis-server redis-cli; do
  command -v "$p" >/dev/null 2>&1 || { echo "$p not found: apt-get install -y redis-server redis-tools" >&2; exit 2; }
done
source "$ROOT/bench/async-vs-blocking.lib.sh"
cd "$ROOT"
build_module

source "$ROOT/bench/cpu-vs-bare-driver.lib.sh"
# the bare loop reuses the binding's own classes (WorkerEventLoop, LettuceClients ...), which are
# not among the module's dependencies in target/lib: the binding's jar joins its class path
bare_loop site.ycsb.db.redis.BareLettuceLoop
for i in "${!BARE_JAVA[@]}"; do
  if [[ "${BARE_JAVA[$i]}" == -cp ]]; then
    BARE_JAVA[$((i + 1))]+=":$ROOT/$MODULE/target/$MODULE-binding-1.0.0-SNAPSHOT.jar"
    break
  fi
done

# --- the server: a fresh redis-server, no persistence, data in a temporary folder
DIR="$(mktemp -d /tmp/ycsb-redis-bench-XXXXXX)"
read -r PORT < <(free_ports 1)
redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize no --dir "$DIR" \
  --logfile "$DIR/server.log" &
SERVER_PID=$!
trap stop_server EXIT
pong() { [[ "$(redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null)" == PONG ]]; }
await_server redis-server pong
echo "redis-server $SERVER_VERSION on 127.0.0.1:$PORT (pid $SERVER_PID)" >&2

# workload A with uniform keys, as the bare loop picks them
COMMON=(-P workloads/workloada -p redis.host=127.0.0.1 -p "redis.port=$PORT" -p recordcount=$RECORDS
  -p requestdistribution=uniform)
BARE_ARGS=(127.0.0.1 "$PORT")
"${CLIENT_JAVA[@]}" load redis "${COMMON[@]}" -threads 2 -inflight 32 >"$DIR/load.out" 2>"$DIR/load.err" \
  || { tail -5 "$DIR/load.err" >&2; exit 1; }
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2
loaded="$(redis-cli -h 127.0.0.1 -p "$PORT" zcard _ycsb_index)"
[[ "$loaded" == "$RECORDS" ]] || { echo "loaded $loaded records, expected $RECORDS" >&2; exit 1; }

SESSIONS_BARE_FLAGS=("-Dredis.connections=$OUTSTANDING")
SESSIONS_ALIKE_ARGS=(-threads "$OUTSTANDING" -p redis.connectionpersession=true)
compare_with_bare_driver
