package site.ycsb.benchmarks;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.Status;
import site.ycsb.StatusFuture;

/**
 * What the engine pays per asynchronous operation to hear its outcome: a binding's stage made,
 * followed, then completed, through {@code whenComplete} on a plain future (a dependent future and
 * a link each time) against the one listener a {@link StatusFuture} takes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FollowingAnOutcomeBenchmark {

  /** The engine's side: takes the outcome, as an operation's slot does. */
  @State(Scope.Thread)
  public static class Follower implements BiConsumer<Status, Throwable> {
    Status last;

    @Override
    public void accept(Status status, Throwable failure) {
      last = status;
    }
  }

  @Benchmark
  public Status whenCompleteOnAPlainFuture(Follower follower) {
    CompletableFuture<Status> stage = new CompletableFuture<>();
    stage.whenComplete(follower);
    stage.complete(Status.OK);
    return follower.last;
  }

  @Benchmark
  public Status listenerOnAStatusFuture(Follower follower) {
    StatusFuture stage = new StatusFuture();
    stage.listen(follower);
    stage.complete(Status.OK);
    return follower.last;
  }
}
