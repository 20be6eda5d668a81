package site.ycsb.upstreamapi;

import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * A custom workload as written for upstream YCSB that replaces the key chooser after
 * {@code super.init} with a generator of its own, and leaves the operations to {@link CoreWorkload}.
 */
public class FixedKeyWorkload extends CoreWorkload {
  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    keychooser = new SameNumberGenerator(Long.parseLong(p.getProperty("fixedkey.keynum", "7")));
  }
}
