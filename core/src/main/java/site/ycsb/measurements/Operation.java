package site.ycsb.measurements;

/**
 * The kinds of operation the benchmark measures, with the section names results use. The last
 * two are not database calls but figures of the throttle's schedule, kept here so that they
 * travel through the same recorders, summaries, time series and merges.
 */
public enum Operation {
  READ("READ", true),
  UPDATE("UPDATE", true),
  INSERT("INSERT", true),
  SCAN("SCAN", true),
  READ_MODIFY_WRITE("READ-MODIFY-WRITE", false),
  DELETE("DELETE", true),
  /** A transaction that writes ({@link site.ycsb.TransactionalDB}): a closed economy's transfer. */
  TRANSFER("TRANSFER", true),
  /** A transaction that only reads: a closed economy's audit of every account. */
  AUDIT("AUDIT", true),
  /** Checks of read values against what was written ({@code dataintegrity=true}). */
  VERIFY("VERIFY", false),
  /**
   * A read that returned an older write than one acknowledged before it started
   * ({@code durability=true}); its latency is how long before the read the missed write was made.
   */
  STALE_READ("STALE-READ", false),
  /**
   * Scheduled operations due before the end of the window that did not complete inside it (not
   * started, skipped by the windowed throttle, or still running): recorded under
   * {@link Outcome#INTENDED} at a lower bound of their latency.
   */
  UNFINISHED("UNFINISHED", false),
  /**
   * How late each throttled operation started against its intended start: the client's own
   * scheduling delay, recorded under {@link Outcome#OK}.
   */
  START_LAG("START-LAG", false);

  private static final Operation[] ALL = values();
  private final String label;
  private final boolean call;

  Operation(String label, boolean call) {
    this.label = label;
    this.call = call;
  }

  /** @return whether the bytes of this call's values were written (update, insert) */
  public boolean writes() {
    return this == UPDATE || this == INSERT;
  }

  /** @return whether the bytes of this call's values were read (read, scan) */
  public boolean reads() {
    return this == READ || this == SCAN;
  }

  /** @return whether this is one database call (read, update, insert, scan, delete) */
  public boolean isCall() {
    return call;
  }

  /** @return the section name in results, e.g. {@code READ-MODIFY-WRITE} */
  public String label() {
    return label;
  }

  /** @return every operation, in the order results list them (shared array, do not modify) */
  public static Operation[] all() {
    return ALL;
  }

  /**
   * @param label a section name such as {@code READ-MODIFY-WRITE}
   * @return the operation, or null when the label names none
   */
  public static Operation fromLabel(String label) {
    for (Operation op : ALL) {
      if (op.label.equals(label)) {
        return op;
      }
    }
    return null;
  }
}
