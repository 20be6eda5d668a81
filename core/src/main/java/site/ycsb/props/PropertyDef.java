package site.ycsb.props;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * One declared property: its name, type, default and one-line meaning. Reading a property
 * through its definition validates it, so a bad value always gives the same clear message.
 * Definitions are listed by a {@link PropertyCatalog}; {@code docs/properties.md} is generated
 * from them.
 */
public final class PropertyDef {
  /** The kind of value a property takes. */
  public enum Kind { STRING, INT, LONG, DOUBLE, BOOLEAN, CHOICE, SECRET, INT_LIST }

  private final String name;
  private final Kind kind;
  private final String defaultValue;
  private final String description;
  private final List<String> choices;
  private final double min;
  private final double max;

  private PropertyDef(String name, Kind kind, String defaultValue, String description,
                      List<String> choices, double min, double max) {
    this.name = name;
    this.kind = kind;
    this.defaultValue = defaultValue;
    this.description = description;
    this.choices = choices;
    this.min = min;
    this.max = max;
  }

  /** A free-text property. */
  public static PropertyDef string(String name, String defaultValue, String description) {
    return new PropertyDef(name, Kind.STRING, defaultValue, description, List.of(), 0, 0);
  }

  /** A password or token: masked wherever properties are printed or written. */
  public static PropertyDef secret(String name, String description) {
    return new PropertyDef(name, Kind.SECRET, null, description, List.of(), 0, 0);
  }

  /** An integer property within [min, max]. */
  public static PropertyDef integer(String name, long defaultValue, long min, long max, String description) {
    return new PropertyDef(name, Kind.INT, Long.toString(defaultValue), description, List.of(), min, max);
  }

  /** A 64-bit integer property within [min, max]. */
  public static PropertyDef longValue(String name, Long defaultValue, long min, long max, String description) {
    return new PropertyDef(name, Kind.LONG, defaultValue == null ? null : Long.toString(defaultValue),
        description, List.of(), min, max);
  }

  /** A decimal property within [min, max]. */
  public static PropertyDef decimal(String name, Double defaultValue, double min, double max, String description) {
    return new PropertyDef(name, Kind.DOUBLE, defaultValue == null ? null : trimDouble(defaultValue),
        description, List.of(), min, max);
  }

  /**
   * A comma-separated list of integers, each within [min, max], e.g. one number per tag. An empty
   * value is an empty list.
   */
  public static PropertyDef integerList(String name, String defaultValue, long min, long max, String description) {
    return new PropertyDef(name, Kind.INT_LIST, defaultValue, description, List.of(), min, max);
  }

  /** A true/false property. */
  public static PropertyDef bool(String name, boolean defaultValue, String description) {
    return new PropertyDef(name, Kind.BOOLEAN, Boolean.toString(defaultValue), description, List.of(), 0, 0);
  }

  /** A property that takes one of a fixed set of words (compared without case). */
  public static PropertyDef choice(String name, String defaultValue, String description, String... choices) {
    return new PropertyDef(name, Kind.CHOICE, defaultValue, description,
        Collections.unmodifiableList(Arrays.asList(choices)), 0, 0);
  }

