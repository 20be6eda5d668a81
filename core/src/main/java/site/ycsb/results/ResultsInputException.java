package site.ycsb.results;

/** A results folder given to merge or compare cannot be used; the message is one line for the user. */
public final class ResultsInputException extends Exception {
  private static final long serialVersionUID = 1L;

  /** @param message what is wrong and what was expected */
  public ResultsInputException(String message) {
    super(message);
  }
}
