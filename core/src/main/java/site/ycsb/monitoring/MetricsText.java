package site.ycsb.monitoring;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes the endpoint's metric families in the two text formats a scraper may ask for: the
 * Prometheus text format (what {@code curl} and {@code promtool} read) and OpenMetrics (what
 * Prometheus asks for). Written here rather than by the client library, which prints bucket bounds
 * as Java prints doubles ({@code le="1.0E-4"}): users copy {@code le} values into their queries, so
 * every number is written as a plain decimal ({@code le="0.0001"}).
 *
 * <p>Each family has its {@code HELP} and {@code TYPE} lines. A counter's family is named as its
 * sample in the Prometheus format ({@code ycsb_gc_seconds_total}) and without {@code _total} in
 * OpenMetrics, which requires the suffix on the sample only.
 */
final class MetricsText {
  /** A text format and its content type. */
  enum Format {
    /** The Prometheus text format, version 0.0.4. */
    PROMETHEUS("text/plain; version=0.0.4; charset=utf-8"),
    /** OpenMetrics 1.0. */
    OPENMETRICS("application/openmetrics-text; version=1.0.0; charset=utf-8");

    private final String contentType;

    Format(String contentType) {
      this.contentType = contentType;
    }

    /** @return the {@code Content-Type} of an answer in this format */
    String contentType() {
      return contentType;
    }

    /**
     * @param accept the scrape's {@code Accept} header, or null
     * @return OpenMetrics when the scraper accepts it (Prometheus does), else the Prometheus format
     */
    static Format forAccept(String accept) {
      return accept != null && accept.contains("application/openmetrics-text") ? OPENMETRICS : PROMETHEUS;
    }
  }

  private MetricsText() {
  }

  /**
   * @param families the metric families, in any order
   * @param format the text format
   * @return the exposition: the families sorted by name
   */
  static String write(List<MetricSnapshot> families, Format format) {
    List<MetricSnapshot> sorted = new ArrayList<>(families);
    sorted.sort(Comparator.comparing(f -> f.getMetadata().getName()));
    StringBuilder out = new StringBuilder(8192);
    for (MetricSnapshot family : sorted) {
      String name = family.getMetadata().getName();
      if (family instanceof CounterSnapshot counter) {
        metadata(out, format, format == Format.PROMETHEUS ? name + "_total" : name, "counter", family);
        for (CounterDataPointSnapshot p : counter.getDataPoints()) {
          sample(out, name + "_total", p.getLabels(), null, number(p.getValue()));
        }
      } else if (family instanceof GaugeSnapshot gauge) {
        metadata(out, format, name, "gauge", family);
        for (GaugeDataPointSnapshot p : gauge.getDataPoints()) {
          sample(out, name, p.getLabels(), null, number(p.getValue()));
        }
      } else if (family instanceof HistogramSnapshot histogram) {
        metadata(out, format, name, "histogram", family);
        for (HistogramDataPointSnapshot p : histogram.getDataPoints()) {
          histogram(out, name, p);
        }
      } else {
        throw new IllegalArgumentException("no text for metric " + name + " of " + family.getClass().getSimpleName());
      }
    }
    if (format == Format.OPENMETRICS) {
      out.append("# EOF\n");
    }
    return out.toString();
  }

  private static void metadata(StringBuilder out, Format format, String name, String type, MetricSnapshot family) {
    String help = family.getMetadata().getHelp();
    if (help == null || help.isEmpty()) {
      // promtool and a reader of the dashboard both need it: every family says what it is
      throw new IllegalArgumentException("metric " + name + " has no help text");
    }
    String helpLine = "# HELP " + name + " " + escape(help, format == Format.OPENMETRICS) + "\n";
    String typeLine = "# TYPE " + name + " " + type + "\n";
    // the order each format's own writers use
    out.append(format == Format.OPENMETRICS ? typeLine + helpLine : helpLine + typeLine);
  }

  private static void histogram(StringBuilder out, String name, HistogramDataPointSnapshot p) {
    ClassicHistogramBuckets buckets = p.getClassicBuckets();
    long cumulative = 0;
    for (int i = 0; i < buckets.size(); i++) {
      cumulative += buckets.getCount(i);
      sample(out, name + "_bucket", p.getLabels(), number(buckets.getUpperBound(i)), Long.toString(cumulative));
    }
    sample(out, name + "_count", p.getLabels(), null, Long.toString(p.hasCount() ? p.getCount() : cumulative));
    if (p.hasSum()) {
      sample(out, name + "_sum", p.getLabels(), null, number(p.getSum()));
    }
  }

  private static void sample(StringBuilder out, String name, Labels labels, String le, String value) {
    out.append(name);
    if (!labels.isEmpty() || le != null) {
      out.append('{');
      for (int i = 0; i < labels.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        out.append(labels.getName(i)).append("=\"").append(escape(labels.getValue(i), true)).append('"');
      }
      if (le != null) {
        out.append(labels.isEmpty() ? "" : ",").append("le=\"").append(le).append('"');
      }
      out.append('}');
    }
    out.append(' ').append(value).append('\n');
  }

  /**
   * @param value a sample value or bucket bound
   * @return it as a plain decimal, never in E notation: whole numbers with {@code .0} (OpenMetrics'
   *     canonical form of a bound, {@code le="1.0"}), {@code +Inf}, {@code -Inf}, {@code NaN}
   */
  static String number(double value) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "+Inf" : "-Inf";
    }
    String plain = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    return plain.indexOf('.') < 0 ? plain + ".0" : plain;
  }

  /** @return the text with backslash and newline escaped, and double quotes when {@code quotes} */
  private static String escape(String text, boolean quotes) {
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        sb.append("\\\\");
      } else if (c == '\n') {
        sb.append("\\n");
      } else if (c == '"' && quotes) {
        sb.append("\\\"");
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
