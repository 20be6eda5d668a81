package site.ycsb.workloads;

import static site.ycsb.props.PropertyDef.choice;
import static site.ycsb.props.PropertyDef.decimal;
import static site.ycsb.props.PropertyDef.integer;
import static site.ycsb.props.PropertyDef.string;

import java.util.List;
import java.util.Properties;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;
import site.ycsb.trace.Traces;

/** The properties of {@link ReplayWorkload}, which replays a trace with its timing. */
public final class ReplayProperties implements PropertyCatalog {
  public static final PropertyDef FILE = string("replay.file", "",
      "Replay workload: the trace to replay (a .gz file is read through gzip)");
  public static final PropertyDef FORMAT = choice("replay.format", Traces.CAPTURE,
      "Replay workload: the trace's format: this client's capture, Twitter's cache-trace CSV, or Redis MONITOR"
          + " output", Traces.CAPTURE, Traces.TWITTER, Traces.MONITOR);
  public static final PropertyDef SPEED = decimal("replay.speed", 1.0, 0, 1_000_000,
      "Replay workload: how many times faster than the trace its operations are due (2: in half the time);"
          + " 0 sends them as fast as the workers can, without the trace's timing");
  public static final PropertyDef SCAN_LENGTH = integer("replay.scanlength", 10, 1, Integer.MAX_VALUE,
      "Replay workload: records a traced scan reads (traces do not record it)");

  /** The slowest replay: a thousand times slower than the trace. */
  static final double SLOWEST = 0.001;

  @Override
  public String module() {
    return "replay";
  }

  @Override
  public List<PropertyDef> properties() {
    return List.of(FILE, FORMAT, SPEED, SCAN_LENGTH);
  }

  /** @return whether the properties replay a trace at its own timing (so latency is also measured from it) */
  public static boolean timed(Properties p) {
    return !FILE.get(p).isBlank() && SPEED.getDouble(p) > 0;
  }
}
