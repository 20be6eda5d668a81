package site.ycsb.db.mongodb;

import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.InsertOneResult;
import com.mongodb.client.result.UpdateResult;
import com.mongodb.reactivestreams.client.MongoCollection;
import com.mongodb.reactivestreams.client.MongoDatabase;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import site.ycsb.BindingContext;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The asynchronous side of the MongoDB binding, on the reactive-streams driver: each request is
 * sent and returns at once, its status arriving when the driver's publisher completes
 * ({@link StatusSubscriber}). One instance per worker; the driver client behind it is shared by
 * every worker of the process.
 */
public final class AsyncSide extends MongoSide<CompletionStage<Status>, MongoCollection<BsonDocument>> {
  private AsyncSide(BindingContext context, MongoConfig config, MongoDatabase database) {
    super(context, config, table -> database.getCollection(table, BsonDocument.class), database.getWriteConcern(),
        database.getReadPreference());
  }

  /**
   * Gets the process's reactive driver client (opening it if this is the first worker) and checks
   * that the server answers.
   *
   * @param context the worker's binding context
   * @param config the binding's settings
   * @return the asynchronous side of one worker
   * @throws DBException with one line naming the hosts when the server cannot be reached
   */
  public static AsyncSide open(BindingContext context, MongoConfig config) throws DBException {
    MongoDatabase database = MongoClientFactory.sharedReactive(config, context).getDatabase(config.database);
    StartCheck.await(config, () -> ping(database));
    return new AsyncSide(context, config, database);
  }

  /** Sends one ping and waits for its answer; the server selection timeout bounds the wait. */
  private static void ping(MongoDatabase database) {
    CompletableFuture<Void> answered = new CompletableFuture<>();
    database.runCommand(StartCheck.PING, StartCheck.ANY_MEMBER).subscribe(new Subscriber<Document>() {
      @Override
      public void onSubscribe(Subscription s) {
        s.request(1);
      }

      @Override
      public void onNext(Document reply) {
      }

      @Override
      public void onError(Throwable t) {
        answered.completeExceptionally(t);
      }

      @Override
      public void onComplete() {
        answered.complete(null);
      }
    });
    try {
      answered.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : e;
    }
  }

  @Override
  public <R> CompletionStage<Status> findFirst(String table, Bson filter, Bson projection,
                                               Outcome<BsonDocument, R> outcome, R result) {
    return new StatusSubscriber<>(this, outcome, result)
        .subscribeTo(() -> collection(table).find(filter).projection(projection).first());
  }

  @Override
  public <R> CompletionStage<Status> find(String table, Bson filter, Bson sort, int limit, Bson projection,
                                          Outcome<BsonDocument, R> outcome, R result) {
    return new StatusSubscriber<>(this, outcome, result)
        .subscribeTo(() -> collection(table).find(filter).sort(sort).limit(limit).batchSize(limit)
            .projection(projection));
  }

  @Override
  public CompletionStage<Status> updateOne(String table, Bson filter, Bson update, UpdateOptions options,
                                           Outcome<? super UpdateResult, Void> outcome) {
    return new StatusSubscriber<>(this, outcome, null)
        .subscribeTo(() -> collection(table).updateOne(filter, update, options));
  }

  @Override
  public CompletionStage<Status> replaceOne(String table, Bson filter, BsonDocument doc, ReplaceOptions options,
                                            Outcome<? super UpdateResult, Void> outcome) {
    return new StatusSubscriber<>(this, outcome, null)
        .subscribeTo(() -> collection(table).replaceOne(filter, doc, options));
  }

  @Override
  public CompletionStage<Status> insertOne(String table, BsonDocument doc,
                                           Outcome<? super InsertOneResult, Void> outcome) {
    return new StatusSubscriber<>(this, outcome, null).subscribeTo(() -> collection(table).insertOne(doc));
  }

  @Override
  public CompletionStage<Status> deleteOne(String table, Bson filter, Outcome<? super DeleteResult, Void> outcome) {
    return new StatusSubscriber<>(this, outcome, null).subscribeTo(() -> collection(table).deleteOne(filter));
  }
}
