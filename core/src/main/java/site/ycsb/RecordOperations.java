package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;

/**
 * A binding's five operations written once for both sides: what an operation returns is
 * {@link Status} on the blocking side and a {@code CompletionStage<Status>} on the asynchronous
 * side ({@link AsyncDB}), so that one body of requests and decoding serves both. A binding whose
 * asynchronous side is such an object implements {@link DelegatingAsyncDB} and needs no
 * {@code xxxAsync} methods of its own.
 *
 * @param <S> what an operation returns
 */
public interface RecordOperations<S> {
  /** @see DB#read */
  S read(String table, String key, Set<String> fields, Map<String, ByteIterator> result);

  /** @see DB#scan */
  S scan(String table, String startkey, int recordcount, Set<String> fields,
         Vector<HashMap<String, ByteIterator>> result);

  /** @see DB#update */
  S update(String table, String key, Map<String, ByteIterator> values);

  /** @see DB#insert */
  S insert(String table, String key, Map<String, ByteIterator> values);

  /** @see DB#delete */
  S delete(String table, String key);
}
