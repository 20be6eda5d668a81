package site.ycsb.tools.scaleout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import site.ycsb.cli.Ycsb;

/** One {@code ycsb kubernetes ...} through the command line, with what it printed and wrote. */
final class Rendered {
  final int exitCode;
  final String out;
  final String err;
  /** File name to content, of every file in the output folder. */
  final Map<String, String> files = new TreeMap<>();
  /** The output folder. */
  final Path dir;

  private Rendered(int exitCode, String out, String err, Path dir) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
    this.dir = dir;
    if (Files.isDirectory(dir)) {
      try (Stream<Path> list = Files.list(dir)) {
        for (Path p : (Iterable<Path>) list::iterator) {
          files.put(p.getFileName().toString(), Files.readString(p, StandardCharsets.UTF_8));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * @param dir the output folder, passed as {@code -o dir}
   * @param args the arguments after {@code kubernetes}, without {@code -o}
   */
  static Rendered of(Path dir, String... args) {
    List<String> all = new ArrayList<>(List.of("kubernetes"));
    all.addAll(List.of(args));
    all.add("-o");
    all.add(dir.toString());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Ycsb.execute(all.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Rendered(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), dir);
  }

  String file(String name) {
    String text = files.get(name);
    if (text == null) {
      throw new AssertionError("no " + name + " was written; files: " + files.keySet() + "\nstderr: " + err);
    }
    return text;
  }

  Path collectScriptPath() {
    return dir.resolve("collect.sh");
  }

  /** @return the collect pod's manifest, the here-document inside collect.sh */
  String collectPodYaml() {
    String script = file("collect.sh");
    int start = script.indexOf("<<'EOF'\n");
    int end = script.indexOf("\nEOF\n", start);
    if (start < 0 || end < 0) {
      throw new AssertionError("collect.sh holds no here-document <<'EOF' ... EOF:\n" + script);
    }
    return script.substring(start + "<<'EOF'\n".length(), end + 1);
  }

  /**
   * @param args a container's arguments
   * @param name a property name
   * @return the value of each {@code -p name=value} among them, in order
   */
  static List<String> propertyArgs(List<String> args, String name) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i + 1 < args.size(); i++) {
      if ("-p".equals(args.get(i)) && args.get(i + 1).startsWith(name + "=")) {
        values.add(args.get(i + 1).substring(name.length() + 1));
      }
    }
    return values;
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\nstdout:\n" + out + "\nstderr:\n" + err;
  }
}
