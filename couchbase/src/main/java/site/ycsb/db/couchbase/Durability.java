package site.ycsb.db.couchbase;

import com.couchbase.client.core.msg.kv.DurabilityLevel;
import com.couchbase.client.java.kv.CommonDurabilityOptions;
import com.couchbase.client.java.kv.PersistTo;
import com.couchbase.client.java.kv.ReplicateTo;
import java.util.Properties;
import site.ycsb.props.PropertyException;

/**
 * What a write waits for before it returns: nothing, the observe-based
 * {@code persistTo}/{@code replicateTo} that SDK 1.x and 2.x offered (the setting the older
 * studies compared; the SDK polls the nodes until the write is persisted or replicated), or a
 * synchronous durability level of Couchbase Server 6.5+ (the server answers only once the level
 * is met). The two kinds cannot be combined.
 */
public final class Durability {
  /** Nothing is waited for. */
  public static final Durability NONE = new Durability(PersistTo.NONE, ReplicateTo.NONE, DurabilityLevel.NONE);

  private final PersistTo persistTo;
  private final ReplicateTo replicateTo;
  private final DurabilityLevel level;

  private Durability(PersistTo persistTo, ReplicateTo replicateTo, DurabilityLevel level) {
    this.persistTo = persistTo;
    this.replicateTo = replicateTo;
    this.level = level;
  }

  /**
   * @param p the run's properties
   * @return the durability the properties ask for
   * @throws PropertyException when both kinds are set
   */
  public static Durability from(Properties p) {
    PersistTo persist = persistTo(CouchbaseProperties.PERSIST_TO.getChoice(p));
    ReplicateTo replicate = replicateTo(CouchbaseProperties.REPLICATE_TO.getChoice(p));
    DurabilityLevel level = level(CouchbaseProperties.DURABILITY.getChoice(p));
    boolean observed = persist != PersistTo.NONE || replicate != ReplicateTo.NONE;
    if (observed && level != DurabilityLevel.NONE) {
      throw new PropertyException("couchbase.durability=" + CouchbaseProperties.DURABILITY.get(p)
          + " cannot be combined with couchbase.persistTo=" + CouchbaseProperties.PERSIST_TO.get(p)
          + " and couchbase.replicateTo=" + CouchbaseProperties.REPLICATE_TO.get(p)
          + ": expected either couchbase.durability (synchronous, Couchbase Server 6.5+) or"
          + " persistTo/replicateTo (observe-based), not both");
    }
    if (!observed && level == DurabilityLevel.NONE) {
      return NONE;
    }
    return new Durability(persist, replicate, level);
  }

  static PersistTo persistTo(String choice) {
    switch (choice) {
      case "0":
        return PersistTo.NONE;
      case "master":
        return PersistTo.ACTIVE;
      case "1":
        return PersistTo.ONE;
      case "2":
        return PersistTo.TWO;
      case "3":
        return PersistTo.THREE;
      case "4":
        return PersistTo.FOUR;
      default:
        throw PropertyException.invalid(CouchbaseProperties.PERSIST_TO.name(), choice, "0-4 or MASTER");
    }
  }

  static ReplicateTo replicateTo(String choice) {
    switch (choice) {
      case "0":
        return ReplicateTo.NONE;
      case "1":
        return ReplicateTo.ONE;
      case "2":
        return ReplicateTo.TWO;
      case "3":
        return ReplicateTo.THREE;
      default:
        throw PropertyException.invalid(CouchbaseProperties.REPLICATE_TO.name(), choice, "0-3");
    }
  }

  static DurabilityLevel level(String choice) {
    switch (choice) {
      case "none":
        return DurabilityLevel.NONE;
      case "majority":
        return DurabilityLevel.MAJORITY;
      case "majorityandpersisttoactive":
        return DurabilityLevel.MAJORITY_AND_PERSIST_TO_ACTIVE;
      case "persisttomajority":
        return DurabilityLevel.PERSIST_TO_MAJORITY;
      default:
        throw PropertyException.invalid(CouchbaseProperties.DURABILITY.name(), choice,
            String.join(", ", CouchbaseProperties.DURABILITY.choices()));
    }
  }

  /**
   * @param options a write's options
   * @param <T> their type
   * @return the same options, told to wait for this durability
   */
  public <T extends CommonDurabilityOptions<T>> T applyTo(T options) {
    if (level != DurabilityLevel.NONE) {
      return options.durability(level);
    }
    if (this != NONE) {
      return options.durability(persistTo, replicateTo);
    }
    return options;
  }

  /** @return whether a write waits for anything beyond the active node's answer */
  public boolean waits() {
    return this != NONE;
  }

  public PersistTo persistTo() {
    return persistTo;
  }

  public ReplicateTo replicateTo() {
    return replicateTo;
  }

  public DurabilityLevel level() {
    return level;
  }

  @Override
  public String toString() {
    return level != DurabilityLevel.NONE ? "durability " + level
        : "persistTo " + persistTo + ", replicateTo " + replicateTo;
  }
}
