package site.ycsb.db.hbase2;

import java.io.IOException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.DBException;

/**
 * Checks at start that the table and its column family exist (an operation on a missing one
 * would fail every time, after the client's retries), and makes them when asked to.
 */
final class HBaseSchema {
  /** The range upstream YCSB's HBase guide pre-splits: keys are "user" + a number, hashed. */
  private static final int SPLIT_LOW = 1000;
  private static final int SPLIT_HIGH = 9999;

  private HBaseSchema() {
  }

  /**
   * @param connection an open connection
   * @param table the benchmark's table
   * @param family the column family holding the fields
   * @param create whether to create a missing table
   * @param regions regions of a created table
   * @throws DBException naming what is missing, or why it could not be checked or made
   */
  static void ensure(Connection connection, TableName table, String family, boolean create, int regions)
      throws DBException {
    try (Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(table)) {
        if (!create) {
          throw new DBException("HBase table " + table + " does not exist: create it with column family " + family
              + " (hbase shell: create '" + table + "', '" + family + "') or set -p hbase.createtable=true");
        }
        create(admin, table, family, regions);
      }
      TableDescriptor d = admin.getDescriptor(table);
      if (!d.hasColumnFamily(Bytes.toBytes(family))) {
        throw new DBException("HBase table " + table + " has no column family " + family + " (it has "
            + d.getColumnFamilyNames().stream().map(Bytes::toString).sorted().toList()
            + "): set -p columnfamily to one of them");
      }
    } catch (IOException e) {
      throw new DBException("HBase: cannot check table " + table + ": " + HBaseFailures.describe(e), e);
    }
  }

  private static void create(Admin admin, TableName table, String family, int regions) throws IOException {
    TableDescriptor d = TableDescriptorBuilder.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(family))
        .build();
    try {
      if (regions > 1) {
        admin.createTable(d, splitKeys(regions));
      } else {
        admin.createTable(d);
      }
    } catch (TableExistsException e) {
      // another worker or client process made it in the meantime: fine
    }
  }

  /**
   * @param regions the number of regions wanted
   * @return the regions - 1 split points "user" + n, spread evenly over 1000..9999
   */
  static byte[][] splitKeys(int regions) {
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = Bytes.toBytes("user" + (SPLIT_LOW + (long) i * (SPLIT_HIGH - SPLIT_LOW) / regions));
    }
    return splits;
  }
}
