package site.ycsb.db;

import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import site.ycsb.AsyncDB;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DelegatingDB;
import site.ycsb.DBException;
import site.ycsb.DelegatingAsyncDB;
import site.ycsb.RecordOperations;
import site.ycsb.Status;
import site.ycsb.db.mongodb.AsyncSide;
import site.ycsb.db.mongodb.BlockingSide;
import site.ycsb.db.mongodb.InsertBatch;
import site.ycsb.db.mongodb.MongoClientFactory;
import site.ycsb.db.mongodb.MongoConfig;
import site.ycsb.db.mongodb.MongoOperations;
import site.ycsb.db.mongodb.MongoRecords;
import site.ycsb.db.mongodb.MongoSide;
import site.ycsb.props.PropertyException;

/**
 * MongoDB binding: the synchronous Java driver on the blocking path, the reactive-streams driver
 * on the asynchronous one ({@code -inflight N}, {@link AsyncDB}). A record is one document:
 * {@code _id} is the key and every field is a field of the document, its value stored as BSON
 * binary (subtype 0) holding the field's bytes ({@link MongoRecords}). Reads accept string values
 * too (data written by other tools), returned as UTF-8.
 *
 * <p>Both sides run one body of operations ({@link MongoOperations}): reads project on the
 * requested fields; updates use {@code $set}; scans read {@code _id >= startkey} sorted by
 * {@code _id}, limited to the requested count; deletes remove by {@code _id}. Only how a request is
 * sent differs: the blocking side waits for the answer ({@link BlockingSide}), the asynchronous side
 * returns a future of it ({@link AsyncSide}). With {@code mongodb.batchsize > 1} the blocking side
 * collects inserts and sends them with one {@code insertMany} (or one bulk of upserts with
 * {@code mongodb.upsert=true}) per batch ({@link InsertBatch}); the remainder goes at cleanup; the
 * asynchronous side sends one {@code insertOne} per insert.
 *
 * <p>All instances of a process share one driver client ({@link MongoClientFactory}), whose pool
 * gives each worker a connection (on the asynchronous path, each operation in flight). Driver
 * errors never escape an operation: a timeout is TIMEOUT, an unreachable server or lost connection
 * SERVICE_UNAVAILABLE, anything else ERROR, and each distinct cause is printed once on stderr.
 */
public class MongoDbClient extends DelegatingDB implements DelegatingAsyncDB {
  private MongoConfig config;
  /** The side the phase runs on: the synchronous driver, or the reactive one ({@code inflight > 0}). */
  private MongoSide<?, ?> side;
  /** The operations on the blocking path; null on the asynchronous one. */
  private MongoOperations<Status> blocking;
  /** The operations on the asynchronous path; null on the blocking one. */
  private MongoOperations<CompletionStage<Status>> async;
  /** Null unless the blocking path batches inserts ({@code mongodb.batchsize > 1}). */
  private InsertBatch batch;

  @Override
  public void init(BindingContext ctx) throws DBException {
    try {
      config = new MongoConfig(getProperties());
    } catch (PropertyException e) {
      throw new DBException(e.getMessage());
    }
    if (ctx.inflight() > 0) {
      // the asynchronous path calls only the AsyncDB side: no synchronous client is opened
      AsyncSide asyncSide = AsyncSide.open(ctx, config);
      if (config.batchSize > 1) {
        ctx.reportOnce("mongodb batchsize inflight", "mongodb: mongodb.batchsize=" + config.batchSize
            + " does not apply with inflight: the asynchronous side sends each insert with its own insertOne");
      }
      side = asyncSide;
      async = new MongoOperations<>(asyncSide, config);
      return;
    }
    BlockingSide blockingSide = BlockingSide.open(ctx, config);
    side = blockingSide;
    blocking = new MongoOperations<>(blockingSide, config);
    if (config.batchSize > 1) {
      batch = new InsertBatch(blockingSide, config);
    }
  }

  @Override
  public void cleanup() throws DBException {
    // the shared client itself is closed by the engine when the phase ends
    if (batch != null) {
      batch.finish();
    }
  }

  @Override
  protected RecordOperations<Status> blockingOperations() {
    return blocking;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (batch != null) {
      return batch.add(table, MongoRecords.document(key, values));
    }
    return super.insert(table, key, values);
  }

  @Override
  public RecordOperations<CompletionStage<Status>> asyncOperations() {
    return async;
  }

  /**
   * No: {@code -threads N} keeps N threads on the synchronous driver, which costs less client CPU
   * per operation than as many operations in flight on the reactive one (mongodb/README.md).
   */
  @Override
  public boolean servesSessions() {
    return false;
  }

  /** @return the write concern writes use, on the side the phase runs (for tests: the property's effect) */
  WriteConcern writeConcern() {
    return side.writeConcern();
  }

  /** @return the read preference reads and scans use, on the side the phase runs */
  ReadPreference readPreference() {
    return side.readPreference();
  }

  /** @return the settings read at init */
  MongoConfig config() {
    return config;
  }
}
