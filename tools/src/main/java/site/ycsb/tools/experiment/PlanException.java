package site.ycsb.tools.experiment;

/** A plan that cannot run as written; the message names the plan file and line and what was expected. */
public final class PlanException extends Exception {
  private static final long serialVersionUID = 1L;

  PlanException(String message) {
    super(message);
  }
}
