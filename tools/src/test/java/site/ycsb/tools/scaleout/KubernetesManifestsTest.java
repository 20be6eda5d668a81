package site.ycsb.tools.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manifests of {@code ycsb kubernetes run redis ... --clients 4}, read strictly into the
 * Kubernetes API model: an Indexed Job of 4 pods whose completion index is the client id, the
 * workload in a ConfigMap, the password in the Secret only.
 */
class KubernetesManifestsTest {
  private static final String PASSWORD = "s3cret-Pa55w0rd";
  private static final String WORKLOAD = "../workloads/workloada";

  @TempDir
  static Path tmp;
  private static Rendered rendered;
  private static Job job;
  private static ConfigMap configMap;
  private static Secret secret;
  private static PersistentVolumeClaim claim;

  @BeforeAll
  static void render() throws IOException {
    rendered = Rendered.of(tmp.resolve("manifests"), "run", "redis", "-P", WORKLOAD,
        "-p", "redis.host=redis.bench.svc", "-p", "redis.password=" + PASSWORD, "-p", "operationcount=50000",
        "-threads", "16", "-target", "2000",
        "--clients", "4", "--image", "registry.example/ycsb:1.0.0", "--start-delay", "3s", "--ready-timeout", "15m");
    assertEquals(0, rendered.exitCode, rendered.toString());
    job = StrictKubernetesYaml.read(rendered.file("job.yaml"), Job.class);
    configMap = StrictKubernetesYaml.read(rendered.file("configmap.yaml"), ConfigMap.class);
    secret = StrictKubernetesYaml.read(rendered.file("secret.yaml"), Secret.class);
    claim = StrictKubernetesYaml.read(rendered.file("pvc.yaml"), PersistentVolumeClaim.class);
  }

  private static Container container() {
    List<Container> containers = job.getSpec().getTemplate().getSpec().getContainers();
    assertEquals(1, containers.size());
    return containers.get(0);
  }

  /** @return the value of each {@code -p name=value} of the container's arguments, in order */
  private static List<String> propertyArgs(String name) {
    return Rendered.propertyArgs(container().getArgs(), name);
  }

  @Test
  void writesTheFourManifestsAndTheCollectScript() {
    assertEquals(List.of("collect.sh", "configmap.yaml", "job.yaml", "pvc.yaml", "secret.yaml", "service.yaml"),
        new ArrayList<>(rendered.files.keySet()));
    assertTrue(rendered.out.contains("kubectl apply -f " + tmp.resolve("manifests")), rendered.out);
    assertTrue(rendered.out.contains("kubectl wait --for=condition=complete --timeout=24h job/ycsb-run-redis"),
        rendered.out);
    assertTrue(rendered.out.contains("collect.sh"), rendered.out);
    assertEquals("", rendered.err);
  }

  @Test
  void isAnIndexedJobOfFourPodsThatRunOnce() {
    assertEquals("batch/v1", job.getApiVersion());
    assertEquals("Job", job.getKind());
    assertEquals("ycsb-run-redis", job.getMetadata().getName());
    assertEquals("Indexed", job.getSpec().getCompletionMode());
    assertEquals(4, job.getSpec().getCompletions());
    assertEquals(4, job.getSpec().getParallelism());
    assertEquals(0, job.getSpec().getBackoffLimit());
    assertEquals("Never", job.getSpec().getTemplate().getSpec().getRestartPolicy());
    assertEquals("registry.example/ycsb:1.0.0", container().getImage());
    assertEquals(List.of("bin/ycsb"), container().getCommand());
    assertEquals(List.of("run", "redis"), container().getArgs().subList(0, 2));
  }

