package site.ycsb.db.redis;

import io.netty.buffer.ByteBuf;
import site.ycsb.Status;
import site.ycsb.StatusFuture;

/**
 * An insert or a delete that changes the record and its index entry together, as on the blocking
 * side: {@code MULTI; HSET key ...; ZADD _ycsb_index 0 key; EXEC} or {@code MULTI; DEL key; ZREM
 * _ycsb_index key; EXEC}, four commands sent back to back on one connection (one round trip).
 * This object is the EXEC, whose reply decides; the three before it only pass on an error reply
 * (an ACL denial of HSET, say, which makes the server discard the transaction).
 */
final class TransactionOperation extends RespCommand {
  final StatusFuture stage = new StatusFuture();
  private final AsyncConnection lane;
  private final boolean delete;
  private final String key;
  private final byte[][] fieldsAndValues;
  /** The first error reply to a command inside the transaction (written on the I/O thread before EXEC's reply). */
  private String queueError;
  private boolean aborted;
  private boolean first = true;
  private long firstReply = -1;

  private TransactionOperation(AsyncConnection lane, boolean delete, String key, byte[][] fieldsAndValues) {
    super(Resp.EXEC);
    this.lane = lane;
    this.delete = delete;
    this.key = key;
    this.fieldsAndValues = fieldsAndValues;
  }

  /** Sends an insert: the record's hash and its index entry. */
  static TransactionOperation insert(AsyncConnection lane, String key, byte[][] fieldsAndValues) {
    TransactionOperation tx = new TransactionOperation(lane, false, key, fieldsAndValues);
    tx.send();
    return tx;
  }

  /** Sends a delete: the record's hash and its index entry; NOT_FOUND when there was no record. */
  static TransactionOperation delete(AsyncConnection lane, String key) {
    TransactionOperation tx = new TransactionOperation(lane, true, key, null);
    tx.send();
    return tx;
  }

  private void send() {
    // nothing else may come between MULTI and EXEC on this connection: a scan's reads are sent
    // from an I/O thread under the same lock
    synchronized (lane) {
      lane.send(new Queued(this, Resp.MULTI));
      lane.send(new Queued(this, delete ? Resp.DEL : Resp.HSET));
      lane.send(new Queued(this, delete ? Resp.ZREM : Resp.ZADD));
      lane.send(this);
    }
  }

  @Override
  public void encode(ByteBuf buf) {
    Resp.array(buf, 1);
    Resp.EXEC.writeTo(buf);
  }

  @Override
  public void multi(int count) {
    aborted = count < 0; // a null array: the transaction was aborted
    first = true; // a transaction sent again after a reconnect is answered again
  }

  @Override
  public void set(long integer) {
    if (first) {
      first = false;
      firstReply = integer;
    }
  }

  @Override
  void replied() {
    String operation = delete ? "DELETE" : "INSERT";
    Status status;
    if (queueError != null) {
      status = lane.failures.ofReply(operation, lane.address, queueError);
    } else if (hasError()) {
      status = lane.failures.ofReply(operation, lane.address, getError());
    } else if (aborted) {
      status = lane.failures.ofReply(operation, lane.address, "EXECABORT the transaction was aborted");
    } else {
      status = delete && firstReply == 0 ? Status.NOT_FOUND : Status.OK;
    }
    stage.complete(status);
  }

  @Override
  void failed(Throwable cause) {
    stage.complete(lane.failures.of(delete ? "DELETE" : "INSERT", lane.address, cause));
  }

  /** A command inside the transaction; its reply is +OK or +QUEUED, or an error passed on to EXEC. */
  private static final class Queued extends RespCommand {
    private final TransactionOperation tx;

    Queued(TransactionOperation tx, Resp.Word command) {
      super(command);
      this.tx = tx;
    }

    @Override
    public void encode(ByteBuf buf) {
      Resp.Word type = (Resp.Word) getType();
      if (type == Resp.MULTI) {
        Resp.array(buf, 1);
        Resp.MULTI.writeTo(buf);
      } else if (type == Resp.HSET) {
        WriteOperation.writeHset(buf, tx.key, tx.fieldsAndValues);
      } else if (type == Resp.DEL) {
        Resp.array(buf, 2);
        Resp.DEL.writeTo(buf);
        Resp.bulk(buf, tx.key);
      } else {
        // ZADD _ycsb_index 0 key / ZREM _ycsb_index key
        Resp.array(buf, type == Resp.ZADD ? 4 : 3);
        type.writeTo(buf);
        Resp.INDEX.writeTo(buf);
        if (type == Resp.ZADD) {
          Resp.ZERO.writeTo(buf);
        }
        Resp.bulk(buf, tx.key);
      }
    }

    @Override
    void replied() {
      if (hasError() && tx.queueError == null) {
        tx.queueError = getError();
      }
    }

    @Override
    void failed(Throwable cause) {
      // EXEC, sent after it on the same connection, fails too and reports it
    }
  }
}
