package site.ycsb.db.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsb.db.rocksdb.Records.TABLE;
import static site.ycsb.db.rocksdb.Records.record;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** A store opened from an OPTIONS file that RocksDB itself wrote. */
class OptionsFileTest {
  @AfterEach
  void endPhase() {
    Records.endPhase();
  }

  @TempDir
  Path tmp;

  @Test
  void storeOpensWithAnOptionsFileRocksDbWrote() throws Exception {
    // RocksDB writes an OPTIONS-<n> file into every store it opens; reuse one from a first store
    RocksDBClient first = Records.open(tmp.resolve("first"));
    first.insert("custom", "k", record("k", 1));
    first.cleanup();
    Path optionsFile;
    try (Stream<Path> files = Files.list(tmp.resolve("first"))) {
      List<Path> found = files.filter(f -> f.getFileName().toString().startsWith("OPTIONS-"))
          .sorted().collect(Collectors.toList());
      assertTrue(!found.isEmpty(), "RocksDB wrote no OPTIONS file");
      optionsFile = found.get(found.size() - 1);
    }
    assertTrue(Files.readString(optionsFile).contains("[CFOptions \"custom\"]"));

    RocksDBClient db = Records.open(tmp.resolve("second"), "rocksdb.optionsfile", optionsFile.toString());
    try {
      assertEquals(Status.OK, db.insert(TABLE, "user1", record("user1", 3)));
      assertEquals(Status.OK, db.insert("custom", "user1", record("c", 1)));
      Map<String, ByteIterator> got = new HashMap<>();
      assertEquals(Status.OK, db.read(TABLE, "user1", null, got));
      assertEquals(3, got.size());
    } finally {
      db.cleanup();
    }
  }
}
