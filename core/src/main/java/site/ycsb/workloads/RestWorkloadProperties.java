package site.ycsb.workloads;

import static site.ycsb.props.PropertyDef.decimal;
import static site.ycsb.props.PropertyDef.integer;
import static site.ycsb.props.PropertyDef.string;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of {@link RestWorkload}: for each operation its trace of URLs, how many of its
 * lines are used and the skew of its URL choice; beyond them it reads core's proportions,
 * {@code requestdistribution} and the field length settings.
 */
public final class RestWorkloadProperties implements PropertyCatalog {
  private static final int ALL = Integer.MAX_VALUE;
  private static final List<String> OPERATIONS = List.of("read", "insert", "update", "delete");

  /** Operation (read, insert, update, delete) to the file of its URLs. */
  static final Map<String, PropertyDef> TRACE = each(op -> string("url.trace." + op, op + "trace.txt",
      "REST workload: the file of URLs " + op + "s request, one per line"
          + ("read".equals(op) ? " (scans and read-modify-writes too)" : "")));
  /** Operation to how many lines of its trace are used. */
  static final Map<String, PropertyDef> RECORD_COUNT = each(op -> integer(op + "recordcount", ALL, 1, ALL,
      "REST workload: lines of url.trace." + op + " used (all of them by default)"));
  /** Operation to the skew of its URL choice. */
  static final Map<String, PropertyDef> ZIPF_CONSTANT = each(op -> decimal(op + "zipfconstant", 0.99, 0.000001,
      100, "REST workload: skew of the " + op + "s' URL choice under requestdistribution=zipfian"));
  public static final PropertyDef INSERT_SIZE_ZIPF_CONSTANT = decimal("insertsizezipfconstant", 0.99, 0.000001, 100,
      "REST workload: skew of the value length under fieldlengthdistribution=zipfian");

  private static Map<String, PropertyDef> each(java.util.function.Function<String, PropertyDef> declare) {
    Map<String, PropertyDef> byOperation = new java.util.LinkedHashMap<>();
    OPERATIONS.forEach(op -> byOperation.put(op, declare.apply(op)));
    return java.util.Collections.unmodifiableMap(byOperation);
  }

  @Override
  public String module() {
    return "rest";
  }

  @Override
  public List<PropertyDef> properties() {
    List<PropertyDef> all = new ArrayList<>();
    for (String op : OPERATIONS) {
      all.add(TRACE.get(op));
      all.add(RECORD_COUNT.get(op));
      all.add(ZIPF_CONSTANT.get(op));
    }
    all.add(INSERT_SIZE_ZIPF_CONSTANT);
    return all;
  }
}
