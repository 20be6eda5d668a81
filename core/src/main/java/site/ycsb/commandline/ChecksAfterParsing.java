package site.ycsb.commandline;

import picocli.CommandLine.ParameterException;

/**
 * A command whose options are checked together once every one is read ({@code --csv} with
 * {@code --json}, {@code --fail-on} without a second group): a refusal is then said like the
 * parser's own.
 */
public interface ChecksAfterParsing {
  /** @throws ParameterException made by {@link ErrorLine#refusal} when the options do not go together */
  void check();
}
