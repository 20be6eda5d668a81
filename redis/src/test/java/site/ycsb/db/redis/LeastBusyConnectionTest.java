package site.ycsb.db.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * How a worker spreads its commands over its connections: evenly while they are equally busy, and
 * the places one connection's answers free back to that connection, so that its next commands
 * travel together, as a pipelining client's do.
 */
class LeastBusyConnectionTest {
  private static final class Counted implements AsyncRedis.Lane {
    int outstanding;

    @Override
    public int outstanding() {
      return outstanding;
    }
  }

  private static Counted[] lanes(int n) {
    Counted[] c = new Counted[n];
    for (int i = 0; i < n; i++) {
      c[i] = new Counted();
    }
    return c;
  }

  /** Sends {@code n} commands as the worker does; @return the index chosen last. */
  private static int send(Counted[] lanes, int last, int n) {
    for (int k = 0; k < n; k++) {
      last = AsyncRedis.leastBusy(lanes, last);
      lanes[last].outstanding++;
    }
    return last;
  }

  @Test
  void equallyBusyConnectionsShareTheCommandsEvenly() {
    Counted[] lanes = lanes(4);
    int last = 0;
    for (int k = 0; k < 4; k++) {
      last = AsyncRedis.leastBusy(lanes, last);
      assertEquals(k, last, "command " + k + " on a connection of its own");
      lanes[last].outstanding++;
    }
    send(lanes, last, 36);
    for (Counted c : lanes) {
      assertEquals(10, c.outstanding);
    }
  }

  @Test
  void theAnswersOfOneConnectionGiveItsPlacesBackToIt() {
    // 64 places over 4 connections, 16 each; then the 16 answers of connection 2 arrive
    Counted[] lanes = lanes(4);
    int last = send(lanes, 0, 64);
    for (Counted c : lanes) {
      assertEquals(16, c.outstanding);
    }
    lanes[2].outstanding = 0;
    for (int k = 0; k < 16; k++) {
      last = AsyncRedis.leastBusy(lanes, last);
      assertEquals(2, last, "the 16 free places all go to the connection that freed them");
      lanes[last].outstanding++;
    }
    // two connections half answered: each gets its own back, none left idle
    lanes[0].outstanding = 8;
    lanes[3].outstanding = 8;
    send(lanes, last, 16);
    assertEquals(16, lanes[0].outstanding);
    assertEquals(16, lanes[3].outstanding);
  }

  @Test
  void aSessionPerConnectionKeepsOneCommandOnEach() {
    // -threads 32 as sessions: 32 connections, one command in flight on each
    Counted[] lanes = lanes(32);
    int last = send(lanes, 0, 32);
    for (int answered : new int[] {5, 17, 30, 0}) {
      lanes[answered].outstanding = 0;
      last = send(lanes, last, 1);
      assertEquals(answered, last);
    }
    for (Counted c : lanes) {
      assertEquals(1, c.outstanding);
    }
  }
}
