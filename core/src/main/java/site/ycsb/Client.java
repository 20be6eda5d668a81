package site.ycsb;

import java.util.ArrayList;
import java.util.List;
import site.ycsb.cli.Ycsb;

/**
 * The main class scripts for YCSB call ({@code java site.ycsb.Client -db ... -P ... -load|-t}).
 * Translates those flags to the command line of {@link Ycsb}.
 */
public final class Client {
  private Client() {
  }

  public static void main(String[] args) {
    boolean load = false;
    List<String> rest = new ArrayList<>();
    for (String a : args) {
      if ("-load".equals(a)) {
        load = true;
      } else if (!"-t".equals(a)) {
        rest.add(a);
      }
    }
    rest.add(0, load ? "load" : "run");
    Ycsb.main(rest.toArray(new String[0]));
  }
}
