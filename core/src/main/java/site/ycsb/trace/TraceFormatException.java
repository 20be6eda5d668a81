package site.ycsb.trace;

import java.io.IOException;

/** A line of a trace that is not what its format says; the message names the file and line. */
public final class TraceFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  /**
   * @param source the file
   * @param line the line number, from 1
   * @param what what was wrong and what was expected
   */
  public TraceFormatException(String source, long line, String what) {
    super(source + " line " + line + ": " + what);
  }
}
