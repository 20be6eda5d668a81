package site.ycsb.upstreamapi;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.BasicDB;

/** A subclass of BasicDB as written for upstream: it overrides init(), calls super.init() and reads the protected settings. */
public class QuietBasicDB extends BasicDB {
  static final AtomicInteger INITS = new AtomicInteger();
  static final Set<Integer> DELAYS_SEEN = ConcurrentHashMap.newKeySet();

  @Override
  public void init() {
    super.init();
    INITS.incrementAndGet();
    DELAYS_SEEN.add(todelay);
  }
}
