package site.ycsb.db.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.CommandArgs;
import io.netty.buffer.ByteBuf;
import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StatusFuture;

/** A read: OK with the record in the caller's map, or NOT_FOUND. */
final class ReadOperation extends RecordReader {
  final StatusFuture stage = new StatusFuture();
  private final String key;
  private final Map<String, ByteIterator> result;

  ReadOperation(AsyncConnection lane, String key, String[] fields, byte[][] fieldBytes,
                Map<String, ByteIterator> result) {
    super(lane, fields, fieldBytes);
    this.key = key;
    this.result = result;
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
