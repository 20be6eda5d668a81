package site.ycsb.db.couchbase;

import com.couchbase.client.core.error.DocumentNotFoundException;
import com.couchbase.client.core.retry.RetryStrategy;
import com.couchbase.client.core.service.ServiceType;
import com.couchbase.client.java.AsyncCollection;
import com.couchbase.client.java.Bucket;
import com.couchbase.client.java.Cluster;
import com.couchbase.client.java.ClusterOptions;
import com.couchbase.client.java.diagnostics.WaitUntilReadyOptions;
import com.couchbase.client.java.kv.GetOptions;
import com.couchbase.client.java.kv.GetResult;
import com.couchbase.client.java.kv.MutateInOptions;
import com.couchbase.client.java.kv.MutateInResult;
import com.couchbase.client.java.kv.MutateInSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiConsumer;
import site.ycsb.testsupport.BareDriverLoop;

/**
 * The floor of the Couchbase binding's asynchronous path (see {@link BareDriverLoop}): SDK 3's
 * {@link AsyncCollection} alone, sending what the binding sends for workload A. Run by
 * {@code couchbase/bench/cpu-vs-bare-driver.sh}.
 *
 * <p>The client is set up from the binding's own {@link CouchbaseConfig} with its default
 * properties (user = the bucket's name, operation timeout 2.5 s, durability none, JSON records),
 * except the connect timeout, which the script gives the engine too (on a loaded 2-core machine
 * the start alone can take the default 10 s), and with the environment
 * {@code CouchbaseCluster.open} gives the SDK: those timeouts, the binding's retry strategy (the
 * SDK's, except that a lost node fails at once), no telemetry, no transaction clean-up; it waits
 * until the bucket's key-value service is ready. The binding's event-bus watch of lost nodes, its
 * collection check and its query-service probe are left out: they act at start or on a lost
 * connection, not per operation.
 *
 * <p>The requests, uniform over the loaded keys: half are a {@code get} of the whole document
 * (workload A reads all fields; the SDK's default JSON transcoder), half a sub-document
 * {@code mutateIn} with one {@code upsert} of one of the 10 fields to a 100-character string,
 * which is how the binding updates one field of a JSON record without durability, both with
 * options built once, completed through {@code whenComplete} on the SDK's threads. A read is
 * taken as far as its {@link GetResult}; decoding the JSON into fields is the binding's work, not
 * the driver's. A read that finds no document (keys not as {@code load couchbase} wrote them) is
 * counted as a problem, and the first and last keys are checked before the run.
 *
 * <p>Arguments: hosts bucket password connectTimeoutMs (as {@code couchbase.hosts},
 * {@code couchbase.bucket}, {@code couchbase.password}, {@code couchbase.connectTimeout}), then
 * {@link BareDriverLoop#COMMON_USAGE}.
 */
public final class BareCouchbaseLoop extends BareDriverLoop {
  private final AsyncCollection collection;
  private final String[] keys;
  private final String[] fields = new String[FIELDS];
  // as the binding's: built once, read by the SDK for every request
  private final GetOptions getOptions = GetOptions.getOptions();
  private final MutateInOptions mutateInOptions;

  /** Every read's answer: the document must be there. */
  private final BiConsumer<GetResult, Throwable> readDone = (result, failure) -> {
    if (unwrap(failure) instanceof DocumentNotFoundException) {
      done(null, "a read found no document");
    } else {
      done(failure, null);
    }
  };
  /** Every update's answer. */
  private final BiConsumer<MutateInResult, Throwable> updateDone = (result, failure) -> done(failure, null);

  private BareCouchbaseLoop(Settings settings, AsyncCollection collection, CouchbaseConfig config) {
    super(settings);
    this.collection = collection;
    this.keys = loadedKeys();
    for (int i = 0; i < FIELDS; i++) {
      fields[i] = "field" + i;
    }
    mutateInOptions = config.durability.applyTo(MutateInOptions.mutateInOptions());
    for (String key : new String[] {keys[0], keys[keys.length - 1]}) {
      try {
        collection.get(key, getOptions).join();
      } catch (CompletionException e) {
        throw new IllegalStateException("no document " + key + " in " + config.keyspace()
            + ": load " + settings.records() + " records of workload A first", e.getCause());
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Settings settings = Settings.parse("BareCouchbaseLoop", "hosts bucket password connectTimeoutMs", args, 4);
    Properties p = new Properties();
    p.setProperty("couchbase.hosts", args[0]);
    p.setProperty("couchbase.bucket", args[1]);
    p.setProperty("couchbase.password", args[2]);
    p.setProperty("couchbase.connectTimeout", args[3]);
    CouchbaseConfig config = new CouchbaseConfig(p);
    if (!config.json || config.durability.waits()) {
      throw new IllegalStateException("the loop sends what the binding sends for JSON records without durability");
    }
    Cluster cluster = open(config, args[2]);
    try {
      Bucket bucket = cluster.bucket(config.bucket);
      bucket.waitUntilReady(config.connectTimeout, WaitUntilReadyOptions.waitUntilReadyOptions()
          .serviceTypes(ServiceType.KV));
      AsyncCollection collection = bucket.scope(config.scope).collection(config.collection).async();
      new BareCouchbaseLoop(settings, collection, config).run();
    } finally {
      cluster.disconnect();
    }
  }

  /** As {@code CouchbaseCluster.open} connects with the binding's settings. */
  private static Cluster open(CouchbaseConfig config, String password) {
    RetryStrategy retries = LostNodesFailFast.INSTANCE;
    return Cluster.connect(config.connectionString, ClusterOptions.clusterOptions(config.user, password)
        .environment(env -> env
            .timeoutConfig(t -> t.kvTimeout(config.opTimeout).kvDurableTimeout(config.opTimeout)
                .connectTimeout(config.connectTimeout))
            .retryStrategy(retries)
            .disableAppTelemetry(true)
            .transactionsConfig(tx -> tx.cleanupConfig(c -> c.cleanupLostAttempts(false)
                .cleanupClientAttempts(false)))));
  }

  private static Throwable unwrap(Throwable t) {
    return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
  }

  @Override
  protected void send(ThreadLocalRandom random) {
    String key = keys[random.nextInt(keys.length)];
    if (random.nextBoolean()) {
      collection.get(key, getOptions).whenComplete(readDone);
    } else {
      // the binding passes the value as a String, which the SDK encodes as a JSON string
      String value = new String(value(random), StandardCharsets.US_ASCII);
      collection.mutateIn(key, List.of(MutateInSpec.upsert(fields[random.nextInt(FIELDS)], value)), mutateInOptions)
          .whenComplete(updateDone);
    }
  }
}
