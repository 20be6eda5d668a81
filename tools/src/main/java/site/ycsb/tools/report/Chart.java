package site.ycsb.tools.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * A line chart drawn as inline SVG: axes with round ticks and grid, axis titles, a legend on the
 * right, and one polyline (optionally with point markers) per series. Each polyline carries its
 * data values in {@code data-v} so the page script can show exact figures under the pointer.
 */
final class Chart {
  static final int WIDTH = 960;
  static final int HEIGHT = 380;
  private static final int LEFT = 78;
  private static final int RIGHT = 250;
  private static final int TOP = 40;
  private static final int BOTTOM = 52;
  private static final int LEGEND_ROWS = 18;

  /** What the page script needs to format a hover value: micros, number, percent or seconds. */
  enum Unit {
    MICROS, NUMBER, PERCENT, SECONDS
  }

  /**
   * One line of the chart.
   *
   * @param name legend text
   * @param color stroke colour
   * @param dash SVG dash pattern, empty for a solid line
   * @param points {x, y} pairs in data units, in drawing order
   * @param markers whether to draw a dot at each point (for few, meaningful points)
   * @param pointLabels text next to each point when markers are drawn, or null
   */
  record Series(String name, String color, String dash, List<double[]> points, boolean markers,
                List<String> pointLabels) {
    Series(String name, String color, String dash, List<double[]> points) {
      this(name, color, dash, points, false, null);
    }
  }

  private final String id;
  private final String title;
  private final String xTitle;
  private final String yTitle;
  private final List<Series> series = new ArrayList<>();
  private boolean xLog;
  private boolean yLog;
  private boolean xFromZero;
  private boolean yFromZero;
  private Unit xUnit = Unit.NUMBER;
  private Unit yUnit = Unit.NUMBER;
  private String emptyReason = "no data in these results";
  private boolean linesNeedTwoPoints;

  Chart(String id, String title, String xTitle, String yTitle) {
    this.id = id;
    this.title = title;
    this.xTitle = xTitle;
    this.yTitle = yTitle;
  }

  Chart xAxis(boolean log, boolean fromZero, Unit unit) {
    this.xLog = log;
    this.xFromZero = fromZero;
    this.xUnit = unit;
    return this;
  }

  Chart yAxis(boolean log, boolean fromZero, Unit unit) {
    this.yLog = log;
    this.yFromZero = fromZero;
    this.yUnit = unit;
    return this;
  }

  /**
   * For charts over time: a line needs two points, so a chart whose series have fewer draws
   * nothing and says why instead of showing an empty frame.
   *
   * @param reason shown in the middle of the chart when no line can be drawn
   */
  Chart overTime(String reason) {
    this.emptyReason = reason;
    this.linesNeedTwoPoints = true;
    return this;
  }

  Chart add(Series s) {
    series.add(s);
    return this;
  }

  String id() {
    return id;
  }

