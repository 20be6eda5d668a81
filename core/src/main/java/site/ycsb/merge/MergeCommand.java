package site.ycsb.merge;

import java.io.PrintStream;
import java.util.List;

/** {@code ycsb merge DIR... -o OUT}: placeholder until the merge is written. */
public final class MergeCommand {
  private MergeCommand() {
  }

  /** @return the exit code */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    err.println("ERROR: merge is not available yet");
    return 2;
  }
}
