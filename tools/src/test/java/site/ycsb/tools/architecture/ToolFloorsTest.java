package site.ycsb.tools.architecture;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The tools stand beside the engine and above it: the engine never imports a tool (it finds their
 * commands through ServiceLoader), and the tools' own packages stand on floors, an import going to
 * the same floor or one below: statistics, then what compares runs, then what merges and reports
 * them, then what runs many of them. No two packages import each other, the engine's included.
 */
class ToolFloorsTest {
  private static final String TOOLS = "site.ycsb.tools";
  private static final JavaClasses ALL = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      // the engine's test helpers come as a jar of their own: tests, not the engine
      .withImportOption(location -> !location.contains("-tests.jar"))
      .importPackages("site.ycsb");

  /** The floors, lowest first, by the package under {@code site.ycsb.tools} ({@code ""} for the commands' list). */
  private static final List<Set<String>> FLOORS = List.of(
      Set.of("stats"),
      Set.of("comparison"),
      Set.of("merge", "report"),
      Set.of("experiment", "scaleout"),
      Set.of(""));

  @Test
  void theEngineImportsNoTool() {
    assertTrue(ALL.contain("site.ycsb.cli.Ycsb") && ALL.contain("site.ycsb.DB"), "the engine's classes are read too");
    List<String> wrong = new ArrayList<>();
    for (JavaClass c : ALL) {
      if (!inTools(c.getPackageName())) {
        for (Dependency d : c.getDirectDependenciesFromSelf()) {
          if (inTools(d.getTargetClass().getPackageName())) {
            wrong.add(c.getName() + " -> " + d.getTargetClass().getName());
          }
        }
      }
    }
    assertEquals(List.of(), wrong.stream().distinct().sorted().toList(), "the engine names no tool");
  }

  @Test
  void everyToolPackageHasItsFloorAndNoImportGoesUp() {
    TreeSet<String> without = new TreeSet<>();
    List<String> upward = new ArrayList<>();
    for (JavaClass c : ALL) {
      if (!inTools(c.getPackageName())) {
        continue;
      }
      int from = floor(c.getPackageName());
      if (from < 0) {
        without.add(c.getPackageName());
        continue;
      }
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        String target = d.getTargetClass().getPackageName();
        if (inTools(target) && floor(target) > from) {
          upward.add(c.getName() + " (floor " + from + ") -> " + d.getTargetClass().getName());
        }
      }
    }
    assertEquals(Set.of(), without, "tool packages without a floor: add them to ToolFloorsTest.FLOORS");
    assertEquals(List.of(), upward.stream().distinct().sorted().toList(), "imports against the tools' floors");
  }

  @Test
  void noCycleBetweenPackagesTheEnginesIncluded() {
    slices().assignedFrom(new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        String p = c.getPackageName();
        return p.equals("site.ycsb") || p.startsWith("site.ycsb.") ? SliceIdentifier.of(p) : SliceIdentifier.ignore();
      }

      @Override
      public String getDescription() {
        return "every package of the engine and the tools";
      }
    }).should().beFreeOfCycles().check(ALL);
  }

  private static boolean inTools(String pkg) {
    return pkg.equals(TOOLS) || pkg.startsWith(TOOLS + ".");
  }

  /** @return the floor of a tool package, -1 when it has none */
  private static int floor(String pkg) {
    String under = pkg.equals(TOOLS) ? "" : pkg.substring(TOOLS.length() + 1).split("\\.")[0];
    for (int i = 0; i < FLOORS.size(); i++) {
      if (FLOORS.get(i).contains(under)) {
        return i;
      }
    }
    return -1;
  }
}
