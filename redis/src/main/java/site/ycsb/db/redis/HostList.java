package site.ycsb.db.redis;

import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.HostAndPort;
import site.ycsb.DBException;

/** Reads a list of servers given as {@code host:port[,host:port...]} ({@code redis.replicas}, {@code redis.sentinels}). */
final class HostList {
  private HostList() {
  }

  /**
   * @param property the property's name, for the error message
   * @param value its value; null or blank gives an empty list
   * @return the servers in the given order
   * @throws DBException naming the property and the bad entry
   */
  static List<HostAndPort> parse(String property, String value) throws DBException {
    List<HostAndPort> out = new ArrayList<>();
    if (value == null) {
      return out;
    }
    for (String item : value.split(",")) {
      String hp = item.trim();
      if (hp.isEmpty()) {
        continue;
      }
      int colon = hp.lastIndexOf(':');
      try {
        int port = Integer.parseInt(hp.substring(colon + 1));
        if (colon <= 0 || port < 1 || port > 65535) {
          throw new NumberFormatException();
        }
        out.add(new HostAndPort(hp.substring(0, colon), port));
      } catch (NumberFormatException e) {
        throw new DBException("property " + property + "=" + value + " is invalid: expected host:port[,host:port...],"
            + " got '" + hp + "'");
      }
    }
    return out;
  }
}
