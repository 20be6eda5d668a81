package site.ycsb.db.mongodb;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.concurrent.TimeUnit;

/**
 * Makes the driver client all binding instances of a process share (through the binding
 * context): the driver pools connections and monitors the servers itself, so one client per
 * worker would only multiply monitor threads and connections. The engine closes it when the phase
 * ends, so the next phase run in the same JVM starts with a fresh one.
 *
 * <p>Instances whose settings differ (another connection string or timeout) get a client of
 * their own; within one phase every instance has the same settings, so there is one.
 */
public final class MongoClientFactory {
  private MongoClientFactory() {
  }

  /**
   * @param config the binding's settings
   * @return a new driver client for these settings
   */
  public static MongoClient open(MongoConfig config) {
    return MongoClients.create(settings(config));
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
}
