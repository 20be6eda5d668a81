package site.ycsb.db.mongodb;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import site.ycsb.BindingContext;
import site.ycsb.DBException;

/**
 * Gets the driver client all binding instances of a process share (through the binding context):
 * the driver pools connections and monitors the servers itself, so one client per worker would
 * only multiply monitor threads and connections. The engine closes it when the phase ends, so the
 * next phase run in the same JVM starts with a fresh one.
 *
 * <p>Both sides of the binding get their client here from the same settings (connection string,
 * timeouts, write concern and read preference, which every database and collection of the client
 * inherits): the blocking side a client of the synchronous driver, the asynchronous side
 * ({@code inflight}) one of the reactive-streams driver, which waits for a reachable server only
 * briefly unless told otherwise ({@link MongoConfig#asyncServerSelectionTimeoutMillis()}).
 *
 * <p>Instances whose settings differ (another connection string, timeout, write concern or read
 * preference) get a client of their own; within one phase every instance has the same settings,
 * so there is one.
 */
public final class MongoClientFactory {
  private MongoClientFactory() {
  }

  /**
   * @param config the binding's settings
   * @param context where the client is shared, and a lost server (and its return) is told once
   * @return the process's synchronous driver client for these settings (the blocking side)
   * @throws DBException with one line when the driver refuses the settings
   */
  public static MongoClient shared(MongoConfig config, BindingContext context) throws DBException {
    return shared("mongodb ", config, context, s -> MongoClients.create(s.build()));
  }

  /**
   * @param config the binding's settings
   * @param context where the client is shared, and a lost server (and its return) is told once
   * @return the process's reactive-streams driver client for these settings (the asynchronous side)
   * @throws DBException with one line when the driver refuses the settings
   */
  public static com.mongodb.reactivestreams.client.MongoClient sharedReactive(MongoConfig config,
                                                                             BindingContext context)
      throws DBException {
    return shared("mongodb reactive ", config, context, s -> {
      // an operation waiting for a lost server holds its place in flight: it fails soon (see MongoConfig)
      s.applyToClusterSettings(c -> c.serverSelectionTimeout(config.asyncServerSelectionTimeoutMillis(),
          TimeUnit.MILLISECONDS));
      return com.mongodb.reactivestreams.client.MongoClients.create(s.build());
    });
  }

  private static <C> C shared(String driver, MongoConfig config, BindingContext context,
                              Function<MongoClientSettings.Builder, C> create) throws DBException {
    return context.shared(driver + config.clientKey(), () -> {
      try {
        return create.apply(settings(config, context));
      } catch (RuntimeException e) {
        throw MongoFailures.cannotCreate(config, e);
      }
    });
  }

  private static MongoClientSettings.Builder settings(MongoConfig config, BindingContext context) {
    MongoClientSettings.Builder b = MongoClientSettings.builder().applyConnectionString(config.connection);
    MongoServerWatch watch = new MongoServerWatch(context, config);
    b.applyToClusterSettings(c -> c.addClusterListener(watch));
    if (config.serverSelectionTimeoutMillis != null) {
      b.applyToClusterSettings(c -> c.serverSelectionTimeout(config.serverSelectionTimeoutMillis,
          TimeUnit.MILLISECONDS));
    }
    if (config.readTimeoutMillis != null) {
      b.applyToSocketSettings(s -> s.readTimeout((int) Math.min(Integer.MAX_VALUE, config.readTimeoutMillis),
          TimeUnit.MILLISECONDS));
    }
    // unset: the connection string's (or the driver's) choice stays
    if (config.writeConcern != null) {
      b.writeConcern(config.writeConcern);
    }
    if (config.readPreference != null) {
      b.readPreference(config.readPreference);
    }
    return b;
  }
}
