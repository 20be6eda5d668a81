#!/usr/bin/env bash
# The project's test command (bin/test) on a busy machine: one busy loop per core spins for the
# whole run, as other work on a shared CI host would. Prints the wall time and the result; the busy
# loops are stopped however the run ends (success, failure, Ctrl-C).
#   bench/test-under-load.sh [arguments for bin/test, e.g. -o or -pl redis -am]
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

cores="$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"
spinners=()
stop_spinners() {
  if [ ${#spinners[@]} -gt 0 ]; then
    kill "${spinners[@]}" 2>/dev/null
    wait "${spinners[@]}" 2>/dev/null
    spinners=()
  fi
}
trap stop_spinners EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for ((i = 0; i < cores; i++)); do
  # a shell loop that only spins: no output, no files, nothing but CPU
  bash -c 'while :; do :; done' &
  spinners+=("$!")
done
echo "test-under-load: $cores busy loop(s) running (pids ${spinners[*]}); bin/test $*" >&2

start="$(date +%s)"
bin/test "$@"
rc=$?
elapsed=$(($(date +%s) - start))
stop_spinners

printf 'test-under-load: bin/test %s took %dm%02ds with %d busy loop(s): %s (exit %d)\n' \
  "$*" $((elapsed / 60)) $((elapsed % 60)) "$cores" "$([ $rc -eq 0 ] && echo PASSED || echo FAILED)" "$rc"
exit "$rc"
