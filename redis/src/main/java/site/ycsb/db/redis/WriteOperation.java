package site.ycsb.db.redis;

import io.lettuce.core.protocol.CommandArgs;
import io.netty.buffer.ByteBuf;
import site.ycsb.Status;
import site.ycsb.StatusFuture;

/**
 * A write of one command: {@code HSET key field value...} (an update; an insert in cluster mode,
 * which keeps no index) or {@code DEL key} (a delete in cluster mode: NOT_FOUND when nothing was
 * deleted).
 */
final class WriteOperation extends RespCommand {
  final StatusFuture stage = new StatusFuture();
  private final AsyncConnection lane;
  private final String operation;
  private final String key;
  /** field, value, field, value...; null for DEL */
  private final byte[][] fieldsAndValues;
  private long reply = -1;

  private WriteOperation(AsyncConnection lane, String operation, String key, byte[][] fieldsAndValues) {
    super(fieldsAndValues == null ? Resp.DEL : Resp.HSET);
    this.lane = lane;
    this.operation = operation;
    this.key = key;
    this.fieldsAndValues = fieldsAndValues;
  }

  /** @return {@code HSET key field value...}, reported as {@code operation} */
  static WriteOperation hset(AsyncConnection lane, String operation, String key, byte[][] fieldsAndValues) {
    return new WriteOperation(lane, operation, key, fieldsAndValues);
  }

  /** @return {@code DEL key}, reported as DELETE */
  static WriteOperation del(AsyncConnection lane, String key) {
    return new WriteOperation(lane, "DELETE", key, null);
  }

  @Override
  public void encode(ByteBuf buf) {
    if (fieldsAndValues == null) {
      Resp.array(buf, 2);
      Resp.DEL.writeTo(buf);
      Resp.bulk(buf, key);
    } else {
      writeHset(buf, key, fieldsAndValues);
    }
  }

  /** Writes {@code HSET key field value...}. */
  static void writeHset(ByteBuf buf, String key, byte[][] fieldsAndValues) {
    Resp.array(buf, 2 + fieldsAndValues.length);
    Resp.HSET.writeTo(buf);
    Resp.bulk(buf, key);
    for (byte[] b : fieldsAndValues) {
      Resp.bulk(buf, b);
    }
  }

  @Override
  public void set(long integer) {
    reply = integer;
  }

  @Override
  void replied() {
    stage.complete(hasError() ? lane.failures.ofReply(operation, lane.address, getError())
        : fieldsAndValues == null && reply == 0 ? Status.NOT_FOUND : Status.OK);
  }

  @Override
  void failed(Throwable cause) {
    stage.complete(lane.failures.of(operation, lane.address, cause));
  }

  @Override
  public CommandArgs<byte[], byte[]> getArgs() {
    return ReadOperation.keyArgs(lane, key);
  }
}
