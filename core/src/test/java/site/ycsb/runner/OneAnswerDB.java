package site.ycsb.runner;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** A test binding whose every operation gives the answer of one method: the scripted behaviour. */
abstract class OneAnswerDB extends DB {
  /** @return the status of any operation */
  abstract Status answer();

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return answer();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return answer();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return answer();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return answer();
  }

  @Override
  public Status delete(String table, String key) {
    return answer();
  }
}
