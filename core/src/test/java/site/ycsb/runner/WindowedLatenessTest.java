package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.runner.profile.LoadProfile;

/**
 * What the windowed schedule gives up when its workers come late. Workers that drifted behind by
 * less than a window lose only the slots past the tolerance, and start the rest; a schedule that
 * stalled for more than a window loses every slot due, so nothing is sent in a burst afterwards.
 * The lateness is made by starting the schedule in the past, so the test does not depend on how
 * fast this machine is.
 */
class WindowedLatenessTest {
  private static final long MS = 1_000_000L;

  /** A throttle at 1000/s, tolerance 10 ms, window 100 ms, whose schedule began {@code lateMs} ago. */
  private static Throttle lateBy(long lateMs, RunWindow window, long now) {
    Throttle t = new Throttle(new ThrottleSettings(LoadProfile.constant(1000), Throttle.Mode.WINDOWED, false, 0,
        100 * MS, 10 * MS, 0), 4);
    t.start(now - lateMs * MS);
    window.open(now - lateMs * MS, 0);
    return t;
  }

  @Test
  void workersThatDriftedBehindLoseOnlyTheSlotsPastTheTolerance() {
    // a first pass through the throttle's code, so that loading it does not make the measured pass late
    RunWindow first = new RunWindow();
    lateBy(60, first, System.nanoTime()).acquire(first, late -> { }, Throttle.PARK);
    RunWindow window = new RunWindow();
    long now = System.nanoTime();
    Throttle t = lateBy(60, window, now);
    List<Long> skipped = new ArrayList<>();
    long before = System.nanoTime();
    long intended = t.acquire(window, skipped::add, Throttle.PARK);
    long after = System.nanoTime();
    long given = t.missedSlots();
    // the slots 0..49 ms were more than 10 ms late (and then some, while this ran): given up one by
    // one; the first slot within the tolerance is taken, no more than 10 ms after it was due
    assertTrue(intended >= before - 10 * MS, "the slot taken is within the tolerance: "
        + (before - intended) / 1e6 + " ms before the call");
    // at least the 50 more than 10 ms late at the call, at most those more than 10 ms late when it returned
    long mostLate = (after - (now - 60 * MS) - 10 * MS) / MS + 1;
    assertTrue(given >= 50 && given <= mostLate, "50 to " + mostLate + " slots given up: " + given);
    assertEquals(given, skipped.size());
    // giving up every slot due would have given up those less than 10 ms late too
    assertTrue(skipped.stream().allMatch(late -> late > 10 * MS), "only slots past the tolerance: " + skipped);
  }

  @Test
  void aScheduleThatStalledForMoreThanAWindowGivesUpEverySlotDue() {
    RunWindow window = new RunWindow();
    long now = System.nanoTime();
    Throttle t = lateBy(300, window, now);
    List<Long> skipped = new ArrayList<>();
    long intended = t.acquire(window, skipped::add, Throttle.PARK);
    // nothing due is left to send in a burst: the slot taken was not yet due when the stall was seen
    assertTrue(intended >= now, "the first slot not yet due: " + (intended - now) / 1e6 + " ms");
    assertTrue(t.missedSlots() >= 300, "the 300 ms of slots given up: " + t.missedSlots());
    assertEquals(t.missedSlots(), skipped.size());
  }
}
