package site.ycsb.tools.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Ycsb;

/**
 * What Kubernetes would do with the manifests, without a cluster: the ConfigMap's items become
 * files, each pod's arguments are expanded as the kubelet expands {@code $(VAR)} (the completion
 * index, the Secret's value), the four clients run here as pods would start them (seconds apart,
 * the last 5 s late, five times the start delay, on cores kept busy), meet at pod 0's start barrier
 * and start together; collect.sh, with a stand-in for kubectl, copies their folders out and merges
 * them.
 */
class KubernetesClientsTest {
  private static final String PASSWORD = "pod-s3cret-99";
  private static final int CLIENTS = 4;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path tmp;

  @Test
  void fourPodsAreFourDistinctClientsWhoseResultsAreCollectedAndMerged() throws Exception {
    Rendered r = Rendered.of(tmp.resolve("manifests"), "run", "basic", "-P", "../workloads/workloada",
        "-p", "operationcount=200", "-p", "basicdb.verbose=false", "-p", "basicdb.password=" + PASSWORD,
        "-p", "measure.jvm=false", "--clients", Integer.toString(CLIENTS), "--image", "ycsb:test",
        "--start-delay", "1s", "--name", "four");
    assertEquals(0, r.exitCode, r.toString());
    Job job = StrictKubernetesYaml.read(r.file("job.yaml"), Job.class);
    ConfigMap configMap = StrictKubernetesYaml.read(r.file("configmap.yaml"), ConfigMap.class);
    Secret secret = StrictKubernetesYaml.read(r.file("secret.yaml"), Secret.class);
    Container container = job.getSpec().getTemplate().getSpec().getContainers().get(0);

    // the kubelet: ConfigMap items as files under the mount, the results claim as a folder
    Path config = Files.createDirectories(tmp.resolve("volumes/config"));
    configMap.getData().forEach((k, v) -> write(config.resolve(k), v));
    Path volume = Files.createDirectories(tmp.resolve("volumes/claim"));
    // the cluster's DNS: pod 0's name, given by the headless Service, is this machine here
    String barrier = KubernetesManifests.BARRIER_PORT + "";
    String localBarrier = "127.0.0.1:" + freePort();

    List<List<String>> pods = new ArrayList<>();
    Set<String> resultsDirs = new HashSet<>();
    for (int index = 0; index < job.getSpec().getCompletions(); index++) {
      Map<String, String> env = new HashMap<>();
      env.put("JOB_COMPLETION_INDEX", Integer.toString(index));
      for (EnvVar e : container.getEnv()) {
        env.put(e.getName(), secret.getStringData().get(e.getValueFrom().getSecretKeyRef().getKey()));
      }
      List<String> args = new ArrayList<>();
      for (String a : container.getArgs()) {
        String expanded = expand(a, env);
        assertFalse(expanded.contains("$("), "unresolved reference in " + a);
        args.add(expanded.replace("/config/", config + "/").replace("=/results/", "=" + volume + "/")
            .replace("=four-0.four-pods:" + barrier, "=" + localBarrier));
      }
      Map<String, String> p = properties(args);
      assertEquals(Integer.toString(index), p.get("clientid"), args.toString());
      assertEquals(Integer.toString(CLIENTS), p.get("clientcount"));
      assertEquals(PASSWORD, p.get("basicdb.password"));
      assertTrue(resultsDirs.add(p.get("resultsdir")), "results folders must differ: " + p.get("resultsdir"));
      pods.add(args);
    }
    assertEquals(CLIENTS, pods.size());

    // the pods as a busy cluster starts them: pod 0 (the barrier) 3 s late, pod 3 5 s late; each
    // waits in real time, as pods in a cluster do
    long[] podDelays = {3000, 0, 1000, 5000};
    ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
    List<Future<String[]>> runs = new ArrayList<>();
    long lastPodStarts = System.currentTimeMillis() + podDelays[3];
    try (BusyCores busy = new BusyCores()) {
      for (int i = 0; i < CLIENTS; i++) {
        List<String> args = pods.get(i);
        long delay = podDelays[i];
        runs.add(pool.submit(() -> {
          Thread.sleep(delay);
          return run(args);
        }));
      }
      for (Future<String[]> f : runs) {
        f.get();
      }
    }
    for (int i = 0; i < CLIENTS; i++) {
      String[] outcome = runs.get(i).get();
      assertEquals("0", outcome[0], "client " + i + ":\n" + outcome[1] + "\n" + outcome[2]);
      assertFalse(outcome[1].contains(PASSWORD) || outcome[2].contains(PASSWORD), "client " + i + " printed it");
      Path folder = volume.resolve("four/client-" + i);
      JsonNode summary = JSON.readTree(folder.resolve("summary.json").toFile());
      assertEquals(i, summary.path("clientid").asInt(), summary.toString());
      assertEquals(CLIENTS, summary.path("clientcount").asInt());
      assertTrue(summary.path("window").path("startEpochMillis").asLong() >= lastPodStarts,
          "client " + i + " started before the last pod: " + summary);
      assertFalse(Files.readString(folder.resolve("properties.txt")).contains(PASSWORD));
    }
    pool.shutdown();

    Path out = tmp.resolve("work/collected");
    String[] collect = collect(r, volume.getParent(), tmp.resolve("work"));
    assertEquals("0", collect[0], collect[1]);
    for (int i = 0; i < CLIENTS; i++) {
      assertTrue(Files.exists(out.resolve("client-" + i + "/summary.json")), collect[1]);
    }
    JsonNode merged = JSON.readTree(out.resolve("merged/summary.json").toFile());
    assertEquals(CLIENTS * 200, merged.path("operations").asLong(), merged.toString());
    String mergedSummary = Files.readString(out.resolve("merged/summary.txt"));
    long spread = Long.parseLong(mergedSummary.lines().filter(l -> l.startsWith("[CLIENTS], StartSpread(ms), "))
        .findFirst().orElseThrow().substring("[CLIENTS], StartSpread(ms), ".length()).trim());
    // every pod starts at the one instant pod 0 told; within the 1 s start delay, while pods that
    // started on their own, when each was ready, would start seconds apart
    assertTrue(spread < 1000, "the pods started " + spread + " ms apart:\n" + mergedSummary);
    String kubectlCalls = Files.readString(tmp.resolve("volumes/kubectl.log"));
    assertTrue(kubectlCalls.contains("delete pod four-collect"), kubectlCalls);
    Pod collectPod = StrictKubernetesYaml.read(Files.readString(tmp.resolve("volumes/applied.yaml")), Pod.class);
    assertEquals("four-collect", collectPod.getMetadata().getName());
  }

