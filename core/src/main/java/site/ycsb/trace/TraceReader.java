package site.ycsb.trace;

import java.io.Closeable;
import java.io.IOException;

/** Reads a trace's operations in the order they were due. */
public interface TraceReader extends Closeable {
  /**
   * @return the next operation, or null at the end of the trace
   * @throws IOException when the file cannot be read, or {@link TraceFormatException} naming the
   *     line that is not what the format says
   */
  TracedOperation next() throws IOException;

  /** @return lines of the trace passed over: commands with no operation of the benchmark, comments */
  long skipped();
}
