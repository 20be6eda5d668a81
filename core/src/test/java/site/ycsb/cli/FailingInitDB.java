package site.ycsb.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/** A binding whose database cannot be reached. */
public class FailingInitDB extends DB {
  @Override
  public void init() throws DBException {
    throw new DBException("cannot reach db.example:1234 (connection refused)");
  }

  @Override
  public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
    return Status.OK;
  }

  @Override
  public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
    return Status.OK;
  }

  @Override
  public Status update(String t, String k, Map<String, ByteIterator> v) {
    return Status.OK;
  }

  @Override
  public Status insert(String t, String k, Map<String, ByteIterator> v) {
    return Status.OK;
  }

  @Override
  public Status delete(String t, String k) {
    return Status.OK;
  }
}