  private static int freePort() throws java.io.IOException {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** Other work on the machine: one spinning thread per core while the pods start and run. */
  private static final class BusyCores implements AutoCloseable {
    private final ExecutorService spinners = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    private volatile boolean spinning = true;

    BusyCores() {
      for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
        spinners.submit(() -> {
          long x = 0;
          while (spinning) {
            x += System.nanoTime() % 7;
          }
          return x;
        });
      }
    }

    @Override
    public void close() {
      spinning = false;
      spinners.shutdown();
    }
  }

  /** Kubernetes' expansion of container arguments: {@code $(VAR)} when VAR is defined, {@code $$} is {@code $}. */
  static String expand(String s, Map<String, String> env) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '$') {
        b.append('$');
        i++;
        continue;
      }
      if (c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '(') {
        int close = s.indexOf(')', i + 2);
        if (close > 0 && env.containsKey(s.substring(i + 2, close))) {
          b.append(env.get(s.substring(i + 2, close)));
          i = close;
          continue;
        }
      }
      b.append(c);
    }
    return b.toString();
  }

  /** The {@code -p name=value} arguments; a later one wins, as on the command line. */
  private static Map<String, String> properties(List<String> args) {
    Map<String, String> p = new HashMap<>();
    for (int i = 0; i + 1 < args.size(); i++) {
      if ("-p".equals(args.get(i))) {
        String[] kv = args.get(i + 1).split("=", 2);
        p.put(kv[0], kv[1]);
      }
    }
    return p;
  }

  private static String[] run(List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Ycsb.execute(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8)};
  }

  /**
   * Runs collect.sh with a kubectl that answers from {@code root} (root/claim stands for the
   * volume) and the ycsb command line of this test's class path.
   */
  private static String[] collect(Rendered r, Path root, Path workDir) throws Exception {
    Files.createDirectories(workDir);
    Path kubectl = root.resolve("kubectl");
    write(kubectl, String.join("\n",
        "#!/bin/sh",
        "echo \"$*\" >> \"$FAKE_ROOT/kubectl.log\"",
        "while [ \"$1\" = -n ]; do shift 2; done",
        "case \"$1\" in",
        "  get) echo 'SuccessCriteriaMet Complete ' ;;",
        "  apply) cat > \"$FAKE_ROOT/applied.yaml\" ;;",
        "  wait|delete) ;;",
        // exec POD -- test -d /results/...
        "  exec) test \"$5\" \"$FAKE_ROOT/claim${6#/results}\" ;;",
        // cp POD:/results/... DEST
        "  cp) src=${2#*:}; cp -R \"$FAKE_ROOT/claim${src#/results}\" \"$3\" ;;",
        "  *) echo \"unexpected kubectl $*\" >&2; exit 1 ;;",
        "esac",
        ""));
    Path ycsb = root.resolve("ycsb");
    write(ycsb, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' -cp '"
        + System.getProperty("java.class.path") + "' site.ycsb.cli.Ycsb \"$@\"\n");
    for (Path p : List.of(kubectl, ycsb)) {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    ProcessBuilder pb = new ProcessBuilder("sh", r.collectScriptPath().toString(), "collected")
        .directory(workDir.toFile()).redirectErrorStream(true);
    pb.environment().put("KUBECTL", kubectl.toString());
    pb.environment().put("YCSB", ycsb.toString());
    pb.environment().put("FAKE_ROOT", root.toString());
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new String[] {Integer.toString(p.waitFor()), output};
  }

  private static void write(Path p, String text) {
    try {
      Files.writeString(p, text, StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
