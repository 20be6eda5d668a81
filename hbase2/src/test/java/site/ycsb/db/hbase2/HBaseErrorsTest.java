package site.ycsb.db.hbase2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/** What the client throws while a region server is away, as the statuses a user reads. */
class HBaseErrorsTest {
  @Test
  void givingUpBeforeAnyAttemptReachedAServerIsUnavailability() {
    // seen when a killed region server's regions were being located again: no attempt, no cause
    assertEquals(Status.SERVICE_UNAVAILABLE,
        HBaseFailures.statusOf(new RetriesExhaustedException("Failed after attempts=1, exceptions:\n")));
  }

  @Test
  void givingUpAfterAFailureTheServerReportedStaysAnError() {
    assertEquals(Status.ERROR, HBaseFailures.statusOf(new RetriesExhaustedException("Failed after attempts=1,"
        + " exceptions:\n2026-11-26T11:00:00Z, java.io.IOException: disk full", new IOException("disk full"))));
  }
}
