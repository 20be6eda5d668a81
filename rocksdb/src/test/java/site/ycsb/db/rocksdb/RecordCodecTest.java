package site.ycsb.db.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class RecordCodecTest {

  @Test
  void roundTripKeepsEveryFieldAndValue() {
    byte[] big = new byte[300_000];
    Arrays.fill(big, (byte) 7);
    Map<String, ByteIterator> in = new LinkedHashMap<>();
    in.put("field0", new StringByteIterator("hello"));
    in.put("empty", new StringByteIterator(""));
    in.put("größe", new ByteArrayByteIterator(big));

    Map<String, ByteIterator> out = new HashMap<>();
    RecordCodec.decode(RecordCodec.encode(in), null, out);

    assertEquals(Set.of("field0", "empty", "größe"), out.keySet());
    assertEquals("hello", out.get("field0").toString());
    assertEquals(0, out.get("empty").bytesLeft());
    assertArrayEquals(big, out.get("größe").toArray());
  }

  @Test
  void decodeReturnsOnlyTheRequestedFields() {
    Map<String, ByteIterator> in = new LinkedHashMap<>();
    for (int i = 0; i < 10; i++) {
      in.put("field" + i, new StringByteIterator("v" + i));
    }
    Map<String, ByteIterator> out = new HashMap<>();
    RecordCodec.decode(RecordCodec.encode(in), Set.of("field3", "field7", "nosuch"), out);
    assertEquals(Set.of("field3", "field7"), out.keySet());
    assertEquals("v7", out.get("field7").toString());
  }

  @Test
  void emptyRecordRoundTrips() {
    Map<String, ByteIterator> out = new HashMap<>();
    RecordCodec.decode(RecordCodec.encode(Map.of()), null, out);
    assertEquals(0, out.size());
  }

  @Test
  void foreignOrTruncatedBytesAreRejected() {
    byte[] good = RecordCodec.encode(Map.of("f", new StringByteIterator("value")));
    byte[] truncated = Arrays.copyOf(good, good.length - 2);
    byte[] foreign = "plain text".getBytes(StandardCharsets.UTF_8);
    assertThrows(IllegalStateException.class, () -> RecordCodec.decode(truncated, null, new HashMap<>()));
    assertThrows(IllegalStateException.class, () -> RecordCodec.decode(foreign, null, new HashMap<>()));
    assertThrows(IllegalStateException.class, () -> RecordCodec.decode(new byte[0], null, new HashMap<>()));
  }
}
