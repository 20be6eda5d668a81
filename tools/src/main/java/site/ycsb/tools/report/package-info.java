/**
 * {@code report}: one self-contained HTML page of charts and tables drawn from results folders.
 */
package site.ycsb.tools.report;
