package site.ycsb.tools.scaleout;

/**
 * Writes one property as a line that {@code java.util.Properties.load} reads back exactly, in
 * printable ASCII only (the client reads its files as ISO-8859-1; a ConfigMap holds UTF-8).
 */
final class PropertiesText {
  private PropertiesText() {
  }

  /** @return {@code name=value} and a newline, escaped */
  static String line(String name, String value) {
    StringBuilder sb = new StringBuilder(name.length() + value.length() + 2);
    escape(sb, name, true);
    sb.append('=');
    escape(sb, value, false);
    return sb.append('\n').toString();
  }

  private static void escape(StringBuilder sb, String s, boolean key) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\':
          sb.append("\\\\");
          break;
        case '\t':
          sb.append("\\t");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\r':
          sb.append("\\r");
          break;
        case '\f':
          sb.append("\\f");
          break;
        case ' ':
          // a value's inner spaces are kept as they are; its leading ones and a key's would be lost
          sb.append(key || i == 0 ? "\\ " : " ");
          break;
        case '=':
        case ':':
        case '#':
        case '!':
          sb.append('\\').append(c);
          break;
        default:
          if (c < 0x20 || c > 0x7e) {
            sb.append(String.format("\\u%04X", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
  }
}
