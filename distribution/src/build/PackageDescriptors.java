import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Writes the assembly descriptors of the release packages from the modules that declare
 * {@code <ycsb.binding>NAME</ycsb.binding>}: one for the full package (every binding) and one per
 * binding, so that adding a binding module adds it to the packages without a descriptor of its own.
 * The build runs this file as it is ({@code java PackageDescriptors.java ...}), before the
 * assembly plugin reads the descriptors.
 *
 * <p>Arguments: the source root (holding the parent pom), the distribution module's pom, the
 * folder to write the descriptors to, the version. A problem is one line on stderr, exit code 2.
 */
public final class PackageDescriptors {
  private PackageDescriptors() {
  }

  public static void main(String[] args) {
    if (args.length != 4) {
      System.err.println("ERROR: expected: SOURCE_ROOT DISTRIBUTION_POM OUTPUT_DIR VERSION");
      System.exit(2);
    }
    try {
      Path root = Path.of(args[0]).toAbsolutePath().normalize();
      List<BindingModule> bindings = BindingModule.declaredIn(root);
      BuildOrder.check(bindings, Path.of(args[1]));
      new DescriptorWriter(root, args[3]).writeAll(bindings, Path.of(args[2]));
    } catch (BadInput e) {
      System.err.println("ERROR: " + e.getMessage());
      System.exit(2);
    }
  }
}

/** What the packages cannot be made from, said in one line. */
final class BadInput extends RuntimeException {
  BadInput(String message) {
    super(message);
  }
}

/** The few things read from a pom: direct children by name, namespace or not. */
final class Pom {
  private final Path file;
  private final Element project;

  private Pom(Path file, Element project) {
    this.file = file;
    this.project = project;
  }

  static Pom read(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new BadInput("no pom at " + file);
    }
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setNamespaceAware(false);
      return new Pom(file, f.newDocumentBuilder().parse(file.toFile()).getDocumentElement());
    } catch (Exception e) {
      throw new BadInput("cannot read " + file + ": " + e.getMessage());
    }
  }

  Path file() {
    return file;
  }

  /** @return the text of the element at this path below {@code <project>}, or null */
  String text(String... path) {
    Element e = project;
    for (String name : path) {
      e = child(e, name);
      if (e == null) {
        return null;
      }
    }
    return e.getTextContent().trim();
  }

  /** @return every element at this path below {@code <project>}, e.g. modules/module */
  List<Element> all(String parent, String name) {
    List<Element> found = new ArrayList<>();
    Element p = child(project, parent);
    for (Node n = p == null ? null : p.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        found.add(e);
      }
    }
    return found;
  }

  static String text(Element parent, String name) {
    Element e = child(parent, name);
    return e == null ? null : e.getTextContent().trim();
  }

  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }
}

/** A module of the parent pom that declares a binding; the engine ("basic", in core) is not one. */
record BindingModule(String name, Path dir, String artifactId) {
  // the name becomes the folder lib/NAME that bin/ycsb looks for
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  private static final String ENGINE = "basic";

  /** @return the binding modules listed in the parent pom's {@code <modules>}, in that order */
  static List<BindingModule> declaredIn(Path root) {
    Pom parent = Pom.read(root.resolve("pom.xml"));
    List<BindingModule> found = new ArrayList<>();
    for (Element m : parent.all("modules", "module")) {
      Path dir = root.resolve(m.getTextContent().trim()).normalize();
      Pom pom = Pom.read(dir.resolve("pom.xml"));
      String name = pom.text("properties", "ycsb.binding");
      if (name == null || name.equals(ENGINE)) {
        continue;
      }
      if (!NAME.matcher(name).matches()) {
        throw new BadInput(pom.file() + " declares <ycsb.binding>" + name
            + "</ycsb.binding>: a binding's name is letters, digits, '.', '_' and '-'");
      }
      found.add(new BindingModule(name, dir, pom.text("artifactId")));
    }
    if (found.isEmpty()) {
      throw new BadInput("no module of " + parent.file() + " declares <ycsb.binding>: nothing to package");
    }
    return found;
  }
}

/**
 * Maven builds a module before the distribution only when the distribution depends on it; a
 * binding left out would be missing from the packages of a partial build ({@code -pl distribution
 * -am}), so the build stops and says which dependency to add.
 */
final class BuildOrder {
  private BuildOrder() {
  }

