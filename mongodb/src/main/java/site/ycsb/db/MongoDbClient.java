package site.ycsb.db;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.WriteModel;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.conversions.Bson;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.db.mongodb.MongoClientFactory;
import site.ycsb.db.mongodb.MongoConfig;
import site.ycsb.db.mongodb.MongoErrors;
import site.ycsb.props.PropertyException;

/**
 * MongoDB binding (synchronous Java driver). A record is one document: {@code _id} is the key and
 * every field is a field of the document, its value stored as BSON binary (subtype 0) holding the
 * field's bytes. Reads accept string values too (data written by other tools), returned as UTF-8.
 *
 * <p>Reads project on the requested fields; updates use {@code $set}; scans read
 * {@code _id >= startkey} sorted by {@code _id}, limited to the requested count; deletes remove
 * by {@code _id}. With {@code mongodb.batchsize > 1} inserts are collected and sent with one
 * {@code insertMany} (or one bulk of upserts with {@code mongodb.upsert=true}) per batch; the
 * remainder goes at cleanup.
 *
 * <p>All instances of a process share one driver client ({@link MongoClientFactory}), whose pool
 * gives each worker a connection. Driver errors never escape an operation: a timeout is
 * TIMEOUT, an unreachable server or lost connection SERVICE_UNAVAILABLE, anything else ERROR,
 * and each distinct cause is printed once on stderr.
 */
public class MongoDbClient extends DB {
  private static final Bson PING = new Document("ping", 1);
  private static final UpdateOptions UPDATE = new UpdateOptions();
  private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);
  private static final ReplaceOptions REPLACE_OR_CREATE = new ReplaceOptions().upsert(true);
  // unordered: one rejected document does not stop the rest of its batch
  private static final InsertManyOptions INSERT_MANY = new InsertManyOptions().ordered(false);
  private static final BulkWriteOptions BULK = new BulkWriteOptions().ordered(false);

  private MongoConfig config;
  private MongoClient client;
  /** Where failures are reported once. */
  private BindingContext context;
  private MongoDatabase database;
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
    MongoConfig settings = config;
    client = ctx.shared("mongodb " + config.clientKey(), () -> {
      try {
        return MongoClientFactory.open(settings);
      } catch (RuntimeException e) {
        throw new DBException("cannot create a MongoDB client for mongodb.url=" + settings.maskedUrl + ": "
            + settings.mask(e.getMessage()));
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
      // fail here, with one clear line, rather than with every operation of the run
      database.withReadPreference(ReadPreference.primaryPreferred()).runCommand(PING);
    } catch (RuntimeException e) {
      client = null;
      throw new DBException("cannot reach MongoDB at " + config.hosts() + " (mongodb.url=" + config.maskedUrl
          + "): " + e.getClass().getSimpleName() + ": " + config.mask(e.getMessage()));
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (client == null) {
      return;
    }
    try {
      if (!batch.isEmpty()) {
        Status s = flush();
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
      BsonDocument doc = collection(table).find(Filters.eq("_id", key)).projection(projection(fields)).first();
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      copyFields(doc, result);
      return Status.OK;
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "read", e, config);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    // the whole answer in one batch: a scan is one round trip however long it is
    try (MongoCursor<BsonDocument> cursor = collection(table).find(Filters.gte("_id", startkey))
        .sort(Sorts.ascending("_id")).limit(recordcount).batchSize(recordcount)
        .projection(projection(fields)).iterator()) {
      if (!cursor.hasNext()) {
        return Status.NOT_FOUND;
      }
      while (cursor.hasNext()) {
        HashMap<String, ByteIterator> record = new HashMap<>();
        copyFields(cursor.next(), record);
        result.add(record);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "scan", e, config);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      UpdateResult r = collection(table).updateOne(Filters.eq("_id", key),
          new BsonDocument("$set", appendFields(new BsonDocument(), values)), config.upsert ? UPSERT : UPDATE);
      // an unacknowledged write has no counts to check
      if (r.wasAcknowledged() && r.getMatchedCount() == 0 && r.getUpsertedId() == null) {
        return Status.NOT_FOUND;
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "update", e, config);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    BsonDocument doc = appendFields(new BsonDocument("_id", new BsonString(key)), values);
    if (config.batchSize > 1) {
      return batchInsert(table, doc);
    }
    try {
      MongoCollection<BsonDocument> c = collection(table);
      if (config.upsert) {
        c.replaceOne(Filters.eq("_id", key), doc, REPLACE_OR_CREATE);
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
      Status s = flush();
      if (!s.isOk()) {
        return s;
      }
    }
    batchTable = table;
    batch.add(doc);
    if (batch.size() < config.batchSize) {
      return Status.BATCHED_OK;
    }
    return flush();
  }

  /**
   * Sends the collected inserts. The batch is emptied whatever the outcome: a failed batch is
   * reported by the status of the insert that sent it, and a retry of that insert starts anew.
   */
  private Status flush() {
    try {
      MongoCollection<BsonDocument> c = collection(batchTable);
      if (config.upsert) {
        List<WriteModel<BsonDocument>> models = new ArrayList<>(batch.size());
        for (BsonDocument d : batch) {
          models.add(new ReplaceOneModel<>(Filters.eq("_id", d.get("_id")), d, REPLACE_OR_CREATE));
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
      DeleteResult r = collection(table).deleteOne(Filters.eq("_id", key));
      if (r.wasAcknowledged() && r.getDeletedCount() == 0) {
        return Status.NOT_FOUND;
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return MongoErrors.fail(context, "delete", e, config);
    }
  }

  /** @return the write concern writes use (for tests: the property's effect on the driver) */
  WriteConcern writeConcern() {
    return database.getWriteConcern();
  }

  /** @return the read preference reads and scans use */
  ReadPreference readPreference() {
    return database.getReadPreference();
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

  private static Bson projection(Set<String> fields) {
    if (fields == null) {
      return null;
    }
    return Projections.include(new ArrayList<>(fields));
  }

  private static BsonDocument appendFields(BsonDocument doc, Map<String, ByteIterator> values) {
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      doc.append(e.getKey(), new BsonBinary(e.getValue().toArray()));
    }
    return doc;
  }

  private static void copyFields(BsonDocument doc, Map<String, ByteIterator> result) {
    for (Map.Entry<String, BsonValue> e : doc.entrySet()) {
      if (!"_id".equals(e.getKey())) {
        result.put(e.getKey(), new ByteArrayByteIterator(bytes(e.getValue())));
      }
    }
  }

  private static byte[] bytes(BsonValue v) {
    if (v.isBinary()) {
      return v.asBinary().getData();
    }
    if (v.isString()) {
      return v.asString().getValue().getBytes(UTF_8);
    }
    // numbers, dates, sub-documents: their JSON-like text is the most useful byte form
    return v.toString().getBytes(UTF_8);
  }
}
