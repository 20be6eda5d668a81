package site.ycsb.tools.scaleout;

import static site.ycsb.ExitCodes.OK;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import site.ycsb.commandline.CommandLines;
import site.ycsb.startbarrier.StartCoordinator;
import site.ycsb.tools.merge.MergeCommand;

/**
 * {@code ycsb fanout --hosts H1,H2,... [options] -o OUT load|run BINDING [arguments]}: one phase
 * on several hosts at once over OpenSSH. Each host gets the release package (copied only when it
 * lacks this one, by checksum); client i runs on host i with {@code clientid=i},
 * {@code clientcount=N} and one {@code starttime} for all, a few seconds ahead; their messages are
 * relayed prefixed with the host; their results folders are copied back into {@code OUT/client-i}
 * and merged exactly into {@code OUT/merged}, whose summary is printed. A host that cannot start
 * or whose client fails is named, the others' results are kept, and the merge says what is missing.
 */
public final class FanOutCommand {
  private static final int FAILED = 1;

  private FanOutCommand() {
  }

  /** One client's outcome. */
  private record Outcome(RemoteClient client, String problem) {
  }

  /**
   * @param args options, then the phase's own command line
   * @param out the merged summary
   * @param err relayed messages and problems
   * @return 0 when every client ran and was merged, 1 when one failed (the others merged), 2 bad input
   */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    return CommandLines.run(new FanOutArguments(), args, out, err, a -> run(a, out, err));
  }

  private static int run(FanOutArguments a, PrintStream out, PrintStream err) {
    List<String> hosts = a.hosts;
    Path pkg = a.pkg;
    Path output = a.output;
    List<String> phase = a.phase;
    if (hosts.isEmpty()) {
      return CommandLines.refuse(err, a, "--hosts needs at least one host");
    }
    if (phase.size() < 2 || !("load".equals(phase.get(0)) || "run".equals(phase.get(0)))) {
      return CommandLines.refuse(err, a,
          "after the options: load|run BINDING [arguments], e.g. run redis -P workloads/workloada");
    }
    for (String arg : phase) {
      for (String own : PerClient.PROPERTIES) {
        if (arg.startsWith(own + "=")) {
          return CommandLines.refuse(err, a, "'" + own + "' is set by fanout for each client; leave it out");
        }
      }
    }
    if (pkg == null) {
      pkg = defaultPackage();
      if (pkg == null) {
        return CommandLines.refuse(err, a, "--package FILE is needed: the release package to run on the hosts"
            + " (build it with mvn package: distribution/target/ycsb-VERSION.tar.gz)");
      }
    }
    try {
      // checked before the output folder is made: a bad package leaves nothing behind
      ReleasePackage release;
      try {
        release = ReleasePackage.of(pkg);
      } catch (ReleasePackage.NotAPackageException e) {
        return CommandLines.refuse(err, a, e.getMessage());
      }
      if (Files.exists(output) && Files.list(output).findAny().isPresent()) {
        return CommandLines.refuse(err, a, "the output folder " + output + " is not empty");
      }
      Files.createDirectories(output);
      Barrier barrier = new Barrier(a.barrier.readyTimeoutMillis, a.barrier.startDelayMillis, a.barrier.skipUnready);
      return fanOut(hosts, a.sshConfig, a.remoteDir, release, barrier, output, PerClient.withOneSeed(phase), out, err);
    } catch (IOException e) {
      err.println("ERROR: " + e.getMessage());
      return FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return FAILED;
    }
  }

  /** How the clients meet before they start: the options {@code --ready-timeout}, {@code --start-delay}, {@code --skip-unready}. */
  private record Barrier(long readyTimeoutMillis, long marginMillis, boolean skipUnready) {
    /** The clients wait a little longer than fanout, so that fanout's decision is what they hear. */
    long clientTimeoutMillis() {
      return BarrierBounds.clientTimeoutMillis(readyTimeoutMillis, 60_000);
    }
  }

  private static int fanOut(List<String> hosts, Path sshConfig, String remoteDirPattern, ReleasePackage release,
                            Barrier barrier, Path output, List<String> phase, PrintStream out, PrintStream err)
      throws IOException, InterruptedException {
    int n = hosts.size();
    Path pkg = release.file();
    String sha = release.sha256();
    String top = release.topFolder();
    String runId = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    List<RemoteClient> clients = new ArrayList<>();
    for (int c = 0; c < n; c++) {
      String dir = remoteDirPattern.replace("{host}", hosts.get(c)).replace("{client}", Integer.toString(c));
      clients.add(new RemoteClient(hosts.get(c), c, sshConfig, dir));
    }
    ExecutorService pool = Executors.newFixedThreadPool(n);
    try {
      // every host gets the package (and the workload files) first, so the start time is for running only
      List<Future<Outcome>> installs = new ArrayList<>();
      List<List<String>> argsOf = new ArrayList<>();
      for (RemoteClient c : clients) {
        List<String> a = new ArrayList<>(phase);
        argsOf.add(a);
        installs.add(pool.submit(() -> {
          try {
            c.install(pkg, sha, top);
            for (int k = 0; k + 1 < a.size(); k++) {
              if ("-P".equals(a.get(k)) && Files.isRegularFile(Path.of(a.get(k + 1)))) {
                a.set(k + 1, c.upload(Path.of(a.get(k + 1)), "workload-" + runId + "-" + k));
              }
            }
            return new Outcome(c, null);
          } catch (FanOutException e) {
            return new Outcome(c, e.getMessage());
          }
        }));
      }
      List<Outcome> outcomes = new ArrayList<>();
      for (Future<Outcome> f : installs) {
        outcomes.add(get(f));
      }
      StartCoordinator coordinator = new StartCoordinator(n, barrier.readyTimeoutMillis(), barrier.marginMillis(),
          barrier.skipUnready(), c -> "client " + c + " on " + clients.get(c).host());
      List<RemoteClient.Running> running = new ArrayList<>();
      for (int c = 0; c < n; c++) {
        RemoteClient rc = clients.get(c);
        if (outcomes.get(c).problem() != null) {
          err.println("ERROR: client " + c + " on " + rc.host() + " did not start: " + outcomes.get(c).problem());
          coordinator.failed(c, outcomes.get(c).problem());
          running.add(null);
          continue;
        }
        List<String> a = argsOf.get(c);
        a.addAll(PerClient.arguments(Integer.toString(c), n, "stdio", barrier.clientTimeoutMillis(),
            remoteResults(rc, runId)));
        RemoteClient.Running r = rc.start(top, a, output.resolve("client-" + c + ".txt"), err,
            barrierLines(coordinator, c, rc.host(), n, err));
        running.add(r);
        watchExit(coordinator, c, r);
      }
      err.println("fanout: " + n + " clients connect; they start together once all are ready (at most "
          + barrier.readyTimeoutMillis() / 1000 + " s)");
      StartCoordinator.Decision decision = coordinator.await();
      for (int c = 0; c < n; c++) {
        if (running.get(c) != null) {
          running.get(c).tell(decision.starts(c) ? "start " + decision.startEpochMillis()
              : "abort " + decision.abortReason());
        }
      }
      if (decision.startEpochMillis() == 0) {
        err.println("ERROR: the start was called off: " + decision.problem() + "; nothing was measured");
        for (RemoteClient.Running r : running) {
          if (r != null) {
            r.endWithin(30_000);
          }
        }
        removeIfEmptyOfResults(output);
        return FAILED;
      }
      if (decision.problem() != null) {
        err.println("WARNING: starting without some clients: " + decision.problem());
      }
      err.println("fanout: " + decision.starting().size() + " clients start together at "
          + java.time.Instant.ofEpochMilli(decision.startEpochMillis()));
      for (int c = 0; c < n; c++) {
        RemoteClient.Running r = running.get(c);
        if (r == null) {
          continue;
        }
        RemoteClient rc = clients.get(c);
        if (!decision.starts(c)) {
          r.endWithin(30_000);
          outcomes.set(c, new Outcome(rc, "not started: " + decision.problem()));
          continue;
        }
        int exit = r.await();
        if (exit != 0) {
          String problem = "its client ended with " + describeExit(exit);
          outcomes.set(c, new Outcome(rc, problem));
          err.println("ERROR: client " + c + " on " + rc.host() + ": " + problem);
          continue;
        }
        try {
          rc.collect(remoteResults(rc, runId), output.resolve("client-" + c));
        } catch (FanOutException e) {
          outcomes.set(c, new Outcome(rc, e.getMessage()));
          err.println("ERROR: client " + c + " on " + rc.host() + ": " + e.getMessage());
        }
      }
      return merge(outcomes, output, out, err);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Reads one client's barrier lines: it is ready, or it failed before it could be. */
  private static java.util.function.Consumer<String> barrierLines(StartCoordinator coordinator, int client,
                                                                  String host, int clients, PrintStream err) {
    return line -> {
      if (line.startsWith("ready")) {
        coordinator.ready(client);
        err.println("fanout: client " + client + " on " + host + " is ready");
      } else if (line.startsWith("failed")) {
        String[] parts = line.split(" ", 3);
        coordinator.failed(client, parts.length == 3 ? parts[2] : "no reason given");
      }
    };
  }

  /** A client whose process ends before the decision (a bad property, a crash) will not be ready. */
  private static void watchExit(StartCoordinator coordinator, int client, RemoteClient.Running r) {
    r.process().onExit().thenAccept(p -> coordinator.failed(client,
        "its client ended with " + describeExit(p.exitValue()) + " before it was ready"));
  }

  private static String describeExit(int exit) {
    return "exit code " + exit + (exit == 255 ? " (ssh: the connection failed or was lost)"
        : exit > 128 ? " (killed by signal " + (exit - 128) + ")" : "");
  }

  /** A fan-out that measured nothing leaves no folder of empty files behind. */
  private static void removeIfEmptyOfResults(Path output) throws IOException {
    try (var files = Files.list(output)) {
      List<Path> all = files.toList();
      for (Path f : all) {
        if (!Files.isRegularFile(f) || Files.size(f) > 0) {
          return;
        }
      }
      for (Path f : all) {
        Files.delete(f);
      }
    }
    Files.delete(output);
  }

  private static String remoteResults(RemoteClient c, String runId) {
    return c.remoteDir() + "/results/" + runId + "/client-" + c.clientId();
  }

  private static int merge(List<Outcome> outcomes, Path output, PrintStream out, PrintStream err) {
    List<String> args = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (Outcome o : outcomes) {
      if (o.problem() == null) {
        args.add(output.resolve("client-" + o.client().clientId()).toString());
      } else {
        missing.add("client " + o.client().clientId() + " on " + o.client().host() + " (" + o.problem() + ")");
      }
    }
    if (args.isEmpty()) {
      err.println("ERROR: no client finished; nothing to merge");
      try {
        removeIfEmptyOfResults(output);
      } catch (IOException e) {
        // the folder stays; it holds nothing that looks like results
      }
      return FAILED;
    }
    args.add("-o");
    args.add(output.resolve("merged").toString());
    int code = MergeCommand.run(args, out, err);
    int merged = args.size() - 2;
    err.println("fanout: merged " + merged + " of " + outcomes.size() + " clients into " + output.resolve("merged")
        + (missing.isEmpty() ? "" : "; missing: " + String.join("; ", missing)));
    return code != OK ? code : missing.isEmpty() ? OK : FAILED;
  }

  private static Outcome get(Future<Outcome> f) throws InterruptedException {
    try {
      return f.get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }

  /** @return the package of this checkout ({@code distribution/target/ycsb-VERSION.tar.gz}), or null */
  private static Path defaultPackage() throws IllegalStateException {
    String home = System.getProperty("ycsb.home");
    if (home == null) {
      return null;
    }
    Path target = Path.of(home, "distribution", "target");
    try (var files = Files.list(target)) {
      List<Path> all = files.filter(p -> p.getFileName().toString().matches("ycsb-[0-9][^-]*(-SNAPSHOT)?\\.tar\\.gz"))
          .toList();
      return all.size() == 1 ? all.get(0) : null;
    } catch (IOException e) {
      return null;
    }
  }

}
