package site.ycsb.results;

import java.util.ArrayList;
import java.util.List;
import site.ycsb.durability.DurabilityTracker;
import site.ycsb.durability.VerificationOutcome;

/** The {@code [DURABILITY]} section of a phase's results. */
public final class DurabilityLines {
  /** The section's name. */
  public static final String SECTION = "DURABILITY";
  /** Metrics that add up over clients; every other one is the slowest client's. */
  public static final List<String> SUMMED = List.of("WritesAcknowledged", "KeysWritten", "KeysVerified",
      "LostWrites", "UnverifiedKeys", "ReadsJudged", "StaleReads");
  /** The metric that is the longest over clients. */
  public static final String VERIFICATION_TIME = "VerificationTime(ms)";

  private DurabilityLines() {
  }

  /**
   * @param tracker what was written and read
   * @param verification what the verification pass found, or null when it did not run
   * @return the section's lines
   */
  public static List<ResultLine> of(DurabilityTracker tracker, VerificationOutcome verification) {
    List<ResultLine> lines = new ArrayList<>();
    lines.add(new ResultLine(SECTION, "WritesAcknowledged", tracker.writesAcknowledged()));
    if (verification != null) {
      lines.add(new ResultLine(SECTION, "KeysWritten", verification.keysWritten()));
      lines.add(new ResultLine(SECTION, "KeysVerified", verification.verified()));
      lines.add(new ResultLine(SECTION, "LostWrites", verification.lost()));
      lines.add(new ResultLine(SECTION, "UnverifiedKeys", verification.unverified()));
    }
    lines.add(new ResultLine(SECTION, "ReadsJudged", tracker.readsJudged()));
    lines.add(new ResultLine(SECTION, "StaleReads", tracker.staleReads()));
    if (verification != null) {
      lines.add(new ResultLine(SECTION, VERIFICATION_TIME, verification.nanos() / 1_000_000L));
    }
    return lines;
  }
}
