package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;
import site.ycsb.cli.Run;
import site.ycsb.results.ResultsWriter;

/** Produces results folders of simulated clients and reads them back, for the merge tests. */
final class ClientFolders {
  static final ObjectMapper JSON = new ObjectMapper();

  private ClientFolders() {
  }

  /** The arguments of one client of a two-client run phase against the simulated database. */
  static List<String> clientArgs(String phase, Path dir, int clientId, int operations) {
    return new ArrayList<>(List.of(phase, "-db", "site.ycsb.BasicDB", "-P", "../workloads/workloada",
        "-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=1", "-p", "recordcount=200",
        "-p", "operationcount=" + operations, "-p", "clientcount=2", "-p", "clientid=" + clientId,
        "-p", "timeseries.granularity=100", "-threads", "2", "-p", "resultsdir=" + dir));
  }

  /** Runs two clients of the same phase at the same time, in two threads of this JVM. */
  static void runTwoClients(String phase, Path a, Path b, int operations) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Run> ra = pool.submit(() -> Run.of(clientArgs(phase, a, 0, operations).toArray(new String[0])));
      Future<Run> rb = pool.submit(() -> Run.of(clientArgs(phase, b, 1, operations).toArray(new String[0])));
      assertEquals(0, ra.get().exitCode, ra.get().err);
      assertEquals(0, rb.get().exitCode, rb.get().err);
    } finally {
      pool.shutdownNow();
    }
  }

  static JsonNode summary(Path dir) throws IOException {
    return JSON.readTree(dir.resolve("summary.json").toFile());
  }

  /** @return the section names of a folder's summary.json */
  static List<String> sections(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    for (Iterator<String> it = summary(dir).path("sections").fieldNames(); it.hasNext();) {
      out.add(it.next());
    }
    return out;
  }

  /** @return one histogram holding every input's histogram of those sections */
  static Histogram union(List<Path> dirs, List<String> sections) throws IOException {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    for (Path d : dirs) {
      JsonNode s = summary(d).path("sections");
      for (String section : sections) {
        if (s.has(section)) {
          h.add(site.ycsb.results.HistogramEncoding.decode(s.path(section).path("histogram").asText()));
        }
      }
    }
    return h;
  }

  static long sum(List<Path> dirs, String section, String field) throws IOException {
    long n = 0;
    for (Path d : dirs) {
      n += summary(d).path("sections").path(section).path(field).asLong();
    }
    return n;
  }
}
