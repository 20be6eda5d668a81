package site.ycsb;

import java.util.Map;
import java.util.Set;

/**
 * The reads and writes of one transaction, inside {@link TransactionalDB#transaction}: the table is
 * the transaction's. A binding whose writes take effect only at the commit (Redis' {@code MULTI})
 * may hold them until then and answer {@link Status#OK} at once.
 */
public interface TransactionCalls {
  /**
   * Reads one record inside the transaction.
   *
   * @param key the record's key
   * @param fields the fields to read, or null for all
   * @param result receives field name to value
   * @return the outcome, {@link Status#NOT_FOUND} when there is no such record, {@link Status#ABORTED}
   *     when the database aborted the transaction at this read
   */
  Status read(String key, Set<String> fields, Map<String, ByteIterator> result);

  /**
   * Writes fields of one record inside the transaction.
   *
   * @param key the record's key
   * @param values field name to value
   * @return the outcome, {@link Status#ABORTED} when the database aborted the transaction at this write
   */
  Status update(String key, Map<String, ByteIterator> values);
}
