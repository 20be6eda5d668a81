package site.ycsb.props;

import static site.ycsb.props.PropertyDef.bool;
import static site.ycsb.props.PropertyDef.choice;
import static site.ycsb.props.PropertyDef.decimal;
import static site.ycsb.props.PropertyDef.integer;
import static site.ycsb.props.PropertyDef.longValue;
import static site.ycsb.props.PropertyDef.string;

import java.util.List;

/**
 * Every property the engine reads: the workload, the runner, measurement and output. The one
 * place a core property's name, default and meaning are declared.
 */
public final class CoreProperties implements PropertyCatalog {
  private static final long MAX = Long.MAX_VALUE;
  private static final double DMAX = Double.MAX_VALUE;
  /**
   * The longest span a time property may give: ten years. Spans are turned into nanoseconds and
   * added to the clock, and longer ones would overflow a long.
   */
  private static final double MAX_SECONDS = 315_360_000.0;
  private static final long MAX_MILLIS = 315_360_000_000L;

  // --- the client ---
  public static final PropertyDef DB = string("db", "site.ycsb.BasicDB",
      "Binding class, or a binding's short name (README.md's bindings table; ycsb --help lists those on the"
          + " class path)");
  public static final PropertyDef WORKLOAD = string("workload", "site.ycsb.workloads.CoreWorkload",
      "Workload class");
  public static final PropertyDef DO_TRANSACTIONS = bool("dotransactions", true,
      "Phase: true runs the transactions (run), false the load; set by the command word, -load and -t, and"
          + " -p dotransactions=... after them wins, as with upstream's Client");
  public static final PropertyDef THREADS = integer("threadcount", 1, 1, 100_000,
      "Sessions (-threads): worker threads, each with its own binding instance, or, with threadmode=auto on"
          + " a binding that serves them, operations in flight on a few worker threads");
  public static final PropertyDef INFLIGHT = integer("inflight", 0, 0, 1_000_000,
      "Operations each worker keeps in flight through the binding's asynchronous side (-inflight); "
      + "0 = the blocking path, one operation per thread");
  public static final PropertyDef THREAD_MODE = choice("threadmode", "auto",
      "How -threads N runs when inflight is not set: auto runs the N sessions as N operations in flight on"
          + " a few worker threads when the binding's asynchronous side serves them (AsyncDB.servesSessions:"
          + " Redis, Cassandra, Couchbase, HBase) and the workload plans its operations without"
          + " transactions, N >= 2;"
          + " threads runs a blocking thread per session, as upstream does",
      "auto", "threads");
  public static final PropertyDef TARGET = decimal("target", 0.0, 0, Rates.HIGHEST,
      "Operations per second for the whole process, at least " + Rates.LOWEST + " and at most 10000000;"
          + " 0 = as fast as possible (-target)");
  public static final PropertyDef STATUS = bool("status", false, "Print a status line to stderr while running (-s)");
  public static final PropertyDef LABEL = string("label", "", "Label printed at the start of each status line (-l)");

