package site.ycsb.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages stand on floors, and an import goes to the same floor or one below, never
 * up: upstream's API at the bottom, the phase's machinery above it, the command line at the top. A
 * package is not only its classes but its place: a new one fails here until it is given a floor.
 * No two packages import each other, the root package included, and a binding module's code uses
 * only the API floors of core.
 */
class PackageCyclesTest {
  private static final String ROOT = "site.ycsb";
  private static final JavaClasses ENGINE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages(ROOT);

  /**
   * The floors, lowest first, by the package under {@code site.ycsb} ({@code ""} for the root
   * package itself); a sub-package stands on its package's floor.
   */
  private static final List<Set<String>> FLOORS = List.of(
      // what knows nothing of databases: properties, the clock, numbers and strings drawn
      Set.of("props", "clock", "generator"),
      // upstream's API: DB, Workload, Status, ByteIterator, Client's names, ...
      Set.of(""),
      // built on the API alone: recording, the stamps of lost writes, traces of operations, the simulated database
      Set.of("measurements", "durability", "trace", "simulation"),
      // what to do next
      Set.of("workloads"),
      // when and how: the phase, and the start it may share with other clients
      Set.of("runner", "startbarrier"),
      // what a phase measured, and what watches it while it runs
      Set.of("results", "slo", "monitoring"),
      // the command lines the engine's commands and the tools module's share
      Set.of("commandline"),
      // the command line, which puts it all together
      Set.of("cli"));
  /** The floors a binding module may use: the API and what it stands on. */
  private static final int BINDING_FLOORS = 2;

  @Test
  void everyImportGoesToTheSameFloorOrBelow() {
    List<String> upward = new ArrayList<>();
    for (JavaClass c : ENGINE) {
      int from = floor(c.getPackageName());
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        String target = d.getTargetClass().getPackageName();
        if (inEngine(target) && floor(target) > from) {
          upward.add(c.getName() + " (floor " + from + ") -> " + d.getTargetClass().getName() + " (floor "
              + floor(target) + ")");
        }
      }
    }
    assertEquals(List.of(), upward.stream().distinct().sorted().toList(),
        "imports against the floors (PackageCyclesTest.FLOORS): move the class to the floor it belongs on");
  }

  @Test
  void everyPackageHasItsFloor() {
    TreeSet<String> without = new TreeSet<>();
    for (JavaClass c : ENGINE) {
      if (floorOrNone(c.getPackageName()) < 0) {
        without.add(c.getPackageName());
      }
    }
    assertEquals(Set.of(), without, "packages without a floor: add them to PackageCyclesTest.FLOORS");
  }

  @Test
  void noCycleBetweenPackagesTheRootIncluded() {
    slices().assignedFrom(new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        return inEngine(c.getPackageName()) ? SliceIdentifier.of(c.getPackageName()) : SliceIdentifier.ignore();
      }

      @Override
      public String getDescription() {
        return "every package of the engine, the root package included";
      }
    }).should().beFreeOfCycles().check(ENGINE);
  }

  /** A binding module compiles against core's API only: nothing of the engine's machinery it could come to need. */
  @Test
  void bindingsImportOnlyTheApiFloorsOfCore() throws IOException {
    Pattern importLine = Pattern.compile("^import (?:static )?(site\\.ycsb(?:\\.[a-z][a-z0-9]*)*)\\.[A-Z]",
        Pattern.MULTILINE);
    List<String> wrong = new ArrayList<>();
    List<Path> modules = bindingModules();
    assertTrue(modules.size() > 3, "binding modules found: " + modules);
    for (Path module : modules) {
      try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = importLine.matcher(Files.readString(f));
          while (m.find()) {
            String pkg = m.group(1);
            if (inCore(pkg) && floor(pkg) >= BINDING_FLOORS) {
              wrong.add(ROOT_DIR.relativize(f) + " imports " + pkg);
            }
          }
        }
      }
    }
    assertEquals(List.of(), wrong, "a binding uses core's API floors only (" + FLOORS.subList(0, BINDING_FLOORS)
        + "); what it needs from higher up belongs in the API");
  }

  private static final Path ROOT_DIR = Path.of("..");
  private static final Path CORE_SOURCES = Path.of("src/main/java");

  /** @return the folders of the modules besides core that declare a binding ({@code <ycsb.binding>} in their pom) */
  private static List<Path> bindingModules() throws IOException {
    try (Stream<Path> folders = Files.list(ROOT_DIR)) {
      List<Path> out = new ArrayList<>();
      for (Path f : folders.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).sorted().toList()) {
        if (!f.getFileName().toString().equals("core") && Files.readString(f.resolve("pom.xml")).contains(
            "<ycsb.binding>") && Files.isDirectory(f.resolve("src/main/java"))) {
          out.add(f);
        }
      }
      return out;
    }
  }

  private static boolean inCore(String pkg) {
    return inEngine(pkg) && Files.isDirectory(CORE_SOURCES.resolve(pkg.replace('.', '/')));
  }

  private static boolean inEngine(String pkg) {
    return pkg.equals(ROOT) || pkg.startsWith(ROOT + ".");
  }

  private static int floor(String pkg) {
    int f = floorOrNone(pkg);
    return f < 0 ? Integer.MAX_VALUE : f;
  }

  /** @return the floor of a package of the engine, -1 when it has none */
  private static int floorOrNone(String pkg) {
    String under = pkg.equals(ROOT) ? "" : pkg.substring(ROOT.length() + 1).split("\\.")[0];
    for (int i = 0; i < FLOORS.size(); i++) {
      if (FLOORS.get(i).contains(under)) {
        return i;
      }
    }
    return -1;
  }
}
