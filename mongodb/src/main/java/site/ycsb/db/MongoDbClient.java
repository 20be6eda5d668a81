package site.ycsb.db;

import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.WriteModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;
import site.ycsb.AsyncDB;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.db.mongodb.MongoAsyncOperations;
import site.ycsb.db.mongodb.MongoClientFactory;
import site.ycsb.db.mongodb.MongoConfig;
import site.ycsb.db.mongodb.MongoErrors;
import site.ycsb.db.mongodb.MongoRecords;
import site.ycsb.props.PropertyException;

/**
 * MongoDB binding: the synchronous Java driver on the blocking path, the reactive-streams driver
 * on the asynchronous one ({@code -inflight N}, {@link AsyncDB}, served by
 * {@link MongoAsyncOperations}). A record is one document: {@code _id} is the key and every field
 * is a field of the document, its value stored as BSON binary (subtype 0) holding the field's
 * bytes ({@link MongoRecords}, which both sides use). Reads accept string values too (data written
 * by other tools), returned as UTF-8.
 *
 * <p>Reads project on the requested fields; updates use {@code $set}; scans read
 * {@code _id >= startkey} sorted by {@code _id}, limited to the requested count; deletes remove
 * by {@code _id}. With {@code mongodb.batchsize > 1} inserts are collected and sent with one
 * {@code insertMany} (or one bulk of upserts with {@code mongodb.upsert=true}) per batch; the
 * remainder goes at cleanup; the asynchronous side sends one {@code insertOne} per insert.
 *
 * <p>All instances of a process share one driver client ({@link MongoClientFactory}), whose pool
 * gives each worker a connection (on the asynchronous path, each operation in flight). Driver
 * errors never escape an operation: a timeout is TIMEOUT, an unreachable server or lost connection
 * SERVICE_UNAVAILABLE, anything else ERROR, and each distinct cause is printed once on stderr.
 */
public class MongoDbClient extends DB implements AsyncDB {
  private static final Bson PING = new Document("ping", 1);
  // unordered: one rejected document does not stop the rest of its batch
  private static final InsertManyOptions INSERT_MANY = new InsertManyOptions().ordered(false);
  private static final BulkWriteOptions BULK = new BulkWriteOptions().ordered(false);

  private MongoConfig config;
  private MongoClient client;
  /** Where failures are reported once. */
  private BindingContext context;
  private MongoDatabase database;
  /** The asynchronous side, when the phase runs on it ({@code inflight > 0}); else null. */
  private MongoAsyncOperations async;
  /** One worker thread per instance, so a plain map serves as the collection cache. */
  private final Map<String, MongoCollection<BsonDocument>> collections = new HashMap<>();
  private final List<BsonDocument> batch = new ArrayList<>();
  private String batchTable;

