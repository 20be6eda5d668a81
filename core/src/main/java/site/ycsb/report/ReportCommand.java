package site.ycsb.report;

import java.io.PrintStream;
import java.util.List;

/** {@code ycsb report DIR... -o report.html}: placeholder until the report is written. */
public final class ReportCommand {
  private ReportCommand() {
  }

  /** @return the exit code */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    err.println("ERROR: report is not available yet");
    return 2;
  }
}
