package site.ycsb.db.couchbase;

import com.couchbase.client.core.error.DocumentNotFoundException;
import com.couchbase.client.java.AsyncCollection;
import com.couchbase.client.java.kv.GetOptions;
import com.couchbase.client.java.kv.GetResult;
import com.couchbase.client.java.kv.InsertOptions;
import com.couchbase.client.java.kv.LookupInResult;
import com.couchbase.client.java.kv.LookupInSpec;
import com.couchbase.client.java.kv.MutateInOptions;
import com.couchbase.client.java.kv.MutateInSpec;
import com.couchbase.client.java.kv.MutationResult;
import com.couchbase.client.java.kv.RemoveOptions;
import com.couchbase.client.java.kv.ReplaceOptions;
import com.couchbase.client.java.kv.UpsertOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import site.ycsb.AsyncCall;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.RecordOperations;
import site.ycsb.Status;

/**
 * The operations of one worker, each one request (or a few) on the SDK's asynchronous
 * collection, completing with a {@link Status} and never exceptionally. The binding's blocking
 * side waits for them, its asynchronous side returns them: both sides send the same requests
 * and give the same statuses for the same outcomes. The table is the configured collection's.
 *
 * <ul>
 *   <li>read: {@code get} of the whole document, or a sub-document {@code lookupIn} of the
 *       requested fields (JSON records);
 *   <li>insert: {@code insert} ({@code upsert} with {@code couchbase.upsert=true});
 *   <li>update: a sub-document {@code mutateIn} that sets the given fields (JSON records), or a
 *       {@code replace} of the whole record (raw records; a partial update reads the record first
 *       and replaces it only if unchanged since, by CAS);
 *   <li>delete: {@code remove};
 *   <li>scan: keys through the query service ({@link QueryScans}), then one {@code get} per key.
 * </ul>
 * Writes wait for {@code couchbase.persistTo}/{@code replicateTo} or {@code couchbase.durability}.
 */
public final class CouchbaseOperations implements RecordOperations<CompletionStage<Status>> {
  /** The most paths one sub-document request may carry. */
  private static final int MAX_PATHS = 16;

  private final BindingContext context;
  private final CouchbaseConfig config;
  private final CouchbaseCluster cluster;
  private final AsyncCollection collection;
  private final QueryScans scans;
  private final RecordFormat format;
  /** Null unless {@code couchbase.checkOperationStatus=false}. */
  private final UncheckedWrites unchecked;
  // options are built once: the SDK reads them when a request is made and never changes them
  private final GetOptions getOptions;
  private final InsertOptions insertOptions;
  private final UpsertOptions upsertOptions;
  private final ReplaceOptions replaceOptions;
  private final MutateInOptions mutateInOptions;
  private final RemoveOptions removeOptions;

  /**
   * @param cluster the process's shared connection
   * @param config the binding's settings
   * @param context the worker's binding context, where failures are reported
   */
  public CouchbaseOperations(CouchbaseCluster cluster, CouchbaseConfig config, BindingContext context) {
    this.context = context;
    this.config = config;
    this.cluster = cluster;
    this.collection = cluster.collection();
    this.scans = cluster.scans();
    this.format = config.json ? JsonRecords.INSTANCE : RawRecords.INSTANCE;
    this.unchecked = config.checkOperationStatus ? null : new UncheckedWrites();
    GetOptions get = GetOptions.getOptions();
    InsertOptions insert = config.durability.applyTo(InsertOptions.insertOptions());
    UpsertOptions upsert = config.durability.applyTo(UpsertOptions.upsertOptions());
    ReplaceOptions replace = config.durability.applyTo(ReplaceOptions.replaceOptions());
    if (format.transcoder() != null) {
      get.transcoder(format.transcoder());
      insert.transcoder(format.transcoder());
      upsert.transcoder(format.transcoder());
      replace.transcoder(format.transcoder());
    }
    getOptions = get;
    insertOptions = insert;
    upsertOptions = upsert;
    replaceOptions = replace;
    mutateInOptions = config.durability.applyTo(MutateInOptions.mutateInOptions());
    removeOptions = config.durability.applyTo(RemoveOptions.removeOptions());
  }

