package site.ycsb.props;

/**
 * A property value a user gave that cannot be used. The message is one line naming the property,
 * the value and what was expected; the command line prints it as it is, without a stack trace.
 */
public class PropertyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The property whose value it is, when one alone is wrong; null otherwise. */
  private final String property;

  /** @param message one line: property, value, what was expected */
  public PropertyException(String message) {
    this(message, null);
  }

  private PropertyException(String message, String property) {
    super(message);
    this.property = property;
  }

  /** @return the property whose value cannot be used, or null when the message is about several */
  public String property() {
    return property;
  }

  /**
   * @param name the property
   * @param value the value given
   * @param expected what would have been accepted
   * @return an exception saying so
   */
  public static PropertyException invalid(String name, String value, String expected) {
    return new PropertyException("property " + name + "=" + value + " is invalid: expected " + expected, name);
  }
}
