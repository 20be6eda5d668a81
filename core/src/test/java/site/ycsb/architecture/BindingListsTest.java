package site.ycsb.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import site.ycsb.props.PropertyCatalog;

/**
 * A binding is a module that declares its short name ({@code <ycsb.binding>NAME</ycsb.binding>} in
 * its pom, {@code module()} of its property catalog); the few lists that must name it as well agree
 * with the modules: the parent pom's {@code <modules>}, distribution/pom.xml's dependencies (the
 * packages are built after them) and README.md's bindings table. The engine's own bindings (basic,
 * simulated) are found by their catalogs, as the command line finds them.
 */
class BindingListsTest {
  private static final Path ROOT = Path.of("..");
  private static final XPath XPATH = XPathFactory.newInstance().newXPath();
  private static final Pattern MODULE_NAME = Pattern.compile("String module\\(\\)\\s*\\{\\s*return \"([^\"]+)\";");
  private static final Pattern README_ROW = Pattern.compile("^\\| `([^`]+)` \\| ([^|]+?) \\|");

  /** A binding module: its short name, folder and artifactId. */
  private record Module(String name, String folder, String artifactId) {
  }

  @Test
  void everyBindingFolderIsAModuleOfTheBuild() throws Exception {
    List<String> listed = text(read(ROOT.resolve("pom.xml")), "/project/modules/module");
    try (Stream<Path> folders = Files.list(ROOT)) {
      for (Path f : folders.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).toList()) {
        String name = f.getFileName().toString();
        if (!bindingName(read(f.resolve("pom.xml"))).isEmpty()) {
          assertTrue(listed.contains(name), name + "/ declares a binding but the parent pom.xml does not list it"
              + " in <modules>: add <module>" + name + "</module>");
        }
      }
    }
  }

  @Test
  void theReleasePackagesAreBuiltAfterEveryBinding() throws Exception {
    TreeSet<String> expected = new TreeSet<>(List.of("core", "tools"));
    bindingModules().forEach(m -> expected.add(m.artifactId()));
    TreeSet<String> dependedOn = new TreeSet<>();
    NodeList deps = (NodeList) XPATH.evaluate("/project/dependencies/dependency", read(ROOT.resolve(
        "distribution/pom.xml")), XPathConstants.NODESET);
    for (int i = 0; i < deps.getLength(); i++) {
      String group = XPATH.evaluate("groupId", deps.item(i)).trim();
      String scope = XPATH.evaluate("scope", deps.item(i)).trim();
      if ("site.ycsb".equals(group) && !"test".equals(scope)) {
        dependedOn.add(XPATH.evaluate("artifactId", deps.item(i)).trim());
      }
    }
    assertEquals(expected, dependedOn, "distribution/pom.xml needs one <dependency> (groupId site.ycsb) on core, tools and"
        + " on each binding module, and no other, so that Maven builds them before the packages");
  }

  @Test
  void theReadmeTableListsEveryBindingWithItsModule() throws Exception {
    Map<String, String> expected = new TreeMap<>();
    for (PropertyCatalog c : PropertyCatalog.all()) {
      if (c.bindingClass() != null) {
        expected.put(c.module(), "core");
      }
    }
    for (Module m : bindingModules()) {
      expected.put(m.name(), "[" + m.folder() + "](" + m.folder() + "/README.md)");
    }
    assertEquals(expected, readmeTable(), "README.md's bindings table (## Bindings) has one row per binding:"
        + " | `short name` | [module](module/README.md) | ...");
  }

  @Test
  void everyBindingModuleDeclaresItsNameInItsCatalogAndHasAReadme() throws Exception {
    for (Module m : bindingModules()) {
      Path folder = ROOT.resolve(m.folder());
      assertTrue(Files.isRegularFile(folder.resolve("README.md")), m.folder() + "/README.md is missing");
      Path services = folder.resolve("src/main/resources/META-INF/services/site.ycsb.props.PropertyCatalog");
      assertTrue(Files.isRegularFile(services), m.folder() + " lists no PropertyCatalog in " + services);
      List<String> names = new ArrayList<>();
      for (String line : Files.readAllLines(services)) {
        String catalog = line.replaceAll("#.*", "").trim();
        if (!catalog.isEmpty()) {
          Matcher name = MODULE_NAME.matcher(Files.readString(folder.resolve("src/main/java/"
              + catalog.replace('.', '/') + ".java")));
          if (name.find()) {
            names.add(name.group(1));
          }
        }
      }
      assertTrue(names.contains(m.name()), m.folder() + ": its pom declares <ycsb.binding>" + m.name()
          + "</ycsb.binding> but its catalog's module() returns " + names);
    }
  }

  /** @return the modules of the parent pom that declare a binding, the engine's excepted */
  private static List<Module> bindingModules() throws Exception {
    List<Module> modules = new ArrayList<>();
    for (String folder : text(read(ROOT.resolve("pom.xml")), "/project/modules/module")) {
      Document pom = read(ROOT.resolve(folder).resolve("pom.xml"));
      String name = bindingName(pom);
      if (!name.isEmpty() && !"core".equals(folder)) {
        modules.add(new Module(name, folder, XPATH.evaluate("/project/artifactId", pom).trim()));
      }
    }
    assertTrue(modules.size() > 1, "no binding module found from " + ROOT.toAbsolutePath());
    return modules;
  }

  private static Map<String, String> readmeTable() throws IOException {
    Map<String, String> rows = new TreeMap<>();
    boolean inSection = false;
    for (String line : Files.readAllLines(ROOT.resolve("README.md"))) {
      if (line.startsWith("## ")) {
        inSection = line.equals("## Bindings");
      } else if (inSection) {
        Matcher row = README_ROW.matcher(line);
        if (row.find()) {
          rows.put(row.group(1), row.group(2).trim());
        }
      }
    }
    return rows;
  }

  private static String bindingName(Document pom) throws Exception {
    return XPATH.evaluate("/project/properties/ycsb.binding", pom).trim();
  }

  private static List<String> text(Document doc, String path) throws Exception {
    NodeList nodes = (NodeList) XPATH.evaluate(path, doc, XPathConstants.NODESET);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      values.add(nodes.item(i).getTextContent().trim());
    }
    return values;
  }

  private static Document read(Path pom) throws Exception {
    // without namespaces, so the paths need no prefix for the POM namespace
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
  }
}
