package site.ycsb.db.mongodb;

import java.util.List;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * The properties of the MongoDB binding: every value {@link site.ycsb.db.MongoDbClient} reads is
 * declared here once, with its default and a one-line meaning.
 */
public final class MongoDbProperties implements PropertyCatalog {

  public static final PropertyDef URL = PropertyDef.string("mongodb.url", "mongodb://localhost:27017/ycsb",
      "connection string (mongodb:// or mongodb+srv://); its options (maxPoolSize, replicaSet, tls, ...) apply;"
          + " the user:password part is masked in every message");

  public static final PropertyDef DATABASE = PropertyDef.string("mongodb.database", null,
      "database; unset = the database named in mongodb.url, else ycsb");

  public static final PropertyDef WRITE_CONCERN = PropertyDef.choice("mongodb.writeConcern", null,
      "write concern; unset = the one of mongodb.url (driver default: acknowledged). Old names:"
          + " none/normal = unacknowledged, safe = acknowledged, fsync_safe = journaled, replicas_safe = w2,"
          + " quorum = majority",
      "unacknowledged", "acknowledged", "w1", "w2", "w3", "majority", "journaled",
      "none", "normal", "safe", "fsync_safe", "replicas_safe", "quorum");

  public static final PropertyDef READ_PREFERENCE = PropertyDef.choice("mongodb.readPreference", null,
      "read preference for reads and scans; unset = the one of mongodb.url (driver default: primary)",
      "primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest");

  public static final PropertyDef BATCH_SIZE = PropertyDef.integer("mongodb.batchsize", 1, 1, 1_000_000,
      "inserts sent together with one insertMany; inserts that only fill the batch return BATCHED_OK,"
          + " the rest is sent at cleanup; 1 = one insertOne per insert. Blocking path only: with inflight"
          + " every insert is one insertOne");

  public static final PropertyDef OLD_BATCH_SIZE = PropertyDef.integer("batchsize", 1, 1, 1_000_000,
      "old name of mongodb.batchsize (used when mongodb.batchsize is not set)");

  public static final PropertyDef UPSERT = PropertyDef.bool("mongodb.upsert", false,
      "inserts replace-or-create and updates create missing records (upserts) instead of failing");

  public static final PropertyDef TIMEOUT = PropertyDef.longValue("mongodb.timeout", null, 0, Integer.MAX_VALUE,
      "socket read timeout in ms: an operation whose answer takes longer returns TIMEOUT; unset = the"
          + " socketTimeoutMS of mongodb.url, else none (0)");

  public static final PropertyDef SERVER_SELECTION_TIMEOUT = PropertyDef.longValue("mongodb.serverselectiontimeout",
      null, 0, Integer.MAX_VALUE,
      "ms an operation waits for a reachable server before it returns SERVICE_UNAVAILABLE (also bounds the"
          + " check at start); unset = the serverSelectionTimeoutMS of mongodb.url, else 30000 on the blocking"
          + " path and 500 with -inflight, where a waiting operation holds its place in flight");

  @Override
  public String module() {
    return "mongodb";
  }

  @Override
  public String bindingClass() {
    return "site.ycsb.db.MongoDbClient";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(URL, DATABASE, WRITE_CONCERN, READ_PREFERENCE, BATCH_SIZE, OLD_BATCH_SIZE, UPSERT, TIMEOUT,
        SERVER_SELECTION_TIMEOUT);
  }
}
