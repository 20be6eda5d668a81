package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** cassandra.createschema creates what is missing; without it a missing table is one clear error. */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraSchemaTest {
  private final Clients clients = new Clients();

  @AfterEach
  void closeClients() throws DBException {
    clients.close();
  }

  private static CqlSession admin() {
    return CassandraTestServer.get().admin();
  }

  private static Map<String, String> replication(String keyspace) {
    Row row = admin().execute("SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = '"
        + keyspace + "'").one();
    return row == null ? null : new TreeMap<>(row.getMap(0, String.class, String.class));
  }

  private static Map<String, String> columns(String keyspace, String table) {
    Map<String, String> out = new TreeMap<>();
    for (Row r : admin().execute("SELECT column_name, type, kind FROM system_schema.columns WHERE keyspace_name = '"
        + keyspace + "' AND table_name = '" + table + "'")) {
      out.put(r.getString(0), r.getString(1) + (r.getString(2).equals("partition_key") ? " key" : ""));
    }
    return out;
  }

  @Test
  void missingKeyspaceIsReportedWithoutCreateSchema() {
    DBException e = assertThrows(DBException.class, () -> clients.open("cassandra.keyspace", "no_such_keyspace"));
    assertTrue(e.getMessage().contains("keyspace no_such_keyspace (cassandra.keyspace) does not exist"), e.getMessage());
    assertTrue(e.getMessage().contains("cassandra.createschema=true"), e.getMessage());
    assertEquals(null, replication("no_such_keyspace"), "nothing was created");
  }

  @Test
  void createSchemaMakesKeyspaceAndTableFromTheFieldProperties() throws DBException {
    CassandraCQLClient db = clients.open("cassandra.keyspace", "schema_new", "table", "records",
        "fieldcount", "3", "fieldnameprefix", "f", "cassandra.createschema", "true");
    assertEquals(Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "1"),
        replication("schema_new"));
    assertEquals(Map.of("y_id", "text key", "f0", "text", "f1", "text", "f2", "text"),
        columns("schema_new", "records"));
    Map<String, site.ycsb.ByteIterator> values = new HashMap<>();
    values.put("f0", new site.ycsb.StringByteIterator("zero"));
    assertEquals(Status.OK, db.insert("records", "k", values));
    assertEquals("zero", admin().execute("SELECT f0 FROM schema_new.records WHERE y_id = 'k'").one().getString(0));

    // a second start with the same settings finds everything in place
    clients.open("cassandra.keyspace", "schema_new", "table", "records", "fieldcount", "3", "fieldnameprefix", "f",
        "cassandra.createschema", "true");
  }

  @Test
  void createSchemaAddsOnlyTheMissingTable() throws DBException {
    admin().execute("CREATE KEYSPACE schema_existing WITH replication = {'class': 'SimpleStrategy',"
        + " 'replication_factor': 2}");
    DBException e = assertThrows(DBException.class, () -> clients.open("cassandra.keyspace", "schema_existing"));
    assertTrue(e.getMessage().contains("table schema_existing.usertable (property table) does not exist"),
        e.getMessage());

    clients.open("cassandra.keyspace", "schema_existing", "cassandra.createschema", "true",
        "cassandra.replicationfactor", "1", "cassandra.columntype", "blob");
    assertEquals("2", replication("schema_existing").get("replication_factor"), "the keyspace was left as it was");
    Map<String, String> cols = columns("schema_existing", "usertable");
    assertEquals(11, cols.size(), cols.toString());
    assertEquals("text key", cols.get("y_id"));
    assertEquals("blob", cols.get("field9"));
  }

  @Test
  void networkTopologyStrategyUsesTheLocalDataCenter() throws DBException {
    clients.open("cassandra.keyspace", "schema_nts", "cassandra.createschema", "true",
        "cassandra.replicationstrategy", "NetworkTopologyStrategy", "cassandra.replicationfactor", "1");
    assertEquals(Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "datacenter1", "1"),
        replication("schema_nts"));
  }

  @Test
  void aTableWithoutEveryFieldColumnIsRefused() {
    admin().execute("CREATE KEYSPACE IF NOT EXISTS schema_short WITH replication = {'class': 'SimpleStrategy',"
        + " 'replication_factor': 1}");
    admin().execute("CREATE TABLE schema_short.usertable (y_id text PRIMARY KEY, field0 text, field1 text)");
    DBException e = assertThrows(DBException.class, () -> clients.open("cassandra.keyspace", "schema_short",
        "fieldcount", "4", "cassandra.createschema", "true"));
    assertTrue(e.getMessage().contains("has no column(s) [field2, field3]"), e.getMessage());
  }
}
