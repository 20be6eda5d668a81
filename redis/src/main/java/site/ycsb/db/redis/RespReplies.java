package site.ycsb.db.redis;

import io.lettuce.core.RedisException;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Reads one RESP2 reply from a connection's received bytes into the command it answers: the reply
 * is copied once into an array, where a first pass finds where it ends (a reply not all arrived is
 * left in the buffer untouched, to be read whole when the rest comes) and a second hands its parts
 * to the command. The command hears what Lettuce's own decoder would tell it ({@code multiArray},
 * {@code set}, {@code setError}, {@code complete(depth)}; {@code +QUEUED} passed over), but a bulk
 * string comes as a place in the array ({@link RespCommand#bulk}), with no wrapper object, and no
 * state is kept from one read to the next: an element of a record's reply costs a few array reads
 * instead of a trip through a general state machine and the buffer's checked accessors.
 */
final class RespReplies {
  private static final byte[] QUEUED = {'Q', 'U', 'E', 'U', 'E', 'D'};

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
    byte[] bytes = scratch.atLeast(copied);
    in.getBytes(start, bytes, 0, copied);
    long pending = 1; // elements still to come: the reply itself, then the elements of its arrays
    int i = 0;
    while (pending > 0) {
      int end = elementEnd(bytes, i, copied);
      if (end < 0) {
        if (copied == readable) {
          return false; // the rest has not arrived: read again, whole, when it has
        }
        int more = Math.min(readable, Math.max(2 * copied, 256));
        bytes = scratch.atLeast(more);
        in.getBytes(start + copied, bytes, copied, more - copied);
        copied = more;
        continue;
      }
      pending--;
      if (bytes[i] == '*') {
        pending += Math.max(0, number(bytes, i + 1, lineEnd(bytes, i + 1)));
      }
      i = end;
    }
    // a shorter reply (an update's) shrinks the guess a little: records' replies stay in one copy
    scratch.expected = Math.max(i + 64, scratch.expected - (scratch.expected >> 3));
    try {
      hand(bytes, command);
    } catch (RuntimeException e) {
      // as Lettuce does when a command cannot take its reply: the command fails, the connection goes on
      command.completeExceptionally(e);
    }
    in.readerIndex(start + i);
    return true;
  }

  /** A connection's array to read replies in. */
  static final class Scratch {
    private byte[] bytes = new byte[4096];
    /** How many bytes to copy first: the last reply's length, and a little. */
    int expected = 256;

    /** @return the array, grown to at least {@code n} bytes if shorter, with the bytes it had */
    byte[] atLeast(int n) {
      if (bytes.length < n) {
        bytes = Arrays.copyOf(bytes, Math.max(n, 2 * bytes.length));
      }
      return bytes;
    }
  }

  /**
   * @return the index after the element (its line, and a bulk string's bytes) that starts at
   *     {@code i}, or -1 when it does not all lie before {@code limit}
   * @throws RedisException bytes that are not a RESP2 reply
   */
  private static int elementEnd(byte[] in, int i, int limit) {
    int lf = i + 1;
    while (lf < limit && in[lf] != '\n') {
      lf++;
    }
    if (lf >= limit) {
      return -1;
    }
    byte type = in[i];
    if (type == '$') {
      long n = checkedNumber(in, i + 1, lf - 1);
      long end = n < 0 ? lf + 1 : lf + 1 + n + 2;
      return end > limit ? -1 : (int) end;
    }
    if (type == '*') {
      checkedNumber(in, i + 1, lf - 1);
      return lf + 1;
    }
    if (type == '+' || type == '-' || type == ':') {
      return lf + 1;
    }
    throw new RedisException("not a RESP2 reply: type byte " + (type & 0xff));
  }

  /** Hands the parts of the whole reply in {@code in} (from its first byte) to the command. */
  private static void hand(byte[] in, RespCommand command) {
    int[] open = null; // elements left in each array still open, innermost last
    int depth = 0;
    int i = 0;
    do {
      int eol = lineEnd(in, i + 1);
      byte type = in[i];
      boolean arrayOpened = false;
      if (type == '$') {
        int length = (int) number(in, i + 1, eol);
        i = eol + 2;
        if (length < 0) {
          command.set((ByteBuffer) null);
        } else {
          command.bulk(in, i, length);
          i += length + 2;
        }
      } else if (type == '*') {
        int count = (int) number(in, i + 1, eol);
        command.multiArray(count);
        if (count > 0) {
          if (open == null) {
            open = new int[4];
          } else if (depth == open.length) {
            open = Arrays.copyOf(open, 2 * depth);
          }
          open[depth++] = count;
          arrayOpened = true;
        }
        i = eol + 2;
      } else if (type == '+') {
        if (!Arrays.equals(in, i + 1, eol, QUEUED, 0, QUEUED.length)) {
          command.set(ByteBuffer.wrap(in, i + 1, eol - i - 1));
        }
        i = eol + 2;
      } else if (type == '-') {
        command.setError(ByteBuffer.wrap(in, i + 1, eol - i - 1));
        i = eol + 2;
      } else { // ':', as read() found
        command.set(number(in, i + 1, eol));
        i = eol + 2;
      }
      if (!arrayOpened) {
        // an element ended: it, and every array it was the last element of
        command.complete(depth);
        while (depth > 0 && --open[depth - 1] == 0) {
          depth--;
          command.complete(depth);
        }
      }
    } while (depth > 0);
  }

  /** @return the index of the '\r' of the CRLF that ends the line starting at or before {@code from} */
  private static int lineEnd(byte[] in, int from) {
    int i = from;
    while (in[i] != '\n') {
      i++;
    }
    return i - 1;
  }

  /** @return the signed decimal number between {@code from} and {@code to} (exclusive) */
  private static long number(byte[] in, int from, int to) {
    boolean negative = from < to && in[from] == '-';
    long n = 0;
    for (int i = negative ? from + 1 : from; i < to; i++) {
      n = 10 * n + (in[i] - '0');
    }
    return negative ? -n : n;
  }

  private static long checkedNumber(byte[] in, int from, int to) {
    for (int i = from < to && in[from] == '-' ? from + 1 : from; i < to; i++) {
      if (in[i] < '0' || in[i] > '9' || i - from > 18) {
        throw new RedisException("not a RESP2 reply: a length is not a number");
      }
    }
    return number(in, from, to);
  }
}
