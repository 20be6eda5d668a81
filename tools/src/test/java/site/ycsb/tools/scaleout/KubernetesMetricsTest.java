package site.ycsb.tools.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.props.Durations;

/**
 * {@code ycsb kubernetes ... --metrics}: every pod serves its Prometheus metrics on a container port
 * named {@code metrics}, the pod template carries the {@code prometheus.io/*} annotations, and
 * {@code podmonitor.yaml} has the Prometheus Operator scrape exactly the Job's pods. Without
 * {@code --metrics} none of it is rendered.
 */
class KubernetesMetricsTest {
  private static final String WORKLOAD = "../workloads/workloada";

  @TempDir
  static Path tmp;
  private static Rendered rendered;
  private static Job job;
  private static PodMonitor podMonitor;

  @BeforeAll
  static void render() throws IOException {
    rendered = render("with-metrics", "--metrics");
    job = StrictKubernetesYaml.read(rendered.file("job.yaml"), Job.class);
    podMonitor = StrictKubernetesYaml.read(rendered.file("podmonitor.yaml"), PodMonitor.class);
  }

  private static Rendered render(String dir, String... options) {
    List<String> args = new ArrayList<>(List.of("run", "redis", "-P", WORKLOAD, "-p", "redis.host=redis.bench.svc",
        "-p", "redis.password=pw-1234", "--clients", "3", "--image", "registry.example/ycsb:1.0.0"));
    args.addAll(List.of(options));
    Rendered r = Rendered.of(tmp.resolve(dir), args.toArray(new String[0]));
    assertEquals(0, r.exitCode, r.toString());
    return r;
  }

  private static Container container(Job j) {
    List<Container> containers = j.getSpec().getTemplate().getSpec().getContainers();
    assertEquals(1, containers.size());
    return containers.get(0);
  }

  /** @return the value of each {@code -p name=value} of the container's arguments, in order */
  private static List<String> propertyArgs(Job j, String name) {
    return Rendered.propertyArgs(container(j).getArgs(), name);
  }

  @Test
  void everyManifestStillReadsStrictlyAndThePodMonitorIsOneMore() throws IOException {
    assertEquals(List.of("collect.sh", "configmap.yaml", "job.yaml", "podmonitor.yaml", "pvc.yaml", "secret.yaml",
        "service.yaml"), new ArrayList<>(rendered.files.keySet()));
    StrictKubernetesYaml.read(rendered.file("configmap.yaml"), ConfigMap.class);
    StrictKubernetesYaml.read(rendered.file("secret.yaml"), Secret.class);
    StrictKubernetesYaml.read(rendered.file("pvc.yaml"), PersistentVolumeClaim.class);
    StrictKubernetesYaml.read(rendered.file("service.yaml"), Service.class);
    assertEquals("", rendered.err);
  }

  @Test
  void eachPodTurnsItsMetricsEndpointOnAndDeclaresThePort() {
    assertEquals(List.of("9464"), propertyArgs(job, "metrics.port"));
    List<ContainerPort> ports = container(job).getPorts();
    assertEquals(1, ports.size(), ports.toString());
    assertEquals("metrics", ports.get(0).getName());
    assertEquals(9464, ports.get(0).getContainerPort());
    assertEquals("TCP", ports.get(0).getProtocol());
  }

  @Test
  void thePodTemplateCarriesTheScrapeAnnotations() {
    Map<String, String> annotations = job.getSpec().getTemplate().getMetadata().getAnnotations();
    assertEquals(Map.of("prometheus.io/scrape", "true", "prometheus.io/port", "9464", "prometheus.io/path", "/metrics"),
        annotations);
    // annotation values are strings: an unquoted true or 9464 would not even read into the model
    assertTrue(rendered.file("job.yaml").contains("prometheus.io/scrape: 'true'"), rendered.file("job.yaml"));
  }

  @Test
  void thePodMonitorIsACustomResourceOfTheOperator() {
    assertEquals("monitoring.coreos.com/v1", podMonitor.apiVersion());
    assertEquals("PodMonitor", podMonitor.kind());
    assertEquals("ycsb-run-redis", podMonitor.metadata().getName());
    assertNull(podMonitor.metadata().getNamespace(), "the namespace of kubectl's context, like the Job");
    assertEquals("ycsb", podMonitor.metadata().getLabels().get("app.kubernetes.io/name"));
    assertEquals("ycsb-run-redis", podMonitor.metadata().getLabels().get("app.kubernetes.io/instance"));
  }

