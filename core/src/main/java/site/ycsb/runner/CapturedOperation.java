package site.ycsb.runner;

import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.workloads.PlannedOperation;

/**
 * What a capture keeps of one operation while it is made ({@code capture}): when its first call
 * started, and of its last recorded call the fields, bytes and values' checksum (for a
 * read-modify-write, its write). One per operation slot, reused.
 */
final class CapturedOperation {
  long firstStartNanos = -1;
  int fields;
  long bytes;
  int valuesChecksum;

  void callStarted(long startNanos) {
    if (firstStartNanos < 0) {
      firstStartNanos = startNanos;
    }
  }

  /**
   * A call of the operation is recorded: a write's values are those it sent, a read's or a
   * scan's those it returned (none when it failed).
   */
  void callRecorded(PlannedOperation op, boolean ok, long callBytes, ValuesChecksum checksum) {
    bytes = callBytes;
    switch (op.call()) {
      case READ:
        Map<String, ByteIterator> read = op.readResult();
        fields = op.fields() != null ? op.fields().size() : read == null ? 0 : read.size();
        valuesChecksum = ok ? checksum.of(read) : 0;
        break;
      case SCAN:
        fields = op.fields() != null ? op.fields().size()
            : op.scanResult() == null || op.scanResult().isEmpty() ? 0 : op.scanResult().get(0).size();
        valuesChecksum = ok ? checksum.ofAll(op.scanResult()) : 0;
        break;
      case DELETE:
        fields = 0;
        valuesChecksum = 0;
        break;
      default:
        fields = op.values() == null ? 0 : op.values().size();
        valuesChecksum = checksum.of(op.values());
        break;
    }
  }

  void clear() {
    firstStartNanos = -1;
    fields = 0;
    bytes = 0;
    valuesChecksum = 0;
  }
}
