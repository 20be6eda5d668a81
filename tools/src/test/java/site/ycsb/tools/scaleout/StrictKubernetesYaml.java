package site.ycsb.tools.scaleout;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;

/**
 * Reads a manifest into the Kubernetes API model (fabric8) strictly: one document, no type
 * coercion, no duplicate keys, and no field the model does not know. The model classes keep unknown fields in
 * {@code additionalProperties} instead of failing, so every object read is walked and any such
 * field fails the test, naming its path (a misspelt {@code completionMod} fails here). A custom
 * resource the model has no class for (a PodMonitor) is read into records of the fields its
 * definition has; a field no record declares fails, and the walk goes on into the model objects
 * the records hold (metadata, label selectors).
 */
final class StrictKubernetesYaml {
  private static final ObjectMapper MAPPER = YAMLMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .build();

  private StrictKubernetesYaml() {
  }

  /**
   * @return the manifest as {@code type}, every object in it checked for unknown fields
   * @throws AssertionError naming the unknown fields and where they are
   */
  static <T> T read(String yaml, Class<T> type) throws IOException {
    int documents = 0;
    for (Object ignored : new org.yaml.snakeyaml.Yaml().loadAll(yaml)) {
      documents++;
    }
    if (documents != 1) {
      throw new AssertionError("expected one YAML document, found " + documents + ":\n" + yaml);
    }
    T value = MAPPER.readValue(yaml, type);
    int checked = checkKnownFieldsOnly(value, type.getSimpleName());
    if (checked < 2) {
      throw new AssertionError("the walk over " + type.getSimpleName() + " checked " + checked + " objects only");
    }
    return value;
  }

  /** @return how many model objects were checked */
  private static int checkKnownFieldsOnly(Object o, String path) {
    if (o == null) {
      return 0;
    }
    int checked = 0;
    if (o instanceof Collection) {
      int i = 0;
      for (Object item : (Collection<?>) o) {
        checked += checkKnownFieldsOnly(item, path + "[" + i++ + "]");
      }
      return checked;
    }
    if (o instanceof Map) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
        checked += checkKnownFieldsOnly(e.getValue(), path + "." + e.getKey());
      }
      return checked;
    }
    if (o instanceof Record) {
      checked++;
      for (RecordComponent c : o.getClass().getRecordComponents()) {
        checked += checkKnownFieldsOnly(invoke(c.getAccessor(), o), path + "." + c.getName());
      }
      return checked;
    }
    if (!o.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
      return 0;
    }
    checked++;
    for (Method m : o.getClass().getMethods()) {
      if (m.getParameterCount() != 0 || !m.getName().startsWith("get") || m.isDefault()
          || Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class) {
        continue;
      }
      Object v = invoke(m, o);
      if ("getAdditionalProperties".equals(m.getName())) {
        if (v != null && !((Map<?, ?>) v).isEmpty()) {
          throw new AssertionError(path + " has fields the Kubernetes API does not know: " + ((Map<?, ?>) v).keySet());
        }
        continue;
      }
      checked += checkKnownFieldsOnly(v, path + "." + fieldName(m));
    }
    return checked;
  }

  private static Object invoke(Method m, Object o) {
    try {
      return m.invoke(o);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new AssertionError("cannot read " + m + ": " + e, e);
    }
  }

  private static String fieldName(Method getter) {
    String n = getter.getName().substring(3);
    return n.isEmpty() ? n : Character.toLowerCase(n.charAt(0)) + n.substring(1);
  }
}
