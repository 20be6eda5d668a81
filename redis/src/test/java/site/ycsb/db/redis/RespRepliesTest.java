package site.ycsb.db.redis;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.RedisException;
import io.lettuce.core.protocol.RedisStateMachine;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's own reply reader tells a command exactly what Lettuce's decoder tells it, for any
 * RESP2 reply, however its bytes arrive; and leaves a reply that has not all arrived in the buffer.
 */
class RespRepliesTest {
  /** Writes down every part of a reply it is told of, in order. */
  private static final class Listener extends RespCommand {
    final List<String> heard = new ArrayList<>();

    Listener() {
      super(Resp.HGETALL);
    }

    @Override
    void replied() {
    }

    @Override
    void failed(Throwable cause) {
      heard.add("failed " + cause.getMessage());
    }

    @Override
    public void encode(ByteBuf buf) {
    }

    @Override
    public void multiArray(int count) {
      heard.add("array " + count);
    }

    @Override
    public void set(ByteBuffer bytes) {
      heard.add(bytes == null ? "null" : "bytes " + text(bytes));
    }

    @Override
    public void set(long integer) {
      heard.add("integer " + integer);
    }

    @Override
    public void setError(ByteBuffer error) {
      heard.add("error " + text(error));
    }

    @Override
    public void complete(int depth) {
      heard.add("complete " + depth);
    }

    private static String text(ByteBuffer b) {
      byte[] a = new byte[b.remaining()];
      b.duplicate().get(a);
      return new String(a, ISO_8859_1);
    }
  }

  /** A random RESP2 reply: arrays nested up to three deep, strings with CRLF inside, nulls, errors. */
  private static void reply(Random r, StringBuilder out, int depth) {
    int kind = depth >= 3 ? 1 + r.nextInt(6) : r.nextInt(7);
    switch (kind) {
      case 0:
        int n = r.nextInt(6) - 1; // -1 (null array) to 4
        out.append('*').append(n).append("\r\n");
        for (int i = 0; i < n; i++) {
          reply(r, out, depth + 1);
        }
        break;
      case 1:
        StringBuilder s = new StringBuilder();
        for (int i = r.nextInt(40); i > 0; i--) {
          s.append("ab\r\n$*:-+0".charAt(r.nextInt(10)));
        }
        out.append('$').append(s.length()).append("\r\n").append(s).append("\r\n");
        break;
      case 2:
        out.append("$-1\r\n");
        break;
      case 3:
        out.append(r.nextBoolean() ? "+OK\r\n" : "+QUEUED\r\n");
        break;
      case 4:
        out.append("-ERR wrong number of arguments\r\n");
        break;
      case 5:
        out.append(':').append(r.nextLong() >> r.nextInt(64)).append("\r\n");
        break;
      default:
        out.append("$100\r\n").append("x".repeat(100)).append("\r\n");
        break;
    }
  }

  private static List<String> byLettuce(byte[] reply) {
    Listener l = new Listener();
    RedisStateMachine rsm = new RedisStateMachine();
    ByteBuf in = Unpooled.wrappedBuffer(reply);
    assertTrue(rsm.decode(in, l), "Lettuce's decoder read the whole reply");
    assertFalse(in.isReadable());
    rsm.close();
    return l.heard;
  }

  @Test
  void aCommandHearsWhatLettucesDecoderWouldTellItHoweverTheBytesArrive() {
    Random r = new Random(42);
    RespReplies.Scratch scratch = new RespReplies.Scratch();
    for (int round = 0; round < 2000; round++) {
      StringBuilder sb = new StringBuilder();
      reply(r, sb, 0);
      byte[] reply = sb.toString().getBytes(ISO_8859_1);
      byte[] next = "+NEXT\r\n".getBytes(ISO_8859_1);
      List<String> expected = byLettuce(reply);

      // the whole reply, the next one's bytes behind it: read to its end, no further
      Listener whole = new Listener();
      ByteBuf in = Unpooled.buffer().writeBytes(reply).writeBytes(next);
      assertTrue(RespReplies.read(in, whole, scratch));
      assertEquals(expected, whole.heard, sb.toString());
      assertEquals(next.length, in.readableBytes(), "the next reply is left where it was");

      // arriving in two parts: nothing read from the first, all of it once the rest is there
      int cut = 1 + r.nextInt(reply.length - 1);
      Listener parts = new Listener();
      ByteBuf partial = Unpooled.buffer().writeBytes(reply, 0, cut);
      assertFalse(RespReplies.read(partial, parts, scratch), "cut at " + cut + ": " + sb);
      assertEquals(List.of(), parts.heard);
      assertEquals(0, partial.readerIndex());
      partial.writeBytes(reply, cut, reply.length - cut);
      assertTrue(RespReplies.read(partial, parts, scratch));
      assertEquals(expected, parts.heard, sb.toString());
      assertFalse(partial.isReadable());
    }
  }

  @Test
  void aRecordsReplyAfterAShortOneOnTheSameConnectionIsReadWhole() {
    RespReplies.Scratch scratch = new RespReplies.Scratch();
    // an update's short reply first: the next, longer one no longer fits the first copy
    for (int round = 0; round < 3; round++) {
      assertTrue(RespReplies.read(Unpooled.copiedBuffer(":0\r\n", ISO_8859_1), new Listener(), scratch));
    }
    StringBuilder sb = new StringBuilder("*20\r\n");
    for (int i = 0; i < 10; i++) {
      sb.append("$6\r\nfield").append(i).append("\r\n$1000\r\n").append(Integer.toString(i).repeat(1000)).append("\r\n");
    }
    byte[] reply = sb.toString().getBytes(ISO_8859_1);
    Listener record = new Listener();
    assertTrue(RespReplies.read(Unpooled.wrappedBuffer(reply), record, scratch));
    assertEquals(byLettuce(reply), record.heard);
    assertEquals("bytes " + "7".repeat(1000), record.heard.get(1 + 2 * 15));
  }

  @Test
  void bytesThatAreNotARespReplyEndWithAnError() {
    RedisException e = assertThrows(RedisException.class, () -> RespReplies.read(
        Unpooled.copiedBuffer("HTTP/1.1 400 Bad Request\r\n", ISO_8859_1), new Listener(), new RespReplies.Scratch()));
    assertTrue(e.getMessage().contains("not a RESP2 reply"), e.getMessage());
    assertThrows(RedisException.class, () -> RespReplies.read(
        Unpooled.copiedBuffer("$1x\r\nab\r\n", ISO_8859_1), new Listener(), new RespReplies.Scratch()));
  }
}