  @Override
  public CompletableFuture<Status> read(String table, String key, Set<String> fields,
                                        Map<String, ByteIterator> result) {
    try {
      if (fields != null && format.hasPaths() && fields.size() <= MAX_PATHS) {
        List<String> names = new ArrayList<>(fields);
        List<LookupInSpec> specs = new ArrayList<>(names.size());
        for (String name : names) {
          specs.add(LookupInSpec.get(name));
        }
        return collection.lookupIn(key, specs).handle((r, e) -> e != null ? fail("read", e)
            : copyPaths(r, names, result));
      }
      return new ReadFields(fields, result).on(collection.get(key, getOptions));
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(fail("read", e));
    }
  }

  private Status copyPaths(LookupInResult r, List<String> names, Map<String, ByteIterator> result) {
    try {
      for (int i = 0; i < names.size(); i++) {
        if (r.exists(i)) {
          result.put(names.get(i), JsonRecords.text(r.contentAs(i, Object.class)));
        }
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return fail("read", e);
    }
  }

  @Override
  public CompletableFuture<Status> insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      Object doc = format.document(values);
      return written("insert", config.upsert ? collection.upsert(key, doc, upsertOptions)
          : collection.insert(key, doc, insertOptions));
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(fail("insert", e));
    }
  }

  @Override
  public CompletableFuture<Status> update(String table, String key, Map<String, ByteIterator> values) {
    try {
      if (format.hasPaths()) {
        return written("update", setPaths(key, values));
      }
      if (values.size() >= config.fieldCount) {
        return written("update", collection.replace(key, format.document(values), replaceOptions));
      }
      return written("update", rewrite(key, values));
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(fail("update", e));
    }
  }

  /** Sets the fields in place, in requests of at most {@link #MAX_PATHS} fields each. */
  private CompletableFuture<?> setPaths(String key, Map<String, ByteIterator> values) {
    List<List<MutateInSpec>> requests = new ArrayList<>();
    List<MutateInSpec> specs = null;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      if (specs == null || specs.size() == MAX_PATHS) {
        specs = new ArrayList<>(Math.min(MAX_PATHS, values.size()));
        requests.add(specs);
      }
      specs.add(MutateInSpec.upsert(e.getKey(), e.getValue().toString()));
    }
    CompletableFuture<?> sent = collection.mutateIn(key, requests.get(0), mutateInOptions);
    for (int i = 1; i < requests.size(); i++) {
      List<MutateInSpec> next = requests.get(i);
      sent = sent.thenCompose(r -> collection.mutateIn(key, next, mutateInOptions));
    }
    return sent;
  }

  /** A partial update of a raw record: read it, change the fields, and write it back unless changed since. */
  private CompletableFuture<MutationResult> rewrite(String key, Map<String, ByteIterator> values) {
    Map<String, ByteIterator> record = new HashMap<>();
    // the values are read now, on the calling thread, while the engine still owns them
    Map<String, ByteIterator> changes = new HashMap<>();
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      changes.put(e.getKey(), new site.ycsb.ByteArrayByteIterator(e.getValue().toArray()));
    }
    return collection.get(key, getOptions).thenCompose(current -> {
      format.fields(current, null, record);
      record.putAll(changes);
      ReplaceOptions ifUnchanged = config.durability.applyTo(ReplaceOptions.replaceOptions())
          .transcoder(format.transcoder()).cas(current.cas());
      return collection.replace(key, format.document(record), ifUnchanged);
    });
  }

  @Override
  public CompletableFuture<Status> delete(String table, String key) {
    try {
      return written("delete", collection.remove(key, removeOptions));
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(fail("delete", e));
    }
  }

  @Override
  public CompletableFuture<Status> scan(String table, String startkey, int recordcount, Set<String> fields,
                                       Vector<HashMap<String, ByteIterator>> result) {
    String unavailable = scans.unavailable();
    if (unavailable != null) {
      context.reportOnce("couchbase scan unavailable", "couchbase: every scan returns NOT_IMPLEMENTED: "
          + unavailable);
      return CompletableFuture.completedFuture(Status.NOT_IMPLEMENTED);
    }
    try {
      return scans.keys(startkey, recordcount).thenCompose(keys -> readAll(keys, fields, result))
          .handle((s, e) -> e != null ? fail("scan", e) : s);
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(fail("scan", e));
    }
  }

  /** Reads the scanned records, all at once, and adds them in key order; one deleted since is left out. */
  private CompletableFuture<Status> readAll(List<String> keys, Set<String> fields,
                                            Vector<HashMap<String, ByteIterator>> result) {
    if (keys.isEmpty()) {
      return CompletableFuture.completedFuture(Status.NOT_FOUND);
    }
    List<CompletableFuture<GetResult>> gets = new ArrayList<>(keys.size());
    for (String key : keys) {
      gets.add(collection.get(key, getOptions).exceptionally(e -> {
        if (CouchbaseFailures.unwrap(e) instanceof DocumentNotFoundException) {
          return null;
        }
        throw e instanceof RuntimeException ? (RuntimeException) e : new IllegalStateException(e);
      }));
    }
    return CompletableFuture.allOf(gets.toArray(new CompletableFuture<?>[0])).thenApply(done -> {
      for (CompletableFuture<GetResult> g : gets) {
        GetResult r = g.join();
        if (r != null) {
          HashMap<String, ByteIterator> row = new HashMap<>();
          format.fields(r, fields, row);
          result.add(row);
        }
      }
      return Status.OK;
    });
  }

  /**
   * @param operation e.g. {@code insert}
   * @param sent the write's request
   * @return its status, or OK at once with {@code couchbase.checkOperationStatus=false}
   */
  private CompletableFuture<Status> written(String operation, CompletableFuture<?> sent) {
    CompletableFuture<Status> outcome = new Written(operation).on(sent);
    return unchecked == null ? outcome : unchecked.track(outcome);
  }

  /**
   * A read of whole documents, decoded on the thread the answer arrives on: the call is the stage
   * the engine follows, so no dependent stage is made per read.
   */
  private final class ReadFields extends AsyncCall<GetResult> {
    private final Set<String> fields;
    private final Map<String, ByteIterator> result;

    ReadFields(Set<String> fields, Map<String, ByteIterator> result) {
      this.fields = fields;
      this.result = result;
    }

    @Override
    protected Status statusOf(GetResult answer) {
      // a document that cannot be decoded fails the read through statusOfFailure, as the SDK's own failures
      format.fields(answer, fields, result);
      return Status.OK;
    }

    @Override
    protected Status statusOfFailure(Throwable cause) {
      return CouchbaseOperations.this.fail("read", cause);
    }
  }

  /** A write: OK once the service acknowledged it (with the durability asked for). */
  private final class Written extends AsyncCall<Object> {
    private final String operation;

    Written(String operation) {
      this.operation = operation;
    }

    @Override
    protected Status statusOf(Object answer) {
      return Status.OK;
    }

    @Override
    protected Status statusOfFailure(Throwable cause) {
      return CouchbaseOperations.this.fail(operation, cause);
    }
  }

  private Status fail(String operation, Throwable e) {
    return CouchbaseFailures.fail(context, operation, e, config);
  }

  /**
   * Waits for an operation's status on the calling thread: the blocking side's wait (on a
   * worker's own loop, the loop runs meanwhile).
   *
   * @return the status
   */
  public Status await(CompletionStage<Status> operation) {
    return cluster.join(operation.toCompletableFuture());
  }

  /** Waits for the answers of writes sent without waiting, at the worker's cleanup. */
  public void finish() {
    if (unchecked != null) {
      unchecked.awaitAnswers(config.opTimeout.plusSeconds(1), context, cluster);
    }
  }
}
