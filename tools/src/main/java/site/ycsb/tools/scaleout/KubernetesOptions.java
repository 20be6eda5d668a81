package site.ycsb.tools.scaleout;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What {@code ycsb kubernetes load|run <binding> ...} renders ({@link KubernetesArguments}, checked
 * as a whole): the benchmark's own options ({@code -P}, {@code -p}, {@code -threads} ...) as a
 * client would get them, and the options of the Kubernetes workload ({@code --clients}, {@code --image} ...).
 */
final class KubernetesOptions {
  /** Indexed Jobs allow at most this many completions. */
  static final int MAX_CLIENTS = 100_000;
  /** NAME-results and NAME-collect must stay DNS-1123 labels (63 characters). */
  static final int MAX_NAME = 55;
  /** The port the pods serve their Prometheus metrics on, unless --metrics-port says otherwise. */
  static final int DEFAULT_METRICS_PORT = 9464;
  /** The property that turns a client's metrics endpoint on; --metrics sets it for every pod. */
  static final String METRICS_PORT_PROPERTY = "metrics.port";

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

  private KubernetesOptions(KubernetesArguments b, String binding, List<Path> workloadFiles,
                            Map<String, String> properties) {
    this.phase = b.phase;
    this.binding = binding;
    this.workloadFiles = Collections.unmodifiableList(workloadFiles);
    this.properties = Collections.unmodifiableMap(properties);
    this.clients = b.clients;
    this.image = b.image;
    this.startDelayMillis = b.barrier.startDelayMillis;
    this.readyTimeoutMillis = b.barrier.readyTimeoutMillis;
    this.skipUnready = b.barrier.skipUnready;
    this.name = b.name != null ? b.name : defaultName(b.phase, binding);
    this.outDir = b.outDir;
    this.resultsClaim = b.resultsClaim != null ? b.resultsClaim : this.name + "-results";
    this.resultsSize = b.resultsSize;
    this.namespace = b.namespace;
    this.storageClass = b.storageClass;
    this.metrics = b.metrics;
    this.metricsPort = b.metricsPort != null ? b.metricsPort : DEFAULT_METRICS_PORT;
  }

  /**
   * @param a the command line, parsed
   * @throws KubernetesInputException naming the first thing that is wrong
   */
  static KubernetesOptions of(KubernetesArguments a) throws KubernetesInputException {
    Map<String, String> properties = new LinkedHashMap<>(a.options.properties());
    String binding = properties.remove("db");
    List<Path> files = new ArrayList<>();
    for (String f : a.options.workloadFiles()) {
      files.add(Path.of(f));
    }
    check(a, binding, properties);
    // one seed for every client (they draw disjoint streams of it), so the whole run can be repeated
    properties.putIfAbsent("seed", Long.toString(site.ycsb.runner.OperationSeeds.fresh()));
    return new KubernetesOptions(a, binding, files, properties);
  }

  private static void check(KubernetesArguments b, String binding, Map<String, String> properties)
      throws KubernetesInputException {
    if (binding == null) {
      throw new KubernetesInputException("kubernetes " + b.phase + " needs a binding: ycsb kubernetes " + b.phase
          + " <binding> ...");
    }
    if (!BINDING.matcher(binding).matches()) {
      throw new KubernetesInputException("binding '" + binding + "': expected a short name such as redis or a class name");
    }
    for (String p : properties.keySet()) {
      if (PerClient.PROPERTIES.contains(p)) {
        throw new KubernetesInputException("-p " + p + " is set for each pod by the Job (clientid = completion index, "
            + "clientcount = --clients, startbarrier served by pod 0, resultsdir on the results volume): remove it");
      }
    }
    if (b.metricsPort != null && !b.metrics) {
      throw new KubernetesInputException("--metrics-port " + b.metricsPort + " needs --metrics "
          + "(the pods serve their metrics and are scraped only with --metrics)");
    }
    if (b.metrics && properties.containsKey(METRICS_PORT_PROPERTY)) {
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
}
