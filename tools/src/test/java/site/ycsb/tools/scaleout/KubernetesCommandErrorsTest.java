package site.ycsb.tools.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input to {@code ycsb kubernetes}: one line on stderr naming what is wrong, exit 2, nothing written. */
class KubernetesCommandErrorsTest {
  @TempDir
  Path tmp;

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "run basic -P ../workloads/workloada --clients 4 -p x.password=hunter2 | --image",
      "run basic -P ../workloads/workloada --image ycsb:1 | --clients",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 0 | --clients 0",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients many | --clients many",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 100001 | --clients 100001",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --replicas 4 | --replicas",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --name Bench_1 | --name Bench_1",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --name -x | --name -x",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --start-delay soon | --start-delay soon",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --start-delay 0s | --start-delay 0s",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --start-delay 2m | --start-delay 2m: expected at most 60s",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --ready-timeout 500ms | --ready-timeout 500ms: expected from 1s to 24h",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --ready-timeout 25h | --ready-timeout 25h: expected from 1s to 24h",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --results-size lots | --results-size lots",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --results-claim Res | --results-claim Res",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 -p clientid=1 | clientid",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 -p starttime=0 | starttime",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 -p startbarrier=h:1 | startbarrier",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --ready-timeout ever | --ready-timeout ever",
      "run basic -P no/such/workload --image ycsb:1 --clients 4 | no/such/workload",
      "run -P ../workloads/workloada --image ycsb:1 --clients 4 | binding",
      "shell basic --image ycsb:1 --clients 4 | load|run",
      "run basic --image ycsb:1 --clients | --clients",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --metrics --metrics-port 0 | --metrics-port 0",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --metrics --metrics-port 65536 | --metrics-port 65536",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --metrics --metrics-port http | --metrics-port http",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --metrics --metrics-port -1 | --metrics-port -1",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --metrics --metrics-port 7070 | --metrics-port 7070",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --metrics --metrics-port | --metrics-port",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --metrics-port 9100 | --metrics",
      "run basic -P ../workloads/workloada --image ycsb:1 --clients 4 --metrics -p metrics.port=9100 | metrics.port",
  })
  void badInputIsOneLineAndExitTwo(String commandLine, String mustMention) {
    Path dir = tmp.resolve("out");
    Rendered r = Rendered.of(dir, commandLine.trim().split(" +"));
    assertEquals(2, r.exitCode, r.toString());
    String[] lines = r.err.strip().split("\n");
    assertEquals(1, lines.length, "expected exactly one line on stderr:\n" + r.err);
    assertTrue(lines[0].startsWith("ERROR: "), r.err);
    assertTrue(lines[0].contains(mustMention.trim()), "the message should name " + mustMention + ": " + lines[0]);
    assertFalse(r.err.contains("\tat "), r.err);
    assertFalse(r.err.contains("hunter2"), r.err);
    assertEquals("", r.out);
    assertFalse(Files.exists(dir), "nothing may be written on bad input");
  }

  @Test
  void noOutputFolderIsOneLine() {
    List<String> args = new ArrayList<>(List.of("kubernetes", "run", "basic", "--image", "ycsb:1", "--clients", "2"));
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    int code = site.ycsb.cli.Ycsb.execute(args.toArray(new String[0]), new java.io.PrintStream(new java.io
        .ByteArrayOutputStream()), new java.io.PrintStream(err));
    assertEquals(2, code);
    assertEquals(1, err.toString().strip().split("\n").length, err.toString());
    assertTrue(err.toString().contains("-o DIR"), err.toString());
  }

  @Test
  void helpIsPrintedOnStdout() {
    Rendered r = Rendered.of(tmp.resolve("unused"), "--help");
    // -o DIR follows --help here and is ignored
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.startsWith("usage: ycsb kubernetes"), r.out);
    assertTrue(Arrays.stream(r.out.split("\n")).anyMatch(l -> l.contains("--clients N --image IMAGE")), r.out);
    assertTrue(r.out.contains("[--metrics] [--metrics-port PORT]"), r.out);
    assertTrue(r.out.contains("(9464)"), "the default port: " + r.out);
  }

  @Test
  void aBadMetricsPortSaysWhatWasExpected() {
    Rendered r = Rendered.of(tmp.resolve("out"), "run", "basic", "-P", "../workloads/workloada", "--image", "ycsb:1",
        "--clients", "2", "--metrics", "--metrics-port", "99999");
    assertEquals(2, r.exitCode, r.toString());
    assertEquals("ERROR: --metrics-port 99999: expected a port number between 1 and 65535 (default 9464)",
        r.err.strip());
  }
}
