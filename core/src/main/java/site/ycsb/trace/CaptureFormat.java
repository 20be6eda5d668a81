package site.ycsb.trace;

/**
 * This client's capture format ({@code capture=true}), one file per worker
 * ({@code capture/worker-N.csv.gz} in a results folder), gzip-compressed text, one row per
 * operation in the order the worker ended them:
 *
 * <pre>
 * # ycsb capture 2
 * intended_us,start_us,latency_us,operation,key,fields,bytes,values_crc,status
 * 0,12,153,READ,user6284440215373078646,10,1000,00000000,OK
 * 1000,1003,141,UPDATE,user4997704684372624366,1,100,5c0e61d2,OK
 * </pre>
 *
 * Times are microseconds from the phase's start (the release of its workers): {@code intended_us}
 * when the operation was due by the schedule (empty without a target), {@code start_us} when its
 * first call started, {@code latency_us} from that start to the end of its last call.
 * {@code operation} is {@code READ}, {@code UPDATE}, {@code INSERT}, {@code SCAN}, {@code DELETE}
 * or {@code READ-MODIFY-WRITE}; {@code fields}, {@code bytes} and {@code values_crc} are those of
 * the values the operation wrote (a read-modify-write: its update), or read for a read or scan
 * (none when it failed). {@code values_crc} is eight hex digits: the sum, modulo 2^32, over the
 * fields of CRC32(the field name's UTF-8 bytes, then the value's bytes), so the order of the
 * fields does not matter; two runs with the same {@code seed} write the same values, so the same
 * checksums. {@code status} is the outcome's name ({@code OK}, {@code ERROR}, {@code NOT_FOUND},
 * ...). A key's {@code %}, {@code ,} and line breaks are written {@code %25}, {@code %2C},
 * {@code %0D}, {@code %0A}. The file is flushed in whole gzip blocks, at least every second while
 * the worker makes operations, so a file cut short by a crash reads up to its last block.
 *
 * <p>Version 1 had no {@code values_crc}; {@link CaptureReader} reads both.
 */
final class CaptureFormat {
  static final String MAGIC = "# ycsb capture 2";
  static final String COLUMNS = "intended_us,start_us,latency_us,operation,key,fields,bytes,values_crc,status";
  /** The first version's lines, still read. */
  static final String MAGIC_1 = "# ycsb capture 1";
  static final String COLUMNS_1 = "intended_us,start_us,latency_us,operation,key,fields,bytes,status";

  private CaptureFormat() {
  }

  static String escape(String key) {
    if (key.indexOf('%') < 0 && key.indexOf(',') < 0 && key.indexOf('\n') < 0 && key.indexOf('\r') < 0) {
      return key;
    }
    StringBuilder b = new StringBuilder(key.length() + 8);
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      switch (c) {
        case '%':
          b.append("%25");
          break;
        case ',':
          b.append("%2C");
          break;
        case '\n':
          b.append("%0A");
          break;
        case '\r':
          b.append("%0D");
          break;
        default:
          b.append(c);
      }
    }
    return b.toString();
  }

  static String unescape(String key) {
    if (key.indexOf('%') < 0) {
      return key;
    }
    StringBuilder b = new StringBuilder(key.length());
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c == '%' && i + 2 < key.length()) {
        b.append((char) Integer.parseInt(key.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
