package site.ycsb.measurements;

/** The kinds of operation the benchmark measures, with the section names results use. */
public enum Operation {
  READ("READ"),
  UPDATE("UPDATE"),
  INSERT("INSERT"),
  SCAN("SCAN"),
  READ_MODIFY_WRITE("READ-MODIFY-WRITE"),
  DELETE("DELETE"),
  /** Checks of read values against what was written ({@code dataintegrity=true}). */
  VERIFY("VERIFY");

  private static final Operation[] ALL = values();
  private final String label;

  Operation(String label) {
    this.label = label;
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
