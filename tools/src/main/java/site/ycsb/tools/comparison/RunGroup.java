package site.ycsb.tools.comparison;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The folders of one side of a comparison, as given: results folders (single client or merged),
 * or an experiment's combination folder ({@code <experiment>/<workload>/<combination>/}), which
 * stands for its repetitions {@code 1/ 2/ 3/ ...}.
 */
public final class RunGroup {
  private RunGroup() {
  }

  /**
   * @param given the folders named on the command line
   * @return the results folders they stand for, each repetition of a combination folder in order
   */
  public static List<Path> expand(List<Path> given) {
    List<Path> out = new ArrayList<>();
    for (Path p : given) {
      out.addAll(repetitions(p));
    }
    return out;
  }

  private static List<Path> repetitions(Path dir) {
    if (!Files.isDirectory(dir) || Files.exists(dir.resolve("summary.json"))) {
      return List.of(dir);
    }
    List<Path> reps = new ArrayList<>();
    try (Stream<Path> children = Files.list(dir)) {
      children.filter(c -> c.getFileName().toString().matches("[0-9]+") && Files.isDirectory(c)
          && Files.exists(c.resolve("summary.json"))).forEach(reps::add);
    } catch (IOException e) {
      return List.of(dir);
    }
    if (reps.isEmpty()) {
      return List.of(dir);
    }
    reps.sort(Comparator.comparingLong(c -> Long.parseLong(c.getFileName().toString())));
    return reps;
  }
}
