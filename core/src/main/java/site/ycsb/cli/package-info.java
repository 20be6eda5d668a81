/**
 * The command line: parses {@code -P}, {@code -p} and the flags into one set of properties, checks
 * them, and runs a phase ({@code load}, {@code run}), the shell, or the results tools; the one
 * place that prints to the user and chooses exit codes.
 */
package site.ycsb.cli;
