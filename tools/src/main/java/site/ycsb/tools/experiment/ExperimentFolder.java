package site.ycsb.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The experiment's folder on disk: one plan's results, a run's folder made afresh, a phase's last words. */
final class ExperimentFolder {
  private ExperimentFolder() {
  }

  /** Creates the folder with a copy of the plan, or checks that it holds this plan's results. */
  /**
   * @param dir the experiment's folder
   * @param plan its plan
   * @throws PlanException when the folder holds another plan's results
   */
  static void prepare(Path dir, Plan plan) throws IOException, PlanException {
    Files.createDirectories(dir);
    Path copy = dir.resolve("plan.yaml");
    String text = Files.readString(plan.file(), StandardCharsets.UTF_8);
    if (Files.exists(copy)) {
      if (!Files.readString(copy, StandardCharsets.UTF_8).equals(text)) {
        throw new PlanException(dir + " holds the results of another plan (its plan.yaml differs from "
            + plan.file() + "): choose another folder with -o, or remove it");
      }
    } else {
      Files.writeString(copy, text, StandardCharsets.UTF_8);
    }
  }

  /** @return the last line of a phase's output that says something, or where to look */
  static String lastLine(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (!lines.get(i).isBlank()) {
          return lines.get(i).trim();
        }
      }
    } catch (IOException e) {
      // fall through
    }
    return "(no message; see " + file + ")";
  }

  /** Removes a folder and all it holds, if it exists: a run that is made again starts empty. */
  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (var walk = Files.walk(p)) {
      List<Path> all = walk.sorted(java.util.Comparator.reverseOrder()).toList();
      for (Path x : all) {
        Files.delete(x);
      }
    }
  }
}
