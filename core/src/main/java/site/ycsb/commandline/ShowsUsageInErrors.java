package site.ycsb.commandline;

/**
 * A command whose refusals end with its one-line usage, for commands whose arguments are easy to
 * put in the wrong place (options, then another command's line).
 */
public interface ShowsUsageInErrors {
}
