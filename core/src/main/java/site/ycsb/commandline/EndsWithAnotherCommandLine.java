package site.ycsb.commandline;

/**
 * A command whose own options come first and whose first argument starts another command's line,
 * passed on as it is: everything from there on is that line, whatever options it holds.
 */
public interface EndsWithAnotherCommandLine {
}
