/**
 * Whether runs differ beyond their noise: comparisons of two runs (their intervals as samples) or
 * of two groups of repetitions (the runs as samples), the gate of {@code compare --fail-on}, and
 * series of runs over time with their change points.
 */
package site.ycsb.tools.comparison;
