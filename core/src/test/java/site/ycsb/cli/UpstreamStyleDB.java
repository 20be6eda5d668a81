package site.ycsb.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A binding written only against upstream's API (it overrides {@code init()}) whose driver is
 * {@link MissingDriver}; a test deletes that class file, as when a driver's jar is not on the class
 * path.
 */
public class UpstreamStyleDB extends DB {
  private Object driver;

  @Override
  public void init() throws DBException {
    driver = new MissingDriver();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return driver == null ? Status.ERROR : Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.OK;
  }
}
