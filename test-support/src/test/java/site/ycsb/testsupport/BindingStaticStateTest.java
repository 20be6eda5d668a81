package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No binding keeps state in static fields: what lives longer than one binding instance (a client,
 * a schema check, a failure already reported) belongs to the engine's binding context, which
 * starts afresh with each phase. Every module that declares a binding ({@code <ycsb.binding>} in its
 * pom) is read; a static field must be a final constant, never a collection, counter, reporter or
 * lock (unless an unmodifiable collection).
 */
class BindingStaticStateTest {
  /** A field declaration with the static modifier: modifiers, type, name, then = or ;. */
  private static final Pattern STATIC_FIELD = Pattern.compile(
      "^\\s*((?:(?:public|protected|private|static|final|volatile|transient)\\s+)*)"
          + "([\\w.<>,?\\[\\] ]+?)\\s+(\\w+)\\s*(=[^;]*)?;", Pattern.MULTILINE);
  /**
   * Types that hold state: collections, counters, reporters, locks. A final constant of another
   * type (a string, a property declaration, a byte array of a fixed key, a driver's option object)
   * is configuration, not state.
   */
  private static final Pattern STATE_TYPE = Pattern.compile(
      "(Map|HashMap|TreeMap|ConcurrentHashMap|Set|HashSet|TreeSet|List|ArrayList|Queue|Deque|Collection|"
          + "Atomic\\w*|LongAdder|DoubleAdder|FirstOccurrences|StringBuilder|Object|Properties|ThreadLocal)(<.*>)?");
  /** Initializers that make an unmodifiable collection. */
  private static final Pattern UNMODIFIABLE = Pattern.compile("^=\\s*(List|Set|Map)\\.(of|copyOf)\\(|"
      + "^=\\s*Collections\\.unmodifiable|\\.collect\\(Collectors\\.toUnmodifiable\\w*\\([^;]*$");

  /**
   * Upstream's {@code BasicDB} declares these protected static fields (its {@code basicdb.count}
   * tallies and a shared string builder); subclasses written against upstream may read them, so
   * they stay, checked by the API comparison with upstream instead.
   */
  private static final String UPSTREAM_BASIC_DB = "core/src/main/java/site/ycsb/BasicDB.java: static ";
  private static final Set<String> UPSTREAM_BASIC_DB_FIELDS = Set.of("MUTEX", "counter", "reads", "scans", "updates",
      "inserts", "deletes", "TL_STRING_BUILDER");

  @Test
  void everyBindingModuleIsCheckedAndNoneKeepsStaticState() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    List<Path> modules = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(root)) {
      for (Path d : dirs.sorted().toList()) {
        Path pom = d.resolve("pom.xml");
        // a module that only packages the others (the distribution) mentions the marker but has no sources
        if (Files.isRegularFile(pom) && Files.readString(pom).contains("<ycsb.binding>")
            && Files.isDirectory(d.resolve("src/main/java"))) {
          modules.add(d);
        }
      }
    }
    assertTrue(modules.size() >= 8, "the binding modules and core: " + modules);
    List<String> offenders = new ArrayList<>();
    for (Path module : modules) {
      Path src = module.resolve("src/main/java");
      try (Stream<Path> files = Files.walk(src)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          // in core, only the basic binding is a binding; the engine's own classes are not checked here
          if (module.getFileName().toString().equals("core") && !f.getFileName().toString().startsWith("BasicDB")) {
            continue;
          }
          offenders.addAll(staticState(root.relativize(f), Files.readString(f)));
        }
      }
    }
    offenders.removeIf(o -> o.startsWith(UPSTREAM_BASIC_DB)
        && UPSTREAM_BASIC_DB_FIELDS.contains(o.substring(o.lastIndexOf(' ') + 1)));
    assertEquals(List.of(), offenders, "static mutable state in bindings: move it to the binding context");
  }

  static List<String> staticState(Path file, String source) {
    List<String> out = new ArrayList<>();
    Matcher m = STATIC_FIELD.matcher(source);
    while (m.find()) {
      String modifiers = m.group(1);
      if (!modifiers.contains("static")) {
        continue;
      }
      String type = m.group(2).trim();
      String init = m.group(4) == null ? "" : m.group(4);
      boolean constant = modifiers.contains("final")
          && (!STATE_TYPE.matcher(type).matches() || UNMODIFIABLE.matcher(init).find());
      if (!constant) {
        out.add(file + ": static " + type + " " + m.group(3));
      }
    }
    return out;
  }

  @Test
  void theCheckFindsTheKindsOfStateItLooksFor() {
    String source = String.join("\n",
        "class X {",
        "  private static final Map<String, Shared> SHARED = new HashMap<>();",
        "  private static final AtomicInteger INSTANCES = new AtomicInteger();",
        "  private static int count;",
        "  private static final FirstOccurrences REPORTED = new FirstOccurrences(20);",
        "  private static final String NAME = \"x\";",
        "  static final List<PropertyDef> ALL = List.of(A, B);",
        "  private static final long LIMIT = 10;",
        "  private static final Object CREATE_LOCK = new Object();",
        "  private static final byte[] INDEX = {1, 2};",
        "}");
    List<String> found = staticState(Path.of("X.java"), source);
    assertEquals(List.of("X.java: static Map<String, Shared> SHARED", "X.java: static AtomicInteger INSTANCES",
        "X.java: static int count", "X.java: static FirstOccurrences REPORTED", "X.java: static Object CREATE_LOCK"),
        found);
  }
}
