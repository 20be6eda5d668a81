package site.ycsb.db.mongodb;

import com.mongodb.ReadPreference;
import com.mongodb.MongoTimeoutException;
import com.mongodb.WriteConcern;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.InsertOneResult;
import com.mongodb.client.result.UpdateResult;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoCollection;
import com.mongodb.reactivestreams.client.MongoDatabase;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The asynchronous side of the MongoDB binding, on the reactive-streams driver: each operation
 * sends its request and returns at once, its status arriving when the driver's publisher
 * completes ({@link StatusSubscriber}). One instance per worker, as the binding instance it
 * serves; the driver client behind it is shared by every worker of the process.
 *
 * <p>The requests are those of the blocking side, built by {@link MongoRecords}: the same
 * documents, projections, {@code $set} updates and scans, the same statuses for the same outcomes.
 * Inserts are sent one per call: {@code mongodb.batchsize} does not apply here.
 */
public final class MongoAsyncOperations {
  private static final Bson PING = new Document("ping", 1);

  private final BindingContext context;
  private final MongoConfig config;
  private final MongoDatabase database;
  /** Called from the worker thread only (the engine's rule), so a plain map serves as the cache. */
  private final Map<String, MongoCollection<BsonDocument>> collections = new HashMap<>();

  private MongoAsyncOperations(BindingContext context, MongoConfig config, MongoDatabase database) {
    this.context = context;
    this.config = config;
    this.database = database;
  }

  /**
   * Gets the process's reactive driver client (opening it if this is the first worker), applies
   * the settings and checks that the server answers.
   *
   * @param context the worker's binding context
   * @param config the binding's settings
   * @return the operations of one worker
   * @throws DBException with one line naming the hosts when the server cannot be reached
   */
  public static MongoAsyncOperations open(BindingContext context, MongoConfig config) throws DBException {
    MongoClient client = context.shared("mongodb reactive " + config.clientKey(), () -> {
      try {
        return MongoClientFactory.openReactive(config, context);
      } catch (RuntimeException e) {
        throw MongoErrors.cannotCreate(config, e);
      }
    });
    MongoDatabase db = client.getDatabase(config.database);
    if (config.writeConcern != null) {
      db = db.withWriteConcern(config.writeConcern);
    }
    if (config.readPreference != null) {
      db = db.withReadPreference(config.readPreference);
    }
    ping(db, config);
    if (config.batchSize > 1) {
      context.reportOnce("mongodb batchsize inflight", "mongodb: mongodb.batchsize=" + config.batchSize
          + " does not apply with inflight: the asynchronous side sends each insert with its own insertOne");
    }
    return new MongoAsyncOperations(context, config, db);
  }

  /**
   * Fails here, with one clear line, rather than with every operation of the run; any member
   * answers (runCommand ignores the database's read preference, so it is given here). The client
   * waits briefly for a server (see {@link MongoConfig#asyncServerSelectionTimeoutMillis()}), which
   * a first connection on a busy machine may take longer than: the check asks again until the
   * wait at start is over.
   */
  private static void ping(MongoDatabase db, MongoConfig config) throws DBException {
    long giveUp = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(config.startWaitMillis());
    while (true) {
      try {
        pingOnce(db, config);
        return;
      } catch (DBException e) {
        if (!(e.getCause() instanceof MongoTimeoutException) || System.nanoTime() > giveUp) {
          throw e;
        }
      }
    }
  }

  private static void pingOnce(MongoDatabase db, MongoConfig config) throws DBException {
    CompletableFuture<Void> answered = new CompletableFuture<>();
    db.runCommand(PING, ReadPreference.primaryPreferred()).subscribe(new Subscriber<Document>() {
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
      // the server selection timeout bounds the wait
      answered.join();
    } catch (CompletionException e) {
      RuntimeException cause = e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : e;
      DBException unreachable = MongoErrors.unreachable(config, cause);
      unreachable.initCause(cause);
      throw unreachable;
    }
  }

  /** @see site.ycsb.AsyncDB#readAsync */
  public CompletionStage<Status> read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    StatusSubscriber<BsonDocument> s = new StatusSubscriber<>(context, "read", config) {
      private boolean found;

      @Override
      protected void item(BsonDocument doc) {
        found = true;
        MongoRecords.copyFields(doc, result);
      }

      @Override
      protected Status end() {
        return found ? Status.OK : Status.NOT_FOUND;
      }
    };
    try {
      collection(table).find(MongoRecords.byKey(key)).projection(MongoRecords.projection(fields)).first()
          .subscribe(s);
    } catch (RuntimeException e) {
      s.fail(e);
    }
    return s;
  }

