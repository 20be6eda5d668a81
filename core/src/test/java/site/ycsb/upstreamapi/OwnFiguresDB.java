package site.ycsb.upstreamapi;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * A binding written as bindings for upstream YCSB 0.17 are (it overrides {@code init()} only)
 * that records figures of its own through {@link Measurements}, as upstream's HBase binding does
 * for its buffer flushes: every update is followed by a "flush" of {@code ownfigures.flushmicros}
 * measured under {@code HBASE-FLUSH}; and each instance starts a thread of its own in
 * {@code init()} that records {@code ownfigures.background} values under {@code BACKGROUND-FLUSH},
 * as a driver's callback thread would.
 */
public class OwnFiguresDB extends DB {
  private Thread background;

  @Override
  public void init() throws DBException {
    int values = Integer.parseInt(getProperties().getProperty("ownfigures.background", "0"));
    background = new Thread(() -> {
      Measurements m = Measurements.getMeasurements();
      for (int i = 0; i < values; i++) {
        m.measure("BACKGROUND-FLUSH", 40);
        m.reportStatus("BACKGROUND-FLUSH", Status.OK);
      }
    }, "ownfigures-background");
    background.start();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    int micros = Integer.parseInt(getProperties().getProperty("ownfigures.flushmicros", "250"));
    Measurements m = Measurements.getMeasurements();
    m.measure("HBASE-FLUSH", micros);
    m.measureIntended("HBASE-FLUSH", micros + 50);
    m.reportStatus("HBASE-FLUSH", Status.OK);
    return Status.OK;
  }

  @Override
  public void cleanup() throws DBException {
    try {
      background.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException(e);
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
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
