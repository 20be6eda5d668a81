package site.ycsb.db.redis;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StatusFuture;

/**
 * A scan in two round trips, as on the blocking side: {@code ZRANGEBYLEX} on the index for the
 * keys, then one read per key, all sent together on the same connection from the I/O thread
 * that received the keys. The scan completes when the last read has; a record deleted between the
 * two is left out.
 */
final class ScanOperation extends RespCommand {
  private static final VarHandle REMAINING;

  static {
    try {
      REMAINING = MethodHandles.lookup().findVarHandle(ScanOperation.class, "remaining", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final StatusFuture stage = new StatusFuture();
  private final AsyncConnection lane;
  private final String startKey;
  private final int count;
  private final String[] fields;
  private final byte[][] fieldBytes;
  private final Vector<HashMap<String, ByteIterator>> result;
  private byte[][] keys;
  private int nextKey;
  private HashMap<String, ByteIterator>[] records;
  @SuppressWarnings("unused")
  private volatile int remaining;
  private volatile Status failure;

  ScanOperation(AsyncConnection lane, String startKey, int count, String[] fields, byte[][] fieldBytes,
                Vector<HashMap<String, ByteIterator>> result) {
    super(Resp.ZRANGEBYLEX);
    this.lane = lane;
    this.startKey = startKey;
    this.count = count;
    this.fields = fields;
    this.fieldBytes = fieldBytes;
    this.result = result;
  }

  @Override
  public void encode(ByteBuf buf) {
    // ZRANGEBYLEX _ycsb_index [startkey + LIMIT 0 count
    Resp.array(buf, 7);
    Resp.ZRANGEBYLEX.writeTo(buf);
    Resp.INDEX.writeTo(buf);
    Resp.bulk(buf, (byte) '[', startKey);
    Resp.LEX_MAX.writeTo(buf);
    Resp.LIMIT.writeTo(buf);
    Resp.ZERO.writeTo(buf);
    Resp.bulk(buf, count);
  }

  @Override
  public void multi(int n) {
    keys = new byte[Math.max(n, 0)][];
    nextKey = 0;
  }

  @Override
  public void set(ByteBuffer bytes) {
    if (keys != null && nextKey < keys.length && bytes != null) {
      byte[] k = new byte[bytes.remaining()];
      bytes.get(k);
      keys[nextKey++] = k;
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  void replied() {
    if (hasError()) {
      stage.complete(lane.failures.ofReply("SCAN", lane.address, getError()));
      return;
    }
    int n = keys == null ? 0 : nextKey;
    if (n == 0) {
      stage.complete(Status.OK);
      return;
    }
    records = new HashMap[n];
    remaining = n;
    // not between the commands of a worker's MULTI ... EXEC on this connection
    synchronized (lane) {
      for (int i = 0; i < n; i++) {
        lane.send(new Read(this, i, keys[i]));
      }
    }
    lane.write();
  }

  @Override
  void failed(Throwable cause) {
    stage.complete(lane.failures.of("SCAN", lane.address, cause));
  }

  private void readEnded(int index, HashMap<String, ByteIterator> record, Status failed) {
    if (failed != null) {
      failure = failed;
    } else {
      records[index] = record;
    }
    if ((int) REMAINING.getAndAdd(this, -1) == 1) {
      Status f = failure;
      if (f == null) {
        for (HashMap<String, ByteIterator> r : records) {
          if (r != null) {
            result.add(r);
          }
        }
      }
      stage.complete(f == null ? Status.OK : f);
    }
  }

  /** One record of the scan. */
  private static final class Read extends RecordReader {
    private final ScanOperation scan;
    private final int index;
    private final byte[] key;

    Read(ScanOperation scan, int index, byte[] key) {
      super(scan.lane, scan.fields, scan.fieldBytes);
      this.scan = scan;
      this.index = index;
      this.key = key;
    }

    @Override
    void writeKey(ByteBuf buf) {
      Resp.bulk(buf, key);
    }

    @Override
    void replied() {
      if (hasError()) {
        scan.readEnded(index, null, lane.failures.ofReply("SCAN", lane.address, getError()));
        return;
      }
      HashMap<String, ByteIterator> record = new HashMap<>();
      scan.readEnded(index, copyInto(record) ? record : null, null);
    }

    @Override
    void failed(Throwable cause) {
      scan.readEnded(index, null, lane.failures.of("SCAN", lane.address, cause));
    }
  }
}
