# Sourced by the bench scripts that start a server beside their clients. With PIN_CORES=1 in the
# environment, pin_server PID moves every thread of the server process PID (and of its child
# processes) to the last core and sets PIN to the command prefix that keeps a client on the others;
# without it, PIN stays empty and nothing moves. Needs at least two cores.

# the prefix of every client's command line: "${PIN[@]}" java ...
PIN=()

pin_server() {
  [[ "${PIN_CORES:-0}" == 1 ]] || return 0
  local last=$(( $(nproc) - 1 )) p
  if (( last < 1 )); then echo "ERROR: PIN_CORES=1 needs at least two cores" >&2; exit 2; fi
  for p in "$1" $(pgrep -P "$1" || true); do
    taskset -a -p -c "$last" "$p" >/dev/null
  done
  PIN=(taskset -c "0-$(( last - 1 ))")
}

# pinned_note: what the run's header says of the pinning (empty without it)
pinned_note() {
  [[ ${#PIN[@]} -eq 0 ]] || echo "; the server on core $(( $(nproc) - 1 )), the clients run with: ${PIN[*]}"
}
