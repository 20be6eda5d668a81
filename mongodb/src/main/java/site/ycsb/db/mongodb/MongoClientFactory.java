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
 * <p>Both sides of the binding get their client here from the same settings: the blocking side a
 * client of the synchronous driver, the asynchronous side ({@code inflight}) one of the
 * reactive-streams driver.
 *
 * <p>Instances whose settings differ (another connection string or timeout) get a client of
 * their own; within one phase every instance has the same settings, so there is one.
 */
public final class MongoClientFactory {
  private MongoClientFactory() {
  }

  /**
   * @param config the binding's settings
   * @return a new synchronous driver client for these settings (the blocking side)
   */
  public static MongoClient open(MongoConfig config) {
    return MongoClients.create(settings(config));
  }

  /**
   * @param config the binding's settings
   * @return a new reactive-streams driver client with the same settings (the asynchronous side)
   */
  public static com.mongodb.reactivestreams.client.MongoClient openReactive(MongoConfig config) {
    return com.mongodb.reactivestreams.client.MongoClients.create(settings(config));
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
