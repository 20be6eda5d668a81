package site.ycsb.tools.scaleout;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.List;

/**
 * A Prometheus Operator PodMonitor ({@code monitoring.coreos.com/v1}), a custom resource the
 * Kubernetes model has no class for: only the fields {@code ycsb kubernetes --metrics} writes, with
 * the names of the operator's definition. Read by {@link StrictKubernetesYaml}, any other field
 * fails, and the metadata and selector are checked as the model's own objects.
 */
record PodMonitor(String apiVersion, String kind, ObjectMeta metadata, Spec spec) {
  /** Which pods, and where on them the metrics are. */
  record Spec(LabelSelector selector, List<Endpoint> podMetricsEndpoints) {
  }

  /** A container port by name, the HTTP path and how often it is scraped. */
  record Endpoint(String port, String path, String interval) {
  }
}
