package site.ycsb.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import site.ycsb.commandline.ErrorLine;
import site.ycsb.commandline.Needs;

/**
 * The options {@code bin/ycsb} takes for the JVM it starts, as upstream's launchers do. The
 * launcher takes them out; they are declared here so that the usage lists them, and so that a
 * command line that reaches the client with them (java run by hand) is told where they belong.
 */
final class LauncherOptions {
  @Spec(Spec.Target.MIXEE)
  private CommandSpec command;

  @Option(names = "-cp", order = 30, paramLabel = "path",
      description = "folders and jars put ahead of the class path, e.g. a binding built elsewhere (bin/ycsb)")
  @Needs("a folder or jar to add to the class path")
  void classPath(String path) {
    throw ErrorLine.refusal(command, "-cp " + path + " is read by bin/ycsb, which starts the JVM; started by"
        + " hand, give the folder or jar to java's own -cp");
  }

  @Option(names = "-jvm-args", order = 31, paramLabel = "options",
      description = "options for the JVM, e.g. \"-Xmx4g\" (bin/ycsb)")
  @Needs("the JVM options, e.g. -jvm-args \"-Xmx4g\"")
  void jvmArgs(String options) {
    throw ErrorLine.refusal(command, "-jvm-args is read by bin/ycsb, which starts the JVM; started by hand, give "
        + options + " to java itself");
  }
}
