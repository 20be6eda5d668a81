package site.ycsb.db.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.props.Masking;
import site.ycsb.props.PropertyException;

/**
 * The binding's settings, read once from the properties and validated: connection string,
 * database, write concern, read preference, batching and timeouts. Also knows the secrets of the
 * connection string, so that no message shows them.
 */
public final class MongoConfig {
  static final String DEFAULT_DATABASE = "ycsb";
  /**
   * The asynchronous side's server selection timeout when none is set: while operations wait for
   * a lost server the driver checks it again every 500 ms (its shortest heartbeat interval), so one
   * wait covers one such check.
   */
  static final long ASYNC_SERVER_SELECTION_MILLIS = 500;

  final ConnectionString connection;
  /** The connection string with its user:password part masked; the only form ever printed. */
  public final String maskedUrl;
  public final String database;
  /** Null when the property is unset: the connection string's (or the driver's) choice stays. */
  public final WriteConcern writeConcern;
  /** Null when the property is unset. */
  public final ReadPreference readPreference;
  public final int batchSize;
  public final boolean upsert;
  /** Socket read timeout in ms, or null to keep the connection string's. */
  final Long readTimeoutMillis;
  /** Server selection timeout in ms, or null to keep the connection string's. */
  final Long serverSelectionTimeoutMillis;
  private final List<String> secrets = new ArrayList<>();

  /**
   * @param p the run's properties
   * @throws PropertyException with one line naming the property when a value cannot be used
   */
  public MongoConfig(Properties p) {
    String url = MongoDbProperties.URL.get(p);
    if (url == null || url.isEmpty()) {
      throw new PropertyException("property " + MongoDbProperties.URL.name()
          + " is empty: expected a connection string such as mongodb://host:27017/ycsb");
    }
    maskedUrl = maskUrl(url);
    String userInfo = userInfo(url);
    if (userInfo != null) {
      secrets.add(userInfo);
    }
    try {
      connection = new ConnectionString(url);
    } catch (IllegalArgumentException e) {
      throw new PropertyException("property " + MongoDbProperties.URL.name() + "=" + maskedUrl
          + " is invalid: " + mask(e.getMessage()));
    }
    if (connection.getPassword() != null && connection.getPassword().length > 0) {
      secrets.add(new String(connection.getPassword()));
    }
    String db = MongoDbProperties.DATABASE.get(p);
    if (db == null || db.isEmpty()) {
      db = connection.getDatabase() != null && !connection.getDatabase().isEmpty()
          ? connection.getDatabase() : DEFAULT_DATABASE;
    }
    database = db;
    writeConcern = writeConcern(MongoDbProperties.WRITE_CONCERN.getChoice(p));
    readPreference = readPreference(MongoDbProperties.READ_PREFERENCE.getChoice(p));
    batchSize = MongoDbProperties.BATCH_SIZE.isSet(p) || !MongoDbProperties.OLD_BATCH_SIZE.isSet(p)
        ? MongoDbProperties.BATCH_SIZE.getInt(p) : MongoDbProperties.OLD_BATCH_SIZE.getInt(p);
    upsert = MongoDbProperties.UPSERT.getBoolean(p);
    readTimeoutMillis = MongoDbProperties.TIMEOUT.isSet(p) ? MongoDbProperties.TIMEOUT.getLong(p) : null;
    serverSelectionTimeoutMillis = MongoDbProperties.SERVER_SELECTION_TIMEOUT.isSet(p)
        ? MongoDbProperties.SERVER_SELECTION_TIMEOUT.getLong(p) : null;
  }

  /**
   * @param name a value of {@code mongodb.writeConcern} in lower case (an old name too), or null
   * @return the driver's write concern, or null for null
   */
  static WriteConcern writeConcern(String name) {
    if (name == null) {
      return null;
    }
    switch (name) {
      case "unacknowledged":
      case "none":
      case "normal":
        return WriteConcern.UNACKNOWLEDGED;
      case "acknowledged":
      case "safe":
        return WriteConcern.ACKNOWLEDGED;
      case "w1":
        return WriteConcern.W1;
      case "w2":
      case "replicas_safe":
        return WriteConcern.W2;
      case "w3":
        return WriteConcern.W3;
      case "majority":
      case "quorum":
        return WriteConcern.MAJORITY;
      case "journaled":
      case "fsync_safe":
        return WriteConcern.JOURNALED;
      default:
        throw PropertyException.invalid(MongoDbProperties.WRITE_CONCERN.name(), name,
            "one of " + String.join(", ", MongoDbProperties.WRITE_CONCERN.choices()));
    }
  }