  // --- records and keys ---
  public static final PropertyDef TABLE = string("table", "usertable", "Table (or collection, bucket) name");
  public static final PropertyDef RECORD_COUNT = longValue("recordcount", 0L, 0, MAX,
      "Records in the data set: loaded by the load phase, the key range of the run phase");
  public static final PropertyDef OPERATION_COUNT = longValue("operationcount", 0L, 0, MAX,
      "Operations of the run phase (measured, warm-up not included); 0 = no limit (use maxexecutiontime)");
  public static final PropertyDef INSERT_START = longValue("insertstart", 0L, 0, MAX,
      "First key number this client inserts in the load phase");
  public static final PropertyDef INSERT_COUNT = longValue("insertcount", null, 0, MAX,
      "Records this client inserts in the load phase (default: recordcount - insertstart)");
  public static final PropertyDef FIELD_COUNT = integer("fieldcount", 10, 1, Integer.MAX_VALUE, "Fields per record");
  public static final PropertyDef FIELD_NAME_PREFIX = string("fieldnameprefix", "field",
      "Prefix of field names (fields are prefix0, prefix1, ...)");
  public static final PropertyDef FIELD_LENGTH = integer("fieldlength", 100, 1, Integer.MAX_VALUE,
      "Bytes per field value (maximum for uniform and zipfian lengths)");
  public static final PropertyDef MIN_FIELD_LENGTH = integer("minfieldlength", 1, 1, Integer.MAX_VALUE,
      "Smallest field length for uniform and zipfian lengths");
  public static final PropertyDef FIELD_LENGTH_DISTRIBUTION = choice("fieldlengthdistribution", "constant",
      "How field lengths vary", "constant", "uniform", "zipfian", "histogram");
  public static final PropertyDef FIELD_LENGTH_HISTOGRAM = string("fieldlengthhistogram", "hist.txt",
      "File of field lengths for fieldlengthdistribution=histogram (lines: length<TAB>count)");
  public static final PropertyDef INSERT_ORDER = choice("insertorder", "hashed",
      "hashed: keys are user + FNV-64 hash of the key number; ordered: user + the number", "hashed", "ordered");
  public static final PropertyDef ZERO_PADDING = integer("zeropadding", 1, 1, 64,
      "Pad the number in keys with zeros to this many digits");

  // --- the operation mix ---
  public static final PropertyDef READ_PROPORTION = decimal("readproportion", 0.95, 0, 1, "Share of reads");
  public static final PropertyDef UPDATE_PROPORTION = decimal("updateproportion", 0.05, 0, 1, "Share of updates");
  public static final PropertyDef INSERT_PROPORTION = decimal("insertproportion", 0.0, 0, 1, "Share of inserts");
  public static final PropertyDef SCAN_PROPORTION = decimal("scanproportion", 0.0, 0, 1, "Share of scans");
  public static final PropertyDef RMW_PROPORTION = decimal("readmodifywriteproportion", 0.0, 0, 1,
      "Share of read-modify-writes (a read then an update of the same record)");
  public static final PropertyDef DELETE_PROPORTION = decimal("deleteproportion", 0.0, 0, 1, "Share of deletes");
  public static final PropertyDef READ_ALL_FIELDS = bool("readallfields", true,
      "Reads fetch every field (true) or one random field (false)");
  public static final PropertyDef READ_ALL_FIELDS_BY_NAME = bool("readallfieldsbyname", false,
      "With readallfields=true, name every field in the read instead of asking for all");
  public static final PropertyDef WRITE_ALL_FIELDS = bool("writeallfields", false,
      "Updates write every field (true) or one random field (false)");
  public static final PropertyDef DATA_INTEGRITY = bool("dataintegrity", false,
      "Write values derived from key and field and check them on read (needs constant field lengths)");
  public static final PropertyDef DURABILITY = bool("durability", false,
      "Stamp every write with a version (client, sequence, time; the first 34 bytes of each value written), count"
          + " reads that return an older version than one acknowledged before they started (STALE-READ), and after"
          + " a run read every key written once to count acknowledged writes that are lost ([DURABILITY])");
  public static final PropertyDef DURABILITY_VERIFY = bool("durability.verify", true,
      "durability=true: read every key this client wrote after the measured window (the verification pass)");
  public static final PropertyDef DURABILITY_CLOCK_TOLERANCE = decimal("durability.clocktolerance", 1000.0, 0,
      MAX_MILLIS, "durability=true: how far (ms) another client's clock may lag this one's: its write made up to this"
          + " long before one of ours counts as the newer");

