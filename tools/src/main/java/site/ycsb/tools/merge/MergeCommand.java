package site.ycsb.tools.merge;

import static site.ycsb.ExitCodes.OK;
import static site.ycsb.ExitCodes.BAD_INPUT;
import static site.ycsb.ExitCodes.SLO_BROKEN;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import site.ycsb.commandline.CommandLines;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyDef;
import site.ycsb.results.Exporters;
import site.ycsb.results.ResultsFolder;
import site.ycsb.results.ResultsInputException;
import site.ycsb.slo.IntervalTally;
import site.ycsb.slo.Slo;
import site.ycsb.slo.SloLines;
import site.ycsb.slo.Verdict;

/**
 * {@code ycsb merge DIR... -o OUT [--partial] [--granularity MS]}: combines the results folders
 * of several client processes that ran the same phase at the same time into one results folder,
 * exactly (histograms added, not percentiles averaged), and prints the merged summary.
 */
public final class MergeCommand {
  private static final int FAILED = 1;

  private MergeCommand() {
  }

  /**
   * @param args the arguments after {@code merge}
   * @param out where the merged summary is printed
   * @param err where errors and warnings go
   * @return the exit code: 0 merged, 1 the output could not be written, 2 bad arguments or inputs
   */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    return CommandLines.run(new MergeArguments(), args, out, err, a -> merge(a, out, err));
  }

  private static int merge(MergeArguments a, PrintStream out, PrintStream err) {
    List<Path> dirs = a.dirs;
    Path target = a.target;
    boolean partial = a.partial;
    long granularity = a.granularity;
    String sloText = a.slo;
    if (dirs.isEmpty()) {
      return CommandLines.refuse(err, a, "no results folders given");
    }
    try {
      List<ResultsFolder> inputs = readInputs(dirs, target, partial, err);
      if (!a.mixed) {
        sameWorkload(inputs);
      }
      Slo slo = objective(sloText, inputs, err);
      checkOutput(target);
      long g = granularity > 0 ? granularity : granularity(inputs);
      SummaryMerger summary = new SummaryMerger(inputs);
      summary.merge();
      List<Verdict> verdicts = write(target, inputs, summary, g, slo, err);
      Exporters.write(Exporters.create("text", nonClosing(out)), summary.lines());
      if (verdicts != null) {
        SloLines.brokenMessages(verdicts).forEach(err::println);
        if (!Slo.allPassed(verdicts)) {
          return SLO_BROKEN;
        }
      }
      return OK;
    } catch (ResultsInputException e) {
      err.println("ERROR: " + e.getMessage());
      return BAD_INPUT;
    } catch (IOException e) {
      err.println("ERROR: cannot write the merged results to " + target + ": " + e.getMessage());
      return FAILED;
    }
  }

  /** What decides the operations a workload issues: folders that differ in one ran different workloads. */
  private static final List<PropertyDef> WORKLOAD_DEFINING = List.of(CoreProperties.WORKLOAD,
      CoreProperties.READ_PROPORTION, CoreProperties.UPDATE_PROPORTION, CoreProperties.INSERT_PROPORTION,
      CoreProperties.SCAN_PROPORTION, CoreProperties.RMW_PROPORTION, CoreProperties.DELETE_PROPORTION,
      CoreProperties.REQUEST_DISTRIBUTION, CoreProperties.RECORD_COUNT, CoreProperties.FIELD_COUNT,
      CoreProperties.FIELD_LENGTH, CoreProperties.FIELD_LENGTH_DISTRIBUTION, CoreProperties.READ_ALL_FIELDS,
      CoreProperties.WRITE_ALL_FIELDS);

  /**
   * Clients of one benchmark run one workload; the merged summary is labelled with the first
   * folder's. Folders of different workloads are refused unless the user says they meant it.
   */
  private static void sameWorkload(List<ResultsFolder> inputs) throws ResultsInputException {
    ResultsFolder first = inputs.get(0);
    for (ResultsFolder f : inputs) {
      for (PropertyDef property : WORKLOAD_DEFINING) {
        String name = property.name();
        String a = property.given(first.properties());
        String b = property.given(f.properties());
        if (a != null && b != null && !a.trim().equals(b.trim())) {
          throw new ResultsInputException("the folders ran different workloads: " + first.dir() + " has " + name
              + "=" + a.trim() + ", " + f.dir() + " has " + name + "=" + b.trim() + "; expected the clients of one"
              + " workload (give --mixed-workloads to merge clients of different workloads on purpose)");
        }
      }
    }
  }

  /** Reads and checks every input: same phase, complete (unless partial), each folder once. */
  static List<ResultsFolder> readInputs(List<Path> dirs, Path target, boolean partial, PrintStream err)
      throws ResultsInputException {
    List<ResultsFolder> inputs = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    Path realTarget = real(target);
    for (Path d : dirs) {
      Path real = real(d);
      if (!seen.add(real)) {
        throw new ResultsInputException(d + " is given twice: each client's folder must be merged once");
      }
      if (real.equals(realTarget)) {
        throw new ResultsInputException("the output folder " + target + " is also an input");
      }
      // the merged files would become part of that client's folder, and of every later merge of it
      if (realTarget.startsWith(real)) {
        throw new ResultsInputException("the output folder " + target + " is inside the input folder " + d
            + ": expected a folder outside every input");
      }
      ResultsFolder f = ResultsFolder.read(d, partial);
      if (!f.complete()) {
        err.println("WARNING: " + d + " is incomplete (complete: false); merging its figures up to its last export");
      }
      inputs.add(f);
    }
    ResultsFolder first = inputs.get(0);
    Map<String, Path> clientIds = new HashMap<>();
    Set<String> dbs = new LinkedHashSet<>();
    for (ResultsFolder f : inputs) {
      if (!f.phase().equals(first.phase())) {
        throw new ResultsInputException("results of different phases cannot be merged: " + first.dir() + " is "
            + first.phase() + ", " + f.dir() + " is " + f.phase());
      }
      String id = f.summary().path("clientid").asText();
      Path other = clientIds.putIfAbsent(id, f.dir());
      if (other != null && !f.summary().path("clientid").isNull()) {
        err.println("WARNING: " + other + " and " + f.dir() + " both have clientid " + id
            + "; were they really different clients?");
      }
      dbs.add(f.summary().path("db").asText());
      int declared = f.summary().path("clientcount").asInt(0);
      if (declared > 1 && declared != inputs.size() && f == first) {
        err.println("WARNING: the clients ran with clientcount=" + declared + " but " + inputs.size()
            + " folders are merged");
      }
    }
    if (dbs.size() > 1) {
      err.println("WARNING: the folders come from different bindings: " + String.join(", ", dbs));
    }
    return inputs;
  }

  /**
   * @return the folder with links resolved as far as it exists (an output folder usually does not
   *     yet), so that a link into an input is seen for what it is
   */
  private static Path real(Path p) {
    Path absolute = p.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(absolute));
    } catch (IOException e) {
      return absolute;
    }
  }

  private static void checkOutput(Path target) throws ResultsInputException, IOException {
    if (!Files.exists(target)) {
      return;
    }
    if (!Files.isDirectory(target)) {
      throw new ResultsInputException("output " + target + " exists and is not a folder");
    }
    try (Stream<Path> content = Files.list(target)) {
      if (content.findAny().isPresent()) {
        throw new ResultsInputException("output folder " + target + " already holds files; choose a new or empty "
            + "folder");
      }
    }
  }

  private static long granularity(List<ResultsFolder> inputs) {
    long g = 1;
    for (ResultsFolder f : inputs) {
      long v;
      try {
        v = CoreProperties.TIMESERIES_GRANULARITY.getLong(f.properties());
      } catch (RuntimeException e) {
        v = 1000;
      }
      // the coarsest input decides: finer buckets would split its intervals
      g = Math.max(g, v);
    }
    return g;
  }

  /**
   * The objective the merged figures are judged by: the one given with {@code --slo}, else the
   * {@code slo} property every input ran with (the clients each judged only their own share).
   */
  private static Slo objective(String given, List<ResultsFolder> inputs, PrintStream err)
      throws ResultsInputException {
    String text = given;
    if (text == null) {
      text = CoreProperties.SLO.given(inputs.get(0).properties());
      for (ResultsFolder f : inputs) {
        String other = CoreProperties.SLO.given(f.properties());
        if (text != null && !text.equals(other)) {
          err.println("WARNING: the folders ran with different slo properties; the merged results are judged by "
              + inputs.get(0).dir() + "'s: " + text + " (give --slo to choose)");
          break;
        }
      }
    }
    try {
      return Slo.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ResultsInputException((given != null ? "--slo: " : "the slo property of " + inputs.get(0).dir()
          + ": ") + e.getMessage());
    }
  }

  /** @return the verdicts of the objective on the merged figures, or null without an objective */
  private static List<Verdict> write(Path target, List<ResultsFolder> inputs, SummaryMerger summary,
                                     long granularity, Slo slo, PrintStream err)
      throws IOException, ResultsInputException {
    Files.createDirectories(target);
    new TimeSeriesMerger(inputs, granularity, err).merge(target);
    List<Verdict> verdicts = null;
    if (slo != null) {
      IntervalTally tally = slo.newTally(granularity * 1_000_000L);
      if (slo.hasPerInterval()) {
        MergedIntervals.check(target, granularity, tally);
      }
      verdicts = slo.evaluate(summary.result().measured(), summary.result().runtimeNanos(), tally);
      summary.replaceSloLines(SloLines.lines(verdicts, false));
    }
    String common = commonProperties(inputs, granularity);
    if (slo != null) {
      common = common.replaceAll("(?m)^slo=.*\\n", "") + "slo=" + slo.text() + "\n";
    }
    Files.writeString(target.resolve("properties.txt"), common);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    Exporters.write(Exporters.create("text", text), summary.lines());
    Files.write(target.resolve("summary.txt"), text.toByteArray());
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    // summary.json last: its presence marks a finished folder, as for a phase
    Path tmp = target.resolve("summary.json.tmp");
    Files.write(tmp, mapper.writeValueAsBytes(summary.json(mapper)));
    Files.move(tmp, target.resolve("summary.json"));
    return verdicts;
  }

  /**
   * The properties every input ran with (so per-client ones such as clientid drop out), with the
   * merged time series' granularity, so that the merged folder can itself be merged or reported.
   */
  static String commonProperties(List<ResultsFolder> inputs, long granularity) {
    java.util.TreeMap<String, String> common = new java.util.TreeMap<>();
    for (String name : inputs.get(0).properties().stringPropertyNames()) {
      String value = inputs.get(0).properties().getProperty(name);
      if (inputs.stream().allMatch(f -> value.equals(f.properties().getProperty(name)))) {
        common.put(name, value);
      }
    }
    common.remove(CoreProperties.RESULTS_DIR.name());
    common.put(CoreProperties.TIMESERIES_GRANULARITY.name(), Long.toString(granularity));
    StringBuilder sb = new StringBuilder();
    common.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
    return sb.toString();
  }

  /** Lets the exporter close its writer without closing stdout. */
  private static java.io.OutputStream nonClosing(PrintStream stdout) {
    return new java.io.OutputStream() {
      @Override
      public void write(int b) {
        stdout.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        stdout.write(b, off, len);
      }

      @Override
      public void close() {
        stdout.flush();
      }
    };
  }

}
