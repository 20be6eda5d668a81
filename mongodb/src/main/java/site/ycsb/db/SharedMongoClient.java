package site.ycsb.db;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The driver client all binding instances of a process share: the driver pools connections and
 * monitors the servers itself, so one client per worker would only multiply monitor threads and
 * connections. Reference-counted: the first {@link #acquire} creates it, the last
 * {@link #release} closes it, so the next phase run in the same JVM starts with a fresh one.
 *
 * <p>Instances whose settings differ (another connection string or timeout) get a client of
 * their own; within one phase every instance has the same settings, so there is one.
 */
final class SharedMongoClient {
  private static final Map<String, SharedMongoClient> OPEN = new HashMap<>();

  private final String key;
  private final MongoClient client;
  private int users;

  private SharedMongoClient(String key, MongoClient client) {
    this.key = key;
    this.client = client;
  }

  /**
   * @param config the binding's settings
   * @return the shared client for these settings, its user count raised by one
   */
  static SharedMongoClient acquire(MongoConfig config) {
    synchronized (OPEN) {
      SharedMongoClient shared = OPEN.get(config.clientKey());
      if (shared == null) {
        shared = new SharedMongoClient(config.clientKey(), MongoClients.create(settings(config)));
        OPEN.put(shared.key, shared);
      }
      shared.users++;
      return shared;
    }
  }

  private static MongoClientSettings settings(MongoConfig config) {
    MongoClientSettings.Builder b = MongoClientSettings.builder().applyConnectionString(config.connection);
    if (config.serverSelectionTimeoutMillis != null) {
      b.applyToClusterSettings(c -> c.serverSelectionTimeout(config.serverSelectionTimeoutMillis,
          TimeUnit.MILLISECONDS));
    }
    if (config.readTimeoutMillis != null) {
      b.applyToSocketSettings(s -> s.readTimeout((int) Math.min(Integer.MAX_VALUE, config.readTimeoutMillis),
          TimeUnit.MILLISECONDS));
    }
    return b.build();
  }

  /** @return the driver client; valid until this user's {@link #release()} */
  MongoClient client() {
    return client;
  }

  /** Drops one user; the last one closes the client. Call once per {@link #acquire}. */
  void release() {
    synchronized (OPEN) {
      if (--users > 0) {
        return;
      }
      OPEN.remove(key);
    }
    client.close();
  }

  /** @return how many clients are open in this process (for tests) */
  static int openClients() {
    synchronized (OPEN) {
      return OPEN.size();
    }
  }
}
