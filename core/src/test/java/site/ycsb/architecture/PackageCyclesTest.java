package site.ycsb.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine's packages depend on each other one way: no cycle between them. */
class PackageCyclesTest {
  private static final JavaClasses ENGINE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("site.ycsb");

  @Test
  void noCycleBetweenTheEnginesPackages() {
    slices().matching("site.ycsb.(*)..").should().beFreeOfCycles().check(ENGINE);
  }
}
