package site.ycsb.db.mongodb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.bson.BsonDocument;
import site.ycsb.ByteIterator;
import site.ycsb.RecordOperations;

/**
 * The binding's five operations, one body for both sides: what each sends ({@link MongoRecords}:
 * filters, projections, documents, {@code $set} updates, the scan's order) and what its answer
 * means ({@link Outcome}). The side it is made with only sends and waits: the blocking side returns
 * the status, the asynchronous side a future of it, and both count the same outcomes.
 *
 * <ul>
 *   <li>read: {@code find({_id: key})} with the projection on the requested fields, first document;
 *   <li>scan: {@code find({_id: {$gte: startkey}})} sorted by {@code _id}, limited, in one batch;
 *   <li>update: {@code updateOne({_id: key}, {$set: ...})}, creating a missing record only with
 *       {@code mongodb.upsert=true};
 *   <li>insert: {@code insertOne}, or with {@code mongodb.upsert=true} a {@code replaceOne} that
 *       may create;
 *   <li>delete: {@code deleteOne({_id: key})}.
 * </ul>
 *
 * @param <S> what an operation returns: {@code Status}, or {@code CompletionStage<Status>}
 */
public final class MongoOperations<S> implements RecordOperations<S> {
  private final MongoSide<S, ?> side;
  private final boolean upsert;

  /**
   * @param side how requests are sent and answers waited for
   * @param config the binding's settings
   */
  public MongoOperations(MongoSide<S, ?> side, MongoConfig config) {
    this.side = side;
    this.upsert = config.upsert;
  }

  @Override
  public S read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return side.findFirst(table, MongoRecords.byKey(key), MongoRecords.projection(fields), Outcome.READ, result);
  }

  @Override
  public S scan(String table, String startkey, int recordcount, Set<String> fields,
                Vector<HashMap<String, ByteIterator>> result) {
    return side.find(table, MongoRecords.fromKey(startkey), MongoRecords.SCAN_ORDER, recordcount,
        MongoRecords.projection(fields), Outcome.SCAN, result);
  }

  @Override
  public S update(String table, String key, Map<String, ByteIterator> values) {
    return side.updateOne(table, MongoRecords.byKey(key), MongoRecords.setFields(values),
        MongoRecords.updateOptions(upsert), Outcome.UPDATE);
  }

  @Override
  public S insert(String table, String key, Map<String, ByteIterator> values) {
    BsonDocument doc = MongoRecords.document(key, values);
    if (upsert) {
      return side.replaceOne(table, MongoRecords.byKey(key), doc, MongoRecords.REPLACE_OR_CREATE, Outcome.INSERT);
    }
    return side.insertOne(table, doc, Outcome.INSERT);
  }

  @Override
  public S delete(String table, String key) {
    return side.deleteOne(table, MongoRecords.byKey(key), Outcome.DELETE);
  }
}
