#!/usr/bin/env bash
# Upstream YCSB's shell launcher, kept for scripts that call it:
#   bin/ycsb.sh load|run|shell <binding> [options]
# It runs bin/ycsb with the same arguments. As upstream's does, it reads bin/setenv.sh when
# present (e.g. JAVA_OPTS="-Xmx4g") and puts a CLASSPATH from the environment ahead of the
# project's class path (bin/ycsb's -cp).
set -euo pipefail

BIN="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [ -r "$BIN/setenv.sh" ]; then
  # shellcheck source=/dev/null
  . "$BIN/setenv.sh"
fi

case "${1:-}" in
  load|run|shell) ;;
  *)
    echo "ERROR: unknown command '${1:-}': expected bin/ycsb.sh load|run|shell <binding> [options]" >&2
    exit 2 ;;
esac
if [ $# -lt 2 ] || { [[ "$2" == -* ]] && [ "$2" != --help ] && [ "$2" != -h ]; }; then
  echo "ERROR: bin/ycsb.sh $1 needs a binding: bin/ycsb.sh $1 <binding> [options]" >&2
  exit 2
fi

if [ -n "${CLASSPATH:-}" ]; then
  cp="$CLASSPATH"
  unset CLASSPATH
  exec "$BIN/ycsb" "$1" "$2" -cp "$cp" "${@:3}"
fi
exec "$BIN/ycsb" "$@"
