package site.ycsb.tools.scaleout;

import java.nio.file.Path;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import site.ycsb.commandline.ErrorLine;
import site.ycsb.commandline.HelpOption;
import site.ycsb.commandline.Needs;
import site.ycsb.commandline.PhaseOptions;

/**
 * The command line of {@code ycsb kubernetes}: a phase's own (the phase, the binding, {@code -P},
 * {@code -p}, {@code -threads} ...) as each client pod gets it, and the Kubernetes workload's
 * options, each value checked as it is read.
 */
@Command(name = "ycsb kubernetes", header = "Kubernetes manifests of N client pods running one phase together",
    description = {"Writes configmap.yaml, secret.yaml, pvc.yaml, service.yaml, job.yaml (an Indexed Job of N client",
        "pods, clientid = completion index) and collect.sh into DIR; apply them with kubectl apply -f DIR.",
        "The pods start their phase together once all are ready. Nothing is sent to a cluster."},
    footer = {"--metrics: each pod serves Prometheus metrics (-p metrics.port=PORT) on a container port named",
        "metrics, announced by prometheus.io/scrape annotations and by podmonitor.yaml, a Prometheus",
        "Operator PodMonitor."})
public final class KubernetesArguments implements IDefaultValueProvider {
  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern QUANTITY = Pattern.compile("[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?");

  @Spec
  private CommandSpec command;
  @Mixin
  final PhaseOptions options = new PhaseOptions();
  @Mixin
  final StartBarrierOptions barrier = new StartBarrierOptions("10m", "2s");
  @Mixin
  final HelpOption help = new HelpOption();

  String phase;
  int clients = -1;
  String image;
  String name;
  Path outDir;
  String resultsClaim;
  String resultsSize = "1Gi";
  String namespace;
  String storageClass;
  boolean metrics;
  /** null: not given. */
  Integer metricsPort;

  @Parameters(index = "0", paramLabel = "load|run", description = "the phase every client pod runs")
  void phase(String phase) {
    if (!"load".equals(phase) && !"run".equals(phase)) {
      throw ErrorLine.refusal(command, "kubernetes needs the phase first: ycsb kubernetes load|run <binding> "
          + "-P workload --clients N --image IMAGE -o DIR");
    }
    this.phase = phase;
  }

  @Parameters(index = "1", arity = "0..1", paramLabel = "binding",
      description = "the binding's short name or class; -db says the same")
  void binding(String nameOrClass) {
    options.set("db", nameOrClass);
  }

  @Option(names = "--clients", order = 21, required = true, paramLabel = "N",
      description = "client pods, one per client")
  @Needs("a number of client pods")
  void clients(String v) {
    int n;
    try {
      n = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1 || n > KubernetesOptions.MAX_CLIENTS) {
      throw ErrorLine.refusal(command, "--clients " + v + ": expected a whole number of client pods between 1 and "
          + KubernetesOptions.MAX_CLIENTS);
    }
    clients = n;
  }

  @Option(names = "--image", order = 22, required = true, paramLabel = "IMAGE",
      description = "the container image the pods run (built from docker/Dockerfile)")
  @Needs("a container image, e.g. registry.example/ycsb:1.0.0")
  void image(String v) {
    if (v.isBlank() || !v.equals(v.strip()) || v.chars().anyMatch(Character::isWhitespace)) {
      throw ErrorLine.refusal(command, "--image '" + v + "': expected an image reference without spaces, "
          + "e.g. registry.example/ycsb:1.0.0");
    }
    image = v;
  }

  @Option(names = {"-o", "--output"}, order = 23, required = true, paramLabel = "DIR",
      description = "the folder the manifests are written to")
  @Needs("a folder for the manifests")
  void output(String dir) {
    outDir = Path.of(dir);
  }

  @Option(names = "--name", order = 47, paramLabel = "NAME", description = "the Job's name (ycsb-PHASE-BINDING)")
  @Needs("a name for the Job")
  void name(String v) {
    name = dnsLabel("--name", v, KubernetesOptions.MAX_NAME);
  }

  @Option(names = "--results-claim", order = 48, paramLabel = "CLAIM",
      description = "the PersistentVolumeClaim of the results (NAME-results)")
  @Needs("a PersistentVolumeClaim name")
  void resultsClaim(String v) {
    resultsClaim = dnsLabel("--results-claim", v, 63);
  }

  @Option(names = "--results-size", order = 49, paramLabel = "SIZE", description = "its size (1Gi)")
  @Needs("a storage size such as 1Gi")
  void resultsSize(String v) {
    if (!QUANTITY.matcher(v).matches()) {
      throw ErrorLine.refusal(command, "--results-size " + v + ": expected a storage size such as 1Gi, 500Mi or 10G");
    }
    resultsSize = v;
  }

  @Option(names = "--storage-class", order = 50, paramLabel = "CLASS",
      description = "its storage class (the cluster's default)")
  @Needs("a storage class name")
  void storageClass(String v) {
    storageClass = v;
  }

  @Option(names = {"-n", "--namespace"}, order = 51, paramLabel = "NS",
      description = "the namespace (kubectl's current context's)")
  @Needs("a namespace")
  void namespace(String v) {
    namespace = dnsLabel("--namespace", v, 63);
  }

  @Option(names = "--metrics", order = 52, description = "each pod serves Prometheus metrics, scraped by a PodMonitor")
  void metrics(boolean on) {
    metrics = true;
  }

  @Option(names = "--metrics-port", order = 53, paramLabel = "PORT",
      description = "where the pods serve them, with --metrics (" + KubernetesOptions.DEFAULT_METRICS_PORT + ")")
  @Needs("a port number such as 9464")
  void metricsPort(String v) {
    int port;
    try {
      port = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      port = 0;
    }
    if (port < 1 || port > 65_535) {
      throw ErrorLine.refusal(command, "--metrics-port " + v + ": expected a port number between 1 and 65535 "
          + "(default " + KubernetesOptions.DEFAULT_METRICS_PORT + ")");
    }
    // pod 0 serves the start barrier in the same network namespace: both cannot listen on one port
    if (port == KubernetesManifests.BARRIER_PORT) {
      throw ErrorLine.refusal(command, "--metrics-port " + v + ": pod 0 serves the start barrier on "
          + KubernetesManifests.BARRIER_PORT + "; expected another port (default "
          + KubernetesOptions.DEFAULT_METRICS_PORT + ")");
    }
    metricsPort = port;
  }

  @Override
  public String defaultValue(ArgSpec option) {
    return barrier.defaultValue(option);
  }

  private String dnsLabel(String option, String v, int maxLength) {
    if (!DNS_LABEL.matcher(v).matches() || v.length() > maxLength) {
      throw ErrorLine.refusal(command, option + " " + v + ": expected a DNS-1123 label of at most " + maxLength
          + " characters (lower-case letters, digits and '-', starting and ending with a letter or digit)");
    }
    return v;
  }
}
