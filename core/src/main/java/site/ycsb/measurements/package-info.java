/**
 * What was measured: per-worker recorders written without locks, interval and total figures of
 * every operation and outcome with exact counts, sums, extremes and HdrHistograms, and a phase's
 * result as plain values.
 */
package site.ycsb.measurements;
