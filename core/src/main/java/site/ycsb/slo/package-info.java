/**
 * Service-level objectives: thresholds on latency, failures and throughput that a run must meet
 * (property {@code slo}), their evaluation on a run's histograms and intervals, and the
 * {@code [SLO]} section of the summary.
 */
package site.ycsb.slo;
