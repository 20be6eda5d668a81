package site.ycsb.db.redis;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.Map;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * Reads one record: {@code HGETALL key} (all fields) or {@code HMGET key field...} (the asked
 * ones). The reply is kept as decoded (names and values, no Java map of byte arrays in between)
 * until the command has won its completion; then it is copied into the caller's map.
 */
abstract class RecordReader extends RespCommand {
  private static final Object[] EMPTY = {};

  final AsyncConnection lane;
  /** The asked fields in the order sent, or null for all. */
  private final String[] fields;
  private final byte[][] fieldBytes;
  /** HGETALL: name, value, name, value...; HMGET: one value (or null) per asked field. */
  private Object[] reply;
  private int next;

  RecordReader(AsyncConnection lane, String[] fields, byte[][] fieldBytes) {
    super(fields == null ? Resp.HGETALL : Resp.HMGET);
    this.lane = lane;
    this.fields = fields;
    this.fieldBytes = fieldBytes;
  }

  /** Writes the key as a bulk string. */
  abstract void writeKey(ByteBuf buf);

  @Override
  public final void encode(ByteBuf buf) {
    if (fields == null) {
      Resp.array(buf, 2);
      Resp.HGETALL.writeTo(buf);
      writeKey(buf);
    } else {
      Resp.array(buf, 2 + fieldBytes.length);
      Resp.HMGET.writeTo(buf);
      writeKey(buf);
      for (byte[] f : fieldBytes) {
        Resp.bulk(buf, f);
      }
    }
  }

  @Override
  public final void multi(int count) {
    // one array per reply; a command sent again after a reconnect starts over
    reply = count > 0 ? new Object[count] : EMPTY;
    next = 0;
  }

  @Override
  public final void set(ByteBuffer bytes) {
    if (bytes == null) {
      if (reply != null && next < reply.length) {
        next++; // HMGET of a field the record does not have
      }
      return;
    }
    // from Lettuce's own decoder (a cluster's connections): a view of its buffer, valid only now
    byte[] copy = new byte[bytes.remaining()];
    bytes.get(copy);
    bulk(copy, 0, copy.length);
  }

  /** A record's values stay where they are in the reply's own copy: no copy per value. */
  @Override
  final boolean keepsReply() {
    return true;
  }

  @Override
  final void bulk(byte[] in, int index, int length) {
    if (reply == null || next >= reply.length) {
      return;
    }
    int i = next++;
    if (fields == null && (i & 1) == 0) {
      reply[i] = lane.names.decode(in, index, length, i);
    } else {
      reply[i] = value(in, index, length, i);
    }
  }

  /**
   * @param in the reply's bytes, as {@link #keep} kept them
   * @param place where the value is in the reply
   * @return the value over {@code length} bytes of {@code in} at {@code index}
   */
  ByteIterator value(byte[] in, int index, int length, int place) {
    return new ByteArrayByteIterator(in, index, length);
  }

  /**
   * @param record receives field name to value
   * @return whether the record exists (has at least one of the asked fields)
   */
  final boolean copyInto(Map<String, ByteIterator> record) {
    Object[] r = reply;
    if (r == null) {
      return false;
    }
    boolean found = false;
    if (fields == null) {
      for (int i = 0; i + 1 < r.length; i += 2) {
        if (r[i] != null && r[i + 1] != null) {
          record.put((String) r[i], (ByteIterator) r[i + 1]);
          found = true;
        }
      }
    } else {
      for (int i = 0; i < r.length && i < fields.length; i++) {
        if (r[i] != null) {
          record.put(fields[i], (ByteIterator) r[i]);
          found = true;
        }
      }
    }
    return found;
  }
}
