package site.ycsb.db.couchbase;

import com.couchbase.client.java.codec.Transcoder;
import com.couchbase.client.java.json.JsonObject;
import com.couchbase.client.java.kv.GetResult;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/**
 * A record as a JSON object with one string member per field: what the query service and
 * sub-document operations can address. The engine's values use an alphabet that JSON never
 * escapes, so every document of a run has the same size.
 */
final class JsonRecords implements RecordFormat {
  static final JsonRecords INSTANCE = new JsonRecords();

  private JsonRecords() {
  }

  @Override
  public Object document(Map<String, ByteIterator> values) {
    JsonObject doc = JsonObject.create(values.size());
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      doc.put(e.getKey(), e.getValue().toString());
    }
    return doc;
  }

  @Override
  public void fields(GetResult doc, Set<String> fields, Map<String, ByteIterator> out) {
    JsonObject content = doc.contentAsObject();
    if (fields == null) {
      for (String name : content.getNames()) {
        out.put(name, text(content.get(name)));
      }
      return;
    }
    for (String name : fields) {
      if (content.containsKey(name)) {
        out.put(name, text(content.get(name)));
      }
    }
  }

  /** Members written by other tools may be numbers or objects: they are returned as their JSON text. */
  static ByteIterator text(Object value) {
    return new StringByteIterator(value instanceof String ? (String) value : String.valueOf(value));
  }

  @Override
  public Transcoder transcoder() {
    return null;
  }

  @Override
  public boolean hasPaths() {
    return true;
  }
}
