package site.ycsb.props;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * A workload file's {@code name=value} lines read as its user saved them. Upstream reads these
 * files with {@code Properties.load(InputStream)}, ISO-8859-1, and so does this, with three
 * differences a user expects: a UTF-8 byte-order mark (which Windows editors write) is not part
 * of the first name, and the file is then read as the UTF-8 it says it is; blanks after a value
 * are not part of it ({@code operationcount=37 } is 37, as the line looks), unless the last is
 * escaped ({@code \ }); Windows line ends are line ends, as in {@code Properties}. A file saved
 * as UTF-16 is refused: its names would not be the names the user typed.
 */
public final class WorkloadFileText {
  private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private WorkloadFileText() {
  }

  /**
   * @param bytes the file's content
   * @return its text, without a byte-order mark
   * @throws IllegalArgumentException when it cannot be a workload file: the message follows the
   *     file's name ("is empty", "holds binary data", "is saved as UTF-16 ...")
   */
  public static String decode(byte[] bytes) {
    if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE)
        || (bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF))) {
      throw new IllegalArgumentException("is saved as UTF-16: save it as UTF-8 (or ASCII)");
    }
    String text = startsWithUtf8Mark(bytes)
        ? new String(bytes, UTF8_BOM.length, bytes.length - UTF8_BOM.length, StandardCharsets.UTF_8)
        : new String(bytes, StandardCharsets.ISO_8859_1);
    if (text.isEmpty()) {
      throw new IllegalArgumentException("is empty");
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      // a properties file is text: no NUL, no control characters but tab, line ends and form feed
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') {
        throw new IllegalArgumentException("holds binary data");
      }
    }
    return text;
  }

  /**
   * Adds the file's properties to {@code into}, a later name winning as in {@code Properties}.
   *
   * @param text the text {@link #decode} returned
   * @param into where the names and values go
   * @throws IllegalArgumentException on a malformed {@code \\uXXXX} escape
   */
  public static void load(String text, Properties into) {
    try {
      into.load(new StringReader(withoutTrailingBlanks(text)));
    } catch (IOException e) {
      // a StringReader does not fail
      throw new UncheckedIOException(e);
    }
  }

  private static boolean startsWithUtf8Mark(byte[] bytes) {
    if (bytes.length < UTF8_BOM.length) {
      return false;
    }
    for (int i = 0; i < UTF8_BOM.length; i++) {
      if (bytes[i] != UTF8_BOM[i]) {
        return false;
      }
    }
    return true;
  }

  /** Every line without the blanks that end it, but for one a backslash escapes. */
  static String withoutTrailingBlanks(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (String line : text.split("\r\n|\r|\n", -1)) {
      int end = line.length();
      while (end > 0 && isBlank(line.charAt(end - 1))) {
        end--;
      }
      if (end < line.length() && escaped(line, end)) {
        // "\ " is a blank the user asked for; dropping it would also turn the backslash into a line continuation
        end++;
      }
      out.append(line, 0, end).append('\n');
    }
    return out.toString();
  }

  /** Properties' own blanks between and around names and values. */
  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\f';
  }

  /** @return whether the character at {@code at} follows an odd number of backslashes */
  private static boolean escaped(String line, int at) {
    int backslashes = 0;
    for (int i = at - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }
}
