package site.ycsb.db.jdbc;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import site.ycsb.Status;

/** Maps driver errors to the statuses the benchmark counts. */
final class JdbcFailures {
  private JdbcFailures() {
  }

  /**
   * @param e a driver error
   * @param dialect the database that raised it (vendor error codes differ between databases)
   * @return TIMEOUT when the statement ran out of time, SERVICE_UNAVAILABLE when the connection is
   *     gone or the server refuses work, ERROR otherwise
   */
  static Status statusOf(SQLException e, SqlDialect dialect) {
    if (isTimeout(e) || (dialect == SqlDialect.MYSQL && isMySqlTimeout(e.getErrorCode()))) {
      return Status.TIMEOUT;
    }
    if (isConnectionLost(e)) {
      return Status.SERVICE_UNAVAILABLE;
    }
    return Status.ERROR;
  }

  /**
   * @return why the database refused the transaction in a way that may succeed if it is made
   *     again (a serialization failure, a deadlock, a lock wait that timed out), in the words the
   *     {@code [TRANSACTIONS]} section counts aborts by; null when the failure is not such an abort
   */
  static String abortCause(SQLException e, SqlDialect dialect) {
    if (dialect == SqlDialect.MYSQL && e.getErrorCode() == 1213) {
      return "deadlock";
    }
    if (dialect == SqlDialect.MYSQL && e.getErrorCode() == 1205) {
      return "lock wait timeout";
    }
    String state = e.getSQLState();
    if ("40P01".equals(state)) {
      return "deadlock";
    }
    return "40001".equals(state) ? "serialization failure" : null;
  }

  static boolean isTimeout(SQLException e) {
    String state = e.getSQLState();
    // 57014 = PostgreSQL query_canceled (statement_timeout), 70100 = MariaDB max_statement_time,
    // HYT00/HYT01 = the ODBC-style timeout states several drivers use
    return e instanceof SQLTimeoutException || "57014".equals(state) || "70100".equals(state)
        || "HYT00".equals(state) || "HYT01".equals(state);
  }

  /** 1205 lock wait timeout, 1969 MariaDB max_statement_time, 3024 MySQL max_execution_time. */
  private static boolean isMySqlTimeout(int code) {
    return code == 1205 || code == 1969 || code == 3024;
  }

  /**
   * @param e a driver error
   * @return whether the connection can no longer be used and should be opened again
   */
  static boolean isConnectionLost(SQLException e) {
    String state = e.getSQLState();
    // class 08 = connection exception; 57P01..57P03 = PostgreSQL shutting down / not accepting
    return e instanceof SQLNonTransientConnectionException || e instanceof SQLTransientConnectionException
        || e instanceof SQLRecoverableException
        || (state != null && (state.startsWith("08") || state.startsWith("57P")));
  }

  /**
   * @param e a driver error
   * @return what the user can do about its common causes, starting with "; ", or "" for none
   */
  static String hint(SQLException e) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    int code = e.getErrorCode();
    // 42P01 = PostgreSQL undefined_table; 42S02 / 1146 = MariaDB and MySQL table doesn't exist
    if ("42P01".equals(state) || "42S02".equals(state) || code == 1146) {
      return "; the table is missing: create it, or set jdbc.createtable=true";
    }
    // 23505 = PostgreSQL unique_violation; 1062 = MariaDB and MySQL duplicate entry
    if ("23505".equals(state) || code == 1062) {
      return "; a record with this key exists already: was the load run twice into this table?";
    }
    // 42703 = PostgreSQL undefined_column; 1054 = MariaDB unknown column
    if ("42703".equals(state) || code == 1054) {
      return "; the table's columns do not match the workload's fields (fieldcount, fieldnameprefix)";
    }
    return "";
  }

  /**
   * @param e a driver error
   * @return what identifies its cause for once-only reporting: the state and vendor code
   */
  static String cause(SQLException e) {
    return e.getClass().getSimpleName() + " " + e.getSQLState() + " " + e.getErrorCode();
  }

  /**
   * @param e an error
   * @return its message, first line only, for one-line error reports
   */
  static String firstLine(Throwable e) {
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return e.getClass().getSimpleName();
    }
    int nl = m.indexOf('\n');
    return (nl < 0 ? m : m.substring(0, nl)).trim();
  }
}
