package site.ycsb.tools.report;

import static site.ycsb.ExitCodes.OK;
import static site.ycsb.ExitCodes.BAD_INPUT;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.commandline.CommandLines;

/**
 * {@code ycsb report DIR... -o report.html}: one self-contained HTML page comparing results
 * folders, with throughput and latency over time, latency histograms and CDFs per operation, a
 * comparison table and, for a series of runs that differ only in offered load, the
 * latency-versus-throughput curve. The page loads nothing from elsewhere, so it opens offline.
 */
public final class ReportCommand {
  private static final int COULD_NOT_WRITE = 1;

  private ReportCommand() {
  }

  /**
   * @param args results folders and {@code -o FILE}
   * @param out where the confirmation goes
   * @param err where errors go, one line each
   * @return the exit code: 0 written, 1 the file could not be written, 2 bad arguments or folders
   */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    return CommandLines.run(new ReportArguments(), args, out, err,
        a -> report(a.dirs, a.output, a.series, out, err));
  }

  private static int report(List<Path> dirs, Path output, boolean series, PrintStream out, PrintStream err) {
    if (dirs.isEmpty()) {
      err.println("ERROR: report needs at least one results folder: ycsb report DIR... -o FILE.html");
      return BAD_INPUT;
    }
    List<ReportRun> runs = new ArrayList<>();
    try {
      for (Path dir : dirs) {
        runs.add(ReportRun.read(dir));
      }
    } catch (ReportException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    }
    uniqueLabels(runs);
    for (ReportRun r : runs) {
      if (!r.complete) {
        err.println("WARNING: " + r.dir + " holds a summary that is not final; the report shows it as it is");
      }
    }
    ReportPage page = new ReportPage(runs, series);
    String html = page.render();
    try {
      Files.writeString(output, html, StandardCharsets.UTF_8);
    } catch (IOException e) {
      err.println("ERROR: cannot write " + output + ": " + site.ycsb.props.FileProblems.reason(e));
      return COULD_NOT_WRITE;
    }
    out.println("report of " + runs.size() + (runs.size() == 1 ? " run" : " runs") + " with "
        + page.chartIds().size() + " charts written to " + output);
    return OK;
  }

  /** Runs are labelled by folder name; equal names get their parent folder too, then a number. */
  private static void uniqueLabels(List<ReportRun> runs) {
    Map<String, Integer> seen = new HashMap<>();
    for (ReportRun r : runs) {
      seen.merge(r.label, 1, Integer::sum);
    }
    for (ReportRun r : runs) {
      if (seen.get(r.label) > 1) {
        Path parent = r.dir.toAbsolutePath().normalize().getParent();
        if (parent != null && parent.getFileName() != null) {
          r.label = parent.getFileName() + "/" + r.label;
        }
      }
    }
    Map<String, Integer> count = new HashMap<>();
    for (ReportRun r : runs) {
      int n = count.merge(r.label, 1, Integer::sum);
      if (n > 1) {
        r.label = r.label + " #" + n;
      }
    }
  }
}
