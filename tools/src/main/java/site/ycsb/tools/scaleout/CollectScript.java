package site.ycsb.tools.scaleout;

/**
 * {@code collect.sh}: waits until the Job has finished, starts a short-lived pod that mounts the
 * results volume, copies each client's results folder out with {@code kubectl cp}, deletes the
 * pod and merges the folders with {@code ycsb merge}. POSIX sh; needs kubectl and the ycsb
 * command line (release or checkout) where it runs.
 */
final class CollectScript {
  private CollectScript() {
  }

  static String render(KubernetesOptions o, KubernetesManifests m) {
    String ns = o.namespace == null ? "" : " -n " + o.namespace;
    String pod = m.collectPodName();
    StringBuilder s = new StringBuilder();
    s.append("#!/bin/sh\n");
    s.append("# Collects the results of Job ").append(o.name).append(" (").append(o.clients)
        .append(" clients), rendered by ycsb kubernetes.\n");
    s.append("# Waits until the Job has finished, copies each client's results folder from the volume claim ")
        .append(o.resultsClaim).append("\n");
    s.append("# into OUT/client-<i> through a short-lived pod, then merges them into OUT/merged with ycsb merge.\n");
    s.append("#   usage: sh collect.sh [--partial] [OUT]     (OUT defaults to ").append(o.name).append("-results)\n");
    s.append("#   --partial: collect and merge even when the Job failed (ycsb merge --partial)\n");
    s.append("#   environment: KUBECTL (default kubectl), YCSB (default bin/ycsb: run from the ycsb folder)\n");
    s.append("set -eu\n");
    s.append("kubectl=${KUBECTL:-kubectl}\n");
    s.append("ycsb=${YCSB:-bin/ycsb}\n");
    s.append("job=").append(o.name).append('\n');
    s.append("pod=").append(pod).append('\n');
    s.append("ns='").append(ns).append("'\n");
    s.append("partial=\n");
    s.append("if [ \"${1:-}\" = --partial ]; then partial=--partial; shift; fi\n");
    s.append("out=${1:-").append(o.name).append("-results}\n");
    s.append("if [ -e \"$out\" ]; then echo \"ERROR: $out already exists; give another folder: sh collect.sh OUT\" >&2; "
        + "exit 2; fi\n");
    s.append('\n');
    // kubectl wait --for=condition=complete would wait until its timeout for a Job that failed
    s.append("echo \"waiting for Job $job to finish (kubectl$ns get job $job) ...\" >&2\n");
    s.append("while :; do\n");
    s.append("  state=$($kubectl$ns get job \"$job\" "
        + "-o 'jsonpath={range .status.conditions[?(@.status==\"True\")]}{.type}{\" \"}{end}')\n");
    s.append("  case \" $state\" in\n");
    s.append("    *\" Complete \"*) break ;;\n");
    s.append("    *\" Failed \"*)\n");
    s.append("      if [ -n \"$partial\" ]; then echo \"WARNING: Job $job failed; collecting what its clients wrote\" >&2; "
        + "break; fi\n");
    s.append("      echo \"ERROR: Job $job failed: see kubectl$ns logs -l job-name=$job --prefix --tail=-1; "
        + "sh collect.sh --partial collects what the clients wrote\" >&2\n");
    s.append("      exit 1 ;;\n");
    s.append("  esac\n");
    s.append("  sleep 10\n");
    s.append("done\n");
    s.append('\n');
    s.append("cleanup() { $kubectl$ns delete pod \"$pod\" --ignore-not-found --wait=false >/dev/null 2>&1 || true; }\n");
    s.append("trap cleanup EXIT\n");
    s.append("trap 'exit 130' INT TERM\n");
    s.append("$kubectl$ns apply -f - <<'EOF'\n");
    s.append(KubernetesManifests.yaml(m.collectPod()));
    s.append("EOF\n");
    s.append("$kubectl$ns wait --for=condition=Ready --timeout=5m pod/\"$pod\"\n");
    s.append("mkdir -p \"$out\"\n");
    s.append("i=0\n");
    s.append("while [ $i -lt ").append(o.clients).append(" ]; do\n");
    s.append("  if ! $kubectl$ns exec \"$pod\" -- test -d \"").append(m.resultsDir("$i")).append("\"; then\n");
    s.append("    echo \"WARNING: client $i wrote no results folder (").append(m.resultsDir("$i"))
        .append(")\" >&2\n");
    s.append("  else\n");
    s.append("    $kubectl$ns cp \"$pod:").append(m.resultsDir("$i")).append("\" \"$out/client-$i\"\n");
    s.append("  fi\n");
    s.append("  i=$((i + 1))\n");
    s.append("done\n");
    s.append("cleanup\n");
    s.append('\n');
    s.append("set -- \"$out\"/client-*\n");
    s.append("[ -d \"$1\" ] || { echo \"ERROR: no client wrote a results folder\" >&2; exit 1; }\n");
    s.append("\"$ycsb\" merge $partial \"$@\" -o \"$out/merged\"\n");
    s.append("echo \"the clients' results are in $out/client-*, merged in $out/merged\" >&2\n");
    return s.toString();
  }
}
