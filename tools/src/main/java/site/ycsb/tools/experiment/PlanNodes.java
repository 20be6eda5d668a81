package site.ycsb.tools.experiment;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The values of a plan file's YAML nodes, typed and checked: each refusal is one line naming the
 * file, the node's line and what was expected.
 */
final class PlanNodes {
  private final Path file;

  PlanNodes(Path file) {
    this.file = file;
  }

  /** @return the mapping's entries by key, refusing unknown and repeated keys */
  Map<String, NodeTuple> keys(MappingNode node, List<String> allowed, String where) throws PlanException {
    Map<String, NodeTuple> out = new LinkedHashMap<>();
    for (NodeTuple t : node.getValue()) {
      String key = scalar(t.getKeyNode(), where + "key");
      if (!allowed.contains(key)) {
        throw error(t.getKeyNode(), where + "unknown key '" + key + "': expected one of " + String.join(", ", allowed));
      }
      if (out.put(key, t) != null) {
        throw error(t.getKeyNode(), where + "key '" + key + "' is given twice");
      }
    }
    return out;
  }

  String requiredScalar(Map<String, NodeTuple> top, String key, Node root) throws PlanException {
    if (!top.containsKey(key)) {
      throw error(root, "missing key '" + key + "'" + ("binding".equals(key)
          ? ": the binding to run, e.g. binding: rocksdb" : ""));
    }
    return scalar(top.get(key).getValueNode(), key);
  }

  /** @return the entries by name, each kept whole so that a message can name the line of its key */
  Map<String, NodeTuple> scalarMap(Node node, String key) throws PlanException {
    if (!(node instanceof MappingNode)) {
      throw error(node, key + ": expected property names with values, e.g. recordcount: 1000");
    }
    Map<String, NodeTuple> out = new LinkedHashMap<>();
    for (NodeTuple t : ((MappingNode) node).getValue()) {
      String k = scalar(t.getKeyNode(), key);
      if (out.put(k, t) != null) {
        throw error(t.getKeyNode(), key + ": '" + k + "' is given twice");
      }
    }
    return out;
  }

  List<Node> scalarOrList(Node node, String key) throws PlanException {
    if (node instanceof ScalarNode) {
      return List.of(node);
    }
    return list(node, key);
  }

  List<Node> list(Node node, String key) throws PlanException {
    if (!(node instanceof SequenceNode) || ((SequenceNode) node).getValue().isEmpty()) {
      throw error(node, key + ": expected a list of values, e.g. [1, 2, 4]");
    }
    return ((SequenceNode) node).getValue();
  }

  String scalar(Node node, String key) throws PlanException {
    if (!(node instanceof ScalarNode)) {
      throw error(node, key + ": expected a single value, found a " + (node instanceof SequenceNode ? "list" : "mapping"));
    }
    return ((ScalarNode) node).getValue();
  }

  double number(Node node, String key) throws PlanException {
    String v = scalar(node, key);
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw error(node, key + ": '" + v + "' is not a number");
    }
  }

  long integer(Node node, String key, long min, long max) throws PlanException {
    String v = scalar(node, key);
    long x;
    try {
      x = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw error(node, key + ": '" + v + "' is not a whole number");
    }
    if (x < min || x > max) {
      throw error(node, key + ": " + v + " is out of range: expected " + min + ".." + max);
    }
    return x;
  }

  /** @return a duration such as 90s, 1.5m, 250ms or a plain number of seconds, in milliseconds */
  long millis(Node node, String key) throws PlanException {
    String v = scalar(node, key).trim();
    long ms = site.ycsb.props.Durations.millis(v);
    if (ms < 0) {
      throw error(node, key + ": '" + v + "' is not a duration: expected e.g. 90s, 2m, 250ms (a plain number is seconds)");
    }
    return ms;
  }

  /** @return the node's line in the file, from 1 */
  static int line(Node n) {
    return n.getStartMark().getLine() + 1;
  }

  /** @return the error of a value at the node's line: the file, the line and what was expected */
  PlanException error(Node node, String what) {
    return new PlanException(file + " line " + line(node) + ": " + what);
  }
}
