package site.ycsb.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Instant;
import java.util.Properties;
import java.util.TreeSet;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.Masking;
import site.ycsb.measurements.PhaseResult;

/** Where and how a phase ran: tool version, JVM, OS, cores, host, wall-clock times, client id. */
public final class Environment {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Environment() {
  }

  /** @return the tool's version, from the jar manifest (or "development" when run from classes) */
  public static String toolVersion() {
    String v = Environment.class.getPackage().getImplementationVersion();
    return v == null ? "development" : v;
  }

  /** @return environment.json's content */
  public static String json(String phase, Properties props, long startEpochMillis, long endEpochMillis,
                            PhaseResult r) throws IOException {
    ObjectNode o = JSON.createObjectNode();
    o.put("tool", "ycsb");
    o.put("toolVersion", toolVersion());
    o.put("phase", phase);
    o.put("clientid", CoreProperties.CLIENT_ID.getInt(props));
    o.put("clientcount", CoreProperties.CLIENT_COUNT.getInt(props));
    o.put("javaVersion", System.getProperty("java.version"));
    o.put("javaVendor", System.getProperty("java.vendor"));
    o.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
    o.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch"));
    o.put("cores", Runtime.getRuntime().availableProcessors());
    o.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      host = "unknown";
    }
    o.put("host", host);
    o.put("start", Instant.ofEpochMilli(startEpochMillis).toString());
    o.put("end", Instant.ofEpochMilli(endEpochMillis).toString());
    o.put("measuredWindowStart", Instant.ofEpochMilli(r.startEpochMillis()).toString());
    o.put("measuredWindowEnd", Instant.ofEpochMilli(r.endEpochMillis()).toString());
    o.put("endedBy", r.endedBy());
    return JSON.writeValueAsString(o) + "\n";
  }

  /** @return the properties as sorted {@code name=value} lines, secrets masked */
  public static String maskedProperties(Properties props) {
    StringBuilder sb = new StringBuilder();
    for (String name : new TreeSet<>(props.stringPropertyNames())) {
      sb.append(name).append('=').append(Masking.maskIfSecret(name, props.getProperty(name))).append('\n');
    }
    return sb.toString();
  }
}
