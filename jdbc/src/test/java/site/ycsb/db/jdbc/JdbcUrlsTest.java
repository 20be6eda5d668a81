package site.ycsb.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** URL lists, password masking and the shard rule, without a server. */
class JdbcUrlsTest {
  @Test
  void splitsOnCommasThatStartANewUrl() {
    assertEquals(List.of("jdbc:postgresql://a/db", "jdbc:postgresql://b/db"),
        JdbcUrls.split("db.url", "jdbc:postgresql://a/db, jdbc:postgresql://b/db"));
    // a multi-host URL keeps its commas
    assertEquals(List.of("jdbc:mariadb://h1,h2/db", "jdbc:mariadb://h3/db"),
        JdbcUrls.split("db.url", "jdbc:mariadb://h1,h2/db,jdbc:mariadb://h3/db"));
    assertEquals(List.of("jdbc:h2:mem:x"), JdbcUrls.split("db.url", "jdbc:h2:mem:x,"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> JdbcUrls.split("db.url", "postgresql://a/db?password=pw"));
    assertTrue(e.getMessage().startsWith("property db.url="), e.getMessage());
    assertFalse(e.getMessage().contains("=pw"), e.getMessage());
  }

  @Test
  void masksPasswordsInUrls() {
    assertEquals("jdbc:postgresql://h/db?user=u&password=******&ssl=true",
        JdbcUrls.mask("jdbc:postgresql://h/db?user=u&password=secret&ssl=true"));
    assertEquals("jdbc:mariadb://u:******@h:3306/db", JdbcUrls.mask("jdbc:mariadb://u:secret@h:3306/db"));
    assertEquals("jdbc:sqlserver://h;user=u;pwd=******", JdbcUrls.mask("jdbc:sqlserver://h;user=u;pwd=secret"));
    assertEquals("jdbc:postgresql://h:5432/db", JdbcUrls.mask("jdbc:postgresql://h:5432/db"));
  }

  @Test
  void shardIsUpstreamsAbsoluteHashModuloTheCount() {
    assertEquals(0, JdbcUrls.shardOf("user1", 1));
    for (String key : new String[] {"user1", "user42", "user6284781860667377211", "x", "usertable-key"}) {
      // upstream YCSB: Math.abs(key.hashCode()) % number of URLs
      assertEquals(Math.abs(key.hashCode()) % 3, JdbcUrls.shardOf(key, 3), key);
    }
    assertTrue("user6284781860667377211".hashCode() < 0 || "user42".hashCode() < 0 || "x".hashCode() < 0
        || "usertable-key".hashCode() < 0, "a negative hash is among the samples");
    // the one hash where upstream's formula stays negative: here it is a valid shard
    assertEquals(Integer.MIN_VALUE, "polygenelubricants".hashCode());
    int s = JdbcUrls.shardOf("polygenelubricants", 3);
    assertTrue(s >= 0 && s < 3);
  }
}
