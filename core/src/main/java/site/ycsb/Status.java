package site.ycsb;

/**
 * The outcome of one database operation: a short name (printed as {@code Return=NAME}) and a
 * description. Two statuses are equal when their names and descriptions are equal, so a binding
 * may create its own statuses next to the predefined ones.
 */
public class Status {
  private final String name;
  private final String description;

  /**
   * Creates a status.
   *
   * @param name the short name printed in results, e.g. {@code OK}
   * @param description a human-readable description
   */
  public Status(String name, String description) {
    this.name = name;
    this.description = description;
  }

  /** @return the short name printed in results */
  public String getName() {
    return name;
  }

  /** @return the human-readable description */
  public String getDescription() {
    return description;
  }

  /**
   * Whether the operation succeeded. Only successful operations go into the success latency and
   * throughput figures; all others are reported in the {@code -FAILED} sections.
   *
   * @return true for {@link #OK} and {@link #BATCHED_OK}
   */
  public boolean isOk() {
    return this == OK || this == BATCHED_OK || OK.equals(this) || BATCHED_OK.equals(this);
  }

  @Override
  public String toString() {
    return "Status [name=" + name + ", description=" + description + "]";
  }

  @Override
  public int hashCode() {
    return 31 * (name == null ? 0 : name.hashCode()) + (description == null ? 0 : description.hashCode());
  }

  @Override
  public boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    if (!(obj instanceof Status)) {
      return false;
    }
    Status other = (Status) obj;
    return java.util.Objects.equals(name, other.name) && java.util.Objects.equals(description, other.description);
  }

  public static final Status OK = new Status("OK", "The operation completed successfully.");
  public static final Status ERROR = new Status("ERROR", "The operation failed.");
  public static final Status NOT_FOUND = new Status("NOT_FOUND", "The requested record was not found.");
  public static final Status NOT_IMPLEMENTED = new Status("NOT_IMPLEMENTED", "The operation is not implemented for the current binding.");
  public static final Status UNEXPECTED_STATE = new Status("UNEXPECTED_STATE", "The operation reported success, but the result was not as expected.");
  public static final Status BAD_REQUEST = new Status("BAD_REQUEST", "The request was not valid.");
  public static final Status FORBIDDEN = new Status("FORBIDDEN", "The operation is forbidden.");
  public static final Status SERVICE_UNAVAILABLE = new Status("SERVICE_UNAVAILABLE", "Dependant service for the current binding is not available.");
  public static final Status BATCHED_OK = new Status("BATCHED_OK", "The operation has been batched by the binding to be executed later.");
  /** The driver gave up waiting for the database; a timeout never silently caps latency. */
  public static final Status TIMEOUT = new Status("TIMEOUT", "The operation timed out.");
  /**
   * The database aborted the transaction (a serialization failure, a deadlock, a watched key that
   * changed, a condition not met) and applied none of it: it may be made again ({@link TransactionalDB}).
   */
  public static final Status ABORTED = new Status("ABORTED", "The database aborted the transaction; none of it was applied.");

  /**
   * @param cause why the database aborted the transaction, in a few words ("serialization failure",
   *     "deadlock"): the {@code [TRANSACTIONS]} section counts the aborts by it
   * @return a status that is {@link #isAborted()}, its description the cause
   */
  public static Status aborted(String cause) {
    return new Status(ABORTED.getName(), cause);
  }

  /** @return whether this is an aborted transaction's status ({@link #ABORTED}, {@link #aborted(String)}) */
  public boolean isAborted() {
    return ABORTED.getName().equals(name);
  }
}
