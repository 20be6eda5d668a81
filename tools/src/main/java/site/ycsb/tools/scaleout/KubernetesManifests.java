package site.ycsb.tools.scaleout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The Kubernetes objects of one benchmark: a ConfigMap (workload, properties), a Secret (secret
 * properties), a PersistentVolumeClaim (results), an Indexed Job whose pod of index i is client
 * i of N, and a headless Service through which the pods meet at pod 0's start barrier, as YAML. Only the Secret ever holds a secret value; the Job refers to it by name and key.
 * With {@code --metrics}, each pod also serves its Prometheus metrics on a named container port,
 * announced by the usual scrape annotations and by a Prometheus Operator PodMonitor.
 */
final class KubernetesManifests {
  /** Set by Kubernetes in every pod of an Indexed Job: the pod's completion index, 0 to N-1. */
  static final String INDEX_VARIABLE = "JOB_COMPLETION_INDEX";
  static final String CONFIG_MOUNT = "/config";
  static final String RESULTS_MOUNT = "/results";
  /** Where docker/Dockerfile puts the release: bin/ycsb, lib/, workloads/. */
  static final String YCSB_HOME = "/opt/ycsb";

  /** The port pod 0 serves the start barrier on, inside its own network namespace. */
  static final int BARRIER_PORT = 7070;

  /** The name of the container port the metrics are served on; the PodMonitor scrapes it by this name. */
  static final String METRICS_PORT_NAME = "metrics";
  static final String METRICS_PATH = "/metrics";
  /**
   * How often the PodMonitor has each pod scraped: a phase often lasts minutes, so the usual 30 s
   * or 1 m would draw a throughput or latency curve from a handful of points.
   */
  static final String SCRAPE_INTERVAL = "5s";

  private final KubernetesOptions o;
  private final ClientConfig config;

  /**
   * @param o the command line
   * @param config what the clients are given
   */
  KubernetesManifests(KubernetesOptions o, ClientConfig config) {
    this.o = o;
    this.config = config;
  }

  /** The headless Service that gives each pod a DNS name, {@code <job>-<index>.<service>}. */
  String serviceName() {
    return o.name + "-pods";
  }

  /** @return where every pod finds the start barrier: pod 0, by the name the headless Service gives it */
  String barrierAddress() {
    return o.name + "-0." + serviceName() + ":" + BARRIER_PORT;
  }

  String configMapName() {
    return o.name + "-config";
  }

  String secretName() {
    return o.name + "-secret";
  }

  String podMonitorName() {
    return o.name;
  }

  String collectPodName() {
    return o.name + "-collect";
  }

  /** @return where client {@code index}'s results folder is on the results volume */
  String resultsDir(String index) {
    return RESULTS_MOUNT + "/" + o.name + "/client-" + index;
  }

