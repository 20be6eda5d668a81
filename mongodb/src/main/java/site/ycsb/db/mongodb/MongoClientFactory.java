package site.ycsb.db.mongodb;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.concurrent.TimeUnit;
import site.ycsb.BindingContext;

/**
 * Makes the driver client all binding instances of a process share (through the binding
 * context): the driver pools connections and monitors the servers itself, so one client per
 * worker would only multiply monitor threads and connections. The engine closes it when the phase
 * ends, so the next phase run in the same JVM starts with a fresh one.
 *
 * <p>Both sides of the binding get their client here from the same settings: the blocking side a
 * client of the synchronous driver, the asynchronous side ({@code inflight}) one of the
 * reactive-streams driver, which waits for a reachable server only briefly unless told otherwise
 * ({@link MongoConfig#asyncServerSelectionTimeoutMillis()}).
 *
 * <p>Instances whose settings differ (another connection string or timeout) get a client of
 * their own; within one phase every instance has the same settings, so there is one.
 */
public final class MongoClientFactory {
  private MongoClientFactory() {
  }

  /**
   * @param config the binding's settings
   * @param context where a lost server (and its return) is told once
   * @return a new synchronous driver client for these settings (the blocking side)
   */
  public static MongoClient open(MongoConfig config, BindingContext context) {
    return MongoClients.create(settings(config, context).build());
  }

  /**
   * @param config the binding's settings
   * @param context where a lost server (and its return) is told once
   * @return a new reactive-streams driver client with the same settings (the asynchronous side)
   */
  public static com.mongodb.reactivestreams.client.MongoClient openReactive(MongoConfig config,
                                                                           BindingContext context) {
    MongoClientSettings.Builder b = settings(config, context);
    // an operation waiting for a lost server holds its place in flight: it fails soon (see MongoConfig)
    b.applyToClusterSettings(c -> c.serverSelectionTimeout(config.asyncServerSelectionTimeoutMillis(),
        TimeUnit.MILLISECONDS));
    return com.mongodb.reactivestreams.client.MongoClients.create(b.build());
  }

  private static MongoClientSettings.Builder settings(MongoConfig config, BindingContext context) {
    MongoClientSettings.Builder b = MongoClientSettings.builder().applyConnectionString(config.connection);
    ServerWatch watch = new ServerWatch(context, config);
    b.applyToClusterSettings(c -> c.addClusterListener(watch));
    if (config.serverSelectionTimeoutMillis != null) {
      b.applyToClusterSettings(c -> c.serverSelectionTimeout(config.serverSelectionTimeoutMillis,
          TimeUnit.MILLISECONDS));
    }
    if (config.readTimeoutMillis != null) {
      b.applyToSocketSettings(s -> s.readTimeout((int) Math.min(Integer.MAX_VALUE, config.readTimeoutMillis),
          TimeUnit.MILLISECONDS));
    }
    return b;
  }
}