  @Test
  void argumentsMapTheCompletionIndexToTheClientId() {
    assertEquals(List.of("$(JOB_COMPLETION_INDEX)"), propertyArgs("clientid"));
    assertEquals(List.of("4"), propertyArgs("clientcount"));
    // no start instant is baked in: the pods meet at pod 0's barrier, whenever the manifests are applied
    assertEquals(List.of(), propertyArgs("starttime"));
    assertEquals(List.of("ycsb-run-redis-0.ycsb-run-redis-pods:7070"), propertyArgs("startbarrier"));
    assertEquals(List.of("900.0"), propertyArgs("startbarrier.timeout"));
    assertEquals(List.of("3000"), propertyArgs("startbarrier.margin"));
    assertEquals(List.of(), propertyArgs("startbarrier.skipunready"));
    assertEquals(List.of("/results/ycsb-run-redis/client-$(JOB_COMPLETION_INDEX)"), propertyArgs("resultsdir"));
    // Kubernetes expands $(VAR) only for variables the container has: JOB_COMPLETION_INDEX is
    // added by the Job controller, so the manifest must not define it itself
    assertTrue(container().getEnv().stream().noneMatch(e -> e.getName().equals("JOB_COMPLETION_INDEX")));
  }

  @Test
  void aHeadlessServiceGivesPodZeroTheNameTheOthersReachItsBarrierBy() throws IOException {
    Service service = StrictKubernetesYaml.read(rendered.file("service.yaml"), Service.class);
    assertEquals("ycsb-run-redis-pods", service.getMetadata().getName());
    assertEquals("None", service.getSpec().getClusterIP());
    assertTrue(service.getSpec().getPublishNotReadyAddresses(), "names exist while the pods are starting");
    assertEquals(7070, service.getSpec().getPorts().get(0).getPort());
    // the Service selects exactly the Job's pods, and the pods are in its subdomain
    assertEquals(job.getSpec().getTemplate().getMetadata().getLabels(), service.getSpec().getSelector());
    assertEquals("ycsb-run-redis-pods", job.getSpec().getTemplate().getSpec().getSubdomain());
    // pod 0's hostname in an Indexed Job is <job>-0: the address every pod is given
    assertTrue(propertyArgs("startbarrier").get(0).startsWith(job.getMetadata().getName() + "-0."
        + service.getMetadata().getName() + ":"));
  }

  @Test
  void theConfigMapHoldsTheWorkloadAndTheProperties() throws IOException {
    assertEquals("v1", configMap.getApiVersion());
    assertEquals("ConfigMap", configMap.getKind());
    String workloadFile = Files.readString(Path.of(WORKLOAD), StandardCharsets.ISO_8859_1);
    assertTrue(configMap.getData().get("workload").contains(workloadFile), configMap.getData().get("workload"));
    Properties workload = load(configMap.getData().get("workload"));
    assertEquals("0.5", workload.getProperty("readproportion"));
    Properties props = load(configMap.getData().get("properties"));
    assertEquals("redis.bench.svc", props.getProperty("redis.host"));
    assertEquals("50000", props.getProperty("operationcount"));
    assertEquals("16", props.getProperty("threadcount"));
    assertEquals("2000", props.getProperty("target"));
    assertFalse(props.containsKey("redis.password"));

    List<String> args = container().getArgs();
    assertEquals(List.of("-P", "/config/workload", "-P", "/config/properties"), args.subList(2, 6));
    VolumeMount mount = container().getVolumeMounts().stream()
        .filter(m -> m.getMountPath().equals("/config")).findFirst().orElseThrow();
    Volume volume = volume(mount.getName());
    assertEquals(configMap.getMetadata().getName(), volume.getConfigMap().getName());
  }

  @Test
  void thePasswordComesFromTheSecretThroughAnEnvironmentVariable() {
    assertEquals("v1", secret.getApiVersion());
    assertEquals("Secret", secret.getKind());
    assertEquals(PASSWORD, secretValue("redis.password"));

    List<String> passwordArgs = propertyArgs("redis.password");
    assertEquals(1, passwordArgs.size(), container().getArgs().toString());
    String reference = passwordArgs.get(0);
    assertTrue(reference.matches("\\$\\([A-Z_][A-Z0-9_]*\\)"), reference);
    String variable = reference.substring(2, reference.length() - 1);
    EnvVar env = container().getEnv().stream().filter(e -> e.getName().equals(variable)).findFirst()
        .orElseThrow(() -> new AssertionError("no environment variable " + variable));
    assertEquals(null, env.getValue(), "the value must come from the Secret, never inline");
    SecretKeySelector ref = env.getValueFrom().getSecretKeyRef();
    assertEquals(secret.getMetadata().getName(), ref.getName());
    assertEquals("redis.password", ref.getKey());
  }

