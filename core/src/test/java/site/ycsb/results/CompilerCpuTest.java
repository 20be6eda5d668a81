package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerCpuTest {
  /** One task folder as Linux shows it: the name, and stat with utime and stime in ticks. */
  private static void task(Path tasks, int tid, String name, long utime, long stime) throws IOException {
    Path t = Files.createDirectories(tasks.resolve(Integer.toString(tid)));
    Files.writeString(t.resolve("comm"), name + "\n");
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    Files.writeString(t.resolve("stat"), tid + " (" + name + ") S 1 1 1 0 -1 4194560 10 0 0 0 "
        + utime + " " + stime + " 0 0 20 0 30 0 100 0 0\n");
  }

  @Test
  void onlyTheCompilerThreadsTimeIsCounted(@TempDir Path tasks) throws IOException {
    task(tasks, 101, "java", 500, 40);
    task(tasks, 102, "C2 CompilerThre", 250, 12);
    task(tasks, 103, "C1 CompilerThre", 30, 3);
    task(tasks, 104, "ycsb-worker-0", 900, 100);
    // a name with a space and a parenthesis must not shift the fields
    task(tasks, 105, "VM Thread (x)", 77, 7);
    assertEquals((250 + 12 + 30 + 3) * 10_000_000L, CompilerCpu.fromTasks(tasks));
  }

  @Test
  void aThreadThatEndedWhileBeingReadCountsNothing(@TempDir Path tasks) throws IOException {
    task(tasks, 102, "C2 CompilerThre", 10, 0);
    Files.createDirectories(tasks.resolve("103"));
    Files.writeString(tasks.resolve("103").resolve("comm"), "C1 CompilerThre\n");
    assertEquals(10 * 10_000_000L, CompilerCpu.fromTasks(tasks));
  }

  @Test
  void withoutATaskFolderItIsUnknown(@TempDir Path dir) {
    assertEquals(-1, CompilerCpu.fromTasks(dir.resolve("absent")));
  }

  @Test
  void theCompilersAreToldByName() {
    assertTrue(CompilerCpu.isCompiler("C2 CompilerThre"));
    assertTrue(CompilerCpu.isCompiler("JVMCI CompilerT"));
    assertFalse(CompilerCpu.isCompiler("ycsb-worker-0"));
    assertFalse(CompilerCpu.isCompiler("GC Thread#0"));
  }

  @Test
  void thisJvmsCompilersHaveWorkedAlready() {
    // by the time a test runs, the JIT has compiled JUnit's and this module's hot methods
    long nanos = CompilerCpu.nanos();
    assertTrue(nanos >= 0, "known on this platform: " + nanos);
    assertTrue(CompilerCpu.nanos() >= nanos, "never falls while the compiler threads live");
  }
}
