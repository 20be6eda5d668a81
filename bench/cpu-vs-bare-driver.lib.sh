# Shared by the bindings' cpu-vs-bare-driver.sh scripts (sourced after async-vs-blocking.lib.sh,
# build_module and the script's server start): the client's CPU per operation of the engine's two
# paths against a bare loop of the same driver (a site.ycsb.testsupport.BareDriverLoop in the
# module's test sources) sending the same requests, first at a fixed rate, then at saturation,
# alternating in each of ROUNDS rounds, each round starting with the next configuration. Every run
# warms up for WARMUP_SECONDS and then measures SECONDS_PER_RUN: operations completed and the
# client process's CPU time over that window (the
# engine's [CLIENT], CpuPerOperation(us); the bare loop the same figure from the same MXBean), and
# the same without the JIT compilers' CPU time (CpuPerOperationExcludingCompiler(us): at a low rate
# the compilers may still be busy after the warm-up, their one-off work then weighs on the first
# figure). Both JVMs get the same flags. Prints each run, then a table of medians with each
# configuration's CPU per operation as a multiple of the bare loop's at the same rate, and the
# median over the rounds of each round's own pair (the configuration's ops/s and CPU per operation
# without the compilers against the bare loop's in the same round: a server whose pace moves
# between rounds moves both sides of a pair alike).
#
# The sourcing script sets, besides what async-vs-blocking.lib.sh needs:
#   RATE, OUTSTANDING, RECORDS, WARMUP_SECONDS
#   COMMON       the engine's arguments after `run BINDING` (workload, server address, records)
#   BARE_ARGS    the bare loop's own arguments (server address ...), before the common ones
#   ASYNC_ARGS   the engine's asynchronous path with OUTSTANDING in flight (default -threads 1 -inflight N)
#   BLOCKING_ARGS the blocking path with OUTSTANDING threads (default -threads N -p threadmode=threads)
#   SESSIONS_ARGS the command a YCSB user types, OUTSTANDING sessions (default -threads N: on a binding whose
#                asynchronous side serves sessions, N operations in flight on a few workers)
#   SESSIONS_BARE_FLAGS (optional) JVM flags of a second bare loop, arranged as the sessions are
#                (Redis: a connection per session): run in each round beside the first, and the
#                sessions' rows get a second table against it
#   SESSIONS_ALIKE_ARGS (optional, with SESSIONS_BARE_FLAGS) the engine arranged as that second bare
#                loop, when the command a user types is not (Redis: -threads N -p redis.connectionpersession=true):
#                run in each round too, and the second table compares it instead
#   PIN_CORES=1 (optional, from the environment) the server's processes on the last core and every
#                client on the others (taskset), so that the client's CPU per operation is measured
#                without the server's threads sharing its core: on two cores that share, the figure
#                moves with the server's own load from run to run (see docs/performance.md)
# and calls bare_loop MAIN_CLASS, then compare_with_bare_driver.

# bare_loop MAIN_CLASS: the bare loop's command, with the engine's JVM flags (those before its -cp),
# the module's test classes and jars, and the shared loop's classes
bare_loop() {
  local flags=() a
  for a in "${CLIENT_JAVA[@]:1}"; do
    [[ "$a" == -cp ]] && break
    flags+=("$a")
  done
  JVM_FLAGS=("${flags[@]}")
  BARE_JAVA=("$JAVA17" "${flags[@]}"
    -cp "$ROOT/$MODULE/target/test-classes:$ROOT/test-support/target/classes:$ROOT/$MODULE/target/lib/*" "$1")
}

