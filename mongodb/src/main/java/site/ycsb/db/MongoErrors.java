package site.ycsb.db;

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
import java.io.PrintStream;
import site.ycsb.Status;
import site.ycsb.FirstOccurrences;

/**
 * Turns driver errors into statuses and prints each distinct cause once per process, so a failing
 * server gives a few lines on stderr and the counts in the results, not a line per operation.
 */
final class MongoErrors {
  /** Enough to show every real cause; a flood of distinct ones stops printing here. */
  private static final FirstOccurrences REPORTED = new FirstOccurrences(50);

  private MongoErrors() {
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
   * Maps an error to its status and prints it if its cause was not printed before.
   *
   * @param operation e.g. {@code insert}
   * @param e the driver's error
   * @param config for masking the connection string's secrets
   * @return the status of the operation
   */
  static Status fail(String operation, RuntimeException e, MongoConfig config) {
    Status status = status(e);
    report(operation, status, e, config, System.err);
    return status;
  }

  static void report(String operation, Status status, RuntimeException e, MongoConfig config, PrintStream err) {
    String cause = cause(e);
    if (REPORTED.first(operation + " " + cause)) {
      err.println("mongodb: " + operation + " failed with " + status.getName() + " (each cause is printed once): "
          + e.getClass().getSimpleName() + ": " + config.mask(e.getMessage()));
    }
  }

  /** Forgets the causes printed so far (tests that count the printed lines start from none). */
  static void forgetReported() {
    REPORTED.forget();
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
