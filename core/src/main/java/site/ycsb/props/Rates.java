package site.ycsb.props;

/**
 * The range of a target rate (operations per second for a whole client process): {@code target}
 * and every rate of a load profile. Above the highest no client process can deliver and the
 * schedule's counts lose their meaning; a positive rate below the lowest would leave a run
 * waiting hours for its next operation.
 */
public final class Rates {
  /** Ten million operations per second, several times what the fastest pipelined client process reaches. */
  public static final double HIGHEST = 10_000_000;
  /** One operation every 1000 s. */
  public static final double LOWEST = 0.001;
  /** How the range reads in a message. */
  public static final String RANGE = "0, or from 0.001 to 10000000 operations per second";

  private Rates() {
  }

  /** @return whether {@code rate} is 0 or inside the range */
  public static boolean valid(double rate) {
    return rate == 0 || (rate >= LOWEST && rate <= HIGHEST);
  }
}
