package site.ycsb.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.FileProblems;

/** Where a phase captures its operations ({@code capture}, {@code capture.dir}), made ready before it runs. */
final class PhaseCapture {
  private PhaseCapture() {
  }

  /**
   * @param props the phase's properties
   * @param resultsDir the phase's results folder, discarded when the capture is refused; null for none
   * @return the folder of the capture files, made; null without {@code capture=true}
   * @throws UsageException when there is no folder to write to, or it cannot be used
   */
  static Path folder(Properties props, site.ycsb.results.ResultsWriter resultsDir) throws UsageException {
    try {
      return folder(props);
    } catch (UsageException e) {
      if (resultsDir != null) {
        resultsDir.discard();
      }
      throw e;
    }
  }

  private static Path folder(Properties props) throws UsageException {
    String dir = CoreProperties.CAPTURE_DIR.get(props);
    // checked even when off: a bad value is refused before it matters
    if (!CoreProperties.CAPTURE.getBoolean(props)) {
      return null;
    }
    String results = CoreProperties.RESULTS_DIR.get(props);
    Path folder;
    String property;
    if (dir != null && !dir.isBlank()) {
      folder = Path.of(dir);
      property = "capture.dir=" + dir;
    } else if (results != null && !results.isBlank()) {
      folder = Path.of(results).resolve("capture");
      property = "resultsdir=" + results;
    } else {
      throw new UsageException("property capture=true needs a folder for its files: expected resultsdir (they go to"
          + " its capture/ folder) or capture.dir");
    }
    if (Files.exists(folder.resolve("worker-0.csv.gz"))) {
      throw new UsageException("property " + property + " cannot be used for capture=true: " + folder
          + " already holds a capture (worker-0.csv.gz); expected a folder of its own for each phase");
    }
    try {
      Files.createDirectories(folder);
    } catch (IOException e) {
      throw new UsageException("property " + property + " cannot be used for capture=true: " + FileProblems.reason(e));
    }
    return folder;
  }
}