  private static String trimDouble(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  public String name() {
    return name;
  }

  public Kind kind() {
    return kind;
  }

  /** @return the default as text, or null when the property has none */
  public String defaultValue() {
    return defaultValue;
  }

  public String description() {
    return description;
  }

  /** @return the accepted words of a {@link Kind#CHOICE} property */
  public List<String> choices() {
    return choices;
  }

  public double min() {
    return min;
  }

  public double max() {
    return max;
  }

  /** @return whether the value must be masked in every output */
  public boolean isSecret() {
    return kind == Kind.SECRET;
  }

  /** @return the value set in {@code p}, trimmed, or the default (may be null) */
  public String raw(Properties p) {
    String v = p.getProperty(name);
    return v == null ? defaultValue : v.trim();
  }

  /**
   * @return the value exactly as given, blanks included (a password may begin or end with one), or
   *     null when {@code p} does not set it
   */
  public String given(Properties p) {
    return p.getProperty(name);
  }

  /** @return whether {@code p} sets this property explicitly */
  public boolean isSet(Properties p) {
    return p.getProperty(name) != null;
  }

  /** @return the value as text, or the default */
  public String get(Properties p) {
    return raw(p);
  }

  /** @return the value as an int, validated against the range */
  public int getInt(Properties p) {
    return (int) getLong(p);
  }

  /** @return the value as a long, validated against the range */
  public long getLong(Properties p) {
    String v = raw(p);
    if (v == null) {
      throw new PropertyException("property " + name + " is required: " + description);
    }
    long parsed;
    try {
      parsed = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw PropertyException.invalid(name, v, "an integer" + rangeText());
    }
    if (parsed < min || parsed > max) {
      throw PropertyException.invalid(name, v, "an integer" + rangeText());
    }
    return parsed;
  }

  /** @return the value as a double, validated against the range */
  public double getDouble(Properties p) {
    String v = raw(p);
    if (v == null) {
      throw new PropertyException("property " + name + " is required: " + description);
    }
    double parsed;
    try {
      parsed = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw PropertyException.invalid(name, v, "a number" + rangeText());
    }
    if (Double.isNaN(parsed) || parsed < min || parsed > max) {
      throw PropertyException.invalid(name, v, "a number" + rangeText());
    }
    return parsed;
  }

  /**
   * @return the entries of a comma-separated list of integers, each validated against the range;
   *     empty for an empty value, null when unset without a default
   */
  public int[] getIntegerList(Properties p) {
    String v = raw(p);
    if (v == null) {
      return null;
    }
    if (v.isEmpty()) {
      return new int[0];
    }
    String[] parts = v.split(",", -1);
    int[] out = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      long parsed;
      try {
        parsed = Long.parseLong(parts[i].trim());
      } catch (NumberFormatException e) {
        throw PropertyException.invalid(name, v, "comma-separated integers" + rangeText());
      }
      if (parsed < min || parsed > max) {
        throw PropertyException.invalid(name, v, "comma-separated integers" + rangeText());
      }
      out[i] = (int) parsed;
    }
    return out;
  }

  /**
   * @return the value as a boolean. Every boolean property takes {@code true} or {@code false} in
   *     any letter case (as upstream's {@code Boolean.parseBoolean} does); anything else is refused
   *     rather than read as false, so a typo never silently turns a feature off
   */
  public boolean getBoolean(Properties p) {
    String v = raw(p);
    if ("true".equalsIgnoreCase(v)) {
      return true;
    }
    if ("false".equalsIgnoreCase(v)) {
      return false;
    }
    throw PropertyException.invalid(name, v, "true or false");
  }

  /** @return the chosen word in lower case, validated against the choices */
  public String getChoice(Properties p) {
    String v = raw(p);
    if (v == null) {
      return null;
    }
    for (String c : choices) {
      if (c.equalsIgnoreCase(v)) {
        return c.toLowerCase(Locale.ROOT);
      }
    }
    throw PropertyException.invalid(name, v, "one of " + String.join(", ", choices));
  }

  /**
   * Checks a value without keeping it.
   *
   * @throws PropertyException when the value does not fit the declared type
   */
  public void validate(Properties p) {
    if (raw(p) == null) {
      return;
    }
    switch (kind) {
      case INT:
      case LONG:
        getLong(p);
        break;
      case DOUBLE:
        getDouble(p);
        break;
      case BOOLEAN:
        getBoolean(p);
        break;
      case CHOICE:
        getChoice(p);
        break;
      case INT_LIST:
        getIntegerList(p);
        break;
      default:
        break;
    }
  }

  private String rangeText() {
    boolean integral = kind == Kind.INT || kind == Kind.LONG || kind == Kind.INT_LIST;
    boolean hasMin = min > -Double.MAX_VALUE && min != Long.MIN_VALUE;
    boolean hasMax = max < Double.MAX_VALUE && max != Long.MAX_VALUE && max != Integer.MAX_VALUE;
    String lo = integral ? Long.toString((long) min) : trimDouble(min);
    String hi = integral ? Long.toString((long) max) : trimDouble(max);
    String each = kind == Kind.INT_LIST ? ", each" : "";
    if (hasMin && hasMax) {
      return each + " between " + lo + " and " + hi;
    }
    if (hasMin) {
      return each + " >= " + lo;
    }
    if (hasMax) {
      return each + " <= " + hi;
    }
    return "";
  }
}
