package site.ycsb.props;

/** What {@code seed} makes the same from run to run and what it cannot: a section of docs/properties.md. */
final class ReproducibleRuns {
  static final String TEXT = """
      ### Reproducible runs (`seed`)

      The engine numbers a phase's operations with one counter its workers share (warm-up operations
      first), and client process `clientid=i` numbers its own from i x 2^40. Before an operation is
      planned, the worker that took number n starts a random stream from the seed and n (SplitMix64,
      the seed and the number each through its full mix, so no two workers' or operations' streams are
      related), and every draw the operation makes comes from it: its kind in the mix, its key under the
      request distribution, the field a read or update names, the fields and the length of each value
      written, the value's bytes (drawn from that stream when the value is made, so whichever thread
      sends it, and a retry, send the same bytes) and a scan's length. The load phase and the run phase
      draw from streams of their own; so does the workload while it is set up.

      **The same from run to run, with the same seed and properties:**
      - with one worker (`threadcount=1`, and `inflight` 0 or 1): the same operations in the same order;
      - with several workers, several in flight or several client processes: the same operations, in
        another order: operation n is the same whichever worker makes it, and a phase of
        `operationcount` operations makes numbers 0 to operationcount - 1 (each client its own);
      - inserts: the key comes from a counter the workers share (`insertstart` onwards in the load, the
        next key of the run's insert sequence), and what an insert writes (field lengths and values)
        follows its key, not the operation. One worker inserts the same keys in the same order; several
        insert the same keys, each with the same record. A load is therefore the same data whatever its
        threads and client processes (`insertstart`/`insertcount` split it);
      - `dataintegrity=true` values, a function of key and field in any case;
      - client 0's operations are those of a lone client with the same seed.

      **What a seed cannot make the same,** because it depends on what the run did:
      - a run with inserts: a key is chosen among the records whose inserts were acknowledged so far
        (a draw beyond them is drawn again or folded into them), and `requestdistribution=latest` and
        `exponential` count back from the newest. With one blocking worker that is the same every time;
        with several workers or operations in flight it depends on which inserts finished first;
      - `requestdistribution=sequential` takes keys from a counter the workers share: with several
        workers each operation gets a key of the same range, not always the same one;
      - how many operations a phase makes when `maxexecutiontime`, an interrupt or a load insert given up
        ends it: the operations it made are the first of the same sequence;
      - retries: whether a call fails and is made again is the database's doing (the call made again
        sends the same values); the pause before a load insert is retried is spread at random;
      - `durability=true`: each value starts with a stamp of the client's clock and sequence;
      - what a read or scan returns, and every timing: latencies, and the schedule's intended starts
        (Poisson arrivals take their own `target.seed`);
      - a workload of one's own that draws from a random source of its own rather than upstream's
        generators (`site.ycsb.generator`); the time-series workload draws its values from the
        operation's stream, but its series and timestamps come from counters the workers share.

      A capture (`capture=true`) shows it: two runs with the same seed write the same operations, keys and
      values' checksums (`values_crc`), in the same order with one worker.
      """;

  private ReproducibleRuns() {
  }
}