  @Test
  void thePasswordIsInNoOtherFileNorInWhatWasPrinted() {
    rendered.files.forEach((name, text) -> {
      if (!name.equals("secret.yaml")) {
        assertFalse(text.contains(PASSWORD), name + " holds the password");
      }
    });
    assertTrue(rendered.file("secret.yaml").contains(PASSWORD));
    assertFalse(rendered.out.contains(PASSWORD), rendered.out);
    assertFalse(rendered.err.contains(PASSWORD), rendered.err);
  }

  @Test
  void theResultsVolumeIsASharedClaimMountedByEveryPod() throws IOException {
    assertEquals("PersistentVolumeClaim", claim.getKind());
    assertEquals("ycsb-run-redis-results", claim.getMetadata().getName());
    assertEquals(List.of("ReadWriteMany"), claim.getSpec().getAccessModes());
    assertEquals("1Gi", claim.getSpec().getResources().getRequests().get("storage").toString());
    VolumeMount mount = container().getVolumeMounts().stream()
        .filter(m -> m.getMountPath().equals("/results")).findFirst().orElseThrow();
    assertEquals(claim.getMetadata().getName(), volume(mount.getName()).getPersistentVolumeClaim().getClaimName());

    Pod collect = StrictKubernetesYaml.read(rendered.collectPodYaml(), Pod.class);
    PodSpec spec = collect.getSpec();
    assertEquals(claim.getMetadata().getName(), spec.getVolumes().get(0).getPersistentVolumeClaim().getClaimName());
    assertEquals("/results", spec.getContainers().get(0).getVolumeMounts().get(0).getMountPath());
    String script = rendered.file("collect.sh");
    assertTrue(script.contains("cp \"$pod:/results/ycsb-run-redis/client-$i\""), script);
    assertTrue(script.contains("merge $partial"), script);
    assertTrue(script.contains("delete pod \"$pod\""), script);
  }

