package site.ycsb.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Opens a generated report in headless Chromium, offline, as a reader would: every chart must be
 * drawn with no script or console error, and a screenshot must show the charts (not a blank page).
 */
class ReportBrowserTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final long BROWSER_TIMEOUT_SECONDS = 120;

  private static Path report;

  @BeforeAll
  static void writeReport() throws IOException {
    report = SampleRuns.scratch("browser").resolve("report.html");
    ReportCommandTest.report(SampleRuns.sweep(), report);
  }

  @Test
  void everyChartRendersWithoutErrors() throws Exception {
    Path dir = SampleRuns.scratch("dom");
    Browser b = chromium(dir, "--enable-logging=stderr", "--v=0", "--dump-dom", report.toUri().toString());
    Matcher body = Pattern.compile("<body([^>]*)>").matcher(b.out);
    assertTrue(body.find(), "no <body> in the rendered page: " + b);
    String attrs = body.group(1);
    String expected = attribute(attrs, "data-charts-expected");
    String rendered = attribute(attrs, "data-charts-rendered");
    assertTrue(rendered != null, "the page script did not run (no data-charts-rendered): " + attrs);
    assertTrue(Integer.parseInt(expected) >= 15, "three runs of workload A give at least 15 charts: " + expected);
    assertEquals(expected, rendered, "charts drawn");
    assertEquals("", attribute(attrs, "data-errors"), "script errors");
    List<String> console = new ArrayList<>();
    for (String line : b.err.split("\n")) {
      if (line.contains("CONSOLE")) {
        console.add(line);
      }
    }
    assertEquals(List.of(), console, "console messages of the page");
  }

  @Test
  void screenshotShowsTheCharts() throws Exception {
    Path dir = SampleRuns.scratch("shot");
    Path png = dir.resolve("report.png");
    Browser b = chromium(dir, "--screenshot=" + png, "--window-size=1400,3000", report.toUri().toString());
    assertTrue(Files.size(png) > 0, "no screenshot written: " + b);
    BufferedImage image = ImageIO.read(png.toFile());
    assertEquals(1400, image.getWidth());
    long nonWhite = 0;
    Set<Integer> colours = new HashSet<>();
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y) & 0xffffff;
        colours.add(rgb);
        if (rgb != 0xffffff) {
          nonWhite++;
        }
      }
    }
    double share = (double) nonWhite / ((long) image.getWidth() * image.getHeight());
    assertTrue(share > 0.03, "the screenshot is nearly blank: " + share * 100 + "% non-white pixels");
    assertTrue(colours.size() > 200, "the screenshot has only " + colours.size() + " colours");
    // the run colours of the palette are on the page (legend and lines)
    for (int runColour : new int[] {0x1f77b4, 0xff7f0e, 0x2ca02c}) {
      assertTrue(colours.contains(runColour), "colour #" + Integer.toHexString(runColour) + " missing");
    }
  }

  record Browser(String out, String err) {
    @Override
    public String toString() {
      return "stdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  /** Runs headless Chromium offline with a fresh profile and waits for it, killing it on timeout. */
  static Browser chromium(Path dir, String... args) throws Exception {
    if (!Files.isExecutable(CHROMIUM)) {
      fail(CHROMIUM + " is missing: install Debian's chromium package (apt-get install -y chromium); "
          + "the project's test script installs it, so this test does not skip");
    }
    Path profile = Files.createDirectories(dir.resolve("profile"));
    List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
        "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
    command.addAll(List.of(args));
    File out = dir.resolve("chromium.out").toFile();
    File err = dir.resolve("chromium.err").toFile();
    Process p = new ProcessBuilder(command).redirectOutput(out).redirectError(err).start();
    try {
      if (!p.waitFor(BROWSER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        fail("chromium did not finish within " + BROWSER_TIMEOUT_SECONDS + " s");
      }
    } finally {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    Browser b = new Browser(Files.readString(out.toPath(), StandardCharsets.UTF_8),
        Files.readString(err.toPath(), StandardCharsets.UTF_8));
    assertEquals(0, p.exitValue(), "chromium failed: " + b);
    return b;
  }

  static String attribute(String attrs, String name) {
    Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(attrs);
    return m.find() ? m.group(1) : null;
  }
}
