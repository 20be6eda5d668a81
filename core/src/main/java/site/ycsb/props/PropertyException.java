package site.ycsb.props;

/**
 * A property value a user gave that cannot be used. The message is one line naming the property,
 * the value and what was expected; the command line prints it as it is, without a stack trace.
 */
public class PropertyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** @param message one line: property, value, what was expected */
  public PropertyException(String message) {
    super(message);
  }

  /**
   * @param name the property
   * @param value the value given
   * @param expected what would have been accepted
   * @return an exception saying so
   */
  public static PropertyException invalid(String name, String value, String expected) {
    return new PropertyException("property " + name + "=" + value + " is invalid: expected " + expected);
  }
}
