package site.ycsb.monitoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The PromQL of a Grafana dashboard: every expression its panels (rows' nested panels too) and its
 * template variables query, and the metric and label names an expression refers to. It knows
 * enough of PromQL to tell a metric name from a function, an aggregation, a keyword or a label,
 * and to reject an expression whose brackets, strings, matchers or label lists are broken; it
 * evaluates nothing. Grafana's variables ({@code $client}, {@code ${client}}, {@code [[client]]},
 * {@code $__rate_interval}) are taken where PromQL has a value or a duration.
 */
public final class DashboardQueries {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** An expression and where the dashboard holds it: a panel's title, or {@code variable NAME}. */
  public record Query(String source, String expr) {
  }

  /**
   * What one expression refers to.
   *
   * @param metrics the metric names, in the order they first appear
   * @param labels the label names of matchers, of {@code by}/{@code without}/{@code on}/{@code ignoring}/{@code
   *     group_left}/{@code group_right} lists and of {@code label_values}
   * @param selectors every vector selector, with the labels its own matchers name
   */
  public record References(Set<String> metrics, Set<String> labels, List<Selector> selectors) {
  }

  /**
   * A vector selector such as {@code ycsb_operations_total{status="OK"}}.
   *
   * @param metric the metric name, null when the selector names none ({@code {__name__=~"ycsb_.*"}})
   * @param matcherLabels the labels of its matchers, {@code __name__} left out
   */
  public record Selector(String metric, Set<String> matcherLabels) {
  }

  private DashboardQueries() {
  }

  /** @return every expression of the dashboard at {@code dashboard}, in the order of the file */
  public static List<String> expressions(Path dashboard) throws IOException {
    List<String> all = new ArrayList<>();
    for (Query q : queries(dashboard)) {
      all.add(q.expr());
    }
    return all;
  }

  /**
   * @return every {@code targets[].expr} of every panel, nested ones included, then every query of a
   *     template variable of type {@code query}
   */
  public static List<Query> queries(Path dashboard) throws IOException {
    JsonNode root = JSON.readTree(dashboard.toFile());
    List<Query> all = new ArrayList<>();
    for (JsonNode panel : panels(root)) {
      for (JsonNode target : panel.path("targets")) {
        if (target.hasNonNull("expr")) {
          all.add(new Query(panel.path("title").asText(), target.get("expr").asText()));
        }
      }
    }
    for (JsonNode variable : root.path("templating").path("list")) {
      if (!"query".equals(variable.path("type").asText())) {
        continue;
      }
      // Grafana writes a variable's query as a string, or as an object holding it
      JsonNode query = variable.path("query");
      String text = query.isTextual() ? query.asText() : query.path("query").asText(null);
      if (text != null && !text.isBlank()) {
        all.add(new Query("variable " + variable.path("name").asText(), text));
      }
    }
    return all;
  }

  /** @return the titles of every panel that is not a row, those inside rows too, in the order of the file */
  public static List<String> panelTitles(Path dashboard) throws IOException {
    List<String> titles = new ArrayList<>();
    for (JsonNode panel : panels(JSON.readTree(dashboard.toFile()))) {
      if (!"row".equals(panel.path("type").asText())) {
        titles.add(panel.path("title").asText());
      }
    }
    return titles;
  }

  /** Top-level panels and, after each collapsed row, the panels it holds. */
  private static List<JsonNode> panels(JsonNode root) {
    List<JsonNode> all = new ArrayList<>();
    addPanels(root.path("panels"), all);
    return all;
  }

  private static void addPanels(JsonNode panels, List<JsonNode> into) {
    for (JsonNode panel : panels) {
      into.add(panel);
      addPanels(panel.path("panels"), into);
    }
  }

  /**
   * @param promql a PromQL expression, or a Grafana variable query such as {@code label_values(m, label)}
   * @return the metric and label names it refers to
   * @throws IllegalArgumentException when it does not parse, naming the position and what was expected
   */
  public static References references(String promql) {
    return new Analysis(promql, PromQlTokens.of(promql)).run();
  }