  static void check(List<BindingModule> bindings, Path distributionPom) {
    Pom pom = Pom.read(distributionPom);
    Set<String> dependencies = new HashSet<>();
    for (Element d : pom.all("dependencies", "dependency")) {
      dependencies.add(Pom.text(d, "groupId") + ":" + Pom.text(d, "artifactId"));
    }
    for (BindingModule b : bindings) {
      if (!dependencies.contains("site.ycsb:" + b.artifactId())) {
        throw new BadInput("binding '" + b.name() + "' (module " + b.dir().getFileName() + ") is not a dependency of "
            + distributionPom + ": add site.ycsb:" + b.artifactId() + " there so it is built before the packages");
      }
    }
  }
}

/**
 * The descriptors. The assembly plugin names each package FINALNAME-ID.tar.gz; with the final
 * name "ycsb", an id of VERSION gives ycsb-VERSION.tar.gz and NAME-VERSION gives
 * ycsb-NAME-VERSION.tar.gz.
 */
final class DescriptorWriter {
  private final Path root;
  private final String version;

  DescriptorWriter(Path root, String version) {
    this.root = root;
    this.version = version;
  }

  void writeAll(List<BindingModule> bindings, Path out) {
    try {
      // a binding removed since the last build must not leave its descriptor behind
      if (Files.isDirectory(out)) {
        try (Stream<Path> old = Files.walk(out)) {
          for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
            Files.delete(p);
          }
        }
      }
      Files.createDirectories(out);
      write(out.resolve("all.xml"), assembly(version, "ycsb-" + version, bindings));
      for (BindingModule b : bindings) {
        String id = b.name() + "-" + version;
        write(out.resolve(b.name() + ".xml"), assembly(id, "ycsb-" + id, List.of(b)));
      }
    } catch (IOException e) {
      throw new BadInput("cannot write the descriptors to " + out + ": " + e.getMessage());
    }
  }

  private static void write(Path file, String xml) throws IOException {
    Files.writeString(file, xml, StandardCharsets.UTF_8);
  }

  private String assembly(String id, String baseDirectory, List<BindingModule> bindings) {
    StringBuilder sb = new StringBuilder();
    sb.append("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Written by distribution/src/build/PackageDescriptors.java from the modules that declare <ycsb.binding>. -->
        <assembly xmlns="http://maven.apache.org/ASSEMBLY/2.2.0"
                  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                  xsi:schemaLocation="http://maven.apache.org/ASSEMBLY/2.2.0 https://maven.apache.org/xsd/assembly-2.2.0.xsd">
        """);
    sb.append("  <id>").append(xml(id)).append("</id>\n");
    sb.append("  <formats>\n    <format>tar.gz</format>\n  </formats>\n");
    sb.append("  <includeBaseDirectory>true</includeBaseDirectory>\n");
    sb.append("  <baseDirectory>").append(xml(baseDirectory)).append("</baseDirectory>\n");
    sb.append("  <componentDescriptors>\n    <componentDescriptor>")
        .append(xml(root.resolve("distribution/src/assembly/common.xml").toString()))
        .append("</componentDescriptor>\n  </componentDescriptors>\n");
    sb.append("  <fileSets>\n");
    for (BindingModule b : bindings) {
      sb.append(fileSets(b));
    }
    sb.append("  </fileSets>\n</assembly>\n");
    return sb.toString();
  }

  /** lib/NAME/ holds the binding's jar and its libraries without the engine's (those are in lib/core) */
  private String fileSets(BindingModule b) {
    String target = xml(b.dir().resolve("target").toString());
    String lib = "lib/" + b.name();
    return "    <fileSet>\n"
        + "      <directory>" + target + "</directory>\n"
        + "      <outputDirectory>" + lib + "</outputDirectory>\n"
        + "      <includes>\n        <include>" + xml(b.artifactId() + "-" + version) + ".jar</include>\n      </includes>\n"
        + "    </fileSet>\n"
        + "    <fileSet>\n"
        + "      <directory>" + target + "/lib</directory>\n"
        + "      <outputDirectory>" + lib + "</outputDirectory>\n"
        + "      <excludes>\n        <exclude>" + xml("core-" + version) + ".jar</exclude>\n      </excludes>\n"
        + "    </fileSet>\n";
  }

  private static String xml(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
