package site.ycsb.workloads;

import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.durability.DurabilityTracker;
import site.ycsb.durability.VersionStamp;

/**
 * What {@code durability=true} adds to the core workload's operations: a write is numbered and
 * stamped before it is made and remembered once the database acknowledged it, and a read of every
 * field of a record is judged against what was acknowledged before it started. Without
 * durability every method is a no-op.
 */
final class WriteStamps {
  /** What this client wrote and the database acknowledged; null without durability. */
  private final DurabilityTracker tracker;
  private final long fieldCount;

  WriteStamps(DurabilityTracker tracker, long fieldCount) {
    this.tracker = tracker;
    this.fieldCount = fieldCount;
  }

  /** @return what this client wrote and the database acknowledged, or null without durability */
  DurabilityTracker tracker() {
    return tracker;
  }

  /**
   * Numbers and stamps the operation's write, about to be made; a delete also stops its key from
   * being judged.
   *
   * @param s the operation, its key number drawn
   * @param delete whether the write is a delete
   * @return the stamp each value starts with, or null without durability
   */
  byte[] begin(CoreOperation.State s, boolean delete) {
    s.writing = tracker != null;
    if (!s.writing) {
      return null;
    }
    return (delete ? tracker.beginDelete(s.keynum, s.write) : tracker.begin(s.write)).stamp();
  }

  /** The operation's write has its outcome: remembered if acknowledged. */
  void end(CoreOperation.State s, Status status, boolean delete) {
    if (s.writing) {
      s.writing = false;
      tracker.end(s.keynum, s.write, status, delete);
    }
  }

  /** @return what a read of the key must see (when it reads every field), else 0: not judged */
  long expectation(long keynum, Set<String> fieldsRead) {
    boolean everyField = fieldsRead == null || fieldsRead.size() == fieldCount;
    return tracker == null || !everyField ? 0 : tracker.expectation(keynum);
  }

  /**
   * Judges a read against what was acknowledged before it started.
   *
   * @return how long before the read the write it missed was made (ns), or -1 when it missed none
   */
  long staleness(long keynum, long expectation, Status status, Map<String, ByteIterator> result) {
    if (expectation == 0) {
      return -1;
    }
    long millis = tracker.judgeRead(keynum, expectation, status, result);
    return millis < 0 ? -1 : millis * 1_000_000L;
  }

  /** @return bytes at the head of each value that {@code dataintegrity} does not check */
  int stampBytes() {
    return tracker == null ? 0 : VersionStamp.LENGTH;
  }
}
