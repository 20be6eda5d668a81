/**
 * {@code merge} and {@code compare}: several clients' results folders combined exactly (histograms
 * added, windows on the wall clock), and repetitions of configurations compared.
 */
package site.ycsb.tools.merge;
