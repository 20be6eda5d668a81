package site.ycsb.db;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The Redis binding, keeping the test's own log of every update and insert it makes, with the
 * values it sent and whether Redis acknowledged them: what the durability figures are checked
 * against, independently of the client's version stamps. Made for one operation at a time (one
 * worker, one in flight), so the log's order is the order the writes were made.
 */
public class WriteLoggingRedis extends RedisClient {
  /** One write: its key, the values sent, and whether it came back OK. */
  record Write(String key, Map<String, String> values, boolean acknowledged) {
  }

  private static final List<Write> LOG = new ArrayList<>();

  static synchronized void reset() {
    LOG.clear();
  }

  /** @return the writes made since the last reset, in order */
  static synchronized List<Write> log() {
    return new ArrayList<>(LOG);
  }

  static synchronized int count() {
    return LOG.size();
  }

  private static synchronized void logged(String key, Map<String, String> values, Status status) {
    LOG.add(new Write(key, values, status != null && status.isOk()));
  }

  /** A write of the binding's, given the values to send. */
  private interface Call<T> {
    T make(Map<String, ByteIterator> values);
  }

  /**
   * Reads the values once, for the log, and makes the call with a copy of them.
   *
   * @return what the call returned
   */
  private static <T> T logging(String key, Map<String, ByteIterator> values, Call<T> call,
                               java.util.function.BiConsumer<T, Map<String, String>> then) {
    Map<String, String> text = new HashMap<>();
    Map<String, ByteIterator> copy = new HashMap<>();
    values.forEach((field, value) -> {
      byte[] bytes = value.toArray();
      text.put(field, new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1));
      copy.put(field, new ByteArrayByteIterator(bytes));
    });
    T result = call.make(copy);
    then.accept(result, text);
    return result;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return logging(key, values, v -> super.update(table, key, v), (s, text) -> logged(key, text, s));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return logging(key, values, v -> super.insert(table, key, v), (s, text) -> logged(key, text, s));
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return logging(key, values, v -> super.updateAsync(table, key, v),
        (stage, text) -> stage.whenComplete((s, e) -> logged(key, text, s)));
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return logging(key, values, v -> super.insertAsync(table, key, v),
        (stage, text) -> stage.whenComplete((s, e) -> logged(key, text, s)));
  }
}
