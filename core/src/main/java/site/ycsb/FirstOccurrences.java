package site.ycsb;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells the first occurrence of each kind of failure from the rest, so that a binding (or the
 * engine) explains a failure once and only counts its repeats: a database that fails every
 * operation must not flood the output. Thread-safe; the set stops growing at a limit, so a
 * flood of distinct kinds stops printing there too.
 */
public final class FirstOccurrences {
  private final int limit;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();

  /** @param limit how many distinct kinds are reported at most */
  public FirstOccurrences(int limit) {
    this.limit = limit;
  }

  /**
   * @param kind what identifies the failure, e.g. operation, status and exception class
   * @return true exactly once per kind (while fewer than the limit have been seen)
   */
  public boolean first(String kind) {
    return seen.size() < limit && seen.add(kind);
  }

  /** Forgets the kinds seen so far (tests that count printed lines start from none). */
  public void forget() {
    seen.clear();
  }
}
