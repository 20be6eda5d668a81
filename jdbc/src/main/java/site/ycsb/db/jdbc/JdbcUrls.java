package site.ycsb.db.jdbc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import site.ycsb.props.Masking;

/** Parsing and masking of the JDBC URL lists in {@code db.url} and {@code jdbc.readurls}. */
public final class JdbcUrls {
  /** password=..., passwd=..., pwd=... in a query string or a property list (;-separated, as SQL Server has it). */
  private static final Pattern PASSWORD_PARAM =
      Pattern.compile("(?i)\\b(password|passwd|pwd)=[^&;,]*");
  /** user:password@host in the authority part (MySQL/MariaDB accept it). */
  private static final Pattern USERINFO_PASSWORD = Pattern.compile("(//[^/:@]+):[^/@]*@");

  private JdbcUrls() {
  }

  /**
   * Splits a comma-separated list of JDBC URLs. A comma only starts a new URL when what follows
   * begins with {@code jdbc:}, so multi-host URLs such as {@code jdbc:mariadb://h1,h2/db} stay whole.
   *
   * @param property the property the list came from, for the message
   * @param list the list
   * @return the URLs, trimmed, at least one
   * @throws IllegalArgumentException when an entry is not a JDBC URL
   */
  public static List<String> split(String property, String list) {
    List<String> urls = new ArrayList<>();
    for (String part : list.split(",")) {
      String trimmed = part.trim();
      if (trimmed.regionMatches(true, 0, "jdbc:", 0, 5)) {
        urls.add(trimmed);
      } else if (!urls.isEmpty() && !trimmed.isEmpty()) {
        int last = urls.size() - 1;
        urls.set(last, urls.get(last) + "," + trimmed);
      } else if (!trimmed.isEmpty() || urls.isEmpty()) {
        throw new IllegalArgumentException("property " + property + "=" + mask(list)
            + " is invalid: expected JDBC URLs (jdbc:...) separated by commas");
      }
    }
    return urls;
  }

  /**
   * @param url a JDBC URL
   * @return the URL with any password in it replaced by the mask, fit for messages
   */
  static String mask(String url) {
    if (url == null) {
      return null;
    }
    String masked = PASSWORD_PARAM.matcher(url).replaceAll("$1=" + Masking.MASK);
    return USERINFO_PASSWORD.matcher(masked).replaceAll("$1:" + Masking.MASK + "@");
  }

  /**
   * The shard of a key: upstream YCSB's rule (|String hash| modulo the number of databases), so
   * tables it sharded are read back here. Taking the absolute value of the remainder instead of
   * the hash gives the same shard for every hash and stays non-negative for Integer.MIN_VALUE.
   *
   * @param key the record key
   * @param shards how many databases
   * @return the index of the database holding the key
   */
  public static int shardOf(String key, int shards) {
    return shards == 1 ? 0 : Math.abs(key.hashCode() % shards);
  }
}
