package site.ycsb.commandline;

import picocli.CommandLine.Option;

/** {@code -h} and {@code --help}: every command prints its usage on stdout and exits 0. */
public final class HelpOption {
  @Option(names = {"-h", "--help"}, order = 99, usageHelp = true, description = "this help")
  boolean help;
}
