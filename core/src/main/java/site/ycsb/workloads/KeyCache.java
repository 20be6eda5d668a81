package site.ycsb.workloads;

/**
 * The keys of existing records once built, so that a record drawn again gets its key without
 * building it again. Building a key (the hash of its number, the digits, the string) was the
 * largest part of an operation's cost on the client with a database that costs nothing, and a
 * skewed request distribution draws the same records again and again: with zipfian over a
 * million records, the 65,536 most often drawn are about four draws in five.
 *
 * <p>Direct-mapped by key number, at most {@value #MAX_SLOTS} slots (a few megabytes): a number
 * replaces whatever its slot held. An entry is immutable, so workers share the cache without a
 * lock: one that reads a slot another is writing sees the old entry or the new, whole (final
 * fields), and checks its number.
 */
final class KeyCache {
  static final int MAX_SLOTS = 1 << 16;

  /** A key and the number it was built from. */
  private record Entry(long keynum, String key) {
  }

  private final Entry[] slots;
  private final int mask;

  /** @param records how many records the phase draws from: no more slots than they need */
  KeyCache(long records) {
    int size = (int) Math.min(MAX_SLOTS, Long.highestOneBit(Math.max(1, records - 1)) << 1);
    slots = new Entry[size];
    mask = size - 1;
  }

  /** @return the key kept for the number, or null */
  String get(long keynum) {
    Entry e = slots[(int) keynum & mask];
    return e != null && e.keynum == keynum ? e.key : null;
  }

  /** Keeps the key of a number, in place of what its slot held. */
  void put(long keynum, String key) {
    slots[(int) keynum & mask] = new Entry(keynum, key);
  }

  /** @return how many slots the cache has */
  int slots() {
    return slots.length;
  }
}
