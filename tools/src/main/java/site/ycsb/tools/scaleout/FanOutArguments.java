package site.ycsb.tools.scaleout;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import site.ycsb.commandline.EndsWithAnotherCommandLine;
import site.ycsb.commandline.HelpOption;
import site.ycsb.commandline.Needs;
import site.ycsb.commandline.ShowsUsageInErrors;

/** The command line of {@code ycsb fanout}: its own options, then the phase's command line as each client gets it. */
@Command(name = "ycsb fanout", header = "one phase on several hosts over ssh, started together, results merged",
    description = {"One phase on several hosts at once over OpenSSH: client i runs on host i (clientid=i,",
        "clientcount=N), all start together once all are ready; their results folders are copied into",
        "OUT/client-i and merged into OUT/merged, whose summary is printed."})
public final class FanOutArguments implements IDefaultValueProvider, EndsWithAnotherCommandLine, ShowsUsageInErrors {
  @Mixin
  final StartBarrierOptions barrier = new StartBarrierOptions("5m", "1s");
  @Mixin
  final HelpOption help = new HelpOption();

  final List<String> hosts = new ArrayList<>();
  Path sshConfig;
  String remoteDir = "ycsb-fanout";
  Path pkg;
  Path output;
  final List<String> phase = new ArrayList<>();

  @Option(names = "--hosts", order = 21, required = true, paramLabel = "H1,H2,...",
      description = "the hosts, one client each, as ssh names them")
  @Needs("the hosts, e.g. --hosts host1,host2")
  void hosts(String list) {
    for (String h : list.split(",")) {
      if (!h.isBlank()) {
        hosts.add(h.trim());
      }
    }
  }

  @Option(names = "--ssh-config", order = 22, paramLabel = "FILE", description = "ssh's configuration file (ssh -F)")
  @Needs("an ssh configuration file")
  void sshConfig(String file) {
    sshConfig = Path.of(file);
  }

  @Option(names = "--remote-dir", order = 23, paramLabel = "DIR",
      description = "the folder on each host, {host} and {client} replaced (ycsb-fanout)")
  @Needs("a folder on the hosts")
  void remoteDir(String dir) {
    remoteDir = dir;
  }

  @Option(names = "--package", order = 24, paramLabel = "FILE",
      description = "the release package the hosts run (this checkout's distribution/target/ycsb-VERSION.tar.gz)")
  @Needs("a release package, e.g. distribution/target/ycsb-VERSION.tar.gz")
  void releasePackage(String file) {
    pkg = Path.of(file);
  }

  @Option(names = "-o", order = 50, required = true, paramLabel = "OUT",
      description = "where the clients' results and the merged results go (a new or empty folder)")
  @Needs("a folder for the results")
  void output(String dir) {
    output = Path.of(dir);
  }

  @Parameters(arity = "1..*", paramLabel = "load|run BINDING [ARGUMENT...]",
      description = "the phase's command line, as bin/ycsb takes it")
  void phase(List<String> args) {
    phase.clear();
    phase.addAll(args);
  }

  @Override
  public String defaultValue(ArgSpec option) {
    return barrier.defaultValue(option);
  }
}