  /**
   * @param name a value of {@code mongodb.readPreference}, any case, or null
   * @return the driver's read preference, or null for null
   */
  static ReadPreference readPreference(String name) {
    if (name == null) {
      return null;
    }
    switch (name.toLowerCase(java.util.Locale.ROOT)) {
      case "primary":
        return ReadPreference.primary();
      case "primarypreferred":
        return ReadPreference.primaryPreferred();
      case "secondary":
        return ReadPreference.secondary();
      case "secondarypreferred":
        return ReadPreference.secondaryPreferred();
      case "nearest":
        return ReadPreference.nearest();
      default:
        throw PropertyException.invalid(MongoDbProperties.READ_PREFERENCE.name(), name,
            "one of " + String.join(", ", MongoDbProperties.READ_PREFERENCE.choices()));
    }
  }

  /**
   * How long an operation of the asynchronous side waits for a reachable server: the one set
   * (property, else connection string), else {@value #ASYNC_SERVER_SELECTION_MILLIS} ms. The
   * driver's 30 s would hold every place in flight through an outage, each operation failing only
   * 30 s later (after the run, often), so that an outage would show as no traffic; the blocking side
   * keeps the driver's default.
   *
   * @return the server selection timeout of the asynchronous side, in ms
   */
  long asyncServerSelectionTimeoutMillis() {
    Long set = serverSelectionTimeoutSet();
    return set != null ? set : ASYNC_SERVER_SELECTION_MILLIS;
  }

  /**
   * @return how long the check at start waits for a reachable server, in ms: the server selection
   *     timeout set, else the driver's default (30 s)
   */
  long startWaitMillis() {
    Long set = serverSelectionTimeoutSet();
    return set != null ? set : 30_000;
  }

  private Long serverSelectionTimeoutSet() {
    if (serverSelectionTimeoutMillis != null) {
      return serverSelectionTimeoutMillis;
    }
    Integer fromUrl = connection.getServerSelectionTimeout();
    return fromUrl == null ? null : Long.valueOf(fromUrl);
  }

  /** @return a key that is equal for settings that can share one driver client */
  public String clientKey() {
    return connection.getConnectionString() + "|" + readTimeoutMillis + "|" + serverSelectionTimeoutMillis
        + "|" + writeConcern + "|" + readPreference;
  }

  /** @return the hosts of the connection string, for messages */
  public String hosts() {
    return connection.isSrvProtocol() ? "SRV " + String.join(",", connection.getHosts())
        : String.join(",", connection.getHosts());
  }

  /**
   * @param text a message that may quote the connection string (a driver's error, say)
   * @return the text with the user:password part and the password replaced by {@link Masking#MASK}
   */
  public String mask(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    for (String s : secrets) {
      out = out.replace(s, Masking.MASK);
    }
    return out;
  }

  /**
   * @param url a connection string
   * @return it with everything between the scheme and the last '@' before the options replaced
   *     by {@link Masking#MASK}; unchanged when it has no user part
   */
  static String maskUrl(String url) {
    String info = userInfo(url);
    if (info == null) {
      return url;
    }
    int start = url.indexOf("://") + 3;
    return url.substring(0, start) + Masking.MASK + url.substring(start + info.length());
  }

  /** @return the user[:password] part of a connection string, or null */
  private static String userInfo(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return null;
    }
    int start = scheme + 3;
    int options = url.indexOf('?', start);
    // the last '@' before the options: a password with an unescaped '/' or '@' is still covered
    int at = url.lastIndexOf('@', options < 0 ? url.length() - 1 : options - 1);
    return at < start ? null : url.substring(start, at);
  }
}
