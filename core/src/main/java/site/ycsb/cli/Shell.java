package site.ycsb.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.props.CoreProperties;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;

/** An interactive prompt issuing single operations to a binding, for checking a setup by hand. */
final class Shell {
  private Shell() {
  }

  static int run(CommandLine cmd, InputStream in, PrintStream out, PrintStream err)
      throws UsageException, CouldNotRunException {
    Class<? extends DB> binding = Bindings.resolve(CoreProperties.DB.get(cmd.props));
    String origin = BindingOrigin.note(binding);
    if (origin != null) {
      err.println(origin);
    }
    DB db = Bindings.newInstance(binding);
    db.setProperties(cmd.props);
    ErrorLog errors = new ErrorLog(err);
    try (SharedResources shared = new SharedResources(errors)) {
      try {
        db.init(new WorkerContext(0, 1, errors, shared));
      } catch (DBException | RuntimeException e) {
        err.println("ERROR: database setup failed: " + e.getMessage());
        return Ycsb.COULD_NOT_RUN;
      }
      return prompt(db, cmd, in, out, err);
    }
  }

  private static int prompt(DB db, CommandLine cmd, InputStream in, PrintStream out, PrintStream err) {
    String table = CoreProperties.TABLE.get(cmd.props);
    out.println("YCSB shell. Commands: read key [field...] | scan key count [field...] | "
        + "insert key name=value... | update key name=value... | delete key | table [name] | quit");
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    try {
      String line;
      out.print("> ");
      out.flush();
      while ((line = reader.readLine()) != null) {
        String[] t = line.trim().split("\\s+");
        if (t.length == 0 || t[0].isEmpty()) {
          out.print("> ");
          out.flush();
          continue;
        }
        if (t[0].equals("quit") || t[0].equals("exit")) {
          break;
        }
        if (t[0].equals("table")) {
          if (t.length > 1) {
            table = t[1];
          }
          out.println("table: " + table);
        } else {
          execute(db, table, t, out);
        }
        out.print("> ");
        out.flush();
      }
    } catch (IOException e) {
      err.println("ERROR: " + e.getMessage());
    } finally {
      try {
        db.cleanup();
      } catch (DBException e) {
        err.println("WARNING: cleanup failed: " + e.getMessage());
      }
    }
    return Ycsb.OK;
  }

  private static void execute(DB db, String table, String[] t, PrintStream out) {
    long start = System.nanoTime();
    Status s;
    switch (t[0]) {
      case "read": {
        if (t.length < 2) {
          out.println("usage: read key [field...]");
          return;
        }
        Map<String, ByteIterator> result = new HashMap<>();
        s = db.read(table, t[1], fields(t, 2), result);
        print(out, result);
        break;
      }
      case "scan": {
        if (t.length < 3) {
          out.println("usage: scan key count [field...]");
          return;
        }
        Vector<HashMap<String, ByteIterator>> result = new Vector<>();
        int count;
        try {
          count = Integer.parseInt(t[2]);
        } catch (NumberFormatException e) {
          out.println("count must be a number: " + t[2]);
          return;
        }
        s = db.scan(table, t[1], count, fields(t, 3), result);
        for (HashMap<String, ByteIterator> r : result) {
          print(out, r);
        }
        break;
      }
      case "insert":
      case "update": {
        if (t.length < 3) {
          out.println("usage: " + t[0] + " key name=value...");
          return;
        }
        Map<String, ByteIterator> values = new HashMap<>();
        for (int i = 2; i < t.length; i++) {
          int eq = t[i].indexOf('=');
          if (eq <= 0) {
            out.println("expected name=value, got " + t[i]);
            return;
          }
          values.put(t[i].substring(0, eq), new StringByteIterator(t[i].substring(eq + 1)));
        }
        s = t[0].equals("insert") ? db.insert(table, t[1], values) : db.update(table, t[1], values);
        break;
      }
      case "delete":
        if (t.length < 2) {
          out.println("usage: delete key");
          return;
        }
        s = db.delete(table, t[1]);
        break;
      default:
        out.println("unknown command: " + t[0]);
        return;
    }
    out.println("Return code: " + s.getName() + " (" + (System.nanoTime() - start) / 1000 + " us)");
  }

  private static Set<String> fields(String[] t, int from) {
    if (t.length <= from) {
      return null;
    }
    Set<String> f = new LinkedHashSet<>();
    for (int i = from; i < t.length; i++) {
      f.add(t[i]);
    }
    return f;
  }

  private static void print(PrintStream out, Map<String, ByteIterator> record) {
    for (Map.Entry<String, ByteIterator> e : new TreeMap<>(record).entrySet()) {
      out.println(e.getKey() + "=" + e.getValue());
    }
    if (!record.isEmpty()) {
      out.println("--");
    }
  }
}
