package site.ycsb.workloads;

import static site.ycsb.props.PropertyDef.decimal;
import static site.ycsb.props.PropertyDef.longValue;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of {@link ConstantOccupancyWorkload}, which sizes a phase by storage: it reads
 * core's {@code fieldcount} and {@code fieldlength} too, and sets the counts from these.
 */
public final class ConstantOccupancyProperties implements PropertyCatalog {
  public static final PropertyDef DISK_SIZE = longValue(ConstantOccupancyWorkload.DISK_SIZE_PROPERTY,
      ConstantOccupancyWorkload.DISK_SIZE_PROPERTY_DEFAULT, 1, Long.MAX_VALUE,
      "Constant occupancy workload: bytes the store can hold; recordcount is what fills occupancy of them");
  public static final PropertyDef OCCUPANCY = decimal(ConstantOccupancyWorkload.OCCUPANCY_PROPERTY,
      ConstantOccupancyWorkload.OCCUPANCY_PROPERTY_DEFAULT, 0.000001, 1,
      "Constant occupancy workload: share of disksize the records fill");
  public static final PropertyDef STORAGE_AGES = longValue(ConstantOccupancyWorkload.STORAGE_AGE_PROPERTY,
      ConstantOccupancyWorkload.STORAGE_AGE_PROPERTY_DEFAULT, 1, Long.MAX_VALUE,
      "Constant occupancy workload: times the run replaces the store's contents on average"
          + " (operationcount = storageages x recordcount)");

  @Override
  public String module() {
    return "constantoccupancy";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(DISK_SIZE, OCCUPANCY, STORAGE_AGES);
  }
}
