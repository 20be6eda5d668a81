package site.ycsb.db.couchbase;

import com.couchbase.client.core.error.AuthenticationFailureException;
import com.couchbase.client.core.error.CouchbaseException;
import com.couchbase.client.core.error.DocumentNotFoundException;
import com.couchbase.client.core.error.DurabilityImpossibleException;
import com.couchbase.client.core.error.DurabilityLevelNotAvailableException;
import com.couchbase.client.core.error.FeatureNotAvailableException;
import com.couchbase.client.core.error.ReplicaNotConfiguredException;
import com.couchbase.client.core.error.RequestCanceledException;
import com.couchbase.client.core.error.ServiceNotAvailableException;
import com.couchbase.client.core.error.TimeoutException;
import com.couchbase.client.core.error.context.ErrorContext;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Turns SDK errors into statuses and prints each distinct cause once per phase, so a failing
 * cluster gives a few lines on stderr and the counts in the results, not a line per operation.
 * Also words the one-line failures of the start.
 */
public final class CouchbaseFailures {
  private CouchbaseFailures() {
  }

  /**
   * @param e an error the SDK completed an operation with
   * @return NOT_FOUND for a missing document, TIMEOUT when the operation ran out of
   *     {@code couchbase.opTimeout}, NOT_IMPLEMENTED when the cluster lacks the feature asked for
   *     (synchronous durability), SERVICE_UNAVAILABLE when no node could serve it, ERROR otherwise
   */
  static Status status(Throwable e) {
    if (e instanceof DocumentNotFoundException) {
      return Status.NOT_FOUND;
    }
    if (e instanceof TimeoutException) {
      return Status.TIMEOUT;
    }
    if (e instanceof FeatureNotAvailableException || e instanceof DurabilityLevelNotAvailableException) {
      return Status.NOT_IMPLEMENTED;
    }
    if (e instanceof ServiceNotAvailableException || e instanceof RequestCanceledException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    return Status.ERROR;
  }

  /**
   * Maps an error to its status and, unless it is a missing document (an ordinary outcome),
   * reports its cause if that was not reported before in this phase.
   *
   * @param context where the first occurrence is reported
   * @param operation e.g. {@code insert}
   * @param error the SDK's error, possibly wrapped by a future
   * @param config for masking the password
   * @return the status of the operation
   */
  public static Status fail(BindingContext context, String operation, Throwable error, CouchbaseConfig config) {
    Throwable e = unwrap(error);
    Status status = status(e);
    if (status != Status.NOT_FOUND) {
      context.reportOnce("couchbase " + operation + " " + e.getClass().getName(),
          "couchbase: " + operation + " failed with " + status.getName() + ": " + describe(e, config) + hint(e, config));
    }
    return status;
  }

  /** @return the error a future was completed with, without the future's wrappers */
  static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /**
   * @param e an SDK error
   * @param config for masking the password
   * @return its class and message, without the JSON context the SDK appends (request ids and
   *     timings that differ from one occurrence to the next), with the password masked
   */
  static String describe(Throwable e, CouchbaseConfig config) {
    String m = e.getMessage();
    if (m == null) {
      return e.getClass().getSimpleName();
    }
    int json = m.indexOf(" {\"");
    if (json > 0) {
      m = m.substring(0, json);
    }
    return e.getClass().getSimpleName() + ": " + config.mask(m.trim());
  }

  private static String hint(Throwable e, CouchbaseConfig config) {
    if (e instanceof TimeoutException) {
      return " (couchbase.opTimeout=" + config.opTimeout.toMillis() + " ms)";
    }
    if (e instanceof FeatureNotAvailableException || e instanceof DurabilityLevelNotAvailableException) {
      return " (couchbase.durability needs Couchbase Server 6.5+ with synchronous replication;"
          + " couchbase.persistTo/replicateTo work on older servers)";
    }
    if (e instanceof ReplicaNotConfiguredException || e instanceof DurabilityImpossibleException) {
      return " (" + config.durability + " asks for more replicas than the bucket has)";
    }
    return "";
  }

  /**
   * @param config the binding's settings
   * @param e why the bucket could not be opened in time
   * @return the one-line failure of the phase's start: where, how long, and what the SDK saw
   */
  public static DBException cannotOpen(CouchbaseConfig config, Throwable e) {
    Throwable cause = unwrap(e);
    StringBuilder line = new StringBuilder("cannot open Couchbase bucket ").append(config.bucket)
        .append(" at ").append(config.connectionString).append(" (couchbase.hosts) as user ").append(config.user)
        .append(" within ").append(config.connectTimeout.toMillis()).append(" ms (couchbase.connectTimeout): ");
    Set<String> failures = connectFailures(cause);
    boolean login = cause instanceof AuthenticationFailureException;
    for (String f : failures) {
      login |= f.contains("SASL") || f.contains("uthentication");
    }
    if (login) {
      line.append("the login was refused: check couchbase.user (unset = the bucket name) and couchbase.password");
      if (!failures.isEmpty()) {
        line.append(" (").append(config.mask(String.join("; ", failures))).append(')');
      }
    } else if (!failures.isEmpty()) {
      line.append(config.mask(String.join("; ", failures)));
    } else {
      line.append(describe(cause, config));
    }
    return new DBException(line.toString());
  }

  /**
   * @param config the binding's settings
   * @param e why the first request to the collection failed
   * @return the one-line failure of the phase's start
   */
  public static DBException cannotUse(CouchbaseConfig config, Throwable e) {
    return new DBException("cannot use Couchbase collection " + config.keyspace() + " at " + config.connectionString
        + " (couchbase.bucket, couchbase.scope, couchbase.collection): " + describe(unwrap(e), config));
  }

  /**
   * @return the distinct last connection failures of the nodes the SDK tried, as its
   *     wait-until-ready context lists them, without their JSON details
   */
  private static Set<String> connectFailures(Throwable e) {
    Set<String> out = new LinkedHashSet<>();
    if (e instanceof CouchbaseException) {
      ErrorContext ctx = ((CouchbaseException) e).context();
      if (ctx != null) {
        collect(ctx.exportAsMap(), out);
      }
    }
    return out;
  }

  private static void collect(Object node, Set<String> out) {
    if (node instanceof Map) {
      for (Map.Entry<?, ?> en : ((Map<?, ?>) node).entrySet()) {
        if ("lastConnectAttemptFailure".equals(en.getKey()) && en.getValue() != null) {
          String f = en.getValue().toString();
          int json = f.indexOf(" {");
          out.add((json > 0 ? f.substring(0, json) : f).trim());
        } else {
          collect(en.getValue(), out);
        }
      }
    } else if (node instanceof Collection) {
      for (Object o : (Collection<?>) node) {
        collect(o, out);
      }
    }
  }
}
