package site.ycsb.db.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.testsupport.BindingChecks;
import site.ycsb.testsupport.BindingInstances;
import site.ycsb.testsupport.ReadmeCheck;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.YcsbRun;

/**
 * The steps of "Writing a binding" as a test: a module that declares itself (its pom, its
 * property catalog) is found by its short name and runs, with nothing added to the engine.
 */
class ExampleBindingTest {
  private static final class Clients extends BindingInstances<ExampleClient> {
    Clients() {
      super(ExampleClient::new, () -> new String[0]);
    }
  }

  @Test
  void theShortNameTheModuleDeclaresRunsAPhase() {
    YcsbRun load = YcsbRun.execute("load", "example", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=500", "-threads", "4");
    assertEquals(0, load.exitCode(), load.describe());
    assertEquals(500, load.results().getLong("INSERT", "Operations"), load.describe());
    assertEquals(500, load.results().getLong("INSERT", "Return=OK"), load.describe());
  }

  @Test
  void recordsReadBackAndScanInKeyOrder() throws DBException {
    try (Clients clients = new Clients()) {
      ExampleClient a = clients.open();
      ExampleClient b = clients.open();
      assertEquals(Status.OK, a.insert("usertable", "user1", Records.record("user1", 10)));
      BindingChecks.assertReadsBack(a, "usertable", "user1");
      // the second worker sees what the first wrote: one store per process
      assertEquals(Status.OK, b.read("usertable", "user1", null, new java.util.HashMap<>()));
      BindingChecks.assertScansInKeyOrder(b, "scantable");
      assertEquals(1, clients.sharedResources(), "one store for both workers");
    }
  }

  @Test
  void aFullStoreFailsInsertsAndSaysWhyOnce() {
    YcsbRun load = YcsbRun.execute("load", "example", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=300", "-p", "example.maxrecords=100", "-p", "ignoreinserterrors=true");
    assertEquals(1, load.exitCode(), "a load that inserted fewer records than asked: " + load.describe());
    assertTrue(load.err().contains("the load inserted 100 of 300 records"), load.err());
    assertEquals(100, load.results().getLong("INSERT", "Return=OK"), load.describe());
    assertEquals(200, load.results().getLong("INSERT-FAILED", "Return=SERVICE_UNAVAILABLE"), load.describe());
    assertEquals(1, load.err().lines().filter(l -> l.contains("example: insert of")).count(), load.err());
  }

  @Test
  void aRunAgainstTheEmptyStoreSaysTheLoadMayNotHaveRun() {
    // the store lives for one phase: a run on its own finds nothing
    YcsbRun run = YcsbRun.execute("run", "example", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "recordcount=100", "-p", "operationcount=200");
    assertEquals(0, run.exitCode(), run.describe());
    assertEquals(200, run.results().getLong("OVERALL", "Operations"), run.describe());
    assertEquals(1, run.err().lines().filter(l -> l.contains("the store looks empty")).count(), run.err());
  }

  @Test
  void everyPropertyIsInTheReadme() throws IOException {
    assertEquals(List.of(), ReadmeCheck.undocumented(new ExampleProperties(), Path.of("README.md")));
  }

  @Test
  void binYcsbKnowsTheBindingFromTheModulesDeclaration() throws IOException, InterruptedException {
    // an unknown name is refused before anything is built, naming every binding the modules declare
    Process p = new ProcessBuilder("bash", "../bin/ycsb", "run", "nosuchdatabase").redirectErrorStream(true).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bin/ycsb ended");
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(2, p.exitValue(), output);
    assertTrue(output.contains("unknown binding 'nosuchdatabase'") && output.contains("example")
        && output.contains("redis"), output);
  }
}
