/**
 * Measured figures turned into output: the summary lines, time series, HdrHistogram logs, client
 * resources and environment, the results folder written while a phase runs, and its one reader.
 */
package site.ycsb.results;
