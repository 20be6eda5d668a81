package site.ycsb.props;

import java.util.Locale;
import java.util.regex.Pattern;

/** Hides passwords and tokens wherever properties are printed or written. */
public final class Masking {
  /** What a hidden value is replaced with. */
  public static final String MASK = "******";

  /** The password of a URL's user info: {@code scheme://user:PASSWORD@host}. */
  private static final Pattern URL_PASSWORD = Pattern.compile("(://[^/:@\\s]*:)[^@/\\s]+@");
  /** A password parameter: {@code ?password=X}, {@code ;password=X}, {@code &pwd=X}, {@code password=X}. */
  private static final Pattern PARAM_PASSWORD = Pattern.compile(
      "(?i)((?:^|[?&;,(\\s])(?:password|passwd|pwd|secret|token)=)[^&;,)\\s]*");

  private Masking() {
  }

  /**
   * @param value any property value
   * @return the value with passwords inside URLs (user info, password parameters) masked
   */
  public static String maskEmbedded(String value) {
    if (value == null || value.indexOf('=') < 0 && value.indexOf('@') < 0) {
      return value;
    }
    String v = URL_PASSWORD.matcher(value).replaceAll("$1" + MASK + "@");
    return PARAM_PASSWORD.matcher(v).replaceAll("$1" + MASK);
  }

  /**
   * @param name a property name
   * @return whether its value must never be shown: the name contains password, passwd, secret,
   *     token or credential, or a catalog declares it secret
   */
  public static boolean isSecret(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.contains("password") || n.contains("passwd") || n.contains("secret") || n.contains("token")
        || n.contains("credential") || n.endsWith(".pass") || n.endsWith(".pwd");
  }

  /**
   * @param name a property name
   * @param value its value
   * @return the value, or {@link #MASK} when it is secret
   */
  public static String maskIfSecret(String name, String value) {
    return value != null && isSecret(name) ? MASK : maskEmbedded(value);
  }
}
