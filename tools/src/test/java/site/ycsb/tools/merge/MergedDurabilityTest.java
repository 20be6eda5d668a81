package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.durability.LosesEveryWriteDB;

/**
 * Two clients with durability=true each judge and verify their own writes; their {@code [DURABILITY]}
 * sections merge to the sums, the verification time to the longest, and their stale reads to one
 * {@code [STALE-READ]} section.
 */
class MergedDurabilityTest {
  @TempDir
  Path tmp;

  private static Run client(Path dir, int id) {
    Run r = Run.of("run", "-db", LosesEveryWriteDB.class.getName(), "-P", "../workloads/workloada",
        "-p", "recordcount=100", "-p", "operationcount=3000",
        "-p", "clientcount=2", "-p", "clientid=" + id, "-p", "durability=true", "-p", "resultsdir=" + dir);
    assertEquals(0, r.exitCode, r.toString());
    return r;
  }

  @Test
  void theClientsDurabilitySectionsAddUp() {
    Run a = client(tmp.resolve("a"), 0);
    Run b = client(tmp.resolve("b"), 1);
    Run merged = Run.of("merge", tmp.resolve("a").toString(), tmp.resolve("b").toString(),
        "-o", tmp.resolve("merged").toString());
    assertEquals(0, merged.exitCode, merged.toString());
    for (String metric : new String[] {"WritesAcknowledged", "KeysWritten", "KeysVerified", "LostWrites",
        "UnverifiedKeys", "ReadsJudged", "StaleReads"}) {
      assertEquals(a.count("DURABILITY", metric) + b.count("DURABILITY", metric),
          merged.count("DURABILITY", metric), metric + "\n" + merged);
    }
    assertEquals(Math.max(a.count("DURABILITY", "VerificationTime(ms)"), b.count("DURABILITY", "VerificationTime(ms)")),
        merged.count("DURABILITY", "VerificationTime(ms)"), merged.toString());
    // the store keeps nothing: every read of a key written is stale, every write lost
    assertTrue(a.count("DURABILITY", "StaleReads") > 0, a.toString());
    assertEquals(a.count("DURABILITY", "KeysWritten"), a.count("DURABILITY", "LostWrites"), a.toString());
    assertEquals(merged.count("DURABILITY", "StaleReads"), merged.count("STALE-READ", "Operations"), merged.toString());
  }
}
