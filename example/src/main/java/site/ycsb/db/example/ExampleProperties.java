package site.ycsb.db.example;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The example binding's declaration: its short name, its class and its properties. Listing this
 * class in {@code META-INF/services/site.ycsb.props.PropertyCatalog} is all it takes for
 * {@code -db example} to find the binding and for its properties to be checked and documented.
 */
public final class ExampleProperties implements PropertyCatalog {
  public static final PropertyDef MAX_RECORDS = PropertyDef.longValue("example.maxrecords", 0L, 0, Long.MAX_VALUE,
      "example: records the store holds at most; an insert beyond fails with SERVICE_UNAVAILABLE; 0 = no limit");

  @Override
  public String module() {
    return "example";
  }

  @Override
  public String bindingClass() {
    return ExampleClient.class.getName();
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(MAX_RECORDS);
  }
}
