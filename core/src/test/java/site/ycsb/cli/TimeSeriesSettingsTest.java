package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The time-series workload's properties are checked like every other before anything is written:
 * a bad value, or values that do not agree (a cardinality list of another length than the tags),
 * ends the phase with one line naming it and exit code 2.
 */
class TimeSeriesSettingsTest {
  /** A small load of upstream's tsworkloada (tagcount=4, tagcardinality=1,2,4,2) with {@code extra} settings. */
  private static Run load(String... extra) {
    List<String> args = new ArrayList<>(List.of("load", "basic", "-P", "../workloads/tsworkloada",
        "-p", "recordcount=40", "-p", "basicdb.verbose=false"));
    for (String setting : extra) {
      args.add("-p");
      args.add(setting);
    }
    return Run.of(args.toArray(new String[0]));
  }

  private static void assertRefused(Run r, String line) {
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(line, r.err.strip(), "one line naming the value and what was expected");
    assertFalse(r.out.contains("[OVERALL]"), "nothing ran: " + r.out);
  }

  @Test
  @Timeout(30)
  void aNegativeTagCountIsRefused() {
    assertRefused(load("tagcount=-1"), "ERROR: property tagcount=-1 is invalid: expected an integer >= 0");
  }

  @Test
  @Timeout(30)
  void theCardinalityListHasOneNumberPerTag() {
    assertRefused(load("tagcardinality=1,2"),
        "ERROR: property tagcardinality=1,2 is invalid: expected 4 numbers, one per tag (tagcount=4)");
    assertRefused(load("tagcardinality=1,2,4,2,8"),
        "ERROR: property tagcardinality=1,2,4,2,8 is invalid: expected 4 numbers, one per tag (tagcount=4)");
    assertRefused(load("tagcount=6"),
        "ERROR: property tagcardinality=1,2,4,2 is invalid: expected 6 numbers, one per tag (tagcount=6)");
    assertRefused(load("tagcardinality=1,0,4,2"),
        "ERROR: property tagcardinality=1,0,4,2 is invalid: expected comma-separated integers, each >= 1");
    assertRefused(load("tagcardinality=1,two,4,2"),
        "ERROR: property tagcardinality=1,two,4,2 is invalid: expected comma-separated integers, each >= 1");
  }

  @Test
  @Timeout(30)
  void theDefaultCardinalitiesFitOnlyTheirTagCount() {
    Run r = Run.of("load", "basic", "-p", "workload=site.ycsb.workloads.TimeSeriesWorkload", "-p", "tagcount=3",
        "-p", "recordcount=40", "-p", "basicdb.verbose=false");
    assertRefused(r, "ERROR: property tagcount=3 needs tagcardinality: expected 3 numbers, one per tag"
        + " (its default 1,2,4,8 is for tagcount=4)");
  }

  @Test
  @Timeout(30)
  void seriesWithoutTagsNeedNoCardinalities() {
    Run r = load("tagcount=0", "tagcardinality=");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(40, r.count("INSERT", "Return=OK"), r.toString());
  }

  @Test
  @Timeout(30)
  void moreSeriesThanTheWorkloadCanNumberAreRefused() {
    assertRefused(load("fieldcount=100000", "tagcardinality=1000,1000,1,1"),
        "ERROR: property tagcardinality=1000,1000,1,1 with fieldcount=100000 gives more series than the workload"
            + " can number: expected at most 2147483647 series (fieldcount times the product of tagcardinality)");
  }

  @Test
  @Timeout(30)
  void eachDeclaredValueIsChecked() {
    assertRefused(load("timestampinterval=0"),
        "ERROR: property timestampinterval=0 is invalid: expected an integer >= 1");
    assertRefused(load("timestampunits=NANOSECONDS"),
        "ERROR: property timestampunits=NANOSECONDS is invalid: expected one of SECONDS, MILLISECONDS");
    assertRefused(load("valuetype=mixed"),
        "ERROR: property valuetype=mixed is invalid: expected one of integers, floats, mixednumbers");
    assertRefused(load("sparsity=1"),
        "ERROR: property sparsity=1 is invalid: expected a number between 0 and 0.999999");
    assertRefused(load("delayedseries=-0.1"),
        "ERROR: property delayedseries=-0.1 is invalid: expected a number between 0 and 1");
    assertRefused(load("querytimespan=-60"),
        "ERROR: property querytimespan=-60 is invalid: expected an integer >= 0");
    assertRefused(load("tagkeylength=0"),
        "ERROR: property tagkeylength=0 is invalid: expected an integer >= 1");
    assertRefused(load("randomtimeseriesorder=yes"),
        "ERROR: property randomtimeseriesorder=yes is invalid: expected true or false");
    assertRefused(load("tagpairdelimiter="),
        "ERROR: property tagpairdelimiter= is invalid: expected a separator of at least one character");
  }

  @Test
  @Timeout(30)
  void queryFunctionsAreKnownAndComeWithWhatTheyNeed() {
    assertRefused(load("downsamplingfunction=avg"),
        "ERROR: property downsamplingfunction=avg is invalid: expected one of SUM, AVERAGE, COUNT, MAX, MIN");
    assertRefused(load("downsamplingfunction=max"),
        "ERROR: property downsamplingfunction=max needs downsamplinginterval: the width of a bucket in timestampunits");
    assertRefused(load("groupbyfunction=SUM"),
        "ERROR: property groupbyfunction=SUM needs groupbykeys: 4 numbers, one per tag, 1 to group on it, 0 not to");
    assertRefused(load("groupbyfunction=SUM", "groupbykeys=0,1"),
        "ERROR: property groupbykeys=0,1 is invalid: expected 4 numbers 0 or 1, one per tag (tagcount=4)");
    assertRefused(load("groupbyfunction=SUM", "groupbykeys=0,0,1,2"),
        "ERROR: property groupbykeys=0,0,1,2 is invalid: expected comma-separated integers, each between 0 and 1");
  }

  @Test
  @Timeout(30)
  void readsChooseTheirMetricOnlyByTheDistributionsTheWorkloadKnows() {
    assertRefused(Run.of("run", "basic", "-P", "../workloads/tsworkloada", "-p", "recordcount=40",
        "-p", "operationcount=10", "-p", "requestdistribution=latest", "-p", "basicdb.verbose=false"),
        "ERROR: property requestdistribution=latest is invalid: expected uniform, sequential, zipfian or hotspot"
            + " with the time-series workload");
  }

  @Test
  @Timeout(30)
  void aRunWithGroupingAndDownsamplingGoesThrough() {
    Run r = Run.of("run", "basic", "-P", "../workloads/tsworkloada", "-p", "recordcount=200",
        "-p", "operationcount=200", "-p", "basicdb.verbose=false", "-p", "groupbyfunction=sum",
        "-p", "groupbykeys=0,0,1,1", "-p", "downsamplingfunction=MAX", "-p", "downsamplinginterval=60",
        "-p", "randomtimeseriesorder=FALSE");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(200, r.count("OVERALL", "Operations"), r.toString());
  }
}
