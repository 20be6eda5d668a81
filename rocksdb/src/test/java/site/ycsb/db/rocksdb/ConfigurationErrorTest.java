package site.ycsb.db.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DBException;
import site.ycsb.Status;

/** What a user sees when the store cannot be used: one clear line naming the property. */
class ConfigurationErrorTest {
  @AfterEach
  void endPhase() {
    Records.endPhase();
  }

  @TempDir
  Path tmp;

  @Test
  void aFileWhereTheFolderShouldBeIsRejected() throws Exception {
    Path file = Files.writeString(tmp.resolve("notadir"), "x");
    DBException e = assertThrows(DBException.class, () -> Records.open(file));
    assertTrue(e.getMessage().startsWith("rocksdb.dir=" + file), e.getMessage());
    assertTrue(e.getMessage().contains("not a folder"), e.getMessage());
  }

  @Test
  void aFolderThatCannotBeCreatedIsRejected() throws Exception {
    Path file = Files.writeString(tmp.resolve("plainfile"), "x");
    Path below = file.resolve("store");
    DBException e = assertThrows(DBException.class, () -> Records.open(below));
    assertTrue(e.getMessage().startsWith("rocksdb.dir=" + below), e.getMessage());
    assertTrue(e.getMessage().contains("cannot be created"), e.getMessage());
  }

  @Test
  void anInvalidSyncValueNamesTheProperty() {
    DBException e = assertThrows(DBException.class,
        () -> Records.open(tmp.resolve("db"), "rocksdb.sync", "sometimes"));
    assertTrue(e.getMessage().contains("rocksdb.sync=sometimes"), e.getMessage());
  }

  @Test
  void aMissingOptionsFileNamesTheProperty() {
    Path missing = tmp.resolve("OPTIONS-missing");
    DBException e = assertThrows(DBException.class,
        () -> Records.open(tmp.resolve("db"), "rocksdb.optionsfile", missing.toString()));
    assertTrue(e.getMessage().startsWith("rocksdb.optionsfile=" + missing), e.getMessage());
  }

  @Test
  void anOptionsFileThatIsNotOneIsRejected() throws Exception {
    Path bogus = Files.writeString(tmp.resolve("OPTIONS-bogus"), "this is not an options file\n");
    DBException e = assertThrows(DBException.class,
        () -> Records.open(tmp.resolve("db"), "rocksdb.optionsfile", bogus.toString()));
    assertTrue(e.getMessage().startsWith("rocksdb.optionsfile=" + bogus), e.getMessage());
    // a failed open leaves nothing behind that blocks a correct one in the next phase
    Records.endPhase();
    RocksDBClient db = Records.open(tmp.resolve("db"));
    db.cleanup();
  }

  @Test
  void aStoreHeldByAnotherProcessIsReportedAsLocked() throws Exception {
    Path store = tmp.resolve("held");
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process holder = new ProcessBuilder(java, "-Xmx64m", "-cp", classpath, LockHolder.class.getName(),
        store.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("LOCKED", out.readLine(), "the helper process should report that it holds the store");

      DBException e = assertThrows(DBException.class, () -> Records.open(store));
      assertTrue(e.getMessage().startsWith("rocksdb.dir=" + store.toRealPath()), e.getMessage());
      assertTrue(e.getMessage().contains("locked by another process"), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), "one line");
    } finally {
      holder.getOutputStream().close();
      if (!holder.waitFor(30, TimeUnit.SECONDS)) {
        holder.destroyForcibly().waitFor();
      }
    }
    // once the other process is gone the same folder opens normally in the next phase
    Records.endPhase();
    RocksDBClient db = Records.open(store);
    try {
      assertEquals(Status.NOT_FOUND, db.read(Records.TABLE, "nothing", null, new HashMap<>()));
    } finally {
      db.cleanup();
    }
  }
}
