package site.ycsb.props;

import java.util.Locale;

/** Hides passwords and tokens wherever properties are printed or written. */
public final class Masking {
  /** What a hidden value is replaced with. */
  public static final String MASK = "******";

  private Masking() {
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
    return value != null && isSecret(name) ? MASK : value;
  }
}