  // --- key choice ---
  public static final PropertyDef REQUEST_DISTRIBUTION = choice("requestdistribution", "uniform",
      "How run-phase operations choose keys", "uniform", "zipfian", "latest", "hotspot", "sequential", "exponential");
  public static final PropertyDef ZIPFIAN_CONSTANT = decimal("zipfianconstant", 0.99, 0.000001, 100,
      "Skew of the zipfian and latest distributions (not 1)");
  public static final PropertyDef HOTSPOT_DATA_FRACTION = decimal("hotspotdatafraction", 0.2, 0, 1,
      "Hotspot: share of the key range that is hot");
  public static final PropertyDef HOTSPOT_OPN_FRACTION = decimal("hotspotopnfraction", 0.8, 0, 1,
      "Hotspot: share of operations that go to the hot keys");
  public static final PropertyDef EXPONENTIAL_PERCENTILE = decimal("exponential.percentile", 95.0, 0.000001, 99.999999,
      "Exponential: this percentage of operations go to the newest exponential.frac of the records");
  public static final PropertyDef EXPONENTIAL_FRAC = decimal("exponential.frac", 0.8571428571, 0.000001, 1,
      "Exponential: share of the records that receives exponential.percentile of the operations");
  public static final PropertyDef MIN_SCAN_LENGTH = integer("minscanlength", 1, 1, Integer.MAX_VALUE,
      "Fewest records a scan asks for");
  public static final PropertyDef MAX_SCAN_LENGTH = integer("maxscanlength", 1000, 1, Integer.MAX_VALUE,
      "Most records a scan asks for");
  public static final PropertyDef SCAN_LENGTH_DISTRIBUTION = choice("scanlengthdistribution", "uniform",
      "How scan lengths vary", "uniform", "zipfian");
  public static final PropertyDef INSERTION_RETRY_LIMIT = integer("core_workload_insertion_retry_limit", 0, 0,
      Integer.MAX_VALUE, "Load phase: times the workload retries a failed insert");
  public static final PropertyDef INSERTION_RETRY_INTERVAL = integer("core_workload_insertion_retry_interval", 3, 0,
      Integer.MAX_VALUE, "Load phase: seconds between those retries");

