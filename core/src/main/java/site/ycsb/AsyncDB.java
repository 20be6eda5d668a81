package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;

/**
 * The asynchronous side of a binding: each operation is sent at once and its outcome arrives
 * later, so one worker thread keeps many operations in flight ({@code inflight}). A binding class
 * offers it by extending {@link DB} as usual and also implementing this interface; its
 * {@link DB#init(BindingContext)} and {@link DB#cleanup()} serve both sides. Bindings that only
 * extend {@link DB} run on the blocking path, unchanged.
 *
 * <p>The engine calls these methods from the worker thread only, one instance per worker, as
 * on the blocking path; the returned stage may complete on any thread (typically the driver's
 * I/O thread). The engine measures from the call to the completion, so a binding does no timing.
 * Complete the stage with a {@link Status} rather than exceptionally; an exceptional completion
 * counts as {@link Status#ERROR}, its cause reported once. A method must not block: a binding
 * that cannot send without waiting (a full driver queue) should still return at once and let
 * the stage complete later.
 *
 * <p>Arguments are the engine's until the stage completes: a read's {@code result} map is filled
 * by the binding before it completes the stage, and {@code values} stay unchanged until then.
 */
public interface AsyncDB {
  /**
   * Reads one record.
   *
   * @param table the table
   * @param key the record's key
   * @param fields the fields to read, or null for all
   * @param result receives field name to value; filled before the stage completes
   * @return the outcome, {@link Status#NOT_FOUND} when there is no such record
   */
  CompletionStage<Status> readAsync(String table, String key, Set<String> fields, Map<String, ByteIterator> result);

  /**
   * Reads up to {@code recordcount} records in key order, from {@code startkey} on.
   *
   * @param table the table
   * @param startkey the first key
   * @param recordcount how many records at most
   * @param fields the fields to read, or null for all
   * @param result receives one map per record, in key order; filled before the stage completes
   * @return the outcome
   */
  CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                    Vector<HashMap<String, ByteIterator>> result);

  /**
   * Writes the given fields of an existing record.
   *
   * @param table the table
   * @param key the record's key
   * @param values field name to new value
   * @return the outcome
   */
  CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values);

  /**
   * Inserts a record.
   *
   * @param table the table
   * @param key the record's key
   * @param values field name to value
   * @return the outcome
   */
  CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values);

  /**
   * Deletes a record.
   *
   * @param table the table
   * @param key the record's key
   * @return the outcome
   */
  CompletionStage<Status> deleteAsync(String table, String key);

  /**
   * Called when the worker has sent everything it can for now and is about to wait for
   * completions. A binding that buffers what it sends (a Redis connection with auto-flush off,
   * a pipeline) writes its buffer here, so that operations made ready together leave in one
   * write; the others need not override it. Called from the worker thread, or from a thread
   * standing in for it ({@link #callableFromCompletions()}), one at a time.
   */
  default void flush() {
  }

  /**
   * The I/O the worker thread runs itself while it waits, for a binding whose driver can work on
   * the calling thread (see {@link WorkerIo}). Asked once, on the worker thread, after
   * {@link DB#init(BindingContext)}.
   *
   * @return null (the default) when operations complete on the driver's own threads
   */
  default WorkerIo workerIo() {
    return null;
  }

  /**
   * Whether this asynchronous side may stand in for the blocking side when the user asks for
   * {@code -threads N} without {@code -inflight}: then the engine runs the N sessions as N
   * operations in flight on a few worker threads (each session's operations still one after
   * another), instead of N threads that each wait in a call. Answer true only when this side runs
   * every operation of the blocking side, with the same properties, to the same effect; a
   * configuration it serves differently (a feature of the blocking side alone) answers false.
   * Asked on a fresh instance after {@link DB#setProperties}, before {@link DB#init}; the user can
   * keep a thread per session with {@code threadmode=threads}.
   *
   * @return false (the default): {@code -threads N} runs N blocking threads
   */
  default boolean servesSessions() {
    return false;
  }

  /**
   * Whether the engine may call this side from the threads that complete its operations. Without
   * a target, while every place of a worker is in flight, the worker then lends its turn to those
   * threads: the one that completes an operation records it and plans and sends the next in the
   * worker's place, as a driver's own callback would, instead of handing the completion to the
   * worker thread (a wake-up of that thread, and of the driver's for the requests it then sends).
   * One thread at a time holds the turn, so recording keeps a single writer. Answer true only when
   * every method of this side, {@link #flush()} included, may be called from the driver's
   * completing threads, one at a time, and returns there without waiting for the driver's work.
   * Not asked of a side whose I/O the worker runs ({@link #workerIo()}): its operations complete
   * on the worker thread already.
   *
   * @return false (the default): completions are handed to the worker thread
   */
  default boolean callableFromCompletions() {
    return false;
  }
}
