package site.ycsb.db.couchbase;

import com.couchbase.client.java.codec.Transcoder;
import com.couchbase.client.java.kv.GetResult;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;

/** How a YCSB record is stored as one Couchbase document: {@link JsonRecords} or {@link RawRecords}. */
interface RecordFormat {
  /**
   * @param values field name to value; each value is read once
   * @return the document content to send, understood by {@link #transcoder()}
   */
  Object document(Map<String, ByteIterator> values);

  /**
   * @param doc a document read whole
   * @param fields the fields wanted, or null for all
   * @param out receives the wanted fields the document has
   */
  void fields(GetResult doc, Set<String> fields, Map<String, ByteIterator> out);

  /** @return the transcoder of reads and writes, or null for the SDK's default (JSON) */
  Transcoder transcoder();

  /** @return whether single fields can be read and written in place (sub-document operations) */
  boolean hasPaths();
}
