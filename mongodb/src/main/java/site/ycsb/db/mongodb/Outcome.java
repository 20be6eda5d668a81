package site.ycsb.db.mongodb;

import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import java.util.HashMap;
import java.util.Map;
import java.util.Vector;
import java.util.function.BiFunction;
import org.bson.BsonDocument;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * What the driver's answer to one operation means for the benchmark: the status it counts and what
 * a read or a scan puts into the engine's result. Both sides use these, the blocking side on what
 * the synchronous driver returns, the asynchronous side on what the publisher sends
 * ({@link StatusSubscriber}), so one answer is one status on either path. Each is stateless and
 * shared by every operation: an operation allocates nothing for its outcome.
 *
 * @param <T> what the driver answers with: a document read, or a write's result
 * @param <R> where the answer goes: the read's map, the scan's list, nothing ({@link Void}) for a write
 */
public final class Outcome<T, R> {
  /** A read: the fields of the document found; none found is NOT_FOUND. */
  public static final Outcome<BsonDocument, Map<String, ByteIterator>> READ = new Outcome<>("read",
      (doc, result) -> {
        MongoRecords.copyFields(doc, result);
        return Status.OK;
      }, Status.NOT_FOUND);
  /** A scan: one record per document, in the order sent; nothing at or after the start key is NOT_FOUND. */
  public static final Outcome<BsonDocument, Vector<HashMap<String, ByteIterator>>> SCAN = new Outcome<>("scan",
      (doc, result) -> {
        result.add(MongoRecords.record(doc));
        return Status.OK;
      }, Status.NOT_FOUND);
  /** An update: NOT_FOUND when no record matched and none was created. */
  public static final Outcome<UpdateResult, Void> UPDATE = new Outcome<>("update",
      (r, nothing) -> updated(r), Status.ERROR);
  /**
   * An insert, or with {@code mongodb.upsert=true} a replace that may create: OK once the driver
   * accepted it, since it signals a rejected insert (a duplicate key) as an error.
   */
  public static final Outcome<Object, Void> INSERT = new Outcome<>("insert", (r, nothing) -> Status.OK, Status.OK);
  /** A delete: NOT_FOUND when nothing was deleted. */
  public static final Outcome<DeleteResult, Void> DELETE = new Outcome<>("delete",
      (r, nothing) -> deleted(r), Status.ERROR);

  private final String operation;
  private final BiFunction<T, R, Status> take;
  private final Status none;

  private Outcome(String operation, BiFunction<T, R, Status> take, Status none) {
    this.operation = operation;
    this.take = take;
    this.none = none;
  }

  /** @return the operation's name in messages, e.g. {@code read} */
  public String operation() {
    return operation;
  }

  /**
   * Takes one item of the answer.
   *
   * @param item a document read, or a write's result
   * @param result where a read or scan puts it; null for a write
   * @return the status of the operation if this item is the last
   */
  public Status item(T item, R result) {
    return take.apply(item, result);
  }

  /** @return the status of the operation when the driver answered with no item */
  public Status none() {
    return none;
  }

  /** An unacknowledged write has no counts to check: OK. */
  private static Status updated(UpdateResult r) {
    return r.wasAcknowledged() && r.getMatchedCount() == 0 && r.getUpsertedId() == null ? Status.NOT_FOUND : Status.OK;
  }

  private static Status deleted(DeleteResult r) {
    return r.wasAcknowledged() && r.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK;
  }
}
