package site.ycsb.trace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A phase's whole capture, a folder of one file per worker ({@code worker-N.csv.gz}), read as one
 * trace: the workers' operations merged in the order they were due. Every worker's times count
 * from the same instant, the phase's start, so the merge is their order in the phase.
 */
final class CaptureFolder implements TraceReader {
  /** One worker's file and its next operation. */
  private record Head(TracedOperation op, int file) {
  }

  private final List<CaptureReader> files = new ArrayList<>();
  private final PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> a.op().offsetNanos() != b.op().offsetNanos()
      ? Long.compare(a.op().offsetNanos(), b.op().offsetNanos()) : Integer.compare(a.file(), b.file()));

  /**
   * @param folder the capture folder
   * @throws IOException when it holds no capture file or one cannot be read
   */
  CaptureFolder(Path folder) throws IOException {
    try (DirectoryStream<Path> found = Files.newDirectoryStream(folder, "worker-*.csv.gz")) {
      List<Path> sorted = new ArrayList<>();
      found.forEach(sorted::add);
      sorted.sort(null);
      for (Path p : sorted) {
        files.add(new CaptureReader(p));
      }
    } catch (IOException e) {
      close();
      throw e;
    }
    if (files.isEmpty()) {
      throw new TraceFormatException(folder.toString(), 0, "expected a capture: worker-N.csv.gz files in the folder");
    }
    for (int i = 0; i < files.size(); i++) {
      advance(i);
    }
  }

  private void advance(int file) throws IOException {
    TracedOperation op = files.get(file).next();
    if (op != null) {
      heads.add(new Head(op, file));
    }
  }

  @Override
  public TracedOperation next() throws IOException {
    Head h = heads.poll();
    if (h == null) {
      return null;
    }
    advance(h.file());
    return h.op();
  }

  @Override
  public long skipped() {
    long n = 0;
    for (CaptureReader r : files) {
      n += r.skipped();
    }
    return n;
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (CaptureReader r : files) {
      try {
        r.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
