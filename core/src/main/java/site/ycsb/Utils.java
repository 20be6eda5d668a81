package site.ycsb;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;
import site.ycsb.generator.FnvHash;
import site.ycsb.generator.OperationRandom;

/** Small helpers that bindings of YCSB 0.17 call: key hashing, number encoding, JVM figures. */
public final class Utils {
  /** The offset basis of 64-bit FNV hashing. */
  public static final long FNV_OFFSET_BASIS_64 = FnvHash.OFFSET_BASIS_64;
  /** The prime of 64-bit FNV hashing. */
  public static final long FNV_PRIME_64 = FnvHash.PRIME_64;

  private Utils() {
  }

  /**
   * Scrambles a key number so that keys inserted in order are spread over the key space
   * ({@code insertorder=hashed}). Same result as YCSB 0.17, so generated keys match.
   *
   * @param val a key number
   * @return a non-negative hash (FNV-1a, 64 bit, over the 8 little-endian bytes)
   */
  public static long hash(long val) {
    return fnvhash64(val);
  }

  /**
   * FNV-1a 64-bit hash of the 8 bytes of {@code val}, least significant first, made non-negative.
   *
   * @param val the value
   * @return the hash, non-negative
   */
  public static long fnvhash64(long val) {
    return FnvHash.hash64(val);
  }

  /**
   * @param bytes an array of at least 8 bytes
   * @return the big-endian long in its first 8 bytes
   */
  public static long bytesToLong(byte[] bytes) {
    return bytesToLong(bytes, 0);
  }

  /**
   * @param bytes an array of at least 8 bytes
   * @param offset the first byte
   * @return the big-endian long stored at {@code offset}
   */
  public static long bytesToLong(byte[] bytes, int offset) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (bytes[offset + i] & 0xff);
    }
    return v;
  }

  /**
   * @param value a long
   * @return its 8 big-endian bytes
   */
  public static byte[] longToBytes(long value) {
    byte[] out = new byte[8];
    for (int i = 7; i >= 0; i--) {
      out[i] = (byte) value;
      value >>>= 8;
    }
    return out;
  }

  /**
   * @param bytes at least 8 bytes, as {@link #doubleToBytes(double)} writes them
   * @return the double in the first 8 bytes
   * @throws IllegalArgumentException when there are fewer than 8 bytes
   */
  public static double bytesToDouble(byte[] bytes) {
    if (bytes.length < 8) {
      throw new IllegalArgumentException("a double needs 8 bytes, got " + bytes.length);
    }
    return Double.longBitsToDouble(bytesToLong(bytes));
  }

  /**
   * @param value a double
   * @return its IEEE 754 bits as 8 big-endian bytes
   */
  public static byte[] doubleToBytes(double value) {
    return longToBytes(Double.doubleToRawLongBits(value));
  }

  /** @return an estimate of the live threads in the calling thread's group */
  public static int getActiveThreadCount() {
    return Thread.activeCount();
  }

  /** @return the heap in use, in bytes */
  public static long getUsedMemoryBytes() {
    Runtime runtime = Runtime.getRuntime();
    return runtime.totalMemory() - runtime.freeMemory();
  }

  /** @return the heap in use, in megabytes */
  public static int getUsedMemoryMegaBytes() {
    return (int) (getUsedMemoryBytes() / (1024 * 1024));
  }

  /** @return the system load average of the last minute, negative where the platform has none */
  public static double getSystemLoadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** @return garbage collections since the JVM started, over all collectors */
  public static long getGCTotalCollectionCount() {
    long total = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      total += Math.max(0, gc.getCollectionCount());
    }
    return total;
  }

  /** @return milliseconds spent in garbage collection since the JVM started, over all collectors */
  public static long getGCTotalTime() {
    long total = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      total += Math.max(0, gc.getCollectionTime());
    }
    return total;
  }

  /**
   * Figures per garbage collector (upstream's spelling of the name).
   *
   * @return collector name (blanks as underscores) to {count, milliseconds}, for the collectors
   *     that report both
   */
  public static Map<String, Long[]> getGCStatst() {
    Map<String, Long[]> out = new HashMap<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc.isValid() && gc.getCollectionCount() >= 0 && gc.getCollectionTime() >= 0) {
        out.put(gc.getName().replace(' ', '_'), new Long[] {gc.getCollectionCount(), gc.getCollectionTime()});
      }
    }
    return out;
  }

  /**
   * Shuffles an array in place, every order equally likely.
   *
   * @param array the array
   * @param <T> the element type
   * @return the same array
   */
  public static <T> T[] shuffleArray(T[] array) {
    RandomGenerator r = OperationRandom.current();
    for (int i = array.length - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      T t = array[i];
      array[i] = array[j];
      array[j] = t;
    }
    return array;
  }
}
