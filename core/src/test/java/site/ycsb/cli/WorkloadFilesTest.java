package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every workload file shipped runs its load and run phases, against the simulated database on
 * virtual time: a file with a load profile of a minute (workload_load_shapes) runs its 700
 * operations in a moment instead of the seconds its ramp takes on the wall clock.
 */
class WorkloadFilesTest {
  static Stream<Path> workloadFiles() throws IOException {
    return Files.list(Path.of("../workloads")).filter(p -> p.getFileName().toString().startsWith("workload"))
        .sorted();
  }

  @ParameterizedTest
  @MethodSource("workloadFiles")
  void loadsAndRuns(Path file) {
    Run load = Run.of("load", "simulated", "-P", file.toString(), "-p", "recordcount=500", "-threads", "3");
    assertEquals(0, load.exitCode, load.toString());
    assertEquals(500, load.count("INSERT", "Operations"), load.toString());
    assertEquals(500, load.count("INSERT", "Return=OK"));

    // the simulated database has no transactions: a closed economy makes its reads and writes one by one
    Run run = Run.of("run", "simulated", "-P", file.toString(), "-p", "recordcount=500", "-p", "operationcount=700",
        "-p", "closedeconomy.transactions=false", "-threads", "3");
    assertEquals(0, run.exitCode, run.toString());
    assertEquals(700, run.count("OVERALL", "Operations"), run.toString());
    assertTrue(run.get("OVERALL", "Throughput(ops/sec)") > 0, run.toString());
    // the host's own CPU warning may come on a busy machine, and is right to: any other is unexpected
    assertFalse(run.errWithoutHostWarnings().contains("WARNING"), "unexpected warnings: " + run.err);
  }
}
