/**
 * Statistics over runs: means, standard deviations and confidence intervals with
 * Student's t, used by {@code compare} and the report.
 */
package site.ycsb.tools.stats;
