package site.ycsb.monitoring;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PromQL split into tokens, with Grafana's variables where PromQL has a value or a duration. A
 * range or subquery ({@code [5m]}, {@code [$__rate_interval]}, {@code [1h:1m]}) is one token, its
 * durations checked; a string is one token, its escapes respected; comments are dropped.
 */
final class PromQlTokens {
  /** What a token is. */
  enum Kind { IDENTIFIER, NUMBER, STRING, VARIABLE, RANGE, OPEN, CLOSE, OPEN_BRACE, CLOSE_BRACE, COMMA, OPERATOR }

  /** A token, and where it starts in the expression. */
  record Token(Kind kind, String text, int position) {
  }

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_:][A-Za-z0-9_:]*");
  /** Durations (1h30m), hexadecimal and decimal numbers; no letter may follow. */
  private static final Pattern NUMBER = Pattern.compile(
      "(?:(?:[0-9]+(?:ms|s|m|h|d|w|y))+|0[xX][0-9a-fA-F]+|(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?)"
          + "(?![A-Za-z0-9_])");
  /** $name, ${name}, ${name:format}, [[name]]. */
  private static final Pattern VARIABLE = Pattern.compile(
      "\\$(?:[A-Za-z_][A-Za-z0-9_]*|\\{[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z0-9_]+)?\\})|\\[\\[[A-Za-z_][A-Za-z0-9_]*\\]\\]");
  private static final String DURATION = "(?:(?:[0-9]+(?:ms|s|m|h|d|w|y))+|\\$(?:[A-Za-z_][A-Za-z0-9_]*"
      + "|\\{[A-Za-z_][A-Za-z0-9_]*\\})|\\[\\[[A-Za-z_][A-Za-z0-9_]*\\]\\])";
  /** [range] or [range:] or [range:resolution]. */
  private static final Pattern RANGE = Pattern.compile("\\[\\s*" + DURATION + "\\s*(?::\\s*(?:" + DURATION + ")?\\s*)?\\]");
  private static final String[] OPERATORS = {"==", "!=", "<=", ">=", "=~", "!~", "<", ">", "=", "+", "-", "*", "/",
      "%", "^", "@"};

  private PromQlTokens() {
  }

  /**
   * @throws IllegalArgumentException at an unterminated string, a broken range or a character PromQL does not have
   */
  static List<Token> of(String expr) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    while (i < expr.length()) {
      char c = expr.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '#') {
        int end = expr.indexOf('\n', i);
        i = end < 0 ? expr.length() : end;
      } else if (c == '"' || c == '\'' || c == '`') {
        int end = endOfString(expr, i);
        tokens.add(new Token(Kind.STRING, expr.substring(i, end), i));
        i = end;
      } else if (c == '[' && !expr.startsWith("[[", i)) {
        i = add(tokens, Kind.RANGE, RANGE, expr, i, "a range such as [5m], [$__rate_interval] or [1h:1m]");
      } else if (c == '$' || c == '[') {
        i = add(tokens, Kind.VARIABLE, VARIABLE, expr, i, "a Grafana variable such as $client or ${client}");
      } else if (Character.isDigit(c) || c == '.' && i + 1 < expr.length() && Character.isDigit(expr.charAt(i + 1))) {
        i = add(tokens, Kind.NUMBER, NUMBER, expr, i, "a number or a duration");
      } else if (IDENTIFIER.matcher(expr).region(i, expr.length()).lookingAt()) {
        i = add(tokens, Kind.IDENTIFIER, IDENTIFIER, expr, i, "a name");
      } else if ("(){},".indexOf(c) >= 0) {
        Kind kind = c == '(' ? Kind.OPEN : c == ')' ? Kind.CLOSE : c == '{' ? Kind.OPEN_BRACE
            : c == '}' ? Kind.CLOSE_BRACE : Kind.COMMA;
        tokens.add(new Token(kind, String.valueOf(c), i));
        i++;
      } else {
        String op = operatorAt(expr, i);
        if (op == null) {
          throw new IllegalArgumentException("at " + i + ": '" + c + "' is not PromQL, in: " + expr);
        }
        tokens.add(new Token(Kind.OPERATOR, op, i));
        i += op.length();
      }
    }
    return tokens;
  }

  private static int add(List<Token> tokens, Kind kind, Pattern pattern, String expr, int i, String expected) {
    Matcher m = pattern.matcher(expr).region(i, expr.length());
    if (!m.lookingAt()) {
      throw new IllegalArgumentException("at " + i + ": expected " + expected + " in: " + expr);
    }
    tokens.add(new Token(kind, m.group(), i));
    return m.end();
  }

  /** @return the index after the closing quote; backquoted strings have no escapes */
  private static int endOfString(String expr, int start) {
    char quote = expr.charAt(start);
    for (int i = start + 1; i < expr.length(); i++) {
      char c = expr.charAt(i);
      if (c == '\\' && quote != '`') {
        i++;
      } else if (c == quote) {
        return i + 1;
      } else if (c == '\n' && quote != '`') {
        break;
      }
    }
    throw new IllegalArgumentException("at " + start + ": this string is not closed, in: " + expr);
  }

  private static String operatorAt(String expr, int i) {
    for (String op : OPERATORS) {
      if (expr.startsWith(op, i)) {
        return op;
      }
    }
    return null;
  }
}
