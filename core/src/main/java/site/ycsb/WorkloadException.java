package site.ycsb;

/** Thrown by a workload whose properties are invalid or that cannot continue. */
public class WorkloadException extends Exception {
  private static final long serialVersionUID = 8844396756042772132L;

  /** @param message what went wrong */
  public WorkloadException(String message) {
    super(message);
  }

  /** Creates an exception without a message. */
  public WorkloadException() {
    super();
  }

  /**
   * @param message what went wrong
   * @param cause the underlying error
   */
  public WorkloadException(String message, Throwable cause) {
    super(message, cause);
  }

  /** @param cause the underlying error */
  public WorkloadException(Throwable cause) {
    super(cause);
  }
}
