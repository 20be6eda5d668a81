package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimeSeriesTest {
  /** Columns as the client writes them: interval end, wall clock, section, operations. */
  private static TimeSeries write(Path dir, String... rows) throws IOException {
    StringBuilder csv = new StringBuilder("time_ms,epoch_ms,section,operations\n");
    for (String r : rows) {
      csv.append(r).append('\n');
    }
    Files.writeString(dir.resolve("timeseries.csv"), csv);
    return TimeSeries.read(dir);
  }

  @Test
  void countsOperationsAndFailuresPerInterval(@TempDir Path dir) throws IOException {
    TimeSeries s = write(dir, "500,10500,OVERALL,500", "500,10500,READ,250",
        "1000,11000,OVERALL,400", "1000,11000,READ-FAILED,150", "1000,11000,UPDATE-FAILED,50",
        "1000,11000,Intended-READ-FAILED,999");
    assertEquals(10_000, s.phaseStartEpochMillis());
    assertEquals(1000, s.lastEndMillis());
    assertEquals(List.of(new TimeSeries.Interval(500, 10500, 500, 0), new TimeSeries.Interval(1000, 11000, 400, 200)),
        s.intervals());
    assertEquals(200, s.intervals().get(1).succeeded());
    assertEquals(200, s.totalFailed());
  }

  @Test
  void anIntervalSpanningTheInstantDoesNotStartFromIt(@TempDir Path dir) throws IOException {
    // a restore at 2488 ms, inside an interval whose successes all came before the fault
    TimeSeries s = write(dir, "2001,12001,OVERALL,499", "2503,12503,OVERALL,502",
        "2503,12503,READ-FAILED,409", "3004,13004,OVERALL,502", "3004,13004,READ-FAILED,502");
    assertEquals(List.of(3004L), s.startingFrom(2488).stream().map(TimeSeries.Interval::endMillis).toList());
    assertEquals(2, s.between(2488, Long.MAX_VALUE).size(), "between() counts the intervals that end after it");
    assertEquals(List.of(2503L, 3004L), s.startingFrom(2001).stream().map(TimeSeries.Interval::endMillis).toList());
    assertEquals(3, s.startingFrom(0).size());
  }
}