  /** One pass over the tokens of an expression. */
  private static final class Analysis {
    /** Keywords followed by a list of label names in parentheses. */
    private static final Set<String> LABEL_LISTS = Set.of("by", "without", "on", "ignoring", "group_left",
        "group_right");
    /** group_left and group_right may stand without a list. */
    private static final Set<String> OPTIONAL_LABEL_LISTS = Set.of("group_left", "group_right");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset", "atan2");
    /** Aggregations may put their by/without clause before the parentheses: {@code sum by (x) (...)}. */
    private static final Set<String> AGGREGATIONS = Set.of("sum", "avg", "min", "max", "count", "group", "stddev",
        "stdvar", "topk", "bottomk", "quantile", "count_values", "limitk", "limit_ratio");
    private static final Set<String> MATCH_OPERATORS = Set.of("=", "!=", "=~", "!~");

    private final String expr;
    private final List<PromQlTokens.Token> tokens;
    private final Set<String> metrics = new LinkedHashSet<>();
    private final Set<String> labels = new LinkedHashSet<>();
    private final List<Selector> selectors = new ArrayList<>();
    /** Positions of identifiers that are label names: the last argument of label_values. */
    private final Set<Integer> labelArguments = new HashSet<>();

    Analysis(String expr, List<PromQlTokens.Token> tokens) {
      this.expr = expr;
      this.tokens = tokens;
    }

    References run() {
      if (tokens.isEmpty()) {
        throw error(0, "an expression");
      }
      List<Integer> open = new ArrayList<>();
      for (int i = 0; i < tokens.size(); i++) {
        PromQlTokens.Token t = tokens.get(i);
        switch (t.kind()) {
          case OPEN:
            open.add(i);
            break;
          case CLOSE:
            if (open.isEmpty()) {
              throw error(t.position(), "no ')' without its '('");
            }
            open.remove(open.size() - 1);
            break;
          case OPEN_BRACE:
            i = selector(null, i);
            break;
          case CLOSE_BRACE:
            throw error(t.position(), "no '}' without its '{'");
          case IDENTIFIER:
            i = identifier(i);
            break;
          default:
            break;
        }
      }
      if (!open.isEmpty()) {
        throw error(tokens.get(open.get(open.size() - 1)).position(), "a ')' closing this '('");
      }
      return new References(Collections.unmodifiableSet(metrics), Collections.unmodifiableSet(labels),
          Collections.unmodifiableList(selectors));
    }

    /** @return the index of the identifier's last token */
    private int identifier(int i) {
      PromQlTokens.Token t = tokens.get(i);
      String name = t.text();
      PromQlTokens.Token next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
      boolean call = next != null && next.kind() == PromQlTokens.Kind.OPEN;
      if (labelArguments.contains(i)) {
        labels.add(name);
        return i;
      }
      if (LABEL_LISTS.contains(name)) {
        if (!call) {
          if (OPTIONAL_LABEL_LISTS.contains(name)) {
            return i;
          }
          throw error(t.position(), "'(' and label names after " + name);
        }
        return labelList(i + 1);
      }
      if (KEYWORDS.contains(name.toLowerCase(Locale.ROOT)) || isNumberWord(name)) {
        return i;
      }
      if (AGGREGATIONS.contains(name) && (call || next != null && next.kind() == PromQlTokens.Kind.IDENTIFIER
          && (next.text().equals("by") || next.text().equals("without")))) {
        return i;
      }
      if (call) {
        if ("label_values".equals(name)) {
          markLabelValuesLabel(i + 1);
        }
        return i;
      }
      if (next != null && next.kind() == PromQlTokens.Kind.OPEN_BRACE) {
        return selector(name, i + 1);
      }
      metrics.add(name);
      selectors.add(new Selector(name, Set.of()));
      return i;
    }

    private static boolean isNumberWord(String name) {
      String lower = name.toLowerCase(Locale.ROOT);
      return lower.equals("inf") || lower.equals("nan");
    }

    /**
     * {@code label_values(label)} or {@code label_values(selector, label)}: the last argument is a
     * label name, not a metric.
     */
    private void markLabelValuesLabel(int open) {
      int depth = 0;
      int braces = 0;
      int lastArgument = open + 1;
      for (int j = open; j < tokens.size(); j++) {
        PromQlTokens.Kind k = tokens.get(j).kind();
        if (k == PromQlTokens.Kind.OPEN_BRACE) {
          braces++;
        } else if (k == PromQlTokens.Kind.CLOSE_BRACE) {
          braces--;
        } else if (k == PromQlTokens.Kind.OPEN) {
          depth++;
        } else if (k == PromQlTokens.Kind.CLOSE && --depth == 0) {
          if (j - lastArgument != 1 || tokens.get(lastArgument).kind() != PromQlTokens.Kind.IDENTIFIER) {
            throw error(tokens.get(Math.min(lastArgument, j)).position(), "a label name as the last argument of "
                + "label_values");
          }
          labelArguments.add(lastArgument);
          return;
        } else if (k == PromQlTokens.Kind.COMMA && depth == 1 && braces == 0) {
          lastArgument = j + 1;
        }
      }
      // the unclosed '(' is reported by the pass over the tokens
    }

