package site.ycsb.db.hbase2;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncBufferedMutator;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Mutation;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The asynchronous side's client-side write buffer ({@code clientbuffering=true}): an
 * {@link AsyncBufferedMutator} per worker, with the blocking side's semantics. A write handed to
 * the buffer completes at once with {@link Status#BATCHED_OK}; the write that fills the buffer
 * (and makes the client send it) completes when that batch is acknowledged, as the blocking
 * side waits while a full buffer is sent, which also keeps a worker from buffering without
 * bound. The rest is sent at cleanup, which waits for every acknowledgement. A failed buffered
 * write is reported once and makes cleanup fail, as on the blocking side.
 *
 * <p>{@link #write} is called from the worker's thread only; acknowledgements arrive on the
 * client's threads.
 */
final class HBaseAsyncWriteBuffer implements BiConsumer<Void, Throwable> {
  private static final CompletionStage<Status> BATCHED = CompletableFuture.completedFuture(Status.BATCHED_OK);

  private final BindingContext context;
  private final long capacity;
  private final AsyncBufferedMutator mutator;
  /** Heap size buffered since the last send, counted as the mutator counts it (worker thread only). */
  private long buffered;
  /** Writes handed over and not yet acknowledged. */
  private final AtomicLong unacknowledged = new AtomicLong();
  private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();
  private final AtomicLong failures = new AtomicLong();

  HBaseAsyncWriteBuffer(BindingContext context, AsyncConnection connection, TableName table, long capacity) {
    this.context = context;
    this.capacity = capacity;
    this.mutator = connection.getBufferedMutatorBuilder(table).setWriteBufferSize(capacity).build();
  }

  /**
   * @param operation {@code insert}, {@code update} or {@code delete}, for failure reports
   * @param m the put or delete
   * @return BATCHED_OK, at once unless this write filled the buffer
   */
  CompletionStage<Status> write(String operation, Mutation m) {
    buffered += m.heapSize();
    unacknowledged.incrementAndGet();
    CompletableFuture<Void> acknowledged = mutator.mutate(m);
    acknowledged.whenComplete(this);
    if (buffered < capacity) {
      return BATCHED;
    }
    // the mutator sends a buffer once it holds capacity bytes: wait for that batch, as the blocking side does
    buffered = 0;
    return acknowledged.handle((ok, failure) -> failure == null ? Status.BATCHED_OK
        : HBaseFailures.status(context, operation, failure));
  }

  /** A buffered write was acknowledged or failed. */
  @Override
  public void accept(Void ok, Throwable failure) {
    if (failure != null) {
      failures.incrementAndGet();
      if (firstFailure.compareAndSet(null, failure)) {
        HBaseFailures.status(context, "buffered write", failure);
      }
    }
    if (unacknowledged.decrementAndGet() == 0) {
      synchronized (this) {
        notifyAll();
      }
    }
  }

  /** Sends what is still buffered, without waiting; later writes are refused. */
  void send() {
    mutator.close();
  }

  /**
   * Sends what is still buffered and waits until every write is acknowledged.
   *
   * @throws DBException when a buffered write failed, or the wait was interrupted
   */
  void close() throws DBException {
    send();
    synchronized (this) {
      while (unacknowledged.get() > 0) {
        try {
          wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new DBException("interrupted while waiting for " + unacknowledged.get()
              + " buffered HBase writes to be acknowledged");
        }
      }
    }
    Throwable failure = firstFailure.get();
    if (failure != null) {
      throw new DBException("HBase: " + failures.get() + " buffered writes failed, the first with "
          + HBaseFailures.describe(failure), failure);
    }
  }
}
