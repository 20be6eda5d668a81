package site.ycsb.scaleout;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The command line of {@code ycsb kubernetes load|run <binding> ...}: the benchmark's own options
 * ({@code -P}, {@code -p}, {@code -threads} ...) as a client would get them, and the options of
 * the Kubernetes workload ({@code --clients}, {@code --image} ...), validated.
 */
final class KubernetesOptions {
  /** Properties the Job sets for each pod; a user value would be silently overridden. */
  /** Indexed Jobs allow at most this many completions. */
  static final int MAX_CLIENTS = 100_000;
  /** NAME-results and NAME-collect must stay DNS-1123 labels (63 characters). */
  static final int MAX_NAME = 55;
  /** The port the pods serve their Prometheus metrics on, unless --metrics-port says otherwise. */
  static final int DEFAULT_METRICS_PORT = 9464;
  /** The property that turns a client's metrics endpoint on; --metrics sets it for every pod. */
  static final String METRICS_PORT_PROPERTY = "metrics.port";

  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern QUANTITY = Pattern.compile("[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?");
  private static final Pattern BINDING = Pattern.compile("[A-Za-z0-9_.-]+");

  final String phase;
  final String binding;
  final List<Path> workloadFiles;
  /** -p options and flags, in the order given; a later value of a name wins. */
  final Map<String, String> properties;
  final int clients;
  final String image;
  /** Time between the moment the last pod is ready and the common start. */
  final long startDelayMillis;
  /** How long pod 0 waits for every pod to be ready. */
  final long readyTimeoutMillis;
  /** Start the ready pods without those not ready in time, instead of none. */
  final boolean skipUnready;
  final String name;
  final Path outDir;
  final String resultsClaim;
  final String resultsSize;
  /** null: the namespace of kubectl's current context. */
  final String namespace;
  /** null: the cluster's default storage class. */
  final String storageClass;
  /** Each pod serves its metrics and the manifests ask Prometheus to scrape them. */
  final boolean metrics;
  /** Where each pod serves its metrics, when {@link #metrics}. */
  final int metricsPort;

  private KubernetesOptions(Builder b) {
    this.phase = b.phase;
    this.binding = b.binding;
    this.workloadFiles = Collections.unmodifiableList(b.workloadFiles);
    this.properties = Collections.unmodifiableMap(b.properties);
    this.clients = b.clients;
    this.image = b.image;
    this.startDelayMillis = b.startDelayMillis;
    this.readyTimeoutMillis = b.readyTimeoutMillis;
    this.skipUnready = b.skipUnready;
    this.name = b.name != null ? b.name : defaultName(b.phase, b.binding);
    this.outDir = b.outDir;
    this.resultsClaim = b.resultsClaim != null ? b.resultsClaim : this.name + "-results";
    this.resultsSize = b.resultsSize;
    this.namespace = b.namespace;
    this.storageClass = b.storageClass;
    this.metrics = b.metrics;
    this.metricsPort = b.metricsPort != null ? b.metricsPort : DEFAULT_METRICS_PORT;
  }

  private static final class Builder {
    String phase;
    String binding;
    final List<Path> workloadFiles = new ArrayList<>();
    final Map<String, String> properties = new LinkedHashMap<>();
    int clients = -1;
    String image;
    long startDelayMillis = 2_000;
    long readyTimeoutMillis = 600_000;
    boolean skipUnready;
    String name;
    Path outDir;
    String resultsClaim;
    String resultsSize = "1Gi";
    String namespace;
    String storageClass;
    boolean metrics;
    /** null: not given. */
    Integer metricsPort;
  }

