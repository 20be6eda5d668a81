package site.ycsb.db.redis;

import io.lettuce.core.RedisException;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Reads one RESP2 reply from a connection's received bytes into the command it answers: the reply
 * is copied once into an array and parsed there in one pass, which notes where each part lies; only
 * once the whole reply is known to be there are the parts handed to the command (a reply not all
 * arrived is left in the buffer untouched, to be read whole when the rest comes). The command hears
 * what Lettuce's own decoder would tell it ({@code multiArray}, {@code set}, {@code setError},
 * {@code complete(depth)}; {@code +QUEUED} passed over), but a bulk string comes as a place in the
 * array ({@link RespCommand#bulk}), with no wrapper object, and no state is kept from one read to the
 * next: an element of a record's reply costs a few array reads instead of a trip through a general
 * state machine and the buffer's checked accessors.
 */
final class RespReplies {
  private static final byte[] QUEUED = {'Q', 'U', 'E', 'U', 'E', 'D'};
  // the kinds of parts, as noted by the parse
  private static final int ARRAY = 0;
  private static final int BULK = 1;
  private static final int NULL = 2;
  private static final int INTEGER = 3;
  private static final int SIMPLE = 4;
  private static final int ERROR = 5;

  private RespReplies() {
  }

  /**
   * @param in the connection's received bytes, from the reply's first byte
   * @param command the command the reply answers
   * @param scratch where the reply is copied to be read (one per connection: a connection's replies
   *     are read on one thread, one at a time); grown as needed
   * @return whether the whole reply was there and was read (the buffer then starts after it); when
   *     false, nothing was read
   * @throws RedisException bytes that are not a RESP2 reply
   */
  static boolean read(ByteBuf in, RespCommand command, Scratch scratch) {
    int start = in.readerIndex();
    int readable = in.writerIndex() - start;
    // the reply is most often as long as the last one: copy that much (and a little), more if it is longer
    int copied = Math.min(readable, scratch.expected);
    byte[] b = scratch.atLeast(copied);
    in.getBytes(start, b, 0, copied);
    long pending = 1; // elements still to come: the reply itself, then the elements of its arrays
    int parts = 0;
    int i = 0;
    while (pending > 0) {
      int end = parse(b, i, copied, scratch, parts);
      if (end < 0) {
        if (copied == readable) {
          return false; // the rest has not arrived: read again, whole, when it has
        }
        int more = Math.min(readable, Math.max(2 * copied, 256));
        b = scratch.atLeast(more);
        in.getBytes(start + copied, b, copied, more - copied);
        copied = more;
        continue; // the same element again, with more of it
      }
      int[] p = scratch.parts;
      pending += p[3 * parts] == ARRAY ? Math.max(0, p[3 * parts + 1]) - 1 : -1;
      parts++;
      i = end;
    }
    // a shorter reply (an update's) shrinks the guess a little: records' replies stay in one copy
    scratch.expected = Math.max(i + 64, scratch.expected - (scratch.expected >> 3));
    try {
      hand(command.keepsReply() ? command.keep(b, i) : b, scratch.parts, parts, command);
    } catch (RuntimeException e) {
      // as Lettuce does when a command cannot take its reply: the command fails, the connection goes on
      command.completeExceptionally(e);
    }
    in.readerIndex(start + i);
    return true;
  }

  /** A connection's array to read replies in, and where the parts of the last one lie. */
  static final class Scratch {
    // small to start with (a worker may open thousands of connections), grown to the longest reply read
    private byte[] bytes = new byte[1024];
    /** Per part: its kind, then two figures (where it starts and its length; an array's count). */
    int[] parts = new int[3 * 32];
    /** How many bytes to copy first: the last reply's length, and a little. */
    int expected = 256;

    /** @return the array, grown to at least {@code n} bytes if shorter, with the bytes it had */
    byte[] atLeast(int n) {
      if (bytes.length < n) {
        bytes = Arrays.copyOf(bytes, Math.max(n, 2 * bytes.length));
      }
      return bytes;
    }

    void note(int part, int kind, int first, int second) {
      if (3 * part + 3 > parts.length) {
        parts = Arrays.copyOf(parts, 2 * parts.length);
      }
      parts[3 * part] = kind;
      parts[3 * part + 1] = first;
      parts[3 * part + 2] = second;
    }
  }

  /**
   * Parses the element at {@code i} and notes it as part {@code part}.
   *
   * @return the index after the element (its line, and a bulk string's bytes), or -1 when it does
   *     not all lie before {@code limit}
   * @throws RedisException bytes that are not a RESP2 reply
   */
  private static int parse(byte[] b, int i, int limit, Scratch scratch, int part) {
    if (i >= limit) {
      return -1;
    }
    byte type = b[i];
    int j = i + 1;
    if (type == '$' || type == '*' || type == ':') {
      boolean negative = j < limit && b[j] == '-';
      if (negative) {
        j++;
      }
      long n = 0;
      int digits = 0;
      byte c;
      while (j < limit && (c = b[j]) != '\r') {
        if (c < '0' || c > '9' || ++digits > 19) {
          throw new RedisException("not a RESP2 reply: a number expected at " + j);
        }
        n = 10 * n + (c - '0');
        j++;
      }
      if (j + 1 >= limit) {
        return -1;
      }
      if (b[j + 1] != '\n' || digits == 0) {
        throw new RedisException("not a RESP2 reply: a number expected at " + (i + 1));
      }
      j += 2;
      if (type == '$') {
        if (negative) {
          scratch.note(part, NULL, 0, 0);
          return j;
        }
        if (limit - j < n + 2) {
          return -1;
        }
        scratch.note(part, BULK, j, (int) n);
        return j + (int) n + 2;
      }
      if (type == '*') {
        scratch.note(part, ARRAY, negative ? -(int) n : (int) n, 0);
      } else {
        scratch.note(part, INTEGER, i + 1, j - 2); // the digits, read again when handed over
      }
      return j;
    }
    if (type == '+' || type == '-') {
      while (j < limit && b[j] != '\r') {
        j++;
      }
      if (j + 1 >= limit) {
        return -1;
      }
      scratch.note(part, type == '+' ? SIMPLE : ERROR, i + 1, j - i - 1);
      return j + 2;
    }
    throw new RedisException("not a RESP2 reply: type byte " + (type & 0xff) + " at " + i);
  }

  /** Hands the noted parts of the whole reply in {@code b} to the command. */
  private static void hand(byte[] b, int[] p, int parts, RespCommand command) {
    int[] open = null; // elements left in each array still open, innermost last
    int depth = 0;
    for (int k = 0; k < 3 * parts; k += 3) {
      int first = p[k + 1];
      int second = p[k + 2];
      switch (p[k]) {
        case ARRAY:
          command.multiArray(first);
          if (first > 0) {
            if (open == null) {
              open = new int[4];
            } else if (depth == open.length) {
              open = Arrays.copyOf(open, 2 * depth);
            }
            open[depth++] = first;
            continue; // its elements follow
          }
          break;
        case BULK:
          command.bulk(b, first, second);
          break;
        case NULL:
          command.set((ByteBuffer) null);
          break;
        case INTEGER:
          command.set(number(b, first, second));
          break;
        case SIMPLE:
          if (!Arrays.equals(b, first, first + second, QUEUED, 0, QUEUED.length)) {
            command.set(ByteBuffer.wrap(b, first, second));
          }
          break;
        default:
          command.setError(ByteBuffer.wrap(b, first, second));
          break;
      }
      // an element ended: it, and every array it was the last element of
      command.complete(depth);
      while (depth > 0 && --open[depth - 1] == 0) {
        depth--;
        command.complete(depth);
      }
    }
  }

  /** @return the signed decimal number between {@code from} and {@code to} (exclusive) */
  private static long number(byte[] in, int from, int to) {
    boolean negative = in[from] == '-';
    long n = 0;
    for (int i = negative ? from + 1 : from; i < to; i++) {
      n = 10 * n + (in[i] - '0');
    }
    return negative ? -n : n;
  }
}
