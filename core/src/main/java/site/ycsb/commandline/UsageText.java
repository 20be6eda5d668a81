package site.ycsb.commandline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The usage every command prints, generated from its declarations: {@code usage: ycsb ...}, what
 * the command does, then one line per argument and option as upstream YCSB prints them
 * ({@code -P file          workload file ...}), whatever its option names look like.
 */
public final class UsageText {
  /** Wide enough for a synopsis of a few lines, narrow enough for a terminal beside an editor. */
  static final int WIDTH = 100;
  private static final int MIN_NAME_COLUMN = 19;
  private static final int MAX_NAME_COLUMN = 30;

  private UsageText() {
  }

  /** Lays out the usage of {@code spec} (and of its subcommands, listed by name and first description line). */
  static void install(CommandSpec spec) {
    UsageMessageSpec u = spec.usageMessage();
    u.width(WIDTH).autoWidth(false).synopsisHeading("usage: ").commandListHeading("commands:%n")
        .sortOptions(false).sortSynopsis(false);
    u.sectionKeys(List.of(UsageMessageSpec.SECTION_KEY_SYNOPSIS_HEADING, UsageMessageSpec.SECTION_KEY_SYNOPSIS,
        UsageMessageSpec.SECTION_KEY_DESCRIPTION, UsageMessageSpec.SECTION_KEY_OPTION_LIST,
        UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING, UsageMessageSpec.SECTION_KEY_COMMAND_LIST,
        UsageMessageSpec.SECTION_KEY_FOOTER));
    Map<String, IHelpSectionRenderer> sections = new HashMap<>(u.sectionMap());
    sections.put(UsageMessageSpec.SECTION_KEY_SYNOPSIS, help -> synopsis(help.commandSpec()));
    sections.put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> table(help.commandSpec(), help));
    u.sectionMap(sections);
  }

  /** @return the synopsis on one line, e.g. for the end of an error */
  public static String oneLine(CommandSpec spec) {
    return spec.qualifiedName() + " " + String.join(" ", synopsisParts(spec));
  }

  /**
   * The command's arguments where they go: its positional arguments first, as upstream's
   * {@code run <binding> [options]}, unless they end the command line (another command's line after
   * the options, as in fanout); an optional one in brackets.
   */
  private static List<String> synopsisParts(CommandSpec spec) {
    List<String> positionals = new ArrayList<>();
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (!p.hidden()) {
        positionals.add(p.arity().min() > 0 ? nameAndLabel(p) : "[" + nameAndLabel(p) + "]");
      }
    }
    List<String> parts = new ArrayList<>();
    for (OptionSpec o : options(spec)) {
      if (!o.usageHelp()) {
        parts.add(o.required() ? nameAndLabel(o) : "[" + nameAndLabel(o) + "]");
      }
    }
    if (spec.parser().stopAtPositional()) {
      parts.addAll(positionals);
      return parts;
    }
    positionals.addAll(parts);
    return positionals;
  }

  private static String synopsis(CommandSpec spec) {
    String name = spec.qualifiedName();
    String indent = " ".repeat(Math.min("usage: ".length() + name.length() + 1, WIDTH / 2));
    StringBuilder text = new StringBuilder(name);
    int lineLength = "usage: ".length() + name.length();
    for (String part : synopsisParts(spec)) {
      if (lineLength + 1 + part.length() > WIDTH) {
        text.append('\n').append(indent).append(part);
        lineLength = indent.length() + part.length();
      } else {
        text.append(' ').append(part);
        lineLength += 1 + part.length();
      }
    }
    return text.append('\n').toString();
  }

  /** @return the options that are not hidden, in the order they are declared ({@code order}) */
  private static List<OptionSpec> options(CommandSpec spec) {
    List<OptionSpec> shown = new ArrayList<>();
    for (OptionSpec o : spec.options()) {
      if (!o.hidden()) {
        shown.add(o);
      }
    }
    shown.sort(java.util.Comparator.comparingInt(OptionSpec::order));
    return shown;
  }

  /** @return every option with its value, e.g. {@code -P file, -p name=value or -s} (help left out) */
  static String optionsInOneLine(CommandSpec spec) {
    List<String> names = new ArrayList<>();
    for (OptionSpec o : options(spec)) {
      if (!o.usageHelp()) {
        names.add(nameAndLabel(o));
      }
    }
    if (names.size() < 2) {
      return String.join("", names);
    }
    return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
  }

  /** @return {@code -P file}, {@code -o DIR}, {@code -s}, {@code DIR...}: the option's first name */
  static String nameAndLabel(ArgSpec a) {
    return nameAndLabel(a, false);
  }

  private static String nameAndLabel(ArgSpec a, boolean everyName) {
    if (a instanceof OptionSpec o) {
      return (everyName ? String.join(", ", o.names()) : o.names()[0])
          + (o.arity().max() > 0 ? " " + o.paramLabel() : "");
    }
    return a.paramLabel() + (a.arity().max() > 1 && !a.paramLabel().contains("...") ? "..." : "");
  }

  private static String table(CommandSpec spec, Help help) {
    List<String[]> rows = new ArrayList<>();
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (!p.hidden()) {
        rows.add(new String[] {"  " + nameAndLabel(p), String.join(" ", p.renderedDescription())});
      }
    }
    for (OptionSpec o : options(spec)) {
      rows.add(new String[] {"  " + nameAndLabel(o, true), String.join(" ", o.renderedDescription())});
    }
    int names = MIN_NAME_COLUMN;
    for (String[] r : rows) {
      names = Math.max(names, Math.min(MAX_NAME_COLUMN, r[0].length() + 2));
    }
    TextTable t = TextTable.forColumns(help.colorScheme(), new Column(names, 0, Column.Overflow.SPAN),
        new Column(WIDTH - names, 0, Column.Overflow.WRAP));
    for (String[] r : rows) {
      t.addRowValues(r);
    }
    return t.toString();
  }

  /** @return a parser's usage message */
  static String of(CommandLine cl) {
    String text = cl.getUsageMessage(Help.defaultColorScheme(Help.Ansi.OFF));
    return text.endsWith("\n") ? text : text + "\n";
  }
}