    /** @return the index of the ')' closing the list of label names that opens at {@code open} */
    private int labelList(int open) {
      int i = open + 1;
      boolean expectName = true;
      while (i < tokens.size()) {
        PromQlTokens.Token t = tokens.get(i);
        if (t.kind() == PromQlTokens.Kind.CLOSE) {
          return i;
        }
        if (expectName && t.kind() == PromQlTokens.Kind.IDENTIFIER) {
          labels.add(t.text());
          expectName = false;
        } else if (!expectName && t.kind() == PromQlTokens.Kind.COMMA) {
          expectName = true;
        } else {
          throw error(t.position(), expectName ? "a label name" : "',' or ')' in a list of label names");
        }
        i++;
      }
      throw error(tokens.get(open).position(), "a ')' closing this list of label names");
    }

    /**
     * @param metric the name before the braces, or null
     * @param brace the index of the '{'
     * @return the index of the matching '}'
     */
    private int selector(String metric, int brace) {
      Set<String> matcherLabels = new LinkedHashSet<>();
      String name = metric;
      int i = brace + 1;
      while (true) {
        PromQlTokens.Token t = at(i, brace, "a label matcher or '}'");
        if (t.kind() == PromQlTokens.Kind.CLOSE_BRACE) {
          break;
        }
        if (t.kind() == PromQlTokens.Kind.STRING && isEndOfMatcher(i + 1)) {
          // {"metric.name"}: a quoted metric name among the matchers
          name = unquote(t.text());
          i++;
        } else {
          if (t.kind() != PromQlTokens.Kind.IDENTIFIER && t.kind() != PromQlTokens.Kind.STRING) {
            throw error(t.position(), "a label name");
          }
          String label = t.kind() == PromQlTokens.Kind.STRING ? unquote(t.text()) : t.text();
          PromQlTokens.Token op = at(i + 1, brace, "=, !=, =~ or !~ after " + label);
          if (op.kind() != PromQlTokens.Kind.OPERATOR || !MATCH_OPERATORS.contains(op.text())) {
            throw error(op.position(), "=, !=, =~ or !~ after " + label);
          }
          PromQlTokens.Token value = at(i + 2, brace, "a quoted value for " + label);
          if (value.kind() != PromQlTokens.Kind.STRING) {
            throw error(value.position(), "a quoted value for " + label);
          }
          if ("__name__".equals(label)) {
            if ("=".equals(op.text())) {
              name = unquote(value.text());
            }
          } else {
            matcherLabels.add(label);
            labels.add(label);
          }
          i += 3;
        }
        PromQlTokens.Token after = at(i, brace, "',' or '}'");
        if (after.kind() == PromQlTokens.Kind.COMMA) {
          i++;
        } else if (after.kind() != PromQlTokens.Kind.CLOSE_BRACE) {
          throw error(after.position(), "',' or '}' after a label matcher");
        }
      }
      if (name != null) {
        metrics.add(name);
      }
      selectors.add(new Selector(name, Collections.unmodifiableSet(matcherLabels)));
      return i;
    }

    private boolean isEndOfMatcher(int i) {
      return i < tokens.size() && (tokens.get(i).kind() == PromQlTokens.Kind.COMMA
          || tokens.get(i).kind() == PromQlTokens.Kind.CLOSE_BRACE);
    }

    private PromQlTokens.Token at(int i, int brace, String expected) {
      if (i >= tokens.size()) {
        throw error(tokens.get(brace).position(), expected + " before the end (this '{' is not closed)");
      }
      return tokens.get(i);
    }

    private static String unquote(String quoted) {
      return quoted.substring(1, quoted.length() - 1);
    }

    private IllegalArgumentException error(int position, String expected) {
      return new IllegalArgumentException("at " + position + ": expected " + expected + " in: " + expr);
    }
  }
}
