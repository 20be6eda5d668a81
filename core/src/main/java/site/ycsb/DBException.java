package site.ycsb;

/** Thrown by a binding when it cannot connect, configure itself or clean up. */
public class DBException extends Exception {
  private static final long serialVersionUID = 6646883591588721475L;

  /** @param message what went wrong */
  public DBException(String message) {
    super(message);
  }

  /** Creates an exception without a message. */
  public DBException() {
    super();
  }

  /**
   * @param message what went wrong
   * @param cause the underlying error
   */
  public DBException(String message, Throwable cause) {
    super(message, cause);
  }

  /** @param cause the underlying error */
  public DBException(Throwable cause) {
    super(cause);
  }
}
