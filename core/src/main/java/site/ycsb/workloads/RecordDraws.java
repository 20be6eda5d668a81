package site.ycsb.workloads;

import java.util.HashMap;
import java.util.Set;
import site.ycsb.ByteIterator;

/**
 * What the core workload's operations draw: keys, fields, values and scan lengths. They come from
 * upstream's protected generators and settings of the {@link CoreWorkload}, which a subclass may
 * replace after {@code init}, so they are read here on every draw, and only here.
 */
final class RecordDraws {
  private final CoreWorkload w;
  private final RecordFields fields;
  private final boolean readAllFieldsByName;
  private final boolean dataIntegrity;
  private final KeySections sections;
  /** The smallest key number the run phase chooses from. */
  private final long firstKey;

  RecordDraws(CoreWorkload w, RecordFields fields, boolean readAllFieldsByName, boolean dataIntegrity,
              KeySections sections, long firstKey) {
    this.w = w;
    this.fields = fields;
    this.readAllFieldsByName = readAllFieldsByName;
    this.dataIntegrity = dataIntegrity;
    this.sections = sections;
    this.firstKey = firstKey;
  }

  /** @return the table records are written to */
  String table() {
    return w.table;
  }

  /** @return the key of a key number ({@link CoreWorkload#buildKeyName}, which a subclass may override) */
  String key(long keynum) {
    return w.buildKeyName(keynum);
  }

  /** @return a key number of an existing record, chosen by the request distribution */
  long existingKeynum() {
    return sections.map(KeyChoosers.existing(w.keychooser, w.transactioninsertkeysequence.lastLong(), firstKey));
  }

  /** @return the key number of the next load insert */
  long loadKeynum() {
    return w.keysequence.nextLong();
  }

  /**
   * An insert's key number is drawn: what it writes from here on (field lengths, values) follows
   * the key, not the operation ({@code seed}). Keys come from a counter the workers share, so the
   * same key gets the same record whichever operation took it.
   */
  void followRecord(long keynum) {
    site.ycsb.generator.OperationRandom.followRecord(keynum);
  }

  /** @return the number of the next run-phase insert in the insert sequence, before its section's mapping */
  long insertNumber() {
    return w.transactioninsertkeysequence.nextLong();
  }

  /** @return the key number of a run-phase insert's number: in this client's section */
  long insertKeynum(long insertNumber) {
    return sections.map(insertNumber);
  }

  /** A run-phase insert ended: keys up to it may be chosen once every earlier one has ended too. */
  void insertEnded(long insertNumber) {
    w.transactioninsertkeysequence.acknowledge(insertNumber);
  }

  /** @return the fields a read asks for: one, all by name, or null for all */
  Set<String> fieldsToRead() {
    if (!w.readallfields) {
      return fields.one(w.fieldchooser.nextLong());
    }
    return readAllFieldsByName ? fields.all() : null;
  }

  /** @return the fields a scan asks for */
  Set<String> fieldsToScan() {
    return w.readallfields ? (readAllFieldsByName ? fields.all() : null) : fieldsToRead();
  }

  /** @return how many records the next scan reads */
  int scanLength() {
    return (int) w.scanlength.nextLong();
  }

  /** @return a value for every field of the record, each starting with {@code stamp} unless it is null */
  HashMap<String, ByteIterator> values(String key, byte[] stamp) {
    return fields.values(key, w.fieldlengthgenerator, dataIntegrity, stamp);
  }

  /** @return the values an update writes, each starting with {@code stamp} unless it is null */
  HashMap<String, ByteIterator> update(String key, byte[] stamp) {
    return w.writeallfields ? values(key, stamp)
        : fields.valueOf(key, fields.name(w.fieldchooser.nextLong()), w.fieldlengthgenerator, dataIntegrity, stamp);
  }

  /** @return whether values read are checked against those written ({@code dataintegrity}) */
  boolean dataIntegrity() {
    return dataIntegrity;
  }

  /** @return whether the workload was asked to stop: a load insert is then retried no more */
  boolean stopRequested() {
    return w.isStopRequested();
  }

  /** @return how often a failed load insert is retried */
  int insertRetries() {
    return w.insertionRetryLimit;
  }

  /** @return the pause before a load insert is retried, spread a little: a fixed one would make workers collide */
  long insertRetryDelayNanos() {
    return (long) (w.insertionRetryInterval * 1e9 * (0.8 + 0.4 * Math.random()));
  }
}