  @Test
  void thePodMonitorSelectsExactlyTheJobsPods() throws IOException {
    Map<String, String> podLabels = job.getSpec().getTemplate().getMetadata().getLabels();
    assertEquals(podLabels, podMonitor.spec().selector().getMatchLabels());
    assertTrue(podMonitor.spec().selector().getMatchExpressions() == null
        || podMonitor.spec().selector().getMatchExpressions().isEmpty());
    // the pods of another benchmark's Job (another --name) are not scraped as this one's
    Job other = StrictKubernetesYaml.read(render("other", "--metrics", "--name", "other-run").file("job.yaml"),
        Job.class);
    Map<String, String> otherLabels = other.getSpec().getTemplate().getMetadata().getLabels();
    assertFalse(otherLabels.entrySet().containsAll(podMonitor.spec().selector().getMatchLabels().entrySet()),
        otherLabels.toString());
  }

  @Test
  void thePodMonitorScrapesTheNamedPortOftenEnoughToDrawAPhase() {
    List<PodMonitor.Endpoint> endpoints = podMonitor.spec().podMetricsEndpoints();
    assertEquals(1, endpoints.size(), endpoints.toString());
    PodMonitor.Endpoint endpoint = endpoints.get(0);
    assertEquals(container(job).getPorts().get(0).getName(), endpoint.port());
    assertEquals("/metrics", endpoint.path());
    assertTrue(endpoint.interval().matches("[0-9]+(ms|s|m)"), "a Prometheus duration: " + endpoint.interval());
    long millis = Durations.millis(endpoint.interval());
    assertTrue(millis > 0 && millis <= 10_000, "a short interval: " + endpoint.interval());
  }

  @Test
  void aMisspeltPodMonitorFieldFailsTheStrictReading() {
    String endpoints = rendered.file("podmonitor.yaml").replace("podMetricsEndpoints:", "podMetricEndpoints:");
    assertThrows(IOException.class, () -> StrictKubernetesYaml.read(endpoints, PodMonitor.class));
    String selector = rendered.file("podmonitor.yaml").replace("matchLabels:", "matchLabel:");
    AssertionError e = assertThrows(AssertionError.class, () -> StrictKubernetesYaml.read(selector, PodMonitor.class));
    assertTrue(e.getMessage().contains("matchLabel"), e.getMessage());
  }

  @Test
  void anotherPortAndANamespaceAreUsedThroughout() throws IOException {
    Rendered r = render("port-9100", "--metrics", "--metrics-port", "9100", "--namespace", "bench");
    Job j = StrictKubernetesYaml.read(r.file("job.yaml"), Job.class);
    PodMonitor pm = StrictKubernetesYaml.read(r.file("podmonitor.yaml"), PodMonitor.class);
    assertEquals(List.of("9100"), propertyArgs(j, "metrics.port"));
    assertEquals(9100, container(j).getPorts().get(0).getContainerPort());
    assertEquals("9100", j.getSpec().getTemplate().getMetadata().getAnnotations().get("prometheus.io/port"));
    // the PodMonitor names the port, so it follows without a number of its own
    assertEquals("metrics", pm.spec().podMetricsEndpoints().get(0).port());
    assertEquals("bench", pm.metadata().getNamespace());
    assertEquals(j.getMetadata().getNamespace(), pm.metadata().getNamespace());
  }

  @Test
  void whatWasPrintedNamesThePodMonitorAndWhatApplyDoesWithoutTheOperator() {
    assertTrue(rendered.out.contains("podmonitor.yaml PodMonitor ycsb-run-redis"), rendered.out);
    assertTrue(rendered.out.contains("without the Prometheus Operator"), rendered.out);
  }

  @Test
  void withoutMetricsNothingOfItIsRendered() throws IOException {
    Rendered r = render("without-metrics");
    Job j = StrictKubernetesYaml.read(r.file("job.yaml"), Job.class);
    assertFalse(r.files.containsKey("podmonitor.yaml"), r.files.keySet().toString());
    assertEquals(List.of(), propertyArgs(j, "metrics.port"));
    assertTrue(container(j).getPorts() == null || container(j).getPorts().isEmpty());
    Map<String, String> annotations = j.getSpec().getTemplate().getMetadata().getAnnotations();
    assertTrue(annotations == null || annotations.isEmpty(), String.valueOf(annotations));
    r.files.forEach((name, text) -> {
      assertFalse(text.contains("prometheus"), name);
      assertFalse(text.contains("metrics.port"), name);
    });
    assertFalse(r.out.contains("PodMonitor") || r.out.contains("podmonitor"), r.out);
  }
}