  // --- run phase semantics ---
  public static final PropertyDef MAX_EXECUTION_TIME = decimal("maxexecutiontime", 0.0, 0, MAX_SECONDS,
      "Length of the measured window in seconds (decimals allowed); 0 = until operationcount is done");
  public static final PropertyDef WARMUP_EXECUTION_TIME = longValue("warmupexecutiontime", 0L, 0, MAX_MILLIS,
      "Warm-up in milliseconds at the start of the phase, on the same workers; not in the results");
  public static final PropertyDef WARMUP_OPERATION_COUNT = longValue("warmupoperationcount", 0L, 0, MAX,
      "Warm-up operations at the start of the phase; not in the results");
  public static final PropertyDef START_TIME = string("starttime", null,
      "Start at this wall-clock instant (epoch milliseconds or ISO-8601 date-time), so several processes start together");
  public static final PropertyDef START_BARRIER = string("startbarrier", null,
      "Start together with the other clientcount clients once every one is connected: stdio (a ready line on"
          + " stderr, the start instant read from stdin, as fanout does) or HOST:PORT of the coordinator, which client 0"
          + " serves on that port (as the Kubernetes Job does)");
  public static final PropertyDef START_BARRIER_TIMEOUT = decimal("startbarrier.timeout", 300.0, 1, 86_400,
      "Seconds to wait for every client to be ready, at most a day (a client not ready by then is not coming);"
          + " then the clients not ready are named and the start is called off");
  public static final PropertyDef START_BARRIER_MARGIN = longValue("startbarrier.margin", 1000L, 0, 60_000,
      "Coordinator: milliseconds between the moment the last client is ready and the common start, so the start"
          + " instant reaches every client before it passes; at most a minute, since every client waits that long"
          + " with its connections open");
  public static final PropertyDef START_BARRIER_SKIP_UNREADY = bool("startbarrier.skipunready", false,
      "Coordinator: when some clients are not ready in time, start the ready ones without them instead of none");
  public static final PropertyDef THREAD_STOP_TIMEOUT = decimal("threadstoptimeout", 30.0, 0, MAX_SECONDS,
      "Seconds to wait after the end for a worker stuck in a database call (or an operation still in flight)"
          + " before abandoning it; also bounds closing the bindings' shared connections");
  public static final PropertyDef TARGET_PROFILE = string("target.profile", "",
      "The target as a function of time, instead of target: constant:RATE, stages:10s:1000,30s:1000,10s:0"
          + " (linear ramps from 0; 0s jumps), steps:10s:1000,10s:2000, sine:mean=1000,amplitude=500,period=20s,"
          + " spike:base=1000,multiple=5,duration=2s,every=10s; the last stage or step holds. The warm-up and the"
          + " measured window each start it from its beginning");
  public static final PropertyDef TARGET_ARRIVALS = choice("target.arrivals", "uniform",
      "Spacing of the throttle's slots: uniform (even, at the rate of the moment) or poisson (exponential gaps"
          + " at the rate of the moment, drawn from target.seed; throttlemode=open only)",
      "uniform", "poisson");
  public static final PropertyDef TARGET_SEED = longValue("target.seed", 1L, Long.MIN_VALUE, MAX,
      "Seed of the Poisson arrivals: the same seed gives the same intended starts");
  public static final PropertyDef THROTTLE_MODE = choice("throttlemode", "open",
      "open: after a stall the backlog is sent at once; windowed: no window of throttle.window holds more starts"
          + " than the target's share plus throttle.allowance percent of it and one per thread, a slot may start up"
          + " to throttle.tolerance late (a later one is given up), and a schedule a whole window behind (a stall) gives up every slot due, never"
          + " catching up",
      "open", "windowed");
  public static final PropertyDef THROTTLE_WINDOW_MS = decimal("throttle.window", 100.0, 1, MAX_MILLIS,
      "throttlemode=windowed: the window (ms) that never holds more starts than the target's share plus"
          + " throttle.allowance percent of it and one per thread");
  public static final PropertyDef THROTTLE_WINDOW = decimal("throttlewindow", 100.0, 1, MAX_MILLIS,
      "The older name of throttle.window, read the same way (setting both to different values is refused)");
  public static final PropertyDef THROTTLE_TOLERANCE = decimal("throttle.tolerance", 50.0, 0, MAX_MILLIS,
      "throttlemode=windowed: how late (ms) a slot may still start (a worker that woke late, a short pause),"
          + " within its window's share; a slot no worker took by then is given up, and one not taken for"
          + " throttle.window (and this tolerance) means a stall: every slot due is given up");
  public static final PropertyDef THROTTLE_ALLOWANCE = decimal("throttle.allowance", 10.0, 0, 100,
      "throttlemode=windowed: how many starts (percent of its share) a window may hold beyond the target's share,"
          + " on top of one per thread. Starts never come before their slots, so this is how fast a schedule that"
          + " fell behind by less than throttle.tolerance (workers held off a busy machine's cores) catches up"
          + " instead of giving slots up; 0 allows only one per thread");
  public static final PropertyDef READ_RETRY_COUNT = integer("readretrycount", 0, 0, Integer.MAX_VALUE,
      "Retries of a failed read (counted once, latency includes the retries)");
  public static final PropertyDef UPDATE_RETRY_COUNT = integer("updateretrycount", 0, 0, Integer.MAX_VALUE,
      "Retries of a failed update");
  public static final PropertyDef INSERT_RETRY_COUNT = integer("insertretrycount", 0, 0, Integer.MAX_VALUE,
      "Retries of a failed insert");
  public static final PropertyDef SCAN_RETRY_COUNT = integer("scanretrycount", 0, 0, Integer.MAX_VALUE,
      "Retries of a failed scan");
  public static final PropertyDef DELETE_RETRY_COUNT = integer("deleteretrycount", 0, 0, Integer.MAX_VALUE,
      "Retries of a failed delete");
  public static final PropertyDef RETRY_DELAY = longValue("retrydelay", 0L, 0, MAX_MILLIS, "Milliseconds between retries");
  public static final PropertyDef IGNORE_INSERT_ERRORS = bool("ignoreinserterrors", false,
      "Load phase: go on after an insert that failed (after its retries) instead of stopping that worker");
  public static final PropertyDef METRICS_PORT = integer("metrics.port", 0, 0, 65535,
      "Serve live metrics for Prometheus on this port during the phase, at /metrics (0: off); docs/monitoring.md");
  public static final PropertyDef METRICS_HOST = string("metrics.host", "0.0.0.0",
      "Address the live metrics endpoint listens on (metrics.port); 0.0.0.0: every interface");
  public static final PropertyDef METRICS_LINGER = decimal("metrics.linger", 15.0, 0, 3600,
      "Seconds the live metrics endpoint waits after the phase for a scrape that sees its end (set it above"
          + " the scrape interval); it closes as soon as one came");
  public static final PropertyDef SEED = longValue("seed", null, Long.MIN_VALUE, MAX,
      "Seed of the phase's operations: each one's kind, key, fields, value lengths and bytes and scan length are a"
          + " function of the seed and the operation's number, on both paths, whatever threadcount, inflight or"
          + " clientcount (client i numbers its operations from i x 2^40); unset: a fresh seed, printed as"
          + " [CLIENT], Seed, n (and in properties.txt) so the run can be repeated. See Reproducible runs below");
  public static final PropertyDef CAPTURE = bool("capture", false,
      "Write every operation of the phase (intended start, start, latency, operation, key, fields, bytes, the"
          + " values' checksum, status) to one gzip-compressed file per worker, capture/worker-N.csv.gz in resultsdir"
          + " (or capture.dir); the format is in docs/results.md");
  public static final PropertyDef CAPTURE_DIR = string("capture.dir", null,
      "capture=true: the folder of the capture files, instead of resultsdir's capture/ (made if missing; refused"
          + " when it already holds a capture)");
  public static final PropertyDef CLIENT_ID = integer("clientid", 0, 0, Integer.MAX_VALUE,
      "This client process's number (0-based) among clientcount processes");
  public static final PropertyDef CLIENT_COUNT = integer("clientcount", 1, 1, Integer.MAX_VALUE,
      "Client processes sharing the load and the run-phase key space");
  public static final PropertyDef CLIENT_KEY_SPACE = longValue("clientkeyspace", 100_000_000_000L, 1, MAX,
      "Keys per section: run-phase inserts of client i use section i+1; section 0 holds the loaded records");