declare -A OPS CPU NOJIT
# each run's figures by "CONFIG|ROUND", for the rounds' own pairs: the server's pace moves between
# rounds by more than the client's difference, and a pair measured minutes apart shares it
declare -A ROUND_OPS ROUND_NOJIT
CONFIGS=()
# record CONFIG ROUND OPS_PER_S CPU_US EXCLUDING_COMPILER_US FAILED: one table row; the figures kept
# for the medians
record() {
  [[ " ${CONFIGS[*]} " == *" $1 "* ]] || CONFIGS+=("$1")
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$2" "${1//_/ }" "$3" "$4" "$5" "$6" \
    "$(cut -d' ' -f1 /proc/loadavg)"
  if [[ "$3" != n/a && "$4" != n/a ]]; then
    OPS[$1]+=" $3"; CPU[$1]+=" $4"; ROUND_OPS[$1|$2]="$3"
  fi
  [[ "$5" == n/a ]] || { NOJIT[$1]+=" $5"; ROUND_NOJIT[$1|$2]="$5"; }
}

source "$(dirname "${BASH_SOURCE[0]}")/pin-cores.lib.sh"

# run_bare CONFIG ROUND RATE (0 = saturation) [the command's array name, default BARE_JAVA]
run_bare() {
  local line ops=n/a cpu=n/a nojit=n/a
  local -n java="${4:-BARE_JAVA}"
  if line="$("${PIN[@]}" "${java[@]}" "${BARE_ARGS[@]}" "$SECONDS_PER_RUN" "$WARMUP_SECONDS" \
      "$RECORDS" "$OUTSTANDING" "$3" 2>"$DIR/bare.err")"; then
    ops="$(sed -n 's/.*ops\/s=\([0-9.]*\).*/\1/p' <<<"$line")"
    cpu="$(sed -n 's/.*cpu-us\/op=\([0-9.]*\).*/\1/p' <<<"$line")"
    nojit="$(sed -n 's/.*excluding-compiler-us\/op=\([0-9.]*\).*/\1/p' <<<"$line")"
  else
    tail -5 "$DIR/bare.err" >&2
  fi
  local failed; failed="$(sed -n 's/^Bare[A-Za-z]*: \([0-9]*\) of .*/\1/p' "$DIR/bare.err")"
  record "$1" "$2" "$ops" "$cpu" "${nojit:-n/a}" "${failed:-0}"
}

# run_engine CONFIG ROUND ARGS...
run_engine() {
  local config="$1" round="$2"; shift 2
  local out="$DIR/run.out" ops=n/a cpu=n/a nojit=n/a failed=n/a
  if "${PIN[@]}" "${CLIENT_JAVA[@]}" run "$BINDING" "${COMMON[@]}" -p operationcount=2000000000 \
      -p "maxexecutiontime=$SECONDS_PER_RUN" -p "warmupexecutiontime=$((WARMUP_SECONDS * 1000))" "$@" \
      >"$out" 2>"$DIR/run.err"; then
    ops=$(value "$out" OVERALL 'Throughput(ops/sec)'); cpu=$(value "$out" CLIENT 'CpuPerOperation(us)')
    nojit=$(value "$out" CLIENT 'CpuPerOperationExcludingCompiler(us)')
    failed=$(value "$out" OVERALL FailedOperations); failed=${failed:-0}
    ops=${ops:-n/a}; cpu=${cpu:-n/a}; nojit=${nojit:-n/a}
  else
    tail -5 "$DIR/run.err" >&2
  fi
  record "$config" "$round" "$ops" "$cpu" "$nojit" "$failed"
}

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END {
  if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# one_run STEP ROUND RATE (0 = saturation): one configuration's run; called by
# compare_with_bare_driver, whose locals (the configurations' arguments and names) it reads
one_run() {
  local rate="$3" label=saturation suffix=saturation target=()
  if [[ "$rate" != 0 ]]; then label="${rate}/s"; suffix="-target_${rate}"; target=(-target "$rate"); fi
  case "$1" in
    bare) run_bare "bare_driver,_${OUTSTANDING}_outstanding,_${label}" "$2" "$rate" ;;
    async) run_engine "engine_async,_${a// /_},_${suffix}" "$2" "${async[@]}" "${target[@]}" ;;
    blocking) run_engine "engine_blocking,_${b// /_},_${suffix}" "$2" "${blocking[@]}" "${target[@]}" ;;
    default) run_engine "engine_default,_${s// /_},_${suffix}" "$2" "${sessions[@]}" "${target[@]}" ;;
    alike) run_engine "${oc},_${suffix}" "$2" "${alike[@]}" "${target[@]}" ;;
    sessions_bare) run_bare "${sb},_${label}" "$2" "$rate" SESSIONS_BARE_JAVA ;;
  esac
}

