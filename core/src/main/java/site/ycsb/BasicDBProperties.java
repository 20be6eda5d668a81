package site.ycsb;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/** The {@code basic} binding ({@link BasicDB}) and its properties. */
public final class BasicDBProperties implements PropertyCatalog {
  public static final PropertyDef VERBOSE = PropertyDef.bool("basicdb.verbose", true,
      "basic: print every operation to stdout");
  public static final PropertyDef SIMULATE_DELAY = PropertyDef.integer("basicdb.simulatedelay", 0, 0,
      Integer.MAX_VALUE, "basic: delay of each operation in milliseconds (maximum when randomized)");
  public static final PropertyDef RANDOMIZE_DELAY = PropertyDef.bool("basicdb.randomizedelay", true,
      "basic: random delay between 0 and simulatedelay (true) or exactly simulatedelay (false)");
  public static final PropertyDef COUNT = PropertyDef.bool("basicdb.count", false,
      "basic: count the operations of each kind and print the counts when the phase ends");

  @Override
  public String module() {
    return "basic";
  }

  @Override
  public String bindingClass() {
    // by name, as every binding's catalog: the catalog is read without loading its binding
    return "site.ycsb.BasicDB";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(VERBOSE, SIMULATE_DELAY, RANDOMIZE_DELAY, COUNT);
  }
}