  @Test
  void theCollectScriptIsValidShell() throws Exception {
    Process p = new ProcessBuilder("sh", "-n", tmp.resolve("manifests/collect.sh").toString())
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), output);
  }

  @Test
  void aMisspeltFieldFailsTheStrictReading() {
    String misspelt = rendered.file("job.yaml").replace("completionMode:", "completionMod:");
    AssertionError e = assertThrows(AssertionError.class, () -> StrictKubernetesYaml.read(misspelt, Job.class));
    assertTrue(e.getMessage().contains("completionMod"), e.getMessage());
    String deep = rendered.file("job.yaml").replace("secretKeyRef:", "secretKeyRf:");
    assertThrows(AssertionError.class, () -> StrictKubernetesYaml.read(deep, Job.class));
    String wrongType = rendered.file("job.yaml").replace("completions: 4", "completions: '4'");
    assertThrows(IOException.class, () -> StrictKubernetesYaml.read(wrongType, Job.class));
  }

  @Test
  void secretsInWorkloadFilesAndUrlsMoveToTheSecret() throws IOException {
    Path workload = tmp.resolve("workload-with-secret");
    Files.write(workload, ("# the database\nrecordcount=10\ndb.passwd=file-Pa55\nfieldnameprefix=f\u00e9\n")
        .getBytes(StandardCharsets.ISO_8859_1));
    Rendered r = Rendered.of(tmp.resolve("with-secrets"), "load", "jdbc", "-P", workload.toString(),
        "-p", "db.url=jdbc:postgresql://bench:url-Pa55@db.example/ycsb", "--clients", "2", "--image", "ycsb:1",
        "--name", "pg-load");
    assertEquals(0, r.exitCode, r.toString());
    for (String value : List.of("file-Pa55", "url-Pa55")) {
      r.files.forEach((name, text) -> assertEquals(name.equals("secret.yaml"), text.contains(value), name + ": " + value));
      assertFalse(r.out.contains(value) || r.err.contains(value), r.toString());
    }
    Secret s = StrictKubernetesYaml.read(r.file("secret.yaml"), Secret.class);
    assertEquals(List.of("db.passwd", "db.url"), new ArrayList<>(s.getStringData().keySet()));
    ConfigMap c = StrictKubernetesYaml.read(r.file("configmap.yaml"), ConfigMap.class);
    // the client reads /config/workload as ISO-8859-1 from the UTF-8 ConfigMap: still the same value
    Properties p = new Properties();
    p.load(new java.io.ByteArrayInputStream(c.getData().get("workload").getBytes(StandardCharsets.UTF_8)));
    assertEquals("f\u00e9", p.getProperty("fieldnameprefix"));
    assertEquals("10", p.getProperty("recordcount"));
    assertFalse(p.containsKey("db.passwd"));
    Job j = StrictKubernetesYaml.read(r.file("job.yaml"), Job.class);
    Container ct = j.getSpec().getTemplate().getSpec().getContainers().get(0);
    Map<String, String> envKeys = ct.getEnv().stream()
        .collect(Collectors.toMap(EnvVar::getName, e -> e.getValueFrom().getSecretKeyRef().getKey()));
    assertEquals(Map.of("YCSB_DB_PASSWD", "db.passwd", "YCSB_DB_URL", "db.url"), envKeys);
    assertTrue(ct.getArgs().containsAll(List.of("db.passwd=$(YCSB_DB_PASSWD)", "db.url=$(YCSB_DB_URL)")), ct.getArgs()
        .toString());
  }

  @Test
  void aWorkloadFileSavedWithAByteOrderMarkAndWindowsLineEndsIsReadAsTheClientReadsIt() throws IOException {
    Path workload = tmp.resolve("workload-from-windows");
    byte[] text = "db.passwd=bom-Pa55 \r\nrecordcount=10  \r\n".getBytes(StandardCharsets.UTF_8);
    byte[] saved = new byte[text.length + 3];
    saved[0] = (byte) 0xEF;
    saved[1] = (byte) 0xBB;
    saved[2] = (byte) 0xBF;
    System.arraycopy(text, 0, saved, 3, text.length);
    Files.write(workload, saved);
    Rendered r = Rendered.of(tmp.resolve("from-windows"), "load", "jdbc", "-P", workload.toString(),
        "--clients", "2", "--image", "ycsb:1", "--name", "bom-load");
    assertEquals(0, r.exitCode, r.toString());
    r.files.forEach((name, t) -> assertEquals(name.equals("secret.yaml"), t.contains("bom-Pa55"), name));
    Secret s = StrictKubernetesYaml.read(r.file("secret.yaml"), Secret.class);
    assertEquals(List.of("db.passwd"), new ArrayList<>(s.getStringData().keySet()));
    assertEquals("bom-Pa55", s.getStringData().get("db.passwd"));
  }

  @Test
  void warnsWithoutShowingTheValueWhenASecretAlsoSitsInAComment() throws IOException {
    Path workload = tmp.resolve("workload-with-comment");
    Files.writeString(workload, "# old password: comment-Pa55\nrecordcount=10\n");
    Path dir = Files.createDirectories(tmp.resolve("commented"));
    Files.writeString(dir.resolve("namespace.yaml"), "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: bench\n");
    Rendered r = Rendered.of(dir, "run", "redis", "-P", workload.toString(), "-p", "redis.password=comment-Pa55",
        "--clients", "2", "--image", "ycsb:1");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.err.contains("WARNING: the value of secret property redis.password also appears in configmap.yaml"),
        r.err);
    assertTrue(r.err.contains("namespace.yaml is not one of these manifests"), r.err);
    assertFalse(r.err.contains("comment-Pa55") || r.out.contains("comment-Pa55"), r.toString());
  }

  private static Volume volume(String name) {
    return job.getSpec().getTemplate().getSpec().getVolumes().stream()
        .filter(v -> v.getName().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no volume " + name));
  }

  /** The Secret's value of {@code key}, from stringData or (base64) data. */
  private static String secretValue(String key) {
    if (secret.getStringData() != null && secret.getStringData().containsKey(key)) {
      return secret.getStringData().get(key);
    }
    assertNotNull(secret.getData(), "the Secret has neither stringData nor data");
    return new String(Base64.getDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
  }

  private static Properties load(String text) throws IOException {
    Properties p = new Properties();
    p.load(new StringReader(text));
    return p;
  }
}
