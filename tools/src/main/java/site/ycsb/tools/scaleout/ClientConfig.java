package site.ycsb.tools.scaleout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import site.ycsb.props.Masking;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;
import site.ycsb.props.WorkloadFileText;

/**
 * What every client pod is given, split in two: the workload files and the non-secret properties
 * as text for a ConfigMap, and the secret properties (passwords, tokens, URLs with a password in
 * them) as values for a Secret, each passed to the client as {@code -p name=$(ENV_VAR)}.
 */
final class ClientConfig {
  /** Secret keys: what Kubernetes accepts as a key of a Secret's data. */
  private static final Pattern SECRET_KEY = Pattern.compile("[-._a-zA-Z0-9]+");

  /** The workload files' content, in the order given (loaded as one file, later names win). */
  final String workload;
  /** The non-secret properties of the command line, as a properties file. */
  final String properties;
  /** Secret property name to its value: from the command line, else the last workload file setting it. */
  final Map<String, String> secrets;
  /** Secret property name to the environment variable that carries it into the pod. */
  final Map<String, String> secretEnv;

  private ClientConfig(String workload, String properties, Map<String, String> secrets, Map<String, String> secretEnv) {
    this.workload = workload;
    this.properties = properties;
    this.secrets = Collections.unmodifiableMap(secrets);
    this.secretEnv = Collections.unmodifiableMap(secretEnv);
  }

  /**
   * @param o the command line
   * @param secretName the Secret's name, mentioned in the comments
   */
  static ClientConfig of(KubernetesOptions o, String secretName) throws KubernetesInputException {
    Set<String> declaredSecrets = declaredSecrets();
    Map<String, String> secrets = new LinkedHashMap<>();
    StringBuilder workload = new StringBuilder();
    workload.append("# The workload files given to ycsb kubernetes, in order (a later value of a name wins).\n");
    for (Path file : o.workloadFiles) {
      String text = read(file);
      Map<String, String> props = load(text, file);
      Map<String, String> kept = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : props.entrySet()) {
        if (isSecret(e.getKey(), e.getValue(), declaredSecrets)) {
          secrets.put(e.getKey(), e.getValue());
        } else {
          kept.put(e.getKey(), e.getValue());
        }
      }
      workload.append("\n# --- ").append(file.getFileName()).append(" ---\n");
      if (kept.size() == props.size() && printableAscii(text)) {
        workload.append(text);
        if (!text.endsWith("\n")) {
          workload.append('\n');
        }
      } else {
        // rewritten rather than copied: secrets must stay out, and the client reads its files as
        // ISO-8859-1 while a ConfigMap is UTF-8, so anything beyond ASCII is escaped
        workload.append("# rewritten: ").append(kept.size() == props.size() ? "" : "its secret properties are in Secret "
            + secretName + "; ").append("characters beyond ASCII escaped\n");
        kept.forEach((k, v) -> workload.append(PropertiesText.line(k, v)));
      }
    }
    StringBuilder properties = new StringBuilder();
    properties.append("# Properties given to ycsb kubernetes on the command line (-p, -threads, -target ...).\n");
    properties.append("# Secret ones are not here: each pod gets them from Secret ").append(secretName).append(".\n");
    for (Map.Entry<String, String> e : o.properties.entrySet()) {
      if (isSecret(e.getKey(), e.getValue(), declaredSecrets)) {
        secrets.put(e.getKey(), e.getValue());
      } else {
        properties.append(PropertiesText.line(e.getKey(), e.getValue()));
      }
    }
    return new ClientConfig(workload.toString(), properties.toString(), secrets, environmentVariables(secrets));
  }

  /**
   * @return whether the value must be kept out of every file but the Secret: its name says so
   *     ({@link Masking#isSecret}), a module on the class path declares it secret, or it holds a
   *     password inside a URL or parameter
   */
  static boolean isSecret(String name, String value, Set<String> declaredSecrets) {
    return Masking.isSecret(name) || declaredSecrets.contains(name)
        || !Objects.equals(Masking.maskEmbedded(value), value);
  }

  private static Set<String> declaredSecrets() {
    Set<String> names = new HashSet<>();
    for (PropertyCatalog c : PropertyCatalog.all()) {
      for (PropertyDef d : c.properties()) {
        if (d.isSecret()) {
          names.add(d.name());
        }
      }
    }
    return names;
  }

  /** {@code redis.password} is carried by {@code YCSB_REDIS_PASSWORD}. */
  private static Map<String, String> environmentVariables(Map<String, String> secrets) throws KubernetesInputException {
    Map<String, String> env = new LinkedHashMap<>();
    Set<String> used = new HashSet<>();
    for (String name : secrets.keySet()) {
      if (!SECRET_KEY.matcher(name).matches()) {
        throw new KubernetesInputException("secret property '" + name + "' cannot be a key of a Kubernetes Secret: "
            + "expected letters, digits, '-', '_' and '.' only");
      }
      String base = "YCSB_" + name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
      String var = base;
      for (int n = 2; !used.add(var); n++) {
        var = base + "_" + n;
      }
      env.put(name, var);
    }
    return env;
  }

  /** The file as the client reads it (a byte-order mark dropped, ISO-8859-1 without one): so does this. */
  private static String read(Path file) throws KubernetesInputException {
    try {
      return WorkloadFileText.decode(Files.readAllBytes(file));
    } catch (IllegalArgumentException e) {
      throw new KubernetesInputException("workload file " + file + " " + e.getMessage() + "; expected name=value lines");
    } catch (NoSuchFileException e) {
      throw new KubernetesInputException("workload file not found: " + file);
    } catch (IOException e) {
      throw new KubernetesInputException("cannot read workload file " + file + ": " + e.getMessage());
    }
  }

  private static Map<String, String> load(String text, Path file) throws KubernetesInputException {
    Map<String, String> ordered = new LinkedHashMap<>();
    Properties p = new Properties() {
      private static final long serialVersionUID = 1L;

      @Override
      public synchronized Object put(Object key, Object value) {
        ordered.remove(key.toString());
        ordered.put(key.toString(), value.toString());
        return super.put(key, value);
      }
    };
    try {
      WorkloadFileText.load(text, p);
    } catch (IllegalArgumentException e) {
      throw new KubernetesInputException("cannot read workload file " + file + ": " + e.getMessage());
    }
    return ordered;
  }

  private static boolean printableAscii(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ((c < 0x20 || c > 0x7e) && c != '\n' && c != '\r' && c != '\t') {
        return false;
      }
    }
    return true;
  }
}
