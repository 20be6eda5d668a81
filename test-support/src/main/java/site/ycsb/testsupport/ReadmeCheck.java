package site.ycsb.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/** Keeps a binding's README honest: every property its catalog declares is documented there. */
public final class ReadmeCheck {
  private ReadmeCheck() {
  }

  /**
   * @param catalog the binding's property catalog
   * @param readme the binding's README.md
   * @return the declared property names the README does not mention as {@code `name`}
   * @throws IOException when the README cannot be read
   */
  public static List<String> undocumented(PropertyCatalog catalog, Path readme) throws IOException {
    String text = Files.readString(readme);
    List<String> missing = new ArrayList<>();
    for (PropertyDef d : catalog.properties()) {
      if (!text.contains("`" + d.name() + "`")) {
        missing.add(d.name());
      }
    }
    return missing;
  }
}
