package site.ycsb;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/** The property of upstream's test binding {@link GoodBadUglyDB}, which has no short name. */
public final class GoodBadUglyDBProperties implements PropertyCatalog {
  public static final PropertyDef DELAYS = PropertyDef.integerList(GoodBadUglyDB.SIMULATE_DELAY,
      GoodBadUglyDB.SIMULATE_DELAY_DEFAULT, 0, Integer.MAX_VALUE,
      "GoodBadUglyDB: five delay bounds in microseconds; 90% of calls stay under the first, 99% under the"
          + " second, 99.99% under the third, the rest pause every call");

  @Override
  public String module() {
    return "goodbadugly";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(DELAYS);
  }
}
