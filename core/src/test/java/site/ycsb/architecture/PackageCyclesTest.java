package site.ycsb.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The engine's packages depend on each other one way: no cycle between them. */
class PackageCyclesTest {
  // the engine's own compiled classes (tests run in core/): no search of every jar and JDK module for the package
  private static final JavaClasses ENGINE = new ClassFileImporter()
      .importPath(Path.of("target", "classes"));

  @Test
  void noCycleBetweenTheEnginesPackages() {
    slices().matching("site.ycsb.(*)..").should().beFreeOfCycles().check(ENGINE);
  }
}
