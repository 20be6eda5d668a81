package site.ycsb.cli;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * Validates every declared property that is set, and warns about an undeclared name only where
 * it is likely a typo: close to a declared name, or in a namespace ({@code redis.}) that a loaded
 * catalog declares. Names of bindings without a catalog (any upstream binding) pass silently:
 * warning about each of them on every run would teach users to ignore the warning.
 */
final class PropertyCheck {
  private PropertyCheck() {
  }

  static void check(Properties props, PrintStream err) {
    Map<String, PropertyDef> known = new HashMap<>();
    Map<String, String> namespaces = new HashMap<>();
    List<PropertyCatalog> catalogs = PropertyCatalog.all();
    for (PropertyCatalog c : catalogs) {
      for (PropertyDef d : c.properties()) {
        known.putIfAbsent(d.name(), d);
        String ns = namespace(d.name());
        if (ns != null) {
          namespaces.putIfAbsent(ns, c.module());
        }
      }
    }
    for (String name : new TreeSet<>(props.stringPropertyNames())) {
      PropertyDef d = known.get(name);
      if (d != null) {
        d.validate(props);
        continue;
      }
      if (catalogs.stream().anyMatch(c -> c.openPrefixes().stream().anyMatch(name::startsWith))) {
        continue;
      }
      String close = closest(name, known.keySet());
      if (close != null) {
        err.println("WARNING: property '" + name + "' is not declared; did you mean '" + close
            + "'? It is passed on as given");
      } else if (namespaces.containsKey(namespace(name))) {
        String ns = namespace(name);
        err.println("WARNING: property '" + name + "' is not one of the " + ns + ".* properties "
            + namespaces.get(ns) + " declares (a typo?); it is passed on as given");
      }
    }
  }

  /** @return the part before the first dot, or null when the name has none */
  static String namespace(String name) {
    int dot = name.indexOf('.');
    return dot > 0 ? name.substring(0, dot) : null;
  }

  /** @return the declared name within a typo's reach of {@code name}, or null */
  static String closest(String name, Iterable<String> declared) {
    String lower = name.toLowerCase(Locale.ROOT);
    // short names are too close to each other for a distance to mean a typo
    int reach = lower.length() <= 3 ? 0 : lower.length() <= 6 ? 1 : 2;
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : declared) {
      int d = distance(lower, candidate.toLowerCase(Locale.ROOT), bestDistance);
      if (d <= reach && d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Edit distance (insertions, deletions, substitutions, adjacent swaps), giving up above {@code limit}. */
  static int distance(String a, String b, int limit) {
    if (Math.abs(a.length() - b.length()) > Math.min(limit, 2)) {
      return Integer.MAX_VALUE;
    }
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[a.length()][b.length()];
  }
}
