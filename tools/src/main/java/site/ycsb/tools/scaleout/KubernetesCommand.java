package site.ycsb.tools.scaleout;

import static site.ycsb.ExitCodes.OK;
import static site.ycsb.ExitCodes.BAD_INPUT;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import site.ycsb.commandline.CommandLines;

/**
 * {@code ycsb kubernetes load|run <binding> -P workload [-p name=value ...] --clients N --image
 * IMAGE [--ready-timeout 10m] [--start-delay 2s] [--skip-unready] [--name NAME] [--metrics [--metrics-port
 * 9464]] -o DIR}: writes the
 * manifests of N client pods that run one phase together, starting when all are ready (an Indexed Job, completion index = {@code clientid}) and a script that
 * collects and merges their results folders; with {@code --metrics}, the pods serve Prometheus metrics and a
 * PodMonitor has them scraped. Nothing is sent to a cluster: the user applies DIR.
 */
public final class KubernetesCommand {
  private static final int FAILED = 1;

  private KubernetesCommand() {
  }

  /**
   * @param args the arguments after {@code kubernetes}
   * @param out where the files written and the commands to run are listed
   * @param err where errors and warnings go
   * @return the exit code: 0 written, 1 the folder could not be written, 2 bad arguments
   */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    return CommandLines.run(new KubernetesArguments(), args, out, err, a -> render(a, out, err));
  }

  private static int render(KubernetesArguments a, PrintStream out, PrintStream err) {
    KubernetesOptions o;
    ClientConfig config;
    try {
      o = KubernetesOptions.of(a);
      config = ClientConfig.of(o, o.name + "-secret");
    } catch (KubernetesInputException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    }
    KubernetesManifests m = new KubernetesManifests(o, config);
    Map<String, String> files = new LinkedHashMap<>();
    files.put("configmap.yaml", KubernetesManifests.yaml(m.configMap()));
    files.put("secret.yaml", KubernetesManifests.yaml(m.secret()));
    files.put("pvc.yaml", KubernetesManifests.yaml(m.resultsClaim()));
    files.put("service.yaml", KubernetesManifests.yaml(m.service()));
    files.put("job.yaml", KubernetesManifests.yaml(m.job()));
    if (o.metrics) {
      files.put("podmonitor.yaml", KubernetesManifests.yaml(m.podMonitor()));
    }
    files.put("collect.sh", CollectScript.render(o, m));
    warnAboutSecretsElsewhere(config, files, err);
    warnAboutOtherManifests(o.outDir, files, err);
    try {
      write(o.outDir, files);
    } catch (IOException e) {
      err.println("ERROR: cannot write the manifests to " + o.outDir + ": " + e.getMessage());
      return FAILED;
    }
    printNextSteps(o, m, config, out);
    return OK;
  }

  /**
   * A secret value can still turn up in a comment of a workload file or inside another value;
   * say so (naming the property, never the value) rather than hide it.
   */
  private static void warnAboutSecretsElsewhere(ClientConfig config, Map<String, String> files, PrintStream err) {
    config.secrets.forEach((property, value) -> {
      if (value == null || value.length() < 4) {
        return;
      }
      files.forEach((file, text) -> {
        if (!"secret.yaml".equals(file) && text.contains(value)) {
          err.println("WARNING: the value of secret property " + property + " also appears in " + file
              + " (a comment or another property of a workload file?); remove it there before applying");
        }
      });
    });
  }

  /** {@code kubectl apply -f DIR} applies every manifest in DIR, not only these. */
  private static void warnAboutOtherManifests(Path dir, Map<String, String> files, PrintStream err) {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> list = Files.list(dir)) {
      list.map(p -> p.getFileName().toString())
          .filter(n -> (n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json")) && !files.containsKey(n))
          .sorted()
          .forEach(n -> err.println("WARNING: " + dir.resolve(n) + " is not one of these manifests; "
              + "kubectl apply -f " + dir + " would apply it too"));
    } catch (IOException e) {
      // the write below reports a folder that cannot be used
    }
  }

  private static void write(Path dir, Map<String, String> files) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path p = dir.resolve(f.getKey());
      Path tmp = dir.resolve("." + f.getKey() + ".tmp");
      Files.writeString(tmp, f.getValue(), StandardCharsets.UTF_8);
      setPermissions(tmp, f.getKey().equals("secret.yaml") ? "rw-------"
          : f.getKey().endsWith(".sh") ? "rwxr-xr-x" : "rw-r--r--");
      Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    }
  }

  private static void setPermissions(Path p, String permissions) throws IOException {
    try {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(permissions));
    } catch (UnsupportedOperationException notPosix) {
      // Windows: the file keeps the folder's access rules
    }
  }

  private static void printNextSteps(KubernetesOptions o, KubernetesManifests m, ClientConfig config,
                                     PrintStream out) {
    String ns = o.namespace == null ? "" : " -n " + o.namespace;
    Path dir = o.outDir;
    out.println("Wrote the manifests of " + o.clients + " clients of '" + o.phase + " " + o.binding + "' to " + dir + ":");
    out.println("  configmap.yaml  ConfigMap " + m.configMapName() + ": the workload and the properties");
    out.println("  secret.yaml     Secret " + m.secretName() + ": " + (config.secrets.isEmpty() ? "no secret property"
        : "the secret properties " + String.join(", ", config.secrets.keySet()) + " (keep this file private)"));
    out.println("  pvc.yaml        PersistentVolumeClaim " + o.resultsClaim + ": results, ReadWriteMany, " + o.resultsSize);
    out.println("  service.yaml    headless Service " + m.serviceName() + ": the pods' DNS names, for the start barrier");
    out.println("  job.yaml        Indexed Job " + o.name + ": " + o.clients + " pods, clientid = "
        + KubernetesManifests.INDEX_VARIABLE + ", image " + o.image);
    if (o.metrics) {
      out.println("  podmonitor.yaml PodMonitor " + m.podMonitorName() + ": the Prometheus Operator scrapes each pod's port "
          + KubernetesManifests.METRICS_PORT_NAME + " (" + o.metricsPort + ") every " + KubernetesManifests.SCRAPE_INTERVAL
          + "; the pods also carry the prometheus.io/scrape annotations");
    }
    out.println("  collect.sh      waits for the Job, copies the results folders out and merges them");
    out.println("The clients start their " + o.phase + " phase together once all " + o.clients + " pods are ready"
        + " (pod 0 serves the start barrier at " + m.barrierAddress() + " and waits at most "
        + o.readyTimeoutMillis / 1000 + " s): apply whenever you like.");
    out.println("  apply:   kubectl apply -f " + dir);
    if (o.metrics) {
      out.println("           (a cluster without the Prometheus Operator has no kind PodMonitor: kubectl applies the rest "
          + "and exits 1; move podmonitor.yaml out of " + dir + " there)");
    }
    out.println("  wait:    kubectl" + ns + " wait --for=condition=complete --timeout=24h job/" + o.name);
    out.println("  logs:    kubectl" + ns + " logs -l job-name=" + o.name + " --prefix --tail=-1");
    out.println("  collect: YCSB=bin/ycsb sh " + dir.resolve("collect.sh") + " " + o.name + "-results");
    out.println("           (into " + o.name + "-results/client-0.." + (o.clients - 1) + " and "
        + o.name + "-results/merged)");
    out.println("  again:   kubectl" + ns + " delete job " + o.name + ", then render again with a new --name "
        + "(a results folder is never overwritten)");
  }
}
