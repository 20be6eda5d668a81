package site.ycsb.db.mongodb;

import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.InsertOneResult;
import com.mongodb.client.result.UpdateResult;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;
import site.ycsb.BindingContext;
import site.ycsb.Status;

/**
 * One driver's way of sending the requests {@link MongoOperations} builds and of waiting for the
 * answer: the blocking side ({@link BlockingSide}, synchronous driver) answers with the status, the
 * asynchronous side ({@link AsyncSide}, reactive-streams driver) with a future of it. A side only
 * makes the driver call on the worker's collection for the table, hands the answer to the
 * operation's {@link Outcome} and maps a driver error to a status through {@link MongoFailures}:
 * what is sent and what the answer means are decided once, for both.
 *
 * <p>One instance per worker, called from the worker thread only (the engine's rule: the
 * asynchronous side sends from it too), so a plain map serves as the worker's collection cache.
 *
 * @param <S> what an operation returns: {@code Status}, or {@code CompletionStage<Status>}
 * @param <C> the driver's collection type
 */
public abstract class MongoSide<S, C> {
  private final BindingContext context;
  private final MongoConfig config;
  private final Function<String, C> lookUp;
  private final Map<String, C> collections = new HashMap<>();
  private final WriteConcern writeConcern;
  private final ReadPreference readPreference;

  /**
   * @param context where failures are reported once
   * @param config the binding's settings
   * @param lookUp gets a table's collection from the database
   * @param writeConcern the database's, which writes use
   * @param readPreference the database's, which reads and scans use
   */
  MongoSide(BindingContext context, MongoConfig config, Function<String, C> lookUp, WriteConcern writeConcern,
            ReadPreference readPreference) {
    this.context = context;
    this.config = config;
    this.lookUp = lookUp;
    this.writeConcern = writeConcern;
    this.readPreference = readPreference;
  }

  /** @return the table's collection, looked up in the database once per worker */
  final C collection(String table) {
    C c = collections.get(table);
    if (c == null) {
      c = lookUp.apply(table);
      collections.put(table, c);
    }
    return c;
  }

  /**
   * @param operation e.g. {@code insert}
   * @param e the driver's error
   * @return the operation's status for it, the cause reported once ({@link MongoFailures})
   */
  final Status fail(String operation, RuntimeException e) {
    return MongoFailures.fail(context, operation, e, config);
  }

  /**
   * Finds the first document matching the filter ({@code find(filter).projection(p).first()}).
   *
   * @param <R> where the document goes
   * @param table the YCSB table (a collection)
   * @param filter which document
   * @param projection the fields to return, or null for all
   * @param outcome what the document, or its absence, means
   * @param result where it goes
   * @return the operation's status
   */
  public abstract <R> S findFirst(String table, Bson filter, Bson projection, Outcome<BsonDocument, R> outcome,
                                  R result);

  /**
   * Finds the documents matching the filter in the given order, at most {@code limit} of them,
   * fetched in one batch: a scan is one round trip however long it is.
   *
   * @param <R> where the documents go
   * @param table the YCSB table
   * @param filter which documents
   * @param sort their order
   * @param limit how many at most
   * @param projection the fields to return, or null for all
   * @param outcome what the documents, or their absence, mean
   * @param result where they go
   * @return the operation's status
   */
  public abstract <R> S find(String table, Bson filter, Bson sort, int limit, Bson projection,
                             Outcome<BsonDocument, R> outcome, R result);

  /**
   * @param table the YCSB table
   * @param filter which document
   * @param update the update document
   * @param options whether a missing document is created
   * @param outcome what the result means
   * @return the operation's status
   */
  public abstract S updateOne(String table, Bson filter, Bson update, UpdateOptions options,
                              Outcome<? super UpdateResult, Void> outcome);

  /**
   * @param table the YCSB table
   * @param filter which document
   * @param doc the new document
   * @param options whether a missing document is created
   * @param outcome what the result means
   * @return the operation's status
   */
  public abstract S replaceOne(String table, Bson filter, BsonDocument doc, ReplaceOptions options,
                               Outcome<? super UpdateResult, Void> outcome);

  /**
   * @param table the YCSB table
   * @param doc the new document
   * @param outcome what the result means
   * @return the operation's status
   */
  public abstract S insertOne(String table, BsonDocument doc, Outcome<? super InsertOneResult, Void> outcome);

  /**
   * @param table the YCSB table
   * @param filter which document
   * @param outcome what the result means
   * @return the operation's status
   */
  public abstract S deleteOne(String table, Bson filter, Outcome<? super DeleteResult, Void> outcome);

  /** @return the write concern writes use (for tests: the property's effect on the driver) */
  public final WriteConcern writeConcern() {
    return writeConcern;
  }

  /** @return the read preference reads and scans use */
  public final ReadPreference readPreference() {
    return readPreference;
  }
}
