package site.ycsb;

/** A binding class that could not be found or created. */
public class UnknownDBException extends Exception {
  private static final long serialVersionUID = 1L;

  public UnknownDBException() {
    super();
  }

  /** @param message what went wrong */
  public UnknownDBException(String message) {
    super(message);
  }

  /**
   * @param message what went wrong
   * @param cause the underlying failure
   */
  public UnknownDBException(String message, Throwable cause) {
    super(message, cause);
  }

  /** @param cause the underlying failure */
  public UnknownDBException(Throwable cause) {
    super(cause);
  }
}
