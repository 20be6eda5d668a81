package site.ycsb.workloads;

import java.util.Properties;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyException;

/**
 * Maps key numbers to key sections so that several client processes inserting in the same run
 * never produce the same key: section 0 holds the loaded records, section i+1 the run-phase
 * inserts of client i. Key choosers work on one contiguous range; numbers beyond the loaded
 * records are moved into this client's section after they are chosen.
 */
final class KeySections {
  private final long loaded;
  private final long sectionStart;
  private final boolean active;

  private KeySections(long loaded, long sectionStart, boolean active) {
    this.loaded = loaded;
    this.sectionStart = sectionStart;
    this.active = active;
  }

  static KeySections fromProperties(Properties p, long recordCount) {
    int clients = CoreProperties.CLIENT_COUNT.getInt(p);
    int id = CoreProperties.CLIENT_ID.getInt(p);
    long space = CoreProperties.CLIENT_KEY_SPACE.getLong(p);
    if (id >= clients) {
      throw new PropertyException("property clientid=" + id + " is invalid: expected 0.." + (clients - 1)
          + " for clientcount=" + clients);
    }
    if (clients > 1 && recordCount > space) {
      throw new PropertyException("recordcount=" + recordCount + " exceeds clientkeyspace=" + space
          + ": expected the loaded records to fit in key section 0");
    }
    if (clients > 1 && Math.multiplyHigh(space, clients + 1L) != 0) {
      throw new PropertyException("clientkeyspace=" + space + " x (clientcount + 1) exceeds the 64-bit key range");
    }
    return new KeySections(recordCount, (id + 1L) * space, clients > 1);
  }

  /**
   * @param keynum a key number from the contiguous range the choosers see
   * @return the key number to use
   */
  long map(long keynum) {
    if (!active || keynum < loaded) {
      return keynum;
    }
    return sectionStart + (keynum - loaded);
  }
}
