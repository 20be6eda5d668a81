package site.ycsb.tools.scaleout;

/** A command line of {@code ycsb kubernetes} the user must correct; its message is one line. */
final class KubernetesInputException extends Exception {
  private static final long serialVersionUID = 1L;

  KubernetesInputException(String message) {
    super(message);
  }
}
