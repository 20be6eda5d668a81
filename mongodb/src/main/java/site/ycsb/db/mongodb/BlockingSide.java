package site.ycsb.db.mongodb;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.InsertOneResult;
import com.mongodb.client.result.UpdateResult;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The blocking side of the MongoDB binding, on the synchronous driver: each request waits for the
 * answer on the worker thread and returns the status. One instance per worker; the driver client
 * behind it is shared by every worker of the process.
 */
public final class BlockingSide extends MongoSide<Status, MongoCollection<BsonDocument>> {
  private BlockingSide(BindingContext context, MongoConfig config, MongoDatabase database) {
    super(context, config, table -> database.getCollection(table, BsonDocument.class), database.getWriteConcern(),
        database.getReadPreference());
  }

  /**
   * Gets the process's synchronous driver client (opening it if this is the first worker) and
   * checks that the server answers.
   *
   * @param context the worker's binding context
   * @param config the binding's settings
   * @return the blocking side of one worker
   * @throws DBException with one line naming the hosts when the server cannot be reached
   */
  public static BlockingSide open(BindingContext context, MongoConfig config) throws DBException {
    MongoDatabase database = MongoClientFactory.shared(config, context).getDatabase(config.database);
    StartCheck.await(config, () -> database.runCommand(StartCheck.PING, StartCheck.ANY_MEMBER));
    return new BlockingSide(context, config, database);
  }

  @Override
  public <R> Status findFirst(String table, Bson filter, Bson projection, Outcome<BsonDocument, R> outcome,
                              R result) {
    try {
      BsonDocument doc = collection(table).find(filter).projection(projection).first();
      return doc == null ? outcome.none() : outcome.item(doc, result);
    } catch (RuntimeException e) {
      return fail(outcome.operation(), e);
    }
  }

  @Override
  public <R> Status find(String table, Bson filter, Bson sort, int limit, Bson projection,
                         Outcome<BsonDocument, R> outcome, R result) {
    try (MongoCursor<BsonDocument> cursor = collection(table).find(filter).sort(sort).limit(limit).batchSize(limit)
        .projection(projection).iterator()) {
      Status status = outcome.none();
      while (cursor.hasNext()) {
        status = outcome.item(cursor.next(), result);
      }
      return status;
    } catch (RuntimeException e) {
      return fail(outcome.operation(), e);
    }
  }

  @Override
  public Status updateOne(String table, Bson filter, Bson update, UpdateOptions options,
                          Outcome<? super UpdateResult, Void> outcome) {
    try {
      return outcome.item(collection(table).updateOne(filter, update, options), null);
    } catch (RuntimeException e) {
      return fail(outcome.operation(), e);
    }
  }

  @Override
  public Status replaceOne(String table, Bson filter, BsonDocument doc, ReplaceOptions options,
                           Outcome<? super UpdateResult, Void> outcome) {
    try {
      return outcome.item(collection(table).replaceOne(filter, doc, options), null);
    } catch (RuntimeException e) {
      return fail(outcome.operation(), e);
    }
  }

  @Override
  public Status insertOne(String table, BsonDocument doc, Outcome<? super InsertOneResult, Void> outcome) {
    try {
      return outcome.item(collection(table).insertOne(doc), null);
    } catch (RuntimeException e) {
      return fail(outcome.operation(), e);
    }
  }

  @Override
  public Status deleteOne(String table, Bson filter, Outcome<? super DeleteResult, Void> outcome) {
    try {
      return outcome.item(collection(table).deleteOne(filter), null);
    } catch (RuntimeException e) {
      return fail(outcome.operation(), e);
    }
  }
}
