package site.ycsb.db.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.CommandArgs;
import io.netty.buffer.ByteBuf;
import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.ReadResult;
import site.ycsb.Status;
import site.ycsb.StatusFuture;

/** A read: OK with the record in the caller's map, or NOT_FOUND. */
final class ReadOperation extends RecordReader {
  final StatusFuture stage = new StatusFuture();
  private final String key;
  private final Map<String, ByteIterator> result;
  /** The loan of the caller's map's memory ({@link ReadResult#lend}), or none. */
  private final long loan;
  /** The caller's map's memory the reply was kept in, or null. */
  private byte[] lentBytes;

  ReadOperation(AsyncConnection lane, String key, String[] fields, byte[][] fieldBytes,
                Map<String, ByteIterator> result) {
    super(lane, fields, fieldBytes);
    this.key = key;
    this.result = result;
    // taken on the sending thread: the reply is kept in the map's own memory only if read there
    this.loan = result instanceof ReadResult r ? r.lend() : ReadResult.NO_LOAN;
  }

  /** The record's reply in the memory the caller's map lends, when it lends it to this read. */
  @Override
  byte[] keep(byte[] reply, int length) {
    byte[] lent = loan == ReadResult.NO_LOAN ? null : ((ReadResult) result).bytesFor(loan, length);
    if (lent == null) {
      return super.keep(reply, length);
    }
    System.arraycopy(reply, 0, lent, 0, length);
    lentBytes = lent;
    return lent;
  }

  /** A value over the lent memory is one of the map's own, reused: no new one per value. */
  @Override
  ByteIterator value(byte[] in, int index, int length, int place) {
    ByteIterator v = in == lentBytes ? ((ReadResult) result).valueFor(loan, place, index, length) : null;
    return v != null ? v : super.value(in, index, length, place);
  }

  @Override
  void writeKey(ByteBuf buf) {
    Resp.bulk(buf, key);
  }

  @Override
  void replied() {
    stage.complete(hasError() ? lane.failures.ofReply("READ", lane.address, getError())
        : copyInto(result) ? Status.OK : Status.NOT_FOUND);
  }

  @Override
  void failed(Throwable cause) {
    stage.complete(lane.failures.of("READ", lane.address, cause));
  }

  @Override
  public CommandArgs<byte[], byte[]> getArgs() {
    return keyArgs(lane, key);
  }

  /** @return the key for Lettuce's cluster routing, or null when there is no cluster to route in */
  static CommandArgs<byte[], byte[]> keyArgs(AsyncConnection lane, String key) {
    return lane.cluster ? new CommandArgs<>(ByteArrayCodec.INSTANCE).addKey(key.getBytes(UTF_8)) : null;
  }
}
