package site.ycsb.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.Run;
import site.ycsb.results.ResultsWriter;

/** Two clients whose latency sums together exceed a long of nanoseconds merge to the true mean. */
class MergedSumsTest {
  private static final long FIFTEEN_MINUTES = 900_000_000_000L;
  private static final long COUNT = 7_000_000L;
  private static final long START = 1_700_000_000_000L;

  @TempDir
  Path tmp;

  private Path client(String name, int id) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(name).resolve("hdr")).getParent();
    Histogram h = new Histogram(3);
    h.recordValueWithCount(FIFTEEN_MINUTES, COUNT);
    BigInteger sum = BigInteger.valueOf(FIFTEEN_MINUTES).multiply(BigInteger.valueOf(COUNT));
    Files.writeString(dir.resolve("timeseries.csv"), TimeSeriesMerger.HEADER + "\n");
    Files.writeString(dir.resolve("properties.txt"), "timeseries.granularity=1000\n");
    Files.writeString(dir.resolve("summary.json"), "{\"format\":\"ycsb-results/1\",\"complete\":true,"
        + "\"phase\":\"run\",\"clientid\":" + id + ",\"clientcount\":2,\"db\":\"basic\",\"window\":{"
        + "\"startEpochMillis\":" + START + ",\"endEpochMillis\":" + (START + 1000)
        + ",\"runtimeNanos\":1000000000,\"endedBy\":\"operationcount\"},\"operations\":" + COUNT
        + ",\"failedOperations\":0,\"threads\":1,\"sections\":{\"READ\":{\"count\":" + COUNT
        + ",\"sumNanos\":" + sum + ",\"minNanos\":" + FIFTEEN_MINUTES + ",\"maxNanos\":" + FIFTEEN_MINUTES
        + ",\"retries\":0,\"returnCodes\":{\"OK\":" + COUNT + "},\"histogram\":\"" + ResultsWriter.encode(h)
        + "\"}},\"lines\":[]}");
    return dir;
  }

  @Test
  void theMergedAverageOfHugeSumsIsExact() throws IOException {
    Path out = tmp.resolve("merged");
    Run r = Run.of("merge", client("a", 0).toString(), client("b", 1).toString(), "-o", out.toString());
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(2 * COUNT, r.count("READ", "Operations"));
    assertEquals(FIFTEEN_MINUTES / 1000.0, r.get("READ", "AverageLatency(us)"), 0.001, r.out);
    String merged = Files.readString(out.resolve("summary.json"));
    String sum = BigInteger.valueOf(FIFTEEN_MINUTES).multiply(BigInteger.valueOf(2 * COUNT)).toString();
    assertEquals(true, merged.contains("\"sumNanos\" : " + sum), "the merged sum is written whole");
  }
}
