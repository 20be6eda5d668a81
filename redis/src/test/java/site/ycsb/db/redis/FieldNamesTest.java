package site.ycsb.db.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** A reply's field names decoded by their place: the name last seen there only when the bytes spell it. */
class FieldNamesTest {
  /** The name inside a larger buffer, as a reply's bytes arrive: position and limit around it. */
  private static ByteBuffer inReply(String name) {
    byte[] around = ("$6\r\n" + name + "\r\n").getBytes(UTF_8);
    ByteBuffer b = ByteBuffer.wrap(around);
    b.position(4).limit(4 + name.getBytes(UTF_8).length);
    return b;
  }

  @Test
  void aPlaceGivesBackTheNameItsBytesSpellWhicheverCameThereBefore() {
    FieldNames names = new FieldNames();
    String first = names.decode(inReply("field0"), 0);
    assertEquals("field0", first);
    assertSame(first, names.decode(inReply("field0"), 0), "the same name again, not decoded anew");
    // same length, one byte apart; then another length; then the first again
    assertEquals("field1", names.decode(inReply("field1"), 0));
    assertEquals("field10", names.decode(inReply("field10"), 0));
    assertEquals("field0", names.decode(inReply("field0"), 0));
    // places are apart: what one holds says nothing of another
    assertEquals("field2", names.decode(inReply("field2"), 2));
    assertEquals("field0", names.decode(inReply("field0"), 0));
    assertEquals("fïeld", names.decode(inReply("fïeld"), 4), "a name beyond ASCII");
    assertEquals("fïeld", names.decode(inReply("fïeld"), 4));
  }

  @Test
  void placesBeyondThoseKeptAreDecodedAsWell() {
    FieldNames names = new FieldNames();
    for (int place = 0; place < 200; place += 2) {
      assertEquals("field" + place, names.decode(inReply("field" + place), place));
    }
    assertEquals("field150", names.decode(inReply("field150"), 150));
  }
}
