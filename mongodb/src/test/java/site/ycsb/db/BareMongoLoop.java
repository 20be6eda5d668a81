package site.ycsb.db;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.UpdateResult;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import com.mongodb.reactivestreams.client.MongoCollection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import site.ycsb.testsupport.BareDriverLoop;

/**
 * The floor of the MongoDB binding's asynchronous side (see {@link BareDriverLoop}): the
 * reactive-streams driver by itself, sending what the binding sends for workload A and nothing
 * else. Run by {@code mongodb/bench/cpu-vs-bare-driver.sh}.
 *
 * <p>The client is built as {@code MongoClientFactory.sharedReactive} builds it when no
 * {@code mongodb.*} property but the URL is set: the connection string applied as it is, the
 * asynchronous side's 500 ms server selection timeout, write concern and read preference left to
 * the connection string (the driver's acknowledged writes and primary reads); only the binding's
 * cluster listener, which reports a lost server and is not called per operation, is left out. The
 * collection {@code usertable} is opened with {@link BsonDocument} as its document class, as the
 * binding opens it. Half the operations read a whole record, {@code find({_id: key}).first()} with
 * no projection (workload A reads all fields); half set one of the 10 fields,
 * {@code updateOne({_id: key}, {$set: {fieldN: <binary, 100 bytes>}})} with default (no upsert)
 * options: the filters, the update document and the BSON binary values of {@code MongoRecords}.
 * Keys are uniform over {@link #loadedKeys()}; before the run the collection's size is compared with
 * the records expected, and a read that finds nothing (or an update that matches nothing) during it
 * is reported as a problem, so keys that differ from the load's show as failures. A read's answer
 * is taken as far as the decoded document; copying its fields into the engine's map is the
 * binding's work, not the driver's.
 *
 * <p>Each request is subscribed to with one small {@link Answer}, the only object of this loop per
 * operation besides the request's own (filter, update document), as the binding's
 * {@code StatusSubscriber} is its only one.
 *
 * <p>Arguments: url database, then {@link BareDriverLoop#COMMON_USAGE}.
 */
public final class BareMongoLoop extends BareDriverLoop {
  private static final String TABLE = "usertable";
  /** The asynchronous side's server selection timeout when none is set ({@code MongoConfig}). */
  private static final long SERVER_SELECTION_MILLIS = 500;
  /** The binding's options of an update without {@code mongodb.upsert}. */
  private static final UpdateOptions UPDATE = new UpdateOptions();
  private static final String[] FIELD_NAMES = new String[FIELDS];

  static {
    for (int i = 0; i < FIELDS; i++) {
      FIELD_NAMES[i] = "field" + i;
    }
  }

  private final MongoCollection<BsonDocument> collection;
  private final String[] keys;

  private BareMongoLoop(Settings settings, MongoCollection<BsonDocument> collection) {
    super(settings);
    this.collection = collection;
    this.keys = loadedKeys();
    checkLoaded(collection, settings.records());
  }

  public static void main(String[] args) throws InterruptedException {
    Settings settings = Settings.parse("BareMongoLoop", "url database", args, 2);
    MongoClientSettings clientSettings = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(args[0]))
        .applyToClusterSettings(c -> c.serverSelectionTimeout(SERVER_SELECTION_MILLIS, TimeUnit.MILLISECONDS))
        .build();
    try (MongoClient client = MongoClients.create(clientSettings)) {
      MongoCollection<BsonDocument> collection = client.getDatabase(args[1]).getCollection(TABLE, BsonDocument.class);
      new BareMongoLoop(settings, collection).run();
    } catch (RuntimeException | Error e) {
      // the sending thread would keep the JVM (and the script waiting on it) alive
      e.printStackTrace();
      System.exit(1);
    }
  }

  /**
   * Waits (up to 30 s, as the binding's check at start) for the server, and says on stderr when the
   * collection does not hold the records the load should have written; none is an error.
   */
  private static void checkLoaded(MongoCollection<BsonDocument> collection, int records) {
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    long count;
    while (true) {
      try {
        count = first(collection.countDocuments());
        break;
      } catch (MongoTimeoutException e) {
        if (System.nanoTime() > giveUp) {
          throw e;
        }
      }
    }
    if (count == 0) {
      throw new IllegalStateException(TABLE + " has no records: load them first");
    }
    if (count != records) {
      System.err.println("BareMongoLoop: " + TABLE + " holds " + count + " records, not " + records);
    }
  }

  /** @return the first item of a publisher, waited for */
  private static <T> T first(Publisher<T> publisher) {
    CompletableFuture<T> answer = new CompletableFuture<>();
    publisher.subscribe(new Subscriber<T>() {
      @Override
      public void onSubscribe(Subscription s) {
        s.request(1);
      }

      @Override
      public void onNext(T t) {
        answer.complete(t);
      }

      @Override
      public void onError(Throwable t) {
        answer.completeExceptionally(t);
      }

      @Override
      public void onComplete() {
        answer.complete(null);
      }
    });
    try {
      return answer.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : e;
    }
  }

  @Override
  protected void send(ThreadLocalRandom random) {
    // the filter and update built as MongoRecords builds them
    Bson filter = Filters.eq("_id", keys[random.nextInt(keys.length)]);
    if (random.nextBoolean()) {
      collection.find(filter).projection(null).first().subscribe(new Answer(true));
    } else {
      BsonDocument set = new BsonDocument(FIELD_NAMES[random.nextInt(FIELDS)], new BsonBinary(value(random)));
      collection.updateOne(filter, new BsonDocument("$set", set), UPDATE).subscribe(new Answer(false));
    }
  }

  /**
   * One operation's subscriber: asks for everything at once, notes whether the read found its
   * document (or the update matched one) and reports the end to {@link #done} once. The driver
   * calls it one signal at a time, on its own threads.
   */
  private final class Answer implements Subscriber<Object> {
    private final boolean read;
    private boolean found;

    Answer(boolean read) {
      this.read = read;
    }

    @Override
    public void onSubscribe(Subscription s) {
      s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(Object item) {
      // a read publishes its document, an update its result
      found = read || !((UpdateResult) item).wasAcknowledged() || ((UpdateResult) item).getMatchedCount() > 0;
    }

    @Override
    public void onError(Throwable t) {
      done(t, null);
    }

    @Override
    public void onComplete() {
      done(null, found ? null : read ? "a read found no document" : "an update matched no document");
    }
  }
}
