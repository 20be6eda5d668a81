package site.ycsb.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** A binding whose every operation fails. */
public class AlwaysFailingDB extends DB {
  @Override
  public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
    return Status.ERROR;
  }

  @Override
  public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
    return Status.ERROR;
  }

  @Override
  public Status update(String t, String k, Map<String, ByteIterator> v) {
    return Status.ERROR;
  }

  @Override
  public Status insert(String t, String k, Map<String, ByteIterator> v) {
    return Status.ERROR;
  }

  @Override
  public Status delete(String t, String k) {
    return Status.ERROR;
  }
}