  /** @see site.ycsb.AsyncDB#scanAsync */
  public CompletionStage<Status> scan(String table, String startkey, int recordcount, Set<String> fields,
                                      Vector<HashMap<String, ByteIterator>> result) {
    StatusSubscriber<BsonDocument> s = new StatusSubscriber<>(context, "scan", config) {
      @Override
      protected void item(BsonDocument doc) {
        result.add(MongoRecords.record(doc));
      }

      @Override
      protected Status end() {
        return result.isEmpty() ? Status.NOT_FOUND : Status.OK;
      }
    };
    try {
      // the whole answer in one batch: a scan is one round trip however long it is
      collection(table).find(MongoRecords.fromKey(startkey)).sort(MongoRecords.SCAN_ORDER).limit(recordcount)
          .batchSize(recordcount).projection(MongoRecords.projection(fields)).subscribe(s);
    } catch (RuntimeException e) {
      s.fail(e);
    }
    return s;
  }

  /** @see site.ycsb.AsyncDB#updateAsync */
  public CompletionStage<Status> update(String table, String key, Map<String, ByteIterator> values) {
    StatusSubscriber<UpdateResult> s = new UpdateSubscriber(context, "update", config);
    try {
      collection(table).updateOne(MongoRecords.byKey(key), MongoRecords.setFields(values),
          MongoRecords.updateOptions(config.upsert)).subscribe(s);
    } catch (RuntimeException e) {
      s.fail(e);
    }
    return s;
  }

  /** @see site.ycsb.AsyncDB#insertAsync */
  public CompletionStage<Status> insert(String table, String key, Map<String, ByteIterator> values) {
    BsonDocument doc = MongoRecords.document(key, values);
    if (config.upsert) {
      UpdateSubscriber s = new UpdateSubscriber(context, "insert", config);
      try {
        collection(table).replaceOne(MongoRecords.byKey(key), doc, MongoRecords.REPLACE_OR_CREATE).subscribe(s);
      } catch (RuntimeException e) {
        s.fail(e);
      }
      return s;
    }
    InsertSubscriber s = new InsertSubscriber(context, config);
    try {
      collection(table).insertOne(doc).subscribe(s);
    } catch (RuntimeException e) {
      s.fail(e);
    }
    return s;
  }

  /** @see site.ycsb.AsyncDB#deleteAsync */
  public CompletionStage<Status> delete(String table, String key) {
    DeleteSubscriber s = new DeleteSubscriber(context, config);
    try {
      collection(table).deleteOne(MongoRecords.byKey(key)).subscribe(s);
    } catch (RuntimeException e) {
      s.fail(e);
    }
    return s;
  }

  /** @return the write concern writes use (for tests: the property's effect on the driver) */
  public WriteConcern writeConcern() {
    return database.getWriteConcern();
  }

  /** @return the read preference reads and scans use */
  public ReadPreference readPreference() {
    return database.getReadPreference();
  }

  private MongoCollection<BsonDocument> collection(String table) {
    MongoCollection<BsonDocument> c = collections.get(table);
    if (c == null) {
      c = database.getCollection(table, BsonDocument.class);
      collections.put(table, c);
    }
    return c;
  }

  /** An update, or an insert with {@code mongodb.upsert=true} (a replace that may create). */
  private static final class UpdateSubscriber extends StatusSubscriber<UpdateResult> {
    private Status status = Status.ERROR;

    UpdateSubscriber(BindingContext context, String operation, MongoConfig config) {
      super(context, operation, config);
    }

    @Override
    protected void item(UpdateResult r) {
      status = MongoRecords.updated(r);
    }

    @Override
    protected Status end() {
      return status;
    }
  }

  private static final class InsertSubscriber extends StatusSubscriber<InsertOneResult> {
    InsertSubscriber(BindingContext context, MongoConfig config) {
      super(context, "insert", config);
    }

    @Override
    protected void item(InsertOneResult r) {
    }

    @Override
    protected Status end() {
      // the driver signals a rejected insert (a duplicate key) as an error
      return Status.OK;
    }
  }

  private static final class DeleteSubscriber extends StatusSubscriber<DeleteResult> {
    private Status status = Status.ERROR;

    DeleteSubscriber(BindingContext context, MongoConfig config) {
      super(context, "delete", config);
    }

    @Override
    protected void item(DeleteResult r) {
      status = MongoRecords.deleted(r);
    }

    @Override
    protected Status end() {
      return status;
    }
  }
}
