package site.ycsb.distribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * The bindings the packages must hold, read from the sources as a user adding a binding sees
 * them: every module in the parent pom's {@code <modules>} whose pom declares
 * {@code <ycsb.binding>NAME</ycsb.binding>}, except the engine's own ("basic").
 */
final class BindingModules {
  private BindingModules() {
  }

  /** A binding: its short name (lib/NAME in a package) and its jar's artifactId. */
  record Binding(String name, String artifactId) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Binding> declaredIn(Path root) throws Exception {
    XPath xpath = XPathFactory.newInstance().newXPath();
    NodeList modules = (NodeList) xpath.evaluate("/project/modules/module", read(root.resolve("pom.xml")),
        XPathConstants.NODESET);
    List<Binding> bindings = new ArrayList<>();
    for (int i = 0; i < modules.getLength(); i++) {
      Document pom = read(root.resolve(modules.item(i).getTextContent().trim()).resolve("pom.xml"));
      String name = xpath.evaluate("/project/properties/ycsb.binding", pom).trim();
      if (!name.isEmpty() && !name.equals("basic")) {
        bindings.add(new Binding(name, xpath.evaluate("/project/artifactId", pom).trim()));
      }
    }
    if (bindings.isEmpty()) {
      throw new IllegalStateException("no module of " + root.resolve("pom.xml") + " declares <ycsb.binding>");
    }
    return bindings;
  }

  private static Document read(Path pom) throws Exception {
    // without namespaces, so the paths need no prefix for the POM namespace
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
  }
}
