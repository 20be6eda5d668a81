package site.ycsb.db.mongodb;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.MongoServerException;
import com.mongodb.MongoServerUnavailableException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoSocketReadTimeoutException;
import com.mongodb.MongoSocketWriteTimeoutException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Turns driver errors into statuses, the same on both sides, and prints each distinct cause once
 * per process, so a failing server gives a few lines on stderr and the counts in the results, not
 * a line per operation.
 */
public final class MongoFailures {

  private MongoFailures() {
  }

  /**
   * @param e an error thrown by the driver
   * @return TIMEOUT when the server did not answer in time, SERVICE_UNAVAILABLE when no server
   *     could be reached or the connection was lost, ERROR otherwise
   */
  static Status status(RuntimeException e) {
    // the timeouts first: some of them are socket errors or client timeouts too
    if (e instanceof MongoSocketReadTimeoutException || e instanceof MongoSocketWriteTimeoutException
        || e instanceof MongoExecutionTimeoutException || e instanceof MongoOperationTimeoutException) {
      return Status.TIMEOUT;
    }
    // a server selection timeout means no server was reachable for that long: the service is gone
    if (e instanceof MongoTimeoutException || e instanceof MongoSocketException
        || e instanceof MongoServerUnavailableException || e instanceof MongoConnectionPoolClearedException
        || e instanceof MongoNotPrimaryException || e instanceof MongoNodeIsRecoveringException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    return Status.ERROR;
  }

  /**
   * Maps an error to its status and reports it if its cause was not reported before in this phase.
   *
   * @param context where the first occurrence is reported
   * @param operation e.g. {@code insert}
   * @param e the driver's error
   * @param config for masking the connection string's secrets
   * @return the status of the operation
   */
  public static Status fail(BindingContext context, String operation, RuntimeException e, MongoConfig config) {
    Status status = status(e);
    // a lost server shows the same way to every operation: one line per cause, not per operation too
    String key = status == Status.SERVICE_UNAVAILABLE ? "mongodb unavailable " + cause(e)
        : "mongodb " + operation + " " + cause(e);
    context.reportOnce(key, "mongodb: " + operation + " failed with " + status.getName() + ": "
        + e.getClass().getSimpleName() + ": " + config.mask(e.getMessage()));
    return status;
  }

  /**
   * @param config the binding's settings
   * @param e why the driver could not make a client (a connection string it refuses)
   * @return the one-line failure of the phase's start
   */
  static DBException cannotCreate(MongoConfig config, RuntimeException e) {
    return new DBException("cannot create a MongoDB client for mongodb.url=" + config.maskedUrl + ": "
        + config.mask(e.getMessage()));
  }

  /**
   * @param config the binding's settings
   * @param e why the check at start got no answer (typically a server selection timeout)
   * @return the one-line failure of the phase's start, naming the hosts and the masked URL
   */
  static DBException unreachable(MongoConfig config, RuntimeException e) {
    return new DBException("cannot reach MongoDB at " + config.hosts() + " (mongodb.url=" + config.maskedUrl
        + "): " + e.getClass().getSimpleName() + ": " + config.mask(e.getMessage()), e);
  }

  /**
   * @return what identifies the cause: the error class and server code, not the message, which
   *     often names the key (a duplicate key) or the servers' changing state (a timeout)
   */
  private static String cause(RuntimeException e) {
    String name = e.getClass().getName();
    if (e instanceof MongoWriteException) {
      return name + " " + ((MongoWriteException) e).getError().getCode();
    }
    if (e instanceof MongoWriteConcernException) {
      return name + " " + ((MongoWriteConcernException) e).getWriteConcernError().getCode();
    }
    if (e instanceof MongoBulkWriteException) {
      MongoBulkWriteException b = (MongoBulkWriteException) e;
      return name + " " + (b.getWriteErrors().isEmpty() ? "concern" : b.getWriteErrors().get(0).getCode());
    }
    if (e instanceof MongoServerException) {
      return name + " " + ((MongoServerException) e).getCode();
    }
    return name;
  }
}