  @Override
  public void init(BindingContext ctx) throws DBException {
    this.context = ctx;
    try {
      config = new MongoConfig(getProperties());
    } catch (PropertyException e) {
      throw new DBException(e.getMessage());
    }
    if (ctx.inflight() > 0) {
      // the asynchronous path calls only the AsyncDB side: no synchronous client is needed
      async = MongoAsyncOperations.open(ctx, config);
      return;
    }
    MongoConfig settings = config;
    client = ctx.shared("mongodb " + config.clientKey(), () -> {
      try {
        return MongoClientFactory.open(settings, ctx);
      } catch (RuntimeException e) {
        throw MongoErrors.cannotCreate(settings, e);
      }
    });
    MongoDatabase db = client.getDatabase(config.database);
    if (config.writeConcern != null) {
      db = db.withWriteConcern(config.writeConcern);
    }
    if (config.readPreference != null) {
      db = db.withReadPreference(config.readPreference);
    }
    database = db;
    try {
      // fail here, with one clear line, rather than with every operation of the run; any member
      // answers (runCommand ignores the database's read preference, so it is given here)
      database.runCommand(PING, ReadPreference.primaryPreferred());
    } catch (RuntimeException e) {
      client = null;
      throw MongoErrors.unreachable(config, e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    // the asynchronous side has nothing of its own to close: the shared clients are the engine's
    if (client == null) {
      return;
    }
    try {
      if (!batch.isEmpty()) {
        Status s = sendBatch();
        if (!s.isOk()) {
          throw new DBException("the last " + batch.size() + " batched inserts failed with " + s.getName());
        }
      }
    } finally {
      // the shared client itself is closed by the engine when the phase ends
      batch.clear();
      client = null;
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      BsonDocument doc = collection(table).find(MongoRecords.byKey(key)).projection(MongoRecords.projection(fields))
          .first();
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      MongoRecords.copyFields(doc, result);
      return Status.OK;
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "read", e, config);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    // the whole answer in one batch: a scan is one round trip however long it is
    try (MongoCursor<BsonDocument> cursor = collection(table).find(MongoRecords.fromKey(startkey))
        .sort(MongoRecords.SCAN_ORDER).limit(recordcount).batchSize(recordcount)
        .projection(MongoRecords.projection(fields)).iterator()) {
      if (!cursor.hasNext()) {
        return Status.NOT_FOUND;
      }
      while (cursor.hasNext()) {
        result.add(MongoRecords.record(cursor.next()));
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "scan", e, config);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      return MongoRecords.updated(collection(table).updateOne(MongoRecords.byKey(key),
          MongoRecords.setFields(values), MongoRecords.updateOptions(config.upsert)));
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "update", e, config);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    BsonDocument doc = MongoRecords.document(key, values);
    if (config.batchSize > 1) {
      return batchInsert(table, doc);
    }
    try {
      MongoCollection<BsonDocument> c = collection(table);
      if (config.upsert) {
        c.replaceOne(MongoRecords.byKey(key), doc, MongoRecords.REPLACE_OR_CREATE);
      } else {
        c.insertOne(doc);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "insert", e, config);
    }
  }

  private Status batchInsert(String table, BsonDocument doc) {
    if (batchTable != null && !batchTable.equals(table) && !batch.isEmpty()) {
      // a batch goes to one collection: send what was collected for the other one first
      Status s = sendBatch();
      if (!s.isOk()) {
        return s;
      }
    }
    batchTable = table;
    batch.add(doc);
    if (batch.size() < config.batchSize) {
      return Status.BATCHED_OK;
    }
    return sendBatch();
  }

  /**
   * Sends the collected inserts. The batch is emptied whatever the outcome: a failed batch is
   * reported by the status of the insert that sent it, and a retry of that insert starts anew.
   */
  private Status sendBatch() {
    try {
      MongoCollection<BsonDocument> c = collection(batchTable);
      if (config.upsert) {
        List<WriteModel<BsonDocument>> models = new ArrayList<>(batch.size());
        for (BsonDocument d : batch) {
          models.add(new ReplaceOneModel<>(MongoRecords.byKey(d.getString("_id").getValue()), d,
              MongoRecords.REPLACE_OR_CREATE));
        }
        c.bulkWrite(models, BULK);
      } else {
        c.insertMany(batch, INSERT_MANY);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "insert", e, config);
    } finally {
      batch.clear();
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      return MongoRecords.deleted(collection(table).deleteOne(MongoRecords.byKey(key)));
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "delete", e, config);
    }
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return async.read(table, key, fields, result);
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return async.scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return async.update(table, key, values);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return async.insert(table, key, values);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return async.delete(table, key);
  }

  /** @return the write concern writes use, on the side the phase runs (for tests: the property's effect) */
  WriteConcern writeConcern() {
    return async != null ? async.writeConcern() : database.getWriteConcern();
  }

  /** @return the read preference reads and scans use, on the side the phase runs */
  ReadPreference readPreference() {
    return async != null ? async.readPreference() : database.getReadPreference();
  }

  /** @return the settings read at init */
  MongoConfig config() {
    return config;
  }

  private MongoCollection<BsonDocument> collection(String table) {
    MongoCollection<BsonDocument> c = collections.get(table);
    if (c == null) {
      c = database.getCollection(table, BsonDocument.class);
      collections.put(table, c);
    }
    return c;
  }
}
