package site.ycsb.db.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/** The command line finds the binding's properties, so it does not warn that they are unknown. */
class PropertyCatalogTest {
  @Test
  void catalogIsRegisteredWithEveryProperty() {
    List<String> names = PropertyCatalog.all().stream()
        .filter(c -> c.module().equals("rocksdb"))
        .flatMap(c -> c.properties().stream())
        .map(PropertyDef::name)
        .collect(Collectors.toList());
    assertEquals(List.of("rocksdb.dir", "rocksdb.optionsfile", "rocksdb.sync"), names);
  }
}