  // --- measurement and output ---
  public static final PropertyDef MEASUREMENT_TYPE = choice("measurementtype", "hdrhistogram",
      "Every type records into HdrHistogram and prints the standard lines; histogram with"
          + " measurement.histogram.verbose=true also prints [OP], <ms>, <count> per 1-ms bucket, timeseries"
          + " [OP], <ms>, <average us> per timeseries.granularity, raw every call (to measurement.raw.output_file,"
          + " or to stdout before the summary) and upstream's raw summary lines per section",
      "hdrhistogram", "histogram", "timeseries", "raw", "hdrhistogram+histogram", "hdrhistogram+raw");
  public static final PropertyDef HISTOGRAM_VERBOSE = bool("measurement.histogram.verbose", false,
      "measurementtype=histogram: print the 1-ms bucket lines [OP], <i>, <count> and [OP], ><buckets>, <count>");
  public static final PropertyDef HISTOGRAM_BUCKETS = integer("histogram.buckets", 1000, 1, 1_000_000,
      "measurementtype=histogram with measurement.histogram.verbose=true: 1-ms buckets printed per operation;"
          + " slower calls are counted in [OP], >N");
  public static final PropertyDef RAW_OUTPUT_FILE = string("measurement.raw.output_file", null,
      "measurementtype=raw: file receiving one line per call, <SECTION>,<end epoch ms>,<latency us>, after a"
          + " header line, written every interval; unset: the calls go to stdout before the summary, grouped by"
          + " section as upstream prints them");
  public static final PropertyDef RAW_NO_SUMMARY = bool("measurement.raw.no_summary", false,
      "measurementtype=raw: leave out the raw summary statistics (Average, Min, Max, p1 ... p99.99) and keep"
          + " Total Operations");
  public static final PropertyDef HDR_FILE_OUTPUT = bool("hdrhistogram.fileoutput", false,
      "Also write an HdrHistogram interval log per section to <hdrhistogram.output.path><SECTION>.hdr"
          + " (values in microseconds, one histogram per sampling interval)");
  public static final PropertyDef HDR_OUTPUT_PATH = string("hdrhistogram.output.path", "",
      "Prefix of the hdrhistogram.fileoutput files, e.g. /tmp/run1- gives /tmp/run1-READ.hdr");
  public static final PropertyDef REPORT_LATENCY_FOR_EACH_ERROR = bool("reportlatencyforeacherror", false,
      "Also report failed calls per return code in sections such as [READ-NOT_FOUND] ([READ-FAILED] keeps them all)");
  public static final PropertyDef LATENCY_TRACKED_ERRORS = string("latencytrackederrors", "",
      "Comma-separated return codes (e.g. NOT_FOUND,TIMEOUT) whose failed calls also get a section [OP-<CODE>]");
  public static final PropertyDef TRACK_JVM = bool("measurement.trackjvm", false,
      "Upstream's switch for the JVM lines (MAX_MEM_USED, MAX_THREADS, ...): when set it decides them as measure.jvm does"
          + " (which prints them by default)");
  public static final PropertyDef LATENCY_DECIMALS = bool("latencydecimals", false,
      "Print MinLatency, MaxLatency and percentiles in microseconds with three decimals (nanosecond resolution)"
          + " instead of whole microseconds; summary.json sections keep nanoseconds either way");
  public static final PropertyDef MEASUREMENT_INTERVAL = choice("measurement.interval", "both",
      "Latency measured from the actual start (op), from the intended start (intended), or both",
      "op", "intended", "both");
  public static final PropertyDef PERCENTILES = string("hdrhistogram.percentiles", "50,90,95,99,99.9,99.99",
      "Percentiles reported per operation");
  public static final PropertyDef TIMESERIES_GRANULARITY = longValue("timeseries.granularity", 1000L, 1, MAX_MILLIS,
      "Milliseconds per time-series interval");
  public static final PropertyDef STATUS_INTERVAL = decimal("status.interval", 10.0, 0.001, MAX_SECONDS,
      "Seconds between status lines (with -s)");
  public static final PropertyDef EXPORTER = string("exporter", "site.ycsb.measurements.exporter.TextMeasurementsExporter",
      "Summary format: text, json, jsonarray, or an exporter class name");
  public static final PropertyDef EXPORT_FILE = string("exportfile", null, "Write the summary to this file instead of stdout");
  public static final PropertyDef RESULTS_DIR = string("resultsdir", null,
      "Folder for this phase's results: summary (text, JSON), time series CSV, HdrHistogram logs, properties");
  public static final PropertyDef EXPORT_INTERVAL = longValue("exportmeasurementsinterval", 10_000L, 100, MAX_MILLIS,
      "Milliseconds between rewrites of the summary so far in resultsdir (crash safety)");

