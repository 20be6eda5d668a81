package site.ycsb.commandline;

/**
 * A command whose options take their value either after a space or after {@code =}
 * ({@code --confidence 99} or {@code --confidence=99}), as long options usually do. Upstream's
 * phase options ({@code -p name=value}) take theirs after a space only.
 */
public interface TakesEqualsForm {
}
