package site.ycsb.db.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Opens connections with the configured driver and credentials. With {@code db.driver} set the
 * driver is used directly (no dependence on which class loader registered it); without it the
 * JDBC 4 driver that accepts the URL is found through {@link DriverManager}.
 */
public final class ConnectionFactory {
  private final Driver driver;
  private final String user;
  private final String password;

  private ConnectionFactory(Driver driver, String user, String password) {
    this.driver = driver;
    this.user = user;
    this.password = password;
  }

  /**
   * @param driverClass the driver class name, or null to find it by URL
   * @param user the user, or null
   * @param password the password, or null
   * @return a factory
   * @throws DBException when the driver class cannot be loaded
   */
  public static ConnectionFactory create(String driverClass, String user, String password) throws DBException {
    Driver driver = null;
    if (driverClass != null && !driverClass.isEmpty()) {
      try {
        Class<?> c = Class.forName(driverClass, true, ConnectionFactory.class.getClassLoader());
        driver = (Driver) c.getDeclaredConstructor().newInstance();
      } catch (ClassNotFoundException e) {
        throw new DBException("db.driver=" + driverClass + ": no such class on the class path;"
            + " put the driver's jar into jdbc/target/lib/");
      } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
        throw new DBException("db.driver=" + driverClass + " is not a usable java.sql.Driver: "
            + JdbcFailures.firstLine(e));
      }
    }
    return new ConnectionFactory(driver, user, password);
  }

  /** @return the user name connections are opened with, or null */
  String user() {
    return user;
  }

  /**
   * @param url a JDBC URL
   * @return a new connection
   * @throws SQLException when the driver cannot connect or no driver accepts the URL
   */
  Connection connect(String url) throws SQLException {
    Properties info = new Properties();
    if (user != null) {
      info.setProperty("user", user);
    }
    if (password != null) {
      info.setProperty("password", password);
    }
    if (driver == null) {
      return DriverManager.getConnection(url, info);
    }
    Connection c = driver.connect(url, info);
    if (c == null) {
      throw new SQLException("driver " + driver.getClass().getName() + " (db.driver) does not accept this URL", "08001");
    }
    return c;
  }
}