  /**
   * @param args the arguments after {@code kubernetes}
   * @throws KubernetesInputException naming the first thing that is wrong
   */
  static KubernetesOptions parse(List<String> args) throws KubernetesInputException {
    Builder b = new Builder();
    int i = 0;
    if (args.isEmpty() || !("load".equals(args.get(0)) || "run".equals(args.get(0)))) {
      throw new KubernetesInputException("kubernetes needs the phase first: ycsb kubernetes load|run <binding> "
          + "-P workload --clients N --image IMAGE -o DIR");
    }
    b.phase = args.get(i++);
    if (i < args.size() && !args.get(i).startsWith("-")) {
      b.binding = args.get(i++);
    }
    while (i < args.size()) {
      String a = args.get(i++);
      switch (a) {
        case "-P":
          b.workloadFiles.add(Path.of(value(args, i++, a, "a workload file")));
          break;
        case "-p":
          String kv = value(args, i++, a, "name=value");
          int eq = kv.indexOf('=');
          if (eq <= 0) {
            throw new KubernetesInputException("-p " + kv + ": expected name=value");
          }
          b.properties.put(kv.substring(0, eq).trim(), kv.substring(eq + 1));
          break;
        case "-threads":
          b.properties.put("threadcount", value(args, i++, a, "a number of threads"));
          break;
        case "-target":
          b.properties.put("target", value(args, i++, a, "operations per second"));
          break;
        case "-inflight":
          b.properties.put("inflight", value(args, i++, a, "a number of operations in flight per thread"));
          break;
        case "-l":
          b.properties.put("label", value(args, i++, a, "a label"));
          break;
        case "-s":
          b.properties.put("status", "true");
          break;
        case "-db":
          b.binding = value(args, i++, a, "a binding name or class");
          break;
        case "--clients":
          b.clients = clients(value(args, i++, a, "a number of client pods"));
          break;
        case "--image":
          b.image = image(value(args, i++, a, "a container image, e.g. registry.example/ycsb:1.0.0"));
          break;
        case "--start-delay": {
          String v = value(args, i++, a, "a delay such as 2s or 500ms");
          b.startDelayMillis = delay(a, v, "the time for pod 0's start message to reach every pod");
          within(a, v, BarrierBounds.startDelayProblem(b.startDelayMillis));
          break;
        }
        case "--ready-timeout": {
          String v = value(args, i++, a, "a duration such as 10m");
          b.readyTimeoutMillis = delay(a, v,
              "how long pod 0 waits for every pod to be scheduled, pull the image and connect");
          within(a, v, BarrierBounds.readyTimeoutProblem(b.readyTimeoutMillis));
          break;
        }
        case "--skip-unready":
          b.skipUnready = true;
          break;
        case "--name":
          b.name = dnsLabel(a, value(args, i++, a, "a name for the Job"), MAX_NAME);
          break;
        case "-o":
        case "--output":
          b.outDir = Path.of(value(args, i++, a, "a folder for the manifests"));
          break;
        case "--results-claim":
          b.resultsClaim = dnsLabel(a, value(args, i++, a, "a PersistentVolumeClaim name"), 63);
          break;
        case "--results-size":
          b.resultsSize = quantity(value(args, i++, a, "a storage size such as 1Gi"));
          break;
        case "--namespace":
        case "-n":
          b.namespace = dnsLabel(a, value(args, i++, a, "a namespace"), 63);
          break;
        case "--storage-class":
          b.storageClass = value(args, i++, a, "a storage class name");
          break;
        case "--metrics":
          b.metrics = true;
          break;
        case "--metrics-port":
          b.metricsPort = metricsPort(value(args, i++, a, "a port number such as " + DEFAULT_METRICS_PORT));
          break;
        default:
          throw new KubernetesInputException("unknown option '" + a + "': expected -P file, -p name=value, -threads n, "
              + "-target ops, -inflight n, -l label, -s, --clients N, --image IMAGE, --ready-timeout 10m, --start-delay 2s, "
              + "--skip-unready, --name NAME, "
              + "-o DIR, --results-claim CLAIM, --results-size 1Gi, --namespace NS, --storage-class CLASS, "
              + "--metrics or --metrics-port " + DEFAULT_METRICS_PORT);
      }
    }
    check(b);
    return new KubernetesOptions(b);
  }

