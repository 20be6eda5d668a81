package site.ycsb;

import java.util.Properties;
import site.ycsb.props.CoreProperties;

/**
 * The main class scripts for upstream YCSB call ({@code java site.ycsb.Client -db ... -P ... -load|-t}).
 * Its flags and properties mean what they mean there; the engine's command line runs the phase
 * ({@code site.ycsb.cli.Ycsb}, named, not imported: it stands above this API). Its constants are
 * upstream's names of the engine's properties, which bindings written for YCSB read.
 */
public final class Client {
  /** Default of {@link #RECORD_COUNT_PROPERTY}. */
  public static final String DEFAULT_RECORD_COUNT = CoreProperties.RECORD_COUNT.defaultValue();
  /** Property: operations of the run phase. */
  public static final String OPERATION_COUNT_PROPERTY = CoreProperties.OPERATION_COUNT.name();
  /** Property: records in the data set. */
  public static final String RECORD_COUNT_PROPERTY = CoreProperties.RECORD_COUNT.name();
  /** Property: the workload class. */
  public static final String WORKLOAD_PROPERTY = CoreProperties.WORKLOAD.name();
  /** Property: the binding class. */
  public static final String DB_PROPERTY = CoreProperties.DB.name();
  /** Property: the summary's format (exporter class). */
  public static final String EXPORTER_PROPERTY = CoreProperties.EXPORTER.name();
  /** Property: the file the summary is written to. */
  public static final String EXPORT_FILE_PROPERTY = CoreProperties.EXPORT_FILE.name();
  /** Property: worker threads. */
  public static final String THREAD_COUNT_PROPERTY = CoreProperties.THREADS.name();
  /** Property: records this client inserts in the load phase. */
  public static final String INSERT_COUNT_PROPERTY = CoreProperties.INSERT_COUNT.name();
  /** Property: operations per second for the process. */
  public static final String TARGET_PROPERTY = CoreProperties.TARGET.name();
  /** Property: length of the measured window in seconds. */
  public static final String MAX_EXECUTION_TIME = CoreProperties.MAX_EXECUTION_TIME.name();
  /** Property: true for the run phase, false for the load phase (set from {@code -t} and {@code -load}). */
  public static final String DO_TRANSACTIONS_PROPERTY = CoreProperties.DO_TRANSACTIONS.name();
  /** Property: print status lines while running. */
  public static final String STATUS_PROPERTY = CoreProperties.STATUS.name();
  /** Property: the label at the start of each status line. */
  public static final String LABEL_PROPERTY = CoreProperties.LABEL.name();

  private Client() {
  }

  /** Prints the command line's usage to stdout. */
  public static void usageMessage() {
    CommandLineByName.run("execute", new String[] {"--help"}, System.out, System.err);
  }

  /**
   * @param props the properties of a phase
   * @return whether they name a workload; prints the missing property's name when not
   */
  public static boolean checkRequiredProperties(Properties props) {
    String workload = CoreProperties.WORKLOAD.get(props);
    if (workload == null || workload.isBlank()) {
      System.out.println("Missing property: " + WORKLOAD_PROPERTY);
      return false;
    }
    return true;
  }

  public static void main(String[] args) {
    int code = CommandLineByName.run("executeClient", args, System.out, System.err);
    System.out.flush();
    System.err.flush();
    // worker threads abandoned inside a driver call must not keep the process alive
    System.exit(code);
  }
}
