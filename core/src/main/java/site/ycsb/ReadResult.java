package site.ycsb;

import java.util.HashMap;

/**
 * The map a read fills (field name to value) that lends a binding the memory for its values, from
 * one read to the next. The engine keeps one per operation in flight and hands it to the reads made
 * there, one after another, emptying it before each: once emptied, nothing reads the values that
 * were in it. A binding that copies a reply's bytes to keep them as the values (each value a slice
 * of the copy, as {@link ByteArrayByteIterator} takes it) may copy them into {@link #bytesFor}'s
 * array instead of a new one, and take the values over it from {@link #valueFor}: the same array
 * and values, used read after read, stay in the processor's caches, where new ones are memory no
 * cache holds yet, which costs more to write than the copy itself.
 *
 * <p>A loan is for one read: the binding takes it ({@link #lend}) when it sends the read, and asks for
 * the bytes ({@link #bytesFor}) on the thread that took it. A reply that arrives after a later
 * read took a loan, one read on another thread, or one longer than {@link #MAX_LENT_BYTES} gets no
 * bytes ({@code null}): the binding allocates its own, as it would for any other map. A map with
 * values already in it lends nothing, so values a read left there are never overwritten by the next
 * read into the same map.
 *
 * <p>In every other respect a {@link HashMap}: bindings that never ask for a loan fill it as any map.
 */
public final class ReadResult extends HashMap<String, ByteIterator> {
  /** What {@link #lend} returns when it lends nothing. */
  public static final long NO_LOAN = 0;
  /** The longest array lent: a record larger than this is not kept in memory from read to read. */
  public static final int MAX_LENT_BYTES = 64 * 1024;
  /** The most places of a reply whose values are kept from read to read. */
  public static final int MAX_LENT_VALUES = 128;
  private static final long serialVersionUID = 1L;
  private static final byte[] NONE = {};

  /** The last loan's number; a reply of an earlier one gets no bytes. */
  private transient long loans;
  private transient Thread lender;
  private transient byte[] bytes = NONE;
  private transient ByteArrayByteIterator[] values = new ByteArrayByteIterator[16];

  /**
   * Takes a loan for the read about to be sent into this map; on the thread that will ask for its
   * bytes, if any.
   *
   * @return the loan, to be given to {@link #bytesFor}; {@link #NO_LOAN} when the map holds values
   */
  public long lend() {
    if (!isEmpty()) {
      return NO_LOAN;
    }
    Thread t = Thread.currentThread();
    // a long-lived object: a reference stored only when it changes (a collector's write barrier)
    if (lender != t) {
      lender = t;
    }
    return ++loans;
  }

  /**
   * @param loan what {@link #lend} returned for the read whose reply this is
   * @param length how many bytes the reply's values need
   * @return an array of at least {@code length} bytes, this map's own, to copy the reply into; or
   *     null when the loan is not the last one taken, this is not the thread that took it, or the
   *     reply is longer than {@link #MAX_LENT_BYTES}
   */
  public byte[] bytesFor(long loan, int length) {
    if (loan == NO_LOAN || loan != loans || length > MAX_LENT_BYTES || Thread.currentThread() != lender) {
      return null;
    }
    if (bytes == null || bytes.length < length) {
      bytes = new byte[Math.min(MAX_LENT_BYTES, Math.max(length, bytes == null ? 0 : 2 * bytes.length))];
    }
    return bytes;
  }

  /**
   * A value of the read this loan is for, over bytes of the array {@link #bytesFor} gave it: one of
   * this map's own values, reused read after read, where a new one would be more memory to write.
   *
   * @param loan what {@link #lend} returned for the read
   * @param place where the value is in the read's reply (from 0; at most {@link #MAX_LENT_VALUES} places
   *     have a value kept)
   * @param offset the value's first byte in the lent array
   * @param length the value's length
   * @return the value, or null when the loan would get no bytes or the place has no value kept
   */
  public ByteIterator valueFor(long loan, int place, int offset, int length) {
    if (loan == NO_LOAN || loan != loans || place >= MAX_LENT_VALUES || Thread.currentThread() != lender) {
      return null;
    }
    if (values == null) {
      values = new ByteArrayByteIterator[16];
    }
    if (place >= values.length) {
      values = java.util.Arrays.copyOf(values, Math.min(MAX_LENT_VALUES, Math.max(place + 1, 2 * values.length)));
    }
    ByteArrayByteIterator v = values[place];
    if (v == null) {
      v = new ByteArrayByteIterator(bytes, offset, length);
      values[place] = v;
    } else {
      v.slice(bytes, offset, length);
    }
    return v;
  }
}
