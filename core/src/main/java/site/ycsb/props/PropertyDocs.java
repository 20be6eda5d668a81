package site.ycsb.props;

import java.util.List;

/**
 * Writes the property reference ({@code docs/properties.md}) and the commented workload
 * template ({@code workloads/workload_template}) from the declarations, so neither is written by
 * hand nor drifts from the code.
 */
public final class PropertyDocs {
  private PropertyDocs() {
  }

  /** @return the Markdown reference of every property of the given catalogs */
  public static String markdown(List<PropertyCatalog> catalogs) {
    StringBuilder sb = new StringBuilder();
    sb.append("# Properties\n\n");
    sb.append("Generated from the property declarations (`PropertyCatalog` of each module); do not edit by hand.\n");
    sb.append("Set them in a workload file (`-P file`) or on the command line (`-p name=value`, which wins).\n");
    sb.append("A name no module declares is passed on as given (a binding without a catalog reads its own); it gets a\n");
    sb.append("warning when it is close to a declared name or in a namespace a module declares (`redis.`).\n");
    sb.append("Bindings document their own properties in their README as well.\n");
    sb.append("A true/false property takes `true` or `false` in any letter case; any other value is refused.\n");
    for (PropertyCatalog c : catalogs) {
      sb.append("\n## ").append(c.module()).append("\n\n");
      sb.append("| property | type | default | meaning |\n|---|---|---|---|\n");
      for (PropertyDef d : c.properties()) {
        sb.append("| `").append(d.name()).append("` | ").append(type(d)).append(" | ")
            .append(d.defaultValue() == null || d.defaultValue().isEmpty() ? "" : "`" + d.defaultValue() + "`")
            .append(" | ").append(d.description().replace("|", "\\|")).append(" |\n");
      }
      if (!c.notes().isEmpty()) {
        sb.append('\n').append(c.notes());
      }
    }
    return sb.toString();
  }

  private static String type(PropertyDef d) {
    switch (d.kind()) {
      case INT:
      case LONG:
        return "integer" + range(d, true);
      case DOUBLE:
        return "number" + range(d, false);
      case INT_LIST:
        return "comma-separated integers, each" + range(d, true);
      case BOOLEAN:
        return "true/false";
      case CHOICE:
        return String.join(" / ", d.choices());
      case SECRET:
        return "secret (masked)";
      default:
        return "text";
    }
  }

  private static String range(PropertyDef d, boolean integral) {
    boolean hasMin = d.min() > -Double.MAX_VALUE && d.min() != Long.MIN_VALUE && d.min() != 0;
    boolean hasMax = d.max() < Double.MAX_VALUE && d.max() != Long.MAX_VALUE && d.max() != Integer.MAX_VALUE;
    String lo = integral ? Long.toString((long) d.min()) : Double.toString(d.min());
    String hi = integral ? Long.toString((long) d.max()) : Double.toString(d.max());
    if (hasMin && hasMax) {
      return " " + lo + ".." + hi;
    }
    if (hasMin) {
      return " >= " + lo;
    }
    if (hasMax) {
      return " <= " + hi;
    }
    return d.min() == 0 ? " >= 0" : "";
  }

  /** @return a workload file listing every property of {@code core}, commented out, with its default */
  public static String workloadTemplate(PropertyCatalog core) {
    StringBuilder sb = new StringBuilder();
    sb.append("# Workload template: every property the engine reads, with its default.\n");
    sb.append("# Generated from the property declarations; copy it, uncomment and change what you need.\n");
    sb.append("# Use with: bin/ycsb load|run <binding> -P workloads/your_workload\n");
    for (PropertyDef d : core.properties()) {
      sb.append("\n# ").append(d.description()).append('\n');
      sb.append("# type: ").append(type(d)).append('\n');
      sb.append('#').append(d.name()).append('=').append(d.defaultValue() == null ? "" : d.defaultValue()).append('\n');
    }
    return sb.toString();
  }
}
