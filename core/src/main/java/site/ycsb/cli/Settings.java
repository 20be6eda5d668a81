package site.ycsb.cli;

import static site.ycsb.props.CoreProperties.*;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Properties;
import site.ycsb.props.PropertyException;
import site.ycsb.runner.PhaseSettings;
import site.ycsb.runner.RetryPolicy;
import site.ycsb.runner.Throttle;

/** Reads the runner's settings for one phase from the properties. */
final class Settings {
  private Settings() {
  }

  static PhaseSettings forPhase(Properties p, boolean load) {
    long operations;
    if (load) {
      long recordCount = RECORD_COUNT.getLong(p);
      long insertStart = INSERT_START.getLong(p);
      if (INSERT_COUNT.isSet(p)) {
        operations = INSERT_COUNT.getLong(p);
      } else if (insertStart <= recordCount) {
        operations = recordCount - insertStart;
      } else {
        // an insertstart that is not a key number (the time-series workload's first timestamp; the
        // core workload refuses it): the load inserts recordcount records, as upstream's does
        operations = recordCount;
      }
    } else {
      long count = OPERATION_COUNT.getLong(p);
      operations = count == 0 ? -1 : count;
    }
    double maxSeconds = MAX_EXECUTION_TIME.getDouble(p);
    RetryPolicy retries = new RetryPolicy(READ_RETRY_COUNT.getInt(p), UPDATE_RETRY_COUNT.getInt(p),
        INSERT_RETRY_COUNT.getInt(p), SCAN_RETRY_COUNT.getInt(p), DELETE_RETRY_COUNT.getInt(p),
        RETRY_DELAY.getLong(p)).withTransactionRetries(
            site.ycsb.workloads.ClosedEconomyProperties.RETRIES.getInt(p));
    return new PhaseSettings(
        load,
        THREADS.getInt(p),
        operations,
        (long) (maxSeconds * 1e9),
        WARMUP_EXECUTION_TIME.getLong(p) * 1_000_000L,
        WARMUP_OPERATION_COUNT.getLong(p),
        TARGET.getDouble(p),
        "windowed".equals(THROTTLE_MODE.getChoice(p)) ? Throttle.Mode.WINDOWED : Throttle.Mode.OPEN,
        retries,
        startTime(p),
        (long) (THREAD_STOP_TIMEOUT.getDouble(p) * 1e9),
        IGNORE_INSERT_ERRORS.getBoolean(p),
        measurementInterval(p),
        INFLIGHT.getInt(p),
        ThrottleOptions.read(p),
        site.ycsb.measurements.RecordingOptions.from(p),
        false);
  }

  /**
   * Without a throttle the intended start is the actual start: its figures only when asked. A trace
   * replayed with its timing is a schedule too.
   */
  private static String measurementInterval(Properties p) {
    boolean scheduled = ThrottleOptions.throttled(p) || site.ycsb.workloads.ReplayProperties.timed(p);
    return !scheduled && !MEASUREMENT_INTERVAL.isSet(p) ? "op" : MEASUREMENT_INTERVAL.getChoice(p);
  }

  /**
   * Splits the load among client processes when the user did not: client i of n inserts a
   * contiguous block, the blocks differing in size by at most one record.
   */
  static void splitLoadAmongClients(Properties p) {
    int clients = CLIENT_COUNT.getInt(p);
    if (clients <= 1 || INSERT_START.isSet(p) || INSERT_COUNT.isSet(p)) {
      return;
    }
    int id = CLIENT_ID.getInt(p);
    long records = RECORD_COUNT.getLong(p);
    long base = records / clients;
    long extra = records % clients;
    long start = id * base + Math.min(id, extra);
    long count = base + (id < extra ? 1 : 0);
    p.setProperty(INSERT_START.name(), Long.toString(start));
    p.setProperty(INSERT_COUNT.name(), Long.toString(count));
  }

  /** @return the start instant in epoch milliseconds, or 0 when none was given */
  static long startTime(Properties p) {
    String v = START_TIME.get(p);
    if (v == null || v.isBlank()) {
      return 0;
    }
    long epochMillis;
    try {
      epochMillis = Long.parseLong(v.trim());
    } catch (NumberFormatException notANumber) {
      epochMillis = parseDateTime(v.trim());
    }
    if (epochMillis <= System.currentTimeMillis()) {
      throw new PropertyException("property starttime=" + v + " is in the past: expected a future instant "
          + "(epoch milliseconds or an ISO-8601 date-time such as 2030-01-31T12:00:00Z)");
    }
    return epochMillis;
  }

  private static long parseDateTime(String v) {
    try {
      return OffsetDateTime.parse(v).toInstant().toEpochMilli();
    } catch (DateTimeParseException e) {
      try {
        return Instant.parse(v).toEpochMilli();
      } catch (DateTimeParseException e2) {
        try {
          return LocalDateTime.parse(v).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        } catch (DateTimeParseException e3) {
          throw PropertyException.invalid("starttime", v,
              "epoch milliseconds or an ISO-8601 date-time with a date, e.g. 2030-01-31T12:00:00Z");
        }
      }
    }
  }
}
