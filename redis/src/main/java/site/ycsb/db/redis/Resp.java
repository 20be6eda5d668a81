package site.ycsb.db.redis;

import static java.nio.charset.StandardCharsets.US_ASCII;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.lettuce.core.protocol.ProtocolKeyword;

/**
 * Writes Redis commands in RESP straight into Lettuce's output buffer: no argument objects, no
 * intermediate byte arrays for keys (a String key is written as UTF-8 in place), lengths written
 * as digits without a String.
 */
final class Resp {
  private Resp() {
  }

  /** A command name or constant argument, encoded once as a whole bulk string ({@code $len\r\nname\r\n}). */
  static final class Word implements ProtocolKeyword {
    private final String name;
    private final byte[] bytes;
    private final byte[] bulk;

    /**
     * @param name the word as sent
     * @param shownAs what Lettuce sees as the command's type; differs from {@code name} where
     *     Lettuce would otherwise act on the name (see {@link RespCommand#getType()})
     */
    Word(String name, String shownAs) {
      this.name = shownAs;
      this.bytes = name.getBytes(US_ASCII);
      this.bulk = ("$" + bytes.length + "\r\n" + name + "\r\n").getBytes(US_ASCII);
    }

    Word(String name) {
      this(name, name);
    }

    void writeTo(ByteBuf buf) {
      buf.writeBytes(bulk);
    }

    @Override
    public byte[] getBytes() {
      return bytes;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static final Word HGETALL = new Word("HGETALL");
  static final Word HMGET = new Word("HMGET");
  static final Word HSET = new Word("HSET");
  static final Word ZADD = new Word("ZADD");
  static final Word ZREM = new Word("ZREM");
  static final Word DEL = new Word("DEL");
  static final Word ZRANGEBYLEX = new Word("ZRANGEBYLEX");
  static final Word WAIT = new Word("WAIT");
  // Lettuce's connection recognises MULTI and EXEC by name and re-routes the outputs of the
  // commands between them; these commands decode their own replies, so Lettuce sees other names
  static final Word MULTI = new Word("MULTI", "ycsb-MULTI");
  static final Word EXEC = new Word("EXEC", "ycsb-EXEC");
  static final Word INDEX = new Word(RedisProperties.INDEX_KEY);
  static final Word ZERO = new Word("0");
  static final Word LEX_MAX = new Word("+");
  static final Word LIMIT = new Word("LIMIT");

  /** {@code *n\r\n}: an array (a command) of n bulk strings follows. */
  static void array(ByteBuf buf, int n) {
    buf.writeByte('*');
    digits(buf, n);
    crlf(buf);
  }

  static void bulk(ByteBuf buf, byte[] value) {
    buf.writeByte('$');
    digits(buf, value.length);
    crlf(buf);
    buf.writeBytes(value);
    crlf(buf);
  }

  /** A String argument (a key), written as UTF-8 without an intermediate array. */
  static void bulk(ByteBuf buf, String value) {
    buf.writeByte('$');
    digits(buf, ByteBufUtil.utf8Bytes(value));
    crlf(buf);
    ByteBufUtil.writeUtf8(buf, value);
    crlf(buf);
  }

  /** A String argument after a one-byte prefix (ZRANGEBYLEX's {@code [start}). */
  static void bulk(ByteBuf buf, byte prefix, String value) {
    buf.writeByte('$');
    digits(buf, 1 + ByteBufUtil.utf8Bytes(value));
    crlf(buf);
    buf.writeByte(prefix);
    ByteBufUtil.writeUtf8(buf, value);
    crlf(buf);
  }

  /** A number argument. */
  static void bulk(ByteBuf buf, long value) {
    buf.writeByte('$');
    digits(buf, digitCount(value));
    crlf(buf);
    digits(buf, value);
    crlf(buf);
  }

  private static void crlf(ByteBuf buf) {
    buf.writeShort(('\r' << 8) | '\n');
  }

  /** Writes a non-negative number in decimal. */
  static void digits(ByteBuf buf, long value) {
    if (value < 10) {
      buf.writeByte((int) ('0' + value));
      return;
    }
    long unit = 1;
    while (unit <= value / 10) {
      unit *= 10;
    }
    for (; unit > 0; unit /= 10) {
      buf.writeByte((int) ('0' + value / unit % 10));
    }
  }

  static int digitCount(long value) {
    int n = 1;
    while (value >= 10) {
      value /= 10;
      n++;
    }
    return n;
  }
}
