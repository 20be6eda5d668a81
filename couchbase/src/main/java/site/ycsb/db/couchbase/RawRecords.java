package site.ycsb.db.couchbase;

import com.couchbase.client.core.error.DecodingFailureException;
import com.couchbase.client.java.codec.RawBinaryTranscoder;
import com.couchbase.client.java.codec.Transcoder;
import com.couchbase.client.java.kv.GetResult;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A record as one binary document: for each field its name (2-byte length, UTF-8) and its value
 * (4-byte length, bytes), big-endian. Nothing on the server can address a field of it, so a
 * partial update reads and rewrites the whole document.
 */
final class RawRecords implements RecordFormat {
  static final RawRecords INSTANCE = new RawRecords();

  private RawRecords() {
  }

  @Override
  public Object document(Map<String, ByteIterator> values) {
    List<byte[]> parts = new ArrayList<>(values.size() * 2);
    int size = 0;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      byte[] name = e.getKey().getBytes(StandardCharsets.UTF_8);
      byte[] value = e.getValue().toArray();
      parts.add(name);
      parts.add(value);
      size += 2 + name.length + 4 + value.length;
    }
    ByteBuffer out = ByteBuffer.allocate(size);
    for (int i = 0; i < parts.size(); i += 2) {
      out.putShort((short) parts.get(i).length).put(parts.get(i));
      out.putInt(parts.get(i + 1).length).put(parts.get(i + 1));
    }
    return out.array();
  }

  @Override
  public void fields(GetResult doc, Set<String> fields, Map<String, ByteIterator> out) {
    decode(doc.contentAsBytes(), fields, out);
  }

  /**
   * @param content a document written by {@link #document(Map)}
   * @param fields the fields wanted, or null for all
   * @param out receives them
   * @throws DecodingFailureException when the content is not in this format
   */
  static void decode(byte[] content, Set<String> fields, Map<String, ByteIterator> out) {
    ByteBuffer in = ByteBuffer.wrap(content);
    try {
      while (in.hasRemaining()) {
        byte[] name = new byte[in.getShort() & 0xffff];
        in.get(name);
        int length = in.getInt();
        String field = new String(name, StandardCharsets.UTF_8);
        if (fields == null || fields.contains(field)) {
          out.put(field, new ByteArrayByteIterator(content, in.position(), length));
        }
        in.position(in.position() + length);
      }
    } catch (RuntimeException e) {
      throw new DecodingFailureException("the document is not a record in couchbase.json=false format"
          + " (written with couchbase.json=true or by another tool?)", e);
    }
  }

  @Override
  public Transcoder transcoder() {
    return RawBinaryTranscoder.INSTANCE;
  }

  @Override
  public boolean hasPaths() {
    return false;
  }
}
