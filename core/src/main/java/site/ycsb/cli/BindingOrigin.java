package site.ycsb.cli;

import java.io.IOException;
import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Says where the binding class came from when the class path holds more than one class of that
 * name: the first one wins (a binding given with {@code -cp} comes before this project's), and a
 * user who expected the other must not find out from the results.
 */
final class BindingOrigin {
  private BindingOrigin() {
  }

  /**
   * @param binding the loaded binding class
   * @return one line naming the copy in use and the ones shadowed by it, or null when there is one
   */
  static String note(Class<?> binding) {
    ClassLoader loader = binding.getClassLoader();
    if (loader == null) {
      return null;
    }
    List<URL> copies;
    try {
      copies = Collections.list(loader.getResources(binding.getName().replace('.', '/') + ".class"));
    } catch (IOException e) {
      return null;
    }
    if (copies.size() < 2) {
      return null;
    }
    String first = fileName(location(binding, copies.get(0)));
    List<String> others = new ArrayList<>();
    for (URL u : copies.subList(1, copies.size())) {
      // the same jar copied next to a binding's drivers (the engine's own jar in a module's lib
      // folder) is the same class, not another binding
      if (!fileName(container(u)).equals(first)) {
        others.add(container(u));
      }
    }
    if (others.isEmpty()) {
      return null;
    }
    return "NOTE: binding " + binding.getName() + " is loaded from " + location(binding, copies.get(0))
        + ", which comes first on the class path; not used: " + String.join(", ", others);
  }

  private static String location(Class<?> binding, URL first) {
    CodeSource source = binding.getProtectionDomain().getCodeSource();
    return source != null && source.getLocation() != null ? source.getLocation().getPath() : container(first);
  }

  private static String fileName(String path) {
    String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    return trimmed.substring(trimmed.lastIndexOf('/') + 1);
  }

  /** @return the jar or folder a class resource URL points into */
  static String container(URL u) {
    String s = u.toString();
    if (s.startsWith("jar:file:")) {
      int bang = s.indexOf("!/");
      return s.substring("jar:file:".length(), bang > 0 ? bang : s.length());
    }
    return u.getPath();
  }
}
