package site.ycsb.tools.comparison;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * Rows of cells printed in columns two spaces apart, each as wide as its widest cell: the tables
 * {@code compare} prints. Text columns go to the left, figures to the right; trailing blanks are cut.
 */
public final class TextTable {
  private TextTable() {
  }

  /**
   * @param out where the table goes
   * @param rows the rows, the heading first; each as long as the first
   * @param leftAligned which columns (counted from 0) are text, aligned to the left
   */
  public static void print(PrintStream out, List<String[]> rows, IntPredicate leftAligned) {
    int[] width = new int[rows.get(0).length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    for (String[] r : rows) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        if (i > 0) {
          sb.append("  ");
        }
        String fmt = leftAligned.test(i) ? "%-" + width[i] + "s" : "%" + width[i] + "s";
        sb.append(String.format(Locale.ROOT, fmt, r[i]));
      }
      out.println(sb.toString().stripTrailing());
    }
  }
}
