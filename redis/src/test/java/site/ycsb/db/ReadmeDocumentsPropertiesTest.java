package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.db.redis.RedisProperties;
import site.ycsb.testsupport.ReadmeCheck;

/** The README's property table covers every property the binding declares. */
class ReadmeDocumentsPropertiesTest {
  @Test
  void everyDeclaredPropertyIsInTheReadme() throws Exception {
    assertEquals(List.of(), ReadmeCheck.undocumented(new RedisProperties(), Path.of("README.md")));
  }
}
