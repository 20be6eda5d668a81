package site.ycsb.db.hbase2;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.PageFilter;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * What both sides of the binding send and how they read the answers: the {@link Get},
 * {@link Scan}, {@link Put} and {@link Delete} of each operation (column family, qualifiers,
 * durability, scan limits and page filter), and the decoding of a {@link Result} into the
 * engine's fields. One per worker: the qualifier cache is not thread-safe, so requests are built
 * on the worker's thread; decoding is static and may run on the client's threads.
 */
final class HBaseRequests {
  private final byte[] family;
  private final Durability durability;
  private final boolean usePageFilter;
  /** Field names as column qualifiers, encoded once per worker instead of once per operation. */
  private final Map<String, byte[]> qualifiers = new HashMap<>();

  /**
   * @param family the column family holding the fields
   * @param durability write-ahead-log use of puts and deletes
   * @param usePageFilter whether scans also carry a {@link PageFilter}
   */
  HBaseRequests(byte[] family, Durability durability, boolean usePageFilter) {
    this.family = family;
    this.durability = durability;
    this.usePageFilter = usePageFilter;
  }

  /** @return a get of the whole family, or of the named columns */
  Get get(String key, Set<String> fields) {
    Get get = new Get(Bytes.toBytes(key));
    if (fields == null) {
      get.addFamily(family);
    } else {
      for (String f : fields) {
        get.addColumn(family, qualifier(f));
      }
    }
    return get;
  }

  /** @return a scan of at most {@code recordcount} rows from {@code startkey} (inclusive) */
  Scan scan(String startkey, int recordcount, Set<String> fields) {
    Scan scan = new Scan().withStartRow(Bytes.toBytes(startkey)).setLimit(recordcount)
        .setCaching(Math.max(1, recordcount));
    if (fields == null) {
      scan.addFamily(family);
    } else {
      for (String f : fields) {
        scan.addColumn(family, qualifier(f));
      }
    }
    if (usePageFilter) {
      scan.setFilter(new PageFilter(recordcount));
    }
    return scan;
  }

  /** @return a put of the given columns (insert and update alike) */
  Put put(String key, Map<String, ByteIterator> values) {
    Put put = new Put(Bytes.toBytes(key));
    put.setDurability(durability);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      put.addColumn(family, qualifier(e.getKey()), e.getValue().toArray());
    }
    return put;
  }

  /** @return a delete of the row */
  Delete delete(String key) {
    Delete delete = new Delete(Bytes.toBytes(key));
    delete.setDurability(durability);
    return delete;
  }

  private byte[] qualifier(String field) {
    return qualifiers.computeIfAbsent(field, Bytes::toBytes);
  }

  /**
   * @param r the answer to a get
   * @param into receives the row's fields
   * @return {@link Status#NOT_FOUND} for an empty row, else {@link Status#OK}
   */
  static Status read(Result r, Map<String, ByteIterator> into) {
    if (r == null || r.isEmpty()) {
      return Status.NOT_FOUND;
    }
    copyCells(r, into);
    return Status.OK;
  }

  /**
   * @param r one row of a scan
   * @param rows receives the row's fields, after those already there
   */
  static void addRow(Result r, Vector<HashMap<String, ByteIterator>> rows) {
    HashMap<String, ByteIterator> row = new HashMap<>();
    copyCells(r, row);
    rows.add(row);
  }

  private static void copyCells(Result r, Map<String, ByteIterator> into) {
    for (Cell c : r.rawCells()) {
      into.put(Bytes.toString(CellUtil.cloneQualifier(c)), new ByteArrayByteIterator(CellUtil.cloneValue(c)));
    }
  }
}
