package site.ycsb.workloads;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What this client saw of a closed economy's transfers, shared by its workers: each account's net
 * change by the transfers whose commit was acknowledged, and the counts the {@code [TRANSACTIONS]}
 * section reports. After the phase every account's balance should be its initial balance plus its
 * net change here; any difference is an anomaly the database let through (or an uncertain
 * transfer, counted apart, that it applied).
 */
public final class TransferLedger {
  private final AtomicLongArray net;
  private final AtomicLong committed = new AtomicLong();
  private final AtomicLong uncertain = new AtomicLong();
  private final AtomicLong givenUp = new AtomicLong();
  private final AtomicLong audits = new AtomicLong();
  private final AtomicLong inconsistentAudits = new AtomicLong();

  TransferLedger(int accounts) {
    this.net = new AtomicLongArray(accounts);
  }

  /** A transfer of {@code amount} from account {@code from} to {@code to} was committed. */
  void committed(int from, int to, long amount) {
    net.addAndGet(from, -amount);
    net.addAndGet(to, amount);
    committed.incrementAndGet();
  }

  /** A transfer failed in a way that leaves its outcome unknown: the database may have applied it. */
  void noteUncertain() {
    uncertain.incrementAndGet();
  }

  /** A transfer stayed aborted after its retries (none of it applied). */
  void noteGivenUp() {
    givenUp.incrementAndGet();
  }

  /** A committed audit read every account; {@code consistent} when their total was the economy's. */
  void audited(boolean consistent) {
    audits.incrementAndGet();
    if (!consistent) {
      inconsistentAudits.incrementAndGet();
    }
  }

  /** @return account {@code i}'s net change by the committed transfers */
  public long net(int i) {
    return net.get(i);
  }

  /** @return the accounts */
  public int accounts() {
    return net.length();
  }

  /** @return transfers whose commit was acknowledged */
  public long committed() {
    return committed.get();
  }

  /** @return transfers that failed with an unknown outcome (not aborted) */
  public long uncertain() {
    return uncertain.get();
  }

  /** @return transfers still aborted when their retries ran out */
  public long givenUp() {
    return givenUp.get();
  }

  /** @return committed audits */
  public long audits() {
    return audits.get();
  }

  /** @return committed audits whose total was not the economy's (read skew) */
  public long inconsistentAudits() {
    return inconsistentAudits.get();
  }
}
