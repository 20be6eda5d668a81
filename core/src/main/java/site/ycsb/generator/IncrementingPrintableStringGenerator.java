package site.ycsb.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Fixed-length strings counting up through a character set, like an odometer: with the set
 * {@code A, B, C} and length 2, {@code AA, AB, AC, BA, ... CC}, then {@code AA} again, or a
 * {@link NoSuchElementException} if {@link #setThrowExceptionOnRollover(boolean)} asks for one.
 * The character set is a list of Unicode code points; the static methods build common ones.
 * Not thread-safe: one per thread.
 */
public class IncrementingPrintableStringGenerator extends Generator<String> {
  /** The string length of the default constructor. */
  public static final int DEFAULTSTRINGLENGTH = 8;

  /** Every character type except control characters, formats, surrogates, private use and unassigned. */
  public static final Set<Integer> CHAR_TYPES_ALL_BUT_CONTROL = Set.of(
      (int) Character.DECIMAL_DIGIT_NUMBER, (int) Character.LETTER_NUMBER, (int) Character.OTHER_NUMBER,
      (int) Character.UPPERCASE_LETTER, (int) Character.LOWERCASE_LETTER, (int) Character.TITLECASE_LETTER,
      (int) Character.OTHER_LETTER, (int) Character.COMBINING_SPACING_MARK, (int) Character.NON_SPACING_MARK,
      (int) Character.ENCLOSING_MARK, (int) Character.CONNECTOR_PUNCTUATION, (int) Character.DASH_PUNCTUATION,
      (int) Character.START_PUNCTUATION, (int) Character.END_PUNCTUATION,
      (int) Character.INITIAL_QUOTE_PUNCTUATION, (int) Character.FINAL_QUOTE_PUNCTUATION,
      (int) Character.OTHER_PUNCTUATION, (int) Character.MATH_SYMBOL, (int) Character.CURRENCY_SYMBOL,
      (int) Character.MODIFIER_SYMBOL, (int) Character.OTHER_SYMBOL, (int) Character.SPACE_SEPARATOR,
      (int) Character.LINE_SEPARATOR, (int) Character.PARAGRAPH_SEPARATOR);
  /** Upper- and lower-case letters. */
  public static final Set<Integer> CHAR_TYPES_BASIC_ALPHA = Set.of(
      (int) Character.UPPERCASE_LETTER, (int) Character.LOWERCASE_LETTER);
  /** Decimal digits and upper- and lower-case letters. */
  public static final Set<Integer> CHAR_TYPES_BASIC_ALPHANUMERICS = Set.of(
      (int) Character.DECIMAL_DIGIT_NUMBER, (int) Character.UPPERCASE_LETTER, (int) Character.LOWERCASE_LETTER);
  /** Every kind of number and letter. */
  public static final Set<Integer> CHAR_TYPE_EXTENDED_ALPHANUMERICS = Set.of(
      (int) Character.DECIMAL_DIGIT_NUMBER, (int) Character.LETTER_NUMBER, (int) Character.OTHER_NUMBER,
      (int) Character.UPPERCASE_LETTER, (int) Character.LOWERCASE_LETTER, (int) Character.TITLECASE_LETTER,
      (int) Character.MODIFIER_LETTER, (int) Character.OTHER_LETTER);

  private final int[] characterSet;
  /** The position of each character of the next string in the character set. */
  private final int[] positions;
  private String last;
  private boolean throwExceptionOnRollover;
  private boolean rolledOver;

  /** Strings of {@link #DEFAULTSTRINGLENGTH} ASCII letters. */
  public IncrementingPrintableStringGenerator() {
    this(DEFAULTSTRINGLENGTH);
  }

  /** @param length the string length, at least 1 */
  public IncrementingPrintableStringGenerator(int length) {
    this(length, printableBasicAlphaASCIISet());
  }

  /**
   * @param length the string length, at least 1
   * @param characterSet the code points to count through, in order; at least one
   */
  public IncrementingPrintableStringGenerator(int length, int[] characterSet) {
    if (length < 1) {
      throw new IllegalArgumentException("string length must be at least 1, was " + length);
    }
    if (characterSet == null || characterSet.length == 0) {
      throw new IllegalArgumentException("the character set must hold at least one character");
    }
    this.characterSet = characterSet.clone();
    this.positions = new int[length];
  }

  /**
   * @return the next string
   * @throws NoSuchElementException when every string has been returned and rollover is to throw
   */
  @Override
  public String nextValue() {
    if (rolledOver && throwExceptionOnRollover) {
      throw new NoSuchElementException("every string of the character set has been returned");
    }
    StringBuilder out = new StringBuilder(positions.length);
    for (int p : positions) {
      out.appendCodePoint(characterSet[p]);
    }
    // count up from the last character, carrying into the ones before it
    for (int i = positions.length - 1; i >= 0; i--) {
      if (++positions[i] < characterSet.length) {
        break;
      }
      positions[i] = 0;
      if (i == 0) {
        rolledOver = true;
      }
    }
    last = out.toString();
    return last;
  }

  /** @return the string returned last, or null before the first */
  @Override
  public String lastValue() {
    return last;
  }

  /** @param exceptionOnRollover whether to throw instead of starting over once every string was returned */
  public void setThrowExceptionOnRollover(boolean exceptionOnRollover) {
    this.throwExceptionOnRollover = exceptionOnRollover;
  }

  /** @return whether the generator throws instead of starting over */
  public boolean getThrowExceptionOnRollover() {
    return throwExceptionOnRollover;
  }

  /** @return the ASCII letters */
  public static int[] printableBasicAlphaASCIISet() {
    return toArray(generatePrintableCharacterSet(0, 127, null, false, CHAR_TYPES_BASIC_ALPHA));
  }

  /** @return the ASCII digits and letters */
  public static int[] printableBasicAlphaNumericASCIISet() {
    return toArray(generatePrintableCharacterSet(0, 127, null, false, CHAR_TYPES_BASIC_ALPHANUMERICS));
  }

  /** @return the printable ASCII characters, space included */
  public static int[] fullPrintableBasicASCIISet() {
    return toArray(generatePrintableCharacterSet(32, 127, null, false, null));
  }

  /** @return the printable ASCII characters and the newline */
  public static int[] fullPrintableBasicASCIISetWithNewlines() {
    List<Integer> chars = new ArrayList<>();
    chars.add((int) '\n');
    chars.addAll(generatePrintableCharacterSet(32, 127, null, false, null));
    return toArray(chars);
  }

  /** @return the digits and letters of Unicode's basic multilingual plane */
  public static int[] printableAlphaNumericPlaneZeroSet() {
    return toArray(generatePrintableCharacterSet(0, 65535, null, false, CHAR_TYPES_BASIC_ALPHANUMERICS));
  }

  /** @return every printable character of Unicode's basic multilingual plane */
  public static int[] fullPrintablePlaneZeroSet() {
    return toArray(generatePrintableCharacterSet(0, 65535, null, false, CHAR_TYPES_ALL_BUT_CONTROL));
  }

  /**
   * The printable code points of a range: never control characters, formats, surrogates, private
   * use or unassigned ones.
   *
   * @param startCodePoint the first code point
   * @param lastCodePoint the last code point, included
   * @param characterTypesFilter code points to single out, or null for none
   * @param isFilterAllowableList true: keep only the code points in the filter; false: leave them out
   * @param allowableTypes the character types ({@link Character#getType(int)}) to keep, or null for all
   * @return the code points, in order
   */
  public static List<Integer> generatePrintableCharacterSet(int startCodePoint, int lastCodePoint,
                                                            Set<Integer> characterTypesFilter,
                                                            boolean isFilterAllowableList,
                                                            Set<Integer> allowableTypes) {
    List<Integer> out = new ArrayList<>();
    for (int cp = startCodePoint; cp <= lastCodePoint; cp++) {
      int type = Character.getType(cp);
      if (type == Character.CONTROL || type == Character.SURROGATE || type == Character.FORMAT
          || type == Character.PRIVATE_USE || type == Character.UNASSIGNED) {
        continue;
      }
      if (allowableTypes != null && !allowableTypes.contains(type)) {
        continue;
      }
      if (characterTypesFilter != null && characterTypesFilter.contains(cp) != isFilterAllowableList) {
        continue;
      }
      out.add(cp);
    }
    return out;
  }

  private static int[] toArray(List<Integer> codePoints) {
    return codePoints.stream().mapToInt(Integer::intValue).toArray();
  }
}