  private static void check(Builder b) throws KubernetesInputException {
    if (b.binding == null) {
      throw new KubernetesInputException("kubernetes " + b.phase + " needs a binding: ycsb kubernetes " + b.phase
          + " <binding> ...");
    }
    if (!BINDING.matcher(b.binding).matches()) {
      throw new KubernetesInputException("binding '" + b.binding + "': expected a short name such as redis or a class name");
    }
    if (b.clients < 0) {
      throw new KubernetesInputException("no number of clients given: --clients N (one pod per client)");
    }
    if (b.image == null) {
      throw new KubernetesInputException("no container image given: --image IMAGE (built from docker/Dockerfile)");
    }
    if (b.outDir == null) {
      throw new KubernetesInputException("no output folder given: -o DIR (the manifests are written there)");
    }
    for (String p : b.properties.keySet()) {
      if (PerClient.PROPERTIES.contains(p)) {
        throw new KubernetesInputException("-p " + p + " is set for each pod by the Job (clientid = completion index, "
            + "clientcount = --clients, startbarrier served by pod 0, resultsdir on the results volume): remove it");
      }
    }
    if (b.metricsPort != null && !b.metrics) {
      throw new KubernetesInputException("--metrics-port " + b.metricsPort + " needs --metrics "
          + "(the pods serve their metrics and are scraped only with --metrics)");
    }
    if (b.metrics && b.properties.containsKey(METRICS_PORT_PROPERTY)) {
      throw new KubernetesInputException("-p " + METRICS_PORT_PROPERTY + " is set for each pod by --metrics, "
          + "which also declares the port and the scrape: give --metrics-port N instead");
    }
    if (b.storageClass != null && !Pattern.matches("[a-z0-9]([-a-z0-9.]*[a-z0-9])?", b.storageClass)) {
      throw new KubernetesInputException("--storage-class " + b.storageClass
          + ": expected a storage class name (lower-case letters, digits, '-' and '.')");
    }
  }

  /** {@code ycsb-run-redis}; a class name's dots become dashes. */
  static String defaultName(String phase, String binding) {
    String n = ("ycsb-" + phase + "-" + binding).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    if (n.length() > MAX_NAME) {
      n = n.substring(0, MAX_NAME);
    }
    return n.replaceAll("^-+|-+$", "");
  }

  private static String value(List<String> args, int i, String option, String expected) throws KubernetesInputException {
    if (i >= args.size()) {
      throw new KubernetesInputException("option " + option + " needs a value: expected " + expected);
    }
    return args.get(i);
  }

  private static int clients(String v) throws KubernetesInputException {
    int n;
    try {
      n = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1 || n > MAX_CLIENTS) {
      throw new KubernetesInputException("--clients " + v + ": expected a whole number of client pods between 1 and "
          + MAX_CLIENTS);
    }
    return n;
  }

  private static String image(String v) throws KubernetesInputException {
    if (v.isBlank() || !v.equals(v.strip()) || v.chars().anyMatch(Character::isWhitespace)) {
      throw new KubernetesInputException("--image '" + v + "': expected an image reference without spaces, "
          + "e.g. registry.example/ycsb:1.0.0");
    }
    return v;
  }

  private static long delay(String option, String v, String meaning) throws KubernetesInputException {
    long millis = site.ycsb.props.Durations.millis(v);
    if (millis <= 0) {
      throw new KubernetesInputException(option + " " + v + ": expected a positive duration such as 2s, 10m or 500ms "
          + "(" + meaning + ")");
    }
    return millis;
  }

  /** Refuses a duration the pods' start barrier properties would refuse, here rather than in every pod. */
  private static void within(String option, String v, String problem) throws KubernetesInputException {
    if (problem != null) {
      throw new KubernetesInputException(option + " " + v + ": " + problem);
    }
  }

  private static String dnsLabel(String option, String v, int maxLength) throws KubernetesInputException {
    if (!DNS_LABEL.matcher(v).matches() || v.length() > maxLength) {
      throw new KubernetesInputException(option + " " + v + ": expected a DNS-1123 label of at most " + maxLength
          + " characters (lower-case letters, digits and '-', starting and ending with a letter or digit)");
    }
    return v;
  }

  private static int metricsPort(String v) throws KubernetesInputException {
    int port;
    try {
      port = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      port = 0;
    }
    if (port < 1 || port > 65_535) {
      throw new KubernetesInputException("--metrics-port " + v + ": expected a port number between 1 and 65535 "
          + "(default " + DEFAULT_METRICS_PORT + ")");
    }
    // pod 0 serves the start barrier in the same network namespace: both cannot listen on one port
    if (port == KubernetesManifests.BARRIER_PORT) {
      throw new KubernetesInputException("--metrics-port " + v + ": pod 0 serves the start barrier on "
          + KubernetesManifests.BARRIER_PORT + "; expected another port (default " + DEFAULT_METRICS_PORT + ")");
    }
    return port;
  }

  private static String quantity(String v) throws KubernetesInputException {
    if (!QUANTITY.matcher(v).matches()) {
      throw new KubernetesInputException("--results-size " + v + ": expected a storage size such as 1Gi, 500Mi or 10G");
    }
    return v;
  }
}