# the runs of ROUNDS rounds, then the table of medians
compare_with_bare_driver() {
  local async=(-threads 1 -inflight "$OUTSTANDING") blocking=(-threads "$OUTSTANDING" -p threadmode=threads)
  local sessions=(-threads "$OUTSTANDING")
  [[ -v ASYNC_ARGS ]] && async=("${ASYNC_ARGS[@]}")
  [[ -v BLOCKING_ARGS ]] && blocking=("${BLOCKING_ARGS[@]}")
  [[ -v SESSIONS_ARGS ]] && sessions=("${SESSIONS_ARGS[@]}")
  local alike=("${sessions[@]}")
  [[ -v SESSIONS_ALIKE_ARGS ]] && alike=("${SESSIONS_ALIKE_ARGS[@]}")
  local a="${async[*]}" b="${blocking[*]}" s="${sessions[*]}" o="${alike[*]}"
  # the configuration the second table compares with the bare loop arranged as the sessions are
  local oc="engine_default,_${s// /_}"
  [[ "$o" == "$s" ]] || oc="engine_sessions_alike,_${o// /_}"
  local sb="" flags="${SESSIONS_BARE_FLAGS[*]:-}"
  if [[ -n "$flags" ]]; then
    sb="bare_driver,_${OUTSTANDING}_outstanding_as_the_sessions_(${flags// /_})"
    # the bare loop's command with those flags after the java command
    SESSIONS_BARE_JAVA=("${BARE_JAVA[0]}" "${SESSIONS_BARE_FLAGS[@]}" "${BARE_JAVA[@]:1}")
  fi
  pin_server "$SERVER_PID"
  echo "workload A, uniform keys, $RECORDS records; $OUTSTANDING outstanding; warm-up ${WARMUP_SECONDS} s," \
    "measured ${SECONDS_PER_RUN} s per run; $ROUNDS round(s); client JVM flags (both): ${JVM_FLAGS[*]}" \
    "$(pinned_note)"
  echo
  echo "| round | configuration | ops/s | client CPU us/op | without the JIT compilers | failed | load average |"
  echo "|---|---|---|---|---|---|---|"
  # the configurations of a round, fixed-rate runs first, then saturation
  local steps=(bare async blocking default)
  if [[ -n "$sb" ]]; then
    [[ "$o" == "$s" ]] || steps+=(alike)
    steps+=(sessions_bare)
  fi
  local r i n=${#steps[@]}
  for ((r = 1; r <= ROUNDS; r++)); do
    # each round starts one configuration further on, so that none always meets the server first or
    # just after the same other one: a server whose pace drifts through a round (a node flushing
    # and compacting the round's writes) would otherwise favour one configuration every time
    for ((i = 0; i < n; i++)); do one_run "${steps[(i + r - 1) % n]}" "$r" "$RATE"; done
    for ((i = 0; i < n; i++)); do one_run "${steps[(i + r - 1) % n]}" "$r" 0; done
  done

  echo
  echo "Medians of $ROUNDS round(s); ratio = client CPU per operation / the bare loop's at the same rate"
  echo
  echo "| configuration | ops/s | client CPU us/op | ratio to bare driver | without the JIT compilers | ratio | each round's pair, median: ops/s, CPU without the compilers |"
  echo "|---|---|---|---|---|---|---|"
  local c bare
  for c in "${CONFIGS[@]}"; do
    if [[ "$c" == *saturation ]]; then bare="bare_driver,_${OUTSTANDING}_outstanding,_saturation"
    else bare="bare_driver,_${OUTSTANDING}_outstanding,_${RATE}/s"; fi
    median_row "$c" "$bare"
  done
  [[ -n "$sb" ]] || return 0
  echo
  echo "The sessions against the bare loop arranged as they are ($flags)"
  echo
  echo "| configuration | ops/s | client CPU us/op | ratio to that bare loop | without the JIT compilers | ratio | each round's pair, median: ops/s, CPU without the compilers |"
  echo "|---|---|---|---|---|---|---|"
  median_row "${sb},_${RATE}/s" "${sb},_${RATE}/s"
  median_row "${oc},_-target_${RATE}" "${sb},_${RATE}/s"
  median_row "${sb},_saturation" "${sb},_saturation"
  median_row "${oc},_saturation" "${sb},_saturation"
}

# median_row CONFIG YARDSTICK: a row of the table of medians, CONFIG's CPU per operation as a
# multiple of YARDSTICK's
median_row() {
  local ops cpu nojit base basenojit
  ops="$(median <<<"${OPS[$1]:-}")"; cpu="$(median <<<"${CPU[$1]:-}")"
  base="$(median <<<"${CPU[$2]:-}")"
  nojit="$(median <<<"${NOJIT[$1]:-}")"; basenojit="$(median <<<"${NOJIT[$2]:-}")"
  local c="$1" r opsratios="" cpuratios=""
  for ((r = 1; r <= ROUNDS; r++)); do
    opsratios+=" $(pair_ratio "${ROUND_OPS[$1|$r]:-}" "${ROUND_OPS[$2|$r]:-}")"
    cpuratios+=" $(pair_ratio "${ROUND_NOJIT[$1|$r]:-}" "${ROUND_NOJIT[$2|$r]:-}")"
  done
  local pairs; pairs="$(median <<<"$opsratios" || true) $(median <<<"$cpuratios" || true)"
  awk -v c="${c//_/ }" -v o="$ops" -v u="$cpu" -v b="$base" -v n="$nojit" -v bn="$basenojit" -v p="$pairs" '
  function ratio(x, y) { return (x == "n/a" || y == "n/a" || y == 0) ? "n/a" : sprintf("%.2fx", x / y) }
  function us(x) { return x == "n/a" ? x : sprintf("%.1f", x) }
  function x(v) { return v == "n/a" ? v : sprintf("%.2fx", v) }
  BEGIN {
    split(p, q, " ")
    printf "| %s | %s | %s | %s | %s | %s | %s, %s |\n", c, (o == "n/a" ? o : sprintf("%.0f", o)),
      us(u), ratio(u, b), us(n), ratio(n, bn), x(q[1]), x(q[2]) }'
}

# pair_ratio X Y: X / Y for one round's pair, nothing when either is missing
pair_ratio() {
  [[ -n "$1" && -n "$2" && "$1" != n/a && "$2" != n/a ]] || return 0
  awk -v a="$1" -v b="$2" 'BEGIN { if (b != 0) printf "%.6f", a / b }'
}
