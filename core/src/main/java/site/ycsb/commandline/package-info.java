/**
 * What every command line of the benchmark shares: its options declared once (a mixin where two
 * commands take the same ones), parsed the same way, the same one-line errors, and usage and
 * {@code --help} generated from the declarations. It knows no command; the commands use it.
 */
package site.ycsb.commandline;
