package site.ycsb.db.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** A reply's field names decoded by their place: the name last seen there only when the bytes spell it. */
class FieldNamesTest {
  /** Decodes the name at a place, inside a larger array, as a reply's bytes arrive. */
  private static String inReply(FieldNames names, String name, int place) {
    byte[] around = ("$6\r\n" + name + "\r\n").getBytes(UTF_8);
    return names.decode(around, 4, name.getBytes(UTF_8).length, place);
  }

  @Test
  void aPlaceGivesBackTheNameItsBytesSpellWhicheverCameThereBefore() {
    FieldNames names = new FieldNames();
    String first = inReply(names, "field0", 0);
    assertEquals("field0", first);
    assertSame(first, inReply(names, "field0", 0), "the same name again, not decoded anew");
    // same length, one byte apart; then another length; then the first again
    assertEquals("field1", inReply(names, "field1", 0));
    assertEquals("field10", inReply(names, "field10", 0));
    assertEquals("field0", inReply(names, "field0", 0));
    // places are apart: what one holds says nothing of another
    assertEquals("field2", inReply(names, "field2", 2));
    assertEquals("field0", inReply(names, "field0", 0));
    assertEquals("fïeld", inReply(names, "fïeld", 4), "a name beyond ASCII");
    assertEquals("fïeld", inReply(names, "fïeld", 4));
  }

  @Test
  void placesBeyondThoseKeptAreDecodedAsWell() {
    FieldNames names = new FieldNames();
    for (int place = 0; place < 200; place += 2) {
      assertEquals("field" + place, inReply(names, "field" + place, place));
    }
    assertEquals("field150", inReply(names, "field150", 150));
  }
}
