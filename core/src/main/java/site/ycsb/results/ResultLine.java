package site.ycsb.results;

/**
 * One result: {@code [section], metric, value}. The value is a {@link Long} or a {@link Double}.
 *
 * @param section e.g. {@code READ}
 * @param metric e.g. {@code Operations}
 * @param value the figure
 */
public record ResultLine(String section, String metric, Number value) {
}
