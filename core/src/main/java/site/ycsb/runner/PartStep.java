package site.ycsb.runner;

/** What one step of a part of the phase (warm-up or measured) found: it goes on, or why the part ends. */
enum PartStep {
  GOES_ON, BUDGET_SPENT, WINDOW_OVER, STOPPED
}
