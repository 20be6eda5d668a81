package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.db.couchbase.CouchbaseProperties;
import site.ycsb.testsupport.ReadmeCheck;

/** Every property the binding declares is in its README. */
class ReadmeDocumentsPropertiesTest {
  @Test
  void everyDeclaredPropertyIsDocumented() throws Exception {
    assertEquals(List.of(), ReadmeCheck.undocumented(new CouchbaseProperties(), Path.of("README.md")));
  }
}
