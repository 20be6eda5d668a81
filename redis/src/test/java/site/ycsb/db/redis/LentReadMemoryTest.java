package site.ycsb.db.redis;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.api.StatefulConnection;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.ReadResult;
import site.ycsb.Status;

/**
 * A read into the engine's own result keeps the record's reply in the memory the result lends, read
 * after read; the reply of a read that was given up (it timed out, and its retry went out) never
 * writes into that memory, however late it arrives.
 */
class LentReadMemoryTest {
  /** A connection that goes nowhere: the replies are read here, as its handler would read them. */
  @SuppressWarnings("unchecked")
  private static AsyncConnection lane() {
    StatefulConnection<byte[], byte[]> nowhere = (StatefulConnection<byte[], byte[]>) Proxy.newProxyInstance(
        LentReadMemoryTest.class.getClassLoader(), new Class<?>[] {StatefulConnection.class}, (p, m, a) -> null);
    RedisFailures failures = RedisFailures.asynchronous(BareLettuceLoop.CONTEXT);
    return new AsyncConnection(nowhere, "nowhere", failures, new FieldNames(), false, true);
  }

  /** @return an HGETALL reply of two fields whose values are {@code value} and its reverse */
  private static ByteBuf reply(String value) {
    String reversed = new StringBuilder(value).reverse().toString();
    String r = "*4\r\n$6\r\nfield0\r\n$" + value.length() + "\r\n" + value + "\r\n$6\r\nfield1\r\n$"
        + reversed.length() + "\r\n" + reversed + "\r\n";
    return Unpooled.wrappedBuffer(r.getBytes(US_ASCII));
  }

  private static void answer(ReadOperation read, String value) {
    assertTrue(RespReplies.read(reply(value), read, new RespReplies.Scratch()));
    read.complete();
  }

  private static Map<String, String> strings(Map<String, ByteIterator> record) {
    Map<String, String> out = new TreeMap<>();
    record.forEach((k, v) -> {
      out.put(k, v.toString());
      v.reset();
    });
    return out;
  }

  @Test
  void readAfterReadTheResultsOwnMemoryHoldsEachReadsRecord() {
    AsyncConnection lane = lane();
    ReadResult result = new ReadResult();
    ReadOperation first = new ReadOperation(lane, "user1", null, null, result);
    answer(first, "abcdef");
    assertEquals(Status.OK, first.stage.join());
    assertEquals(Map.of("field0", "abcdef", "field1", "fedcba"), strings(result));
    ByteIterator firstValue = result.get("field0");

    result.clear();
    ReadOperation second = new ReadOperation(lane, "user2", null, null, result);
    answer(second, "uvwxyz0123");
    assertEquals(Map.of("field0", "uvwxyz0123", "field1", "3210zyxwvu"), strings(result));
    assertSame(firstValue, result.get("field0"), "the result's own value, pointed at the next reply");
  }

  @Test
  void theLateReplyOfAReadGivenUpLeavesItsRetrysValuesAlone() {
    AsyncConnection lane = lane();
    ReadResult result = new ReadResult();
    ReadOperation timedOut = new ReadOperation(lane, "user1", null, null, result);
    timedOut.completeExceptionally(new TimeoutException("command timed out"));
    assertTrue(timedOut.stage.join() != Status.OK);

    result.clear();
    ReadOperation retry = new ReadOperation(lane, "user1", null, null, result);
    answer(retry, "the record");
    ByteIterator kept = result.get("field0");
    // the first read's reply comes after all, on another connection: read whole, and dropped
    answer(timedOut, "XXXXXXXXXX");
    assertEquals(Map.of("field0", "the record", "field1", "drocer eht"), strings(result));
    assertSame(kept, result.get("field0"));

    // a map the caller keeps values in is never lent: its reads copy as before
    ReadOperation intoFilled = new ReadOperation(lane, "user2", null, null, result);
    answer(intoFilled, "other data");
    assertNotSame(kept, result.get("field0"));
    assertEquals(Map.of("field0", "other data", "field1", "atad rehto"), strings(result));
  }
}