  /** @return the chart as an SVG element; a chart without drawable points says so in its middle */
  String toSvg() {
    double[] xr = range(0);
    double[] yr = range(1);
    boolean empty = xr == null || yr == null || linesNeedTwoPoints && series.stream().noneMatch(this::hasLine);
    Axis x = empty ? Axis.linear(0, 1, true, Axis.NUMBER) : axis(xLog, xr, xFromZero, xUnit);
    Axis y = empty ? Axis.linear(0, 1, true, Axis.NUMBER) : axis(yLog, yr, yFromZero, yUnit);
    int plotRight = WIDTH - RIGHT;
    int plotBottom = HEIGHT - BOTTOM;
    x.place(LEFT, plotRight);
    y.place(plotBottom, TOP);

    StringBuilder b = new StringBuilder(8192);
    b.append("<svg class=\"chart\" id=\"").append(id).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ')
        .append(HEIGHT).append("\" role=\"img\" data-x-unit=\"").append(xUnit.name().toLowerCase())
        .append("\" data-y-unit=\"").append(yUnit.name().toLowerCase()).append("\" data-plot=\"")
        .append(LEFT).append(',').append(TOP).append(',').append(plotRight).append(',').append(plotBottom)
        .append('"').append(empty ? " data-empty=\"true\"" : "").append(">\n");
    b.append("<title>").append(Html.escape(title)).append("</title>\n");
    b.append("<text class=\"ct\" x=\"").append(LEFT).append("\" y=\"22\">").append(Html.escape(title))
        .append("</text>\n");
    b.append("<rect class=\"plot\" x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"")
        .append(plotRight - LEFT).append("\" height=\"").append(plotBottom - TOP).append("\"/>\n");
    grid(b, x, y, plotRight, plotBottom);
    b.append("<text class=\"at\" x=\"").append((LEFT + plotRight) / 2).append("\" y=\"").append(HEIGHT - 10)
        .append("\" text-anchor=\"middle\">").append(Html.escape(xTitle)).append("</text>\n");
    int mid = (TOP + plotBottom) / 2;
    b.append("<text class=\"at\" x=\"16\" y=\"").append(mid).append("\" text-anchor=\"middle\" transform=\"rotate(-90 16 ")
        .append(mid).append(")\">").append(Html.escape(yTitle)).append("</text>\n");
    if (empty) {
      b.append("<text class=\"nodata\" x=\"").append((LEFT + plotRight) / 2).append("\" y=\"").append(mid)
          .append("\" text-anchor=\"middle\">").append(Html.escape(emptyReason)).append("</text>\n");
    } else {
      for (Series s : series) {
        line(b, s, x, y);
      }
    }
    legend(b, plotRight + 16);
    b.append("</svg>\n");
    return b.toString();
  }

  private boolean hasLine(Series s) {
    return s.markers() || s.points().stream().filter(this::drawable).count() >= 2;
  }

  private static Axis axis(boolean log, double[] r, boolean fromZero, Unit unit) {
    DoubleFunction<String> f = switch (unit) {
      case MICROS -> Axis.MICROS;
      case PERCENT -> Axis.PERCENT;
      default -> Axis.NUMBER;
    };
    return log ? Axis.log(r[0], r[1], f) : Axis.linear(r[0], r[1], fromZero, f);
  }

  /** @return min and max of one coordinate over every drawable point, or null when there is none */
  private double[] range(int coordinate) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      for (double[] p : s.points()) {
        if (drawable(p)) {
          lo = Math.min(lo, p[coordinate]);
          hi = Math.max(hi, p[coordinate]);
        }
      }
    }
    return lo <= hi ? new double[] {lo, hi} : null;
  }

  private boolean drawable(double[] p) {
    return Double.isFinite(p[0]) && Double.isFinite(p[1]) && (!xLog || p[0] > 0) && (!yLog || p[1] > 0);
  }

  private void grid(StringBuilder b, Axis x, Axis y, int plotRight, int plotBottom) {
    for (double t : x.ticks()) {
      String px = Html.px(x.pixel(t));
      b.append("<line class=\"g\" x1=\"").append(px).append("\" y1=\"").append(TOP).append("\" x2=\"").append(px)
          .append("\" y2=\"").append(plotBottom).append("\"/>")
          .append("<text class=\"tl\" x=\"").append(px).append("\" y=\"").append(plotBottom + 16)
          .append("\" text-anchor=\"middle\">").append(Html.escape(x.format(t))).append("</text>\n");
    }
    for (double t : y.ticks()) {
      String py = Html.px(y.pixel(t));
      b.append("<line class=\"g\" x1=\"").append(LEFT).append("\" y1=\"").append(py).append("\" x2=\"")
          .append(plotRight).append("\" y2=\"").append(py).append("\"/>")
          .append("<text class=\"tl\" x=\"").append(LEFT - 6).append("\" y=\"").append(py)
          .append("\" dy=\"4\" text-anchor=\"end\">").append(Html.escape(y.format(t))).append("</text>\n");
    }
  }

  private void line(StringBuilder b, Series s, Axis x, Axis y) {
    StringBuilder pts = new StringBuilder();
    StringBuilder values = new StringBuilder();
    StringBuilder marks = new StringBuilder();
    int i = 0;
    for (double[] p : s.points()) {
      String label = s.pointLabels() != null && i < s.pointLabels().size() ? s.pointLabels().get(i) : null;
      i++;
      if (!drawable(p)) {
        continue;
      }
      String px = Html.px(x.pixel(p[0]));
      String py = Html.px(y.pixel(p[1]));
      pts.append(pts.length() == 0 ? "" : " ").append(px).append(',').append(py);
      values.append(values.length() == 0 ? "" : " ").append(Html.value(p[0])).append(',').append(Html.value(p[1]));
      if (s.markers()) {
        marks.append("<circle cx=\"").append(px).append("\" cy=\"").append(py).append("\" r=\"4\" fill=\"")
            .append(s.color()).append("\"/>");
        if (label != null) {
          marks.append("<text class=\"pl\" x=\"").append(px).append("\" y=\"").append(py)
              .append("\" dx=\"6\" dy=\"-6\">").append(Html.escape(label)).append("</text>");
        }
      }
    }
    if (pts.length() == 0) {
      return;
    }
    b.append("<g class=\"series\" data-name=\"").append(Html.escape(s.name())).append("\">");
    b.append("<polyline fill=\"none\" stroke=\"").append(s.color()).append("\" stroke-width=\"1.8\"");
    if (!s.dash().isEmpty()) {
      b.append(" stroke-dasharray=\"").append(s.dash()).append('"');
    }
    b.append(" points=\"").append(pts).append("\" data-v=\"").append(values).append("\"/>");
    b.append(marks).append("</g>\n");
  }

  private void legend(StringBuilder b, int left) {
    int shown = Math.min(series.size(), LEGEND_ROWS);
    for (int i = 0; i < shown; i++) {
      Series s = series.get(i);
      int yy = TOP + 8 + i * 18;
      b.append("<line x1=\"").append(left).append("\" y1=\"").append(yy).append("\" x2=\"").append(left + 26)
          .append("\" y2=\"").append(yy).append("\" stroke=\"").append(s.color()).append("\" stroke-width=\"2.5\"");
      if (!s.dash().isEmpty()) {
        b.append(" stroke-dasharray=\"").append(s.dash()).append('"');
      }
      String name = s.name();
      String shortName = name.length() > 30 ? name.substring(0, 29) + "…" : name;
      b.append("/><text class=\"lg\" x=\"").append(left + 32).append("\" y=\"").append(yy + 4).append("\">")
          .append("<title>").append(Html.escape(name)).append("</title>")
          .append(Html.escape(shortName)).append("</text>\n");
    }
    if (series.size() > shown) {
      b.append("<text class=\"lg\" x=\"").append(left).append("\" y=\"").append(TOP + 8 + shown * 18 + 4)
          .append("\">… and ").append(series.size() - shown).append(" more (hover the lines)</text>\n");
    }
  }
}
