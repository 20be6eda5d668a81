package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upstream's {@code dotransactions} decides the phase: the command word (or {@code -load}/{@code -t})
 * sets it, a later {@code -p dotransactions=...} wins, and {@code site.ycsb.Client} also takes it
 * from a workload file when its command line says nothing.
 */
class PhaseSelectionTest {
  private static final String[] SMALL = {"-P", "../workloads/workloada", "-p", "basicdb.verbose=false",
      "-p", "recordcount=40", "-p", "operationcount=70"};

  private static String[] args(String... head) {
    List<String> all = new ArrayList<>(List.of(head));
    all.addAll(List.of(SMALL));
    return all.toArray(new String[0]);
  }

  private static void assertLoaded(Run r) {
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(40, r.count("INSERT", "Operations"), r.toString());
    assertFalse(r.has("READ", "Operations"), "no transactions: " + r.out);
  }

  private static void assertRan(Run r) {
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(70, r.count("OVERALL", "Operations"), r.toString());
    assertTrue(r.has("READ", "Operations"), r.out);
  }

  @Test
  void runWithDoTransactionsFalseRunsTheLoadAndSaysSo() {
    List<String> a = new ArrayList<>(List.of(args("run", "basic")));
    a.addAll(List.of("-p", "dotransactions=false"));
    Run r = Run.of(a.toArray(new String[0]));
    assertLoaded(r);
    assertTrue(r.err.contains("dotransactions=false") && r.err.contains("load phase"), r.err);
  }

  @Test
  void loadWithDoTransactionsTrueRunsTheTransactions() {
    List<String> a = new ArrayList<>(List.of(args("load", "basic")));
    a.addAll(List.of("-p", "dotransactions=true"));
    assertRan(Run.of(a.toArray(new String[0])));
  }

  @Test
  void theClientsFlagsAndPropertyCountInTheOrderGiven() {
    String db = "site.ycsb.BasicDB";
    assertLoaded(Run.client(args("-db", db, "-load")));
    assertRan(Run.client(args("-db", db, "-t")));
    assertRan(Run.client(args("-db", db)));
    assertLoaded(Run.client(args("-db", db, "-t", "-p", "dotransactions=false")));
    assertRan(Run.client(args("-db", db, "-p", "dotransactions=false", "-t")));
  }

  @Test
  void aWorkloadFileDecidesForTheClientOnlyWhenItsCommandLineDoesNot(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("loadonly");
    Files.writeString(file, "dotransactions=false\n");
    assertLoaded(Run.client(args("-db", "site.ycsb.BasicDB", "-P", file.toString())));
    Run run = Run.of(args("run", "basic", "-P", file.toString()));
    assertRan(run);
    assertTrue(run.err.contains("-p dotransactions=false"), "says how to change the phase: " + run.err);
  }

  @Test
  void aValueOtherThanTrueOrFalseIsOneLine() {
    List<String> a = new ArrayList<>(List.of(args("run", "basic")));
    a.addAll(List.of("-p", "dotransactions=yes"));
    Run r = Run.of(a.toArray(new String[0]));
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(1, r.err.lines().count(), r.err);
    assertTrue(r.err.contains("dotransactions=yes") && r.err.contains("true or false"), r.err);
  }

  @Test
  void theClientWithoutArgumentsPrintsItsUsageOnStderrAndExitsTwo() {
    Run r = Run.client();
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals("", r.out);
    for (String option : List.of("-load", "-t ", "-db", "-P", "-p", "-threads", "-target", "-s ", "-l ")) {
      assertTrue(r.err.contains("\n  " + option), option + " missing from the usage:\n" + r.err);
    }
    assertFalse(r.err.contains("recordcount"), "no property error instead of the usage: " + r.err);
  }
}