  // --- service-level objectives ---
  public static final PropertyDef SLO = string("slo", null,
      "Thresholds the run must meet, comma-separated, e.g. READ.p99<5ms, Intended-ALL.p99.9<20ms, failures<0.1%,"
          + " throughput>=5000, UPDATE.p99<10ms in 95% (of the timeseries.granularity intervals); a broken one ends"
          + " the phase with exit code 3 (docs/results.md)");
  public static final PropertyDef SLO_ABORT = bool("slo.abort", false,
      "End the run early once a threshold of slo is broken on the figures so far, after slo.grace seconds");
  public static final PropertyDef SLO_GRACE = decimal("slo.grace", 10.0, 0, MAX_SECONDS,
      "Seconds of the measured window before slo.abort may end the run");
  public static final PropertyDef JVM_STATS = bool("measure.jvm", true, "Report JVM and client resource figures");

  private static final List<PropertyDef> ALL = List.of(
      DB, WORKLOAD, DO_TRANSACTIONS, THREADS, INFLIGHT, THREAD_MODE, TARGET, STATUS, LABEL,
      TABLE, RECORD_COUNT, OPERATION_COUNT, INSERT_START, INSERT_COUNT, FIELD_COUNT, FIELD_NAME_PREFIX,
      FIELD_LENGTH, MIN_FIELD_LENGTH, FIELD_LENGTH_DISTRIBUTION, FIELD_LENGTH_HISTOGRAM, INSERT_ORDER, ZERO_PADDING,
      READ_PROPORTION, UPDATE_PROPORTION, INSERT_PROPORTION, SCAN_PROPORTION, RMW_PROPORTION, DELETE_PROPORTION,
      READ_ALL_FIELDS, READ_ALL_FIELDS_BY_NAME, WRITE_ALL_FIELDS, DATA_INTEGRITY,
      DURABILITY, DURABILITY_VERIFY, DURABILITY_CLOCK_TOLERANCE,
      REQUEST_DISTRIBUTION, ZIPFIAN_CONSTANT, HOTSPOT_DATA_FRACTION, HOTSPOT_OPN_FRACTION,
      EXPONENTIAL_PERCENTILE, EXPONENTIAL_FRAC, MIN_SCAN_LENGTH, MAX_SCAN_LENGTH, SCAN_LENGTH_DISTRIBUTION,
      INSERTION_RETRY_LIMIT, INSERTION_RETRY_INTERVAL,
      MAX_EXECUTION_TIME, WARMUP_EXECUTION_TIME, WARMUP_OPERATION_COUNT, START_TIME, START_BARRIER, START_BARRIER_TIMEOUT,
      START_BARRIER_MARGIN, START_BARRIER_SKIP_UNREADY, THREAD_STOP_TIMEOUT,
      TARGET_PROFILE, TARGET_ARRIVALS, TARGET_SEED, THROTTLE_MODE, THROTTLE_WINDOW_MS, THROTTLE_WINDOW,
      THROTTLE_TOLERANCE, THROTTLE_ALLOWANCE, READ_RETRY_COUNT, UPDATE_RETRY_COUNT, INSERT_RETRY_COUNT, SCAN_RETRY_COUNT,
      DELETE_RETRY_COUNT, RETRY_DELAY, IGNORE_INSERT_ERRORS, METRICS_PORT, METRICS_HOST, METRICS_LINGER,
      SEED, CAPTURE, CAPTURE_DIR, CLIENT_ID, CLIENT_COUNT, CLIENT_KEY_SPACE,
      MEASUREMENT_TYPE, HISTOGRAM_VERBOSE, HISTOGRAM_BUCKETS, RAW_OUTPUT_FILE, RAW_NO_SUMMARY,
      HDR_FILE_OUTPUT, HDR_OUTPUT_PATH,
      REPORT_LATENCY_FOR_EACH_ERROR, LATENCY_TRACKED_ERRORS, TRACK_JVM, LATENCY_DECIMALS,
      MEASUREMENT_INTERVAL, PERCENTILES, TIMESERIES_GRANULARITY, STATUS_INTERVAL,
      EXPORTER, EXPORT_FILE, RESULTS_DIR, EXPORT_INTERVAL, SLO, SLO_ABORT, SLO_GRACE, JVM_STATS);

  @Override
  public String module() {
    return "core";
  }

  @Override
  public String notes() {
    return ReproducibleRuns.TEXT;
  }

  @Override
  public List<PropertyDef> properties() {
    return ALL;
  }
}
