package site.ycsb.trace;

import site.ycsb.measurements.Operation;

/**
 * One operation of a trace: when it was due, what it did, to which key, how much it carried; and,
 * in a capture, how it went.
 *
 * @param offsetNanos when it was due, from the trace's start (its intended start in a capture)
 * @param operation READ, UPDATE, INSERT, DELETE or SCAN
 * @param key the key
 * @param fields how many fields it read or wrote (1 for a cache's single value)
 * @param valueBytes bytes of the values it wrote (or, in a capture, read)
 * @param startOffsetNanos when its first call started, from the trace's start; -1 when not known
 * @param latencyNanos how long it took; -1 when not known
 * @param status its outcome (a status name such as OK or ERROR); empty when not known
 * @param valuesChecksum in a capture, the checksum of the values written or read (the 32 bits of
 *     {@code values_crc}, {@link CaptureFormat}); -1 when not known
 */
public record TracedOperation(long offsetNanos, Operation operation, String key, int fields, long valueBytes,
                              long startOffsetNanos, long latencyNanos, String status, long valuesChecksum) {
  /** An operation of a trace without values' checksums: a capture of the first version, say. */
  public TracedOperation(long offsetNanos, Operation operation, String key, int fields, long valueBytes,
                         long startOffsetNanos, long latencyNanos, String status) {
    this(offsetNanos, operation, key, fields, valueBytes, startOffsetNanos, latencyNanos, status, -1);
  }

  /** @return an operation of a trace that says only when, what and how much */
  public static TracedOperation due(long offsetNanos, Operation operation, String key, int fields, long valueBytes) {
    return new TracedOperation(offsetNanos, operation, key, fields, valueBytes, -1, -1, "");
  }
}
