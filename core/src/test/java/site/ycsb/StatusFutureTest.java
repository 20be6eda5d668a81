package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * The engine's listener on a binding's {@link StatusFuture} hears every outcome exactly once,
 * whichever of listening and completing comes first, and the future stays a plain
 * {@code CompletableFuture} to everyone else.
 */
class StatusFutureTest {
  /** What a listener heard: how often, and the last outcome. */
  private static final class Heard implements BiConsumer<Status, Throwable> {
    final AtomicInteger calls = new AtomicInteger();
    final AtomicReference<Status> status = new AtomicReference<>();
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    volatile Thread on;

    @Override
    public void accept(Status s, Throwable t) {
      calls.incrementAndGet();
      status.set(s);
      failure.set(t);
      on = Thread.currentThread();
    }
  }

  @Test
  void aListenerThatWaitsHearsTheOutcomeOnTheThreadThatCompletes() throws Exception {
    StatusFuture f = new StatusFuture();
    Heard heard = new Heard();
    f.listen(heard);
    assertEquals(0, heard.calls.get());
    Thread completer = new Thread(() -> f.complete(Status.NOT_FOUND), "completer");
    completer.start();
    completer.join();
    assertEquals(1, heard.calls.get());
    assertSame(Status.NOT_FOUND, heard.status.get());
    assertNull(heard.failure.get());
    assertSame(completer, heard.on);
    // completing again changes nothing and tells no one
    assertTrue(!f.complete(Status.OK));
    assertEquals(1, heard.calls.get());
    assertSame(Status.NOT_FOUND, f.join());
  }

  @Test
  void aListenerThatComesLateHearsAtOnceAndASharedAnswerServesEveryListener() {
    StatusFuture answered = StatusFuture.of(Status.OK);
    for (int i = 0; i < 3; i++) {
      Heard heard = new Heard();
      answered.listen(heard);
      assertEquals(1, heard.calls.get());
      assertSame(Status.OK, heard.status.get());
      assertSame(Thread.currentThread(), heard.on);
    }
  }

  @Test
  void aFailureOrACancellationReachesTheListenerAsItsCause() {
    StatusFuture failed = new StatusFuture();
    Heard before = new Heard();
    failed.listen(before);
    IllegalStateException cause = new IllegalStateException("driver gave up");
    failed.completeExceptionally(cause);
    assertSame(cause, before.failure.get());
    assertNull(before.status.get());
    Heard after = new Heard();
    failed.listen(after);
    assertSame(cause, after.failure.get());

    StatusFuture cancelled = new StatusFuture();
    Heard heard = new Heard();
    cancelled.listen(heard);
    cancelled.cancel(false);
    assertEquals(1, heard.calls.get());
    assertInstanceOf(CancellationException.class, heard.failure.get());
  }

  @Test
  void aTimeoutSetOnTheFutureReachesTheListener() throws Exception {
    StatusFuture f = new StatusFuture();
    CountDownLatch heardIt = new CountDownLatch(1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    f.listen((s, t) -> {
      failure.set(t);
      heardIt.countDown();
    });
    f.orTimeout(1, TimeUnit.MILLISECONDS);
    // the JDK's timer thread completes it; the bound only guards against a listener never called
    assertTrue(heardIt.await(30, TimeUnit.SECONDS), "the listener heard the timeout");
    assertInstanceOf(TimeoutException.class, failure.get());
  }

  @Test
  void aSecondWaitingListenerIsRefusedAndOtherFollowersStillWork() {
    StatusFuture f = new StatusFuture();
    Heard first = new Heard();
    f.listen(first);
    assertThrows(IllegalStateException.class, () -> f.listen(new Heard()));
    AtomicReference<Status> derived = new AtomicReference<>();
    f.thenAccept(derived::set);
    f.complete(Status.OK);
    assertEquals(1, first.calls.get());
    assertSame(Status.OK, derived.get());
  }

  @Test
  void listeningRacingCompletionHearsEveryOutcomeExactlyOnce() throws Exception {
    int rounds = 20_000;
    List<StatusFuture> futures = new ArrayList<>();
    List<Heard> heard = new ArrayList<>();
    for (int i = 0; i < rounds; i++) {
      futures.add(new StatusFuture());
      heard.add(new Heard());
    }
    CountDownLatch go = new CountDownLatch(1);
    Thread completer = new Thread(() -> {
      await(go);
      for (StatusFuture f : futures) {
        f.complete(Status.OK);
      }
    });
    completer.start();
    go.countDown();
    for (int i = 0; i < rounds; i++) {
      futures.get(i).listen(heard.get(i));
    }
    completer.join();
    for (int i = 0; i < rounds; i++) {
      assertEquals(1, heard.get(i).calls.get(), "listener " + i);
      assertSame(Status.OK, heard.get(i).status.get(), "listener " + i);
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