  Map<String, Object> configMap() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("workload", config.workload);
    data.put("properties", config.properties);
    Map<String, Object> m = object("v1", "ConfigMap", configMapName(), "config");
    m.put("data", data);
    return m;
  }

  Map<String, Object> secret() {
    Map<String, Object> m = object("v1", "Secret", secretName(), "config");
    m.put("type", "Opaque");
    m.put("stringData", new LinkedHashMap<String, Object>(config.secrets));
    return m;
  }

  Map<String, Object> resultsClaim() {
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("accessModes", List.of("ReadWriteMany"));
    spec.put("resources", Map.of("requests", Map.of("storage", o.resultsSize)));
    if (o.storageClass != null) {
      spec.put("storageClassName", o.storageClass);
    }
    Map<String, Object> m = object("v1", "PersistentVolumeClaim", o.resultsClaim, "results");
    m.put("spec", spec);
    return m;
  }

  /** The container's arguments, with {@code $(VAR)} references Kubernetes expands in each pod. */
  List<String> clientArgs() {
    String index = "$(" + INDEX_VARIABLE + ")";
    List<String> args = new ArrayList<>(List.of(o.phase, o.binding,
        "-P", CONFIG_MOUNT + "/workload", "-P", CONFIG_MOUNT + "/properties"));
    args.addAll(PerClient.arguments(index, o.clients, barrierAddress(), o.readyTimeoutMillis, resultsDir(index)));
    args.addAll(List.of("-p", "startbarrier.margin=" + o.startDelayMillis));
    if (o.skipUnready) {
      args.addAll(List.of("-p", "startbarrier.skipunready=true"));
    }
    if (o.metrics) {
      args.addAll(List.of("-p", KubernetesOptions.METRICS_PORT_PROPERTY + "=" + o.metricsPort));
    }
    config.secretEnv.forEach((property, variable) -> {
      args.add("-p");
      args.add(property + "=$(" + variable + ")");
    });
    return args;
  }

  Map<String, Object> job() {
    List<Object> env = new ArrayList<>();
    config.secretEnv.forEach((property, variable) -> env.add(map(
        "name", variable,
        "valueFrom", map("secretKeyRef", map("name", secretName(), "key", property)))));
    Map<String, Object> container = map(
        "name", "ycsb",
        "image", o.image,
        "workingDir", YCSB_HOME,
        "command", List.of("bin/ycsb"),
        "args", clientArgs());
    if (o.metrics) {
      container.put("ports", List.of(map("name", METRICS_PORT_NAME, "containerPort", o.metricsPort,
          "protocol", "TCP")));
    }
    if (!env.isEmpty()) {
      container.put("env", env);
    }
    container.put("volumeMounts", List.of(
        map("name", "config", "mountPath", CONFIG_MOUNT, "readOnly", true),
        map("name", "results", "mountPath", RESULTS_MOUNT)));
    Map<String, Object> podSpec = map(
        "restartPolicy", "Never",
        // with the headless Service, pod i is reachable as <job>-i.<service>: the others find pod 0's barrier
        "subdomain", serviceName(),
        // one client per node where the cluster has room, so clients do not share a machine's CPU
        "topologySpreadConstraints", List.of(map(
            "maxSkew", 1,
            "topologyKey", "kubernetes.io/hostname",
            "whenUnsatisfiable", "ScheduleAnyway",
            "labelSelector", map("matchLabels", labels("client")))),
        "containers", List.of(container),
        "volumes", List.of(
            map("name", "config", "configMap", map("name", configMapName())),
            map("name", "results", "persistentVolumeClaim", map("claimName", o.resultsClaim))));
    Map<String, Object> podMetadata = map("labels", labels("client"));
    if (o.metrics) {
      podMetadata.put("annotations", scrapeAnnotations());
    }
    Map<String, Object> spec = map(
        "completionMode", "Indexed",
        "completions", o.clients,
        "parallelism", o.clients,
        // a client that failed cannot rejoin a run that started together: no retries
        "backoffLimit", 0,
        "template", map("metadata", podMetadata, "spec", podSpec));
    Map<String, Object> m = object("batch/v1", "Job", o.name, "client");
    m.put("spec", spec);
    return m;
  }

  /**
   * A headless Service over the client pods: no load balancing, only DNS names for each pod, so
   * the others reach pod 0's start barrier. Names are published before a pod is ready, as the
   * barrier is needed while the pods are still starting.
   */
  Map<String, Object> service() {
    Map<String, Object> m = object("v1", "Service", serviceName(), "client");
    Map<String, Object> selector = new LinkedHashMap<>(labels("client"));
    m.put("spec", map(
        "clusterIP", "None",
        "publishNotReadyAddresses", true,
        "selector", selector,
        "ports", List.of(map("name", "start-barrier", "port", BARRIER_PORT, "protocol", "TCP"))));
    return m;
  }

  /**
   * The annotations a Prometheus configured with the common {@code kubernetes-pods} scrape job
   * (no Prometheus Operator) looks for. Annotation values are strings, the port too.
   */
  private Map<String, Object> scrapeAnnotations() {
    return map("prometheus.io/scrape", "true",
        "prometheus.io/port", Integer.toString(o.metricsPort),
        "prometheus.io/path", METRICS_PATH);
  }

  /**
   * A Prometheus Operator PodMonitor over exactly the Job's pods (the labels of its pod template),
   * scraping the named metrics port. A custom resource: the cluster needs the operator's CRDs.
   */
  Map<String, Object> podMonitor() {
    Map<String, Object> m = object("monitoring.coreos.com/v1", "PodMonitor", podMonitorName(), "metrics");
    m.put("spec", map(
        "selector", map("matchLabels", labels("client")),
        "podMetricsEndpoints", List.of(map(
            "port", METRICS_PORT_NAME,
            "path", METRICS_PATH,
            "interval", SCRAPE_INTERVAL))));
    return m;
  }

  /** A pod that only mounts the results volume (read-only) so that {@code kubectl cp} can copy from it. */
  Map<String, Object> collectPod() {
    Map<String, Object> m = object("v1", "Pod", collectPodName(), "collect");
    m.put("spec", map(
        "restartPolicy", "Never",
        "containers", List.of(map(
            "name", "collect",
            "image", o.image,
            "command", List.of("sleep", "3600"),
            "volumeMounts", List.of(map("name", "results", "mountPath", RESULTS_MOUNT, "readOnly", true)))),
        "volumes", List.of(map("name", "results",
            "persistentVolumeClaim", map("claimName", o.resultsClaim, "readOnly", true)))));
    return m;
  }

  private Map<String, Object> object(String apiVersion, String kind, String name, String component) {
    Map<String, Object> metadata = map("name", name);
    if (o.namespace != null) {
      metadata.put("namespace", o.namespace);
    }
    metadata.put("labels", labels(component));
    return map("apiVersion", apiVersion, "kind", kind, "metadata", metadata);
  }

  private Map<String, Object> labels(String component) {
    return map("app.kubernetes.io/name", "ycsb", "app.kubernetes.io/instance", o.name,
        "app.kubernetes.io/component", component);
  }

  /** An ordered map from alternating keys and values. */
  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  /** @return the object as one YAML document, multi-line strings as literal blocks */
  static String yaml(Map<String, Object> object) {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setIndent(2);
    options.setIndicatorIndent(2);
    options.setIndentWithIndicator(true);
    options.setSplitLines(false);
    options.setWidth(Integer.MAX_VALUE);
    return new Yaml(options).dump(object);
  }
}
