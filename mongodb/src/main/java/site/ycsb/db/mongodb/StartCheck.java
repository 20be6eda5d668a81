package site.ycsb.db.mongodb;

import com.mongodb.MongoTimeoutException;
import com.mongodb.ReadPreference;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.conversions.Bson;
import site.ycsb.DBException;

/**
 * The check each worker makes at start on either side: a ping, so that an unreachable server or a
 * bad URL stops the phase with one clear line rather than failing every operation of the run.
 */
final class StartCheck {
  /** The command sent. */
  static final Bson PING = new Document("ping", 1);
  /** Any member answers: runCommand ignores the database's read preference, so it is given. */
  static final ReadPreference ANY_MEMBER = ReadPreference.primaryPreferred();

  private StartCheck() {
  }

  /**
   * Pings until the server answers. A client may wait for a server less long than the check does
   * (the asynchronous side's, see {@link MongoConfig#asyncServerSelectionTimeoutMillis()}), which a
   * first connection on a busy machine can take longer than: a timeout is asked again until the
   * wait at start ({@link MongoConfig#startWaitMillis()}) is over.
   *
   * @param config the binding's settings
   * @param ping sends one ping and returns when answered, throwing the driver's error otherwise
   * @throws DBException with one line naming the hosts when the server cannot be reached
   */
  static void await(MongoConfig config, Runnable ping) throws DBException {
    long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(config.startWaitMillis());
    while (true) {
      try {
        ping.run();
        return;
      } catch (RuntimeException e) {
        if (!(e instanceof MongoTimeoutException) || System.nanoTime() > giveUp) {
          throw MongoFailures.unreachable(config, e);
        }
      }
    }
  }
}
