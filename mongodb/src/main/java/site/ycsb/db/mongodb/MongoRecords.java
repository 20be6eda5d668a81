package site.ycsb.db.mongodb;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.conversions.Bson;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * How a YCSB record is stored and found, for both sides of the binding (the blocking one on the
 * synchronous driver, the asynchronous one on the reactive-streams driver): the document of a
 * record, the filters, projection, {@code $set} update and scan order the operations send
 * ({@link MongoOperations}), and the decoding of a document into the engine's map. Every request
 * is built here, so both sides store and find the same documents.
 *
 * <p>A record is one document: {@code _id} is the key (a string) and every field is a field of the
 * document holding BSON binary (subtype 0) with the field's bytes. Reads accept string values too
 * (data written by other tools), returned as UTF-8; other types come back as their text form.
 */
public final class MongoRecords {
  /** Scans go in key order. */
  public static final Bson SCAN_ORDER = Sorts.ascending("_id");
  /** An update changes an existing record only. */
  private static final UpdateOptions UPDATE = new UpdateOptions();
  /** {@code mongodb.upsert=true}: an update creates a missing record. */
  private static final UpdateOptions UPDATE_OR_CREATE = new UpdateOptions().upsert(true);
  /** {@code mongodb.upsert=true}: an insert replaces an existing record. */
  public static final ReplaceOptions REPLACE_OR_CREATE = new ReplaceOptions().upsert(true);

  private MongoRecords() {
  }

  /** @return the filter on one record's key */
  public static Bson byKey(String key) {
    return Filters.eq("_id", key);
  }

  /** @return the filter of a scan: the records at or after the start key */
  public static Bson fromKey(String startkey) {
    return Filters.gte("_id", startkey);
  }

  /**
   * @param fields the fields a read or scan asks for, or null for all
   * @return the projection on them ({@code _id} comes along and is dropped when decoding), or null
   */
  public static Bson projection(Set<String> fields) {
    if (fields == null) {
      return null;
    }
    return Projections.include(new ArrayList<>(fields));
  }

  /** @return the document of a new record: {@code _id} and one binary field per value */
  public static BsonDocument document(String key, Map<String, ByteIterator> values) {
    return appendFields(new BsonDocument("_id", new BsonString(key)), values);
  }

  /** @return the update writing the given fields of a record: {@code {$set: {field: value, ...}}} */
  public static BsonDocument setFields(Map<String, ByteIterator> values) {
    return new BsonDocument("$set", appendFields(new BsonDocument(), values));
  }

  /** @return the update options: an update creates a missing record only with {@code mongodb.upsert=true} */
  public static UpdateOptions updateOptions(boolean upsert) {
    return upsert ? UPDATE_OR_CREATE : UPDATE;
  }

  /**
   * Puts every field of a stored document but {@code _id} into the engine's map.
   *
   * @param doc a document as read
   * @param result the read's result map
   */
  public static void copyFields(BsonDocument doc, Map<String, ByteIterator> result) {
    for (Map.Entry<String, BsonValue> e : doc.entrySet()) {
      if (!"_id".equals(e.getKey())) {
        result.put(e.getKey(), new ByteArrayByteIterator(bytes(e.getValue())));
      }
    }
  }

  /** @return the fields of a document as one record of a scan's result */
  public static HashMap<String, ByteIterator> record(BsonDocument doc) {
    HashMap<String, ByteIterator> record = new HashMap<>();
    copyFields(doc, record);
    return record;
  }

  private static BsonDocument appendFields(BsonDocument doc, Map<String, ByteIterator> values) {
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      doc.append(e.getKey(), new BsonBinary(e.getValue().toArray()));
    }
    return doc;
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
