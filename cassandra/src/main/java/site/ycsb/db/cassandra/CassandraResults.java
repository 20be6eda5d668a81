package site.ycsb.db.cassandra;

import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * What the server answered, turned into the engine's results and the operation's status; the same
 * for a result that came back to a blocking call or to an asynchronous one.
 */
public final class CassandraResults {
  private CassandraResults() {
  }

  /**
   * @param row the row a read found, or null
   * @param into receives the row's fields
   * @return {@link Status#OK}, or {@link Status#NOT_FOUND} when there is no row
   */
  public static Status read(Row row, Map<String, ByteIterator> into) {
    if (row == null) {
      return Status.NOT_FOUND;
    }
    copy(row, into);
    return Status.OK;
  }

  /**
   * @param rows rows of a scan (all of them, or one page)
   * @param into receives one record per row, in the order of the rows
   */
  public static void addRows(Iterable<Row> rows, Vector<HashMap<String, ByteIterator>> into) {
    for (Row row : rows) {
      HashMap<String, ByteIterator> record = new HashMap<>();
      copy(row, record);
      into.add(record);
    }
  }

  /**
   * @param applied whether the insert was applied: only a lightweight transaction can be "not
   *     applied", when the key already existed
   * @return {@link Status#OK}, or {@link Status#UNEXPECTED_STATE} for an existing key
   */
  public static Status insert(boolean applied) {
    return applied ? Status.OK : Status.UNEXPECTED_STATE;
  }

  /**
   * The value's bytes as they came: the driver (4.x) reads each value of a row into a byte array
   * of its own, which nothing reuses, so it is handed on without a copy (a copy per field was a
   * measurable part of the client's CPU per read). A buffer without an array is copied.
   */
  private static ByteIterator valueOf(ByteBuffer value) {
    if (value.hasArray()) {
      return new ByteArrayByteIterator(value.array(), value.arrayOffset() + value.position(), value.remaining());
    }
    byte[] bytes = new byte[value.remaining()];
    value.duplicate().get(bytes);
    return new ByteArrayByteIterator(bytes);
  }

  /** Puts the field columns of a row (not the key, not unset columns) into the result as byte iterators. */
  private static void copy(Row row, Map<String, ByteIterator> into) {
    ColumnDefinitions defs = row.getColumnDefinitions();
    for (int i = 0; i < defs.size(); i++) {
      String name = defs.get(i).getName().asInternal();
      if (CassandraProperties.KEY_COLUMN.equals(name)) {
        continue;
      }
      ByteBuffer value = row.getBytesUnsafe(i);
      if (value == null) {
        continue;
      }
      into.put(name, valueOf(value));
    }
  }
}
