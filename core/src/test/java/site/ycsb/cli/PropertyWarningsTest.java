package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Warnings about property names only where a typo is likely; the property reference per binding. */
class PropertyWarningsTest {
  private static Run runWith(String... props) {
    String[] args = new String[6 + 2 * props.length];
    String[] base = {"run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=10"};
    System.arraycopy(base, 0, args, 0, base.length);
    for (int i = 0; i < props.length; i++) {
      args[base.length + 2 * i] = "-p";
      args[base.length + 2 * i + 1] = props[i];
    }
    return Run.of(args);
  }

  @Test
  void propertiesOfABindingWithoutACatalogPassSilently() {
    Run r = runWith("basicdb.verbose=false", "hosts=10.0.0.1", "cassandra.readconsistencylevel=ONE",
        "mybinding.pool.size=4");
    assertEquals(0, r.exitCode, r.toString());
    assertFalse(r.err.contains("WARNING: property"), r.err);
  }

  @Test
  void aNameCloseToADeclaredOneIsReportedWithTheLikelyIntent() {
    Run r = runWith("basicdb.verbose=false", "recordcont=10");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.err.contains("'recordcont'") && r.err.contains("did you mean 'recordcount'"), r.err);
  }

  @Test
  void anUnknownNameInADeclaredNamespaceIsReported() {
    Run r = runWith("basicdb.verbose=false", "basicdb.nosuchsetting=1");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.err.contains("'basicdb.nosuchsetting'") && r.err.contains("basicdb.*"), r.err);
  }

  @Test
  void propertiesOfAnUnknownBindingIsOneLineAndExitTwo() {
    Run r = Run.of("properties", "nosuchdb");
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals("", r.out);
    assertEquals(1, r.err.lines().count(), r.err);
    // in-process the known bindings are those declared on the classpath: here the engine's own
    assertTrue(r.err.contains("nosuchdb") && r.err.contains("basic"), r.err);
  }

  @Test
  void propertiesOfAKnownBindingPrintsTheEnginesReference() {
    Run r = Run.of("properties", "basic");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.contains("recordcount"), r.out);
    assertTrue(r.out.contains("| `tagcardinality` |"), "the workloads' properties apply to every binding: " + r.out);
  }
}
