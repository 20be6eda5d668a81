package site.ycsb.runner;

/**
 * What all workers of a phase share.
 *
 * @param startLine where they wait to be released together
 * @param window the phase's window
 * @param warmupEnd where they meet at the warm-up's end
 * @param warmupBudget the warm-up's operations ({@code warmupoperationcount})
 * @param budget the measured part's operations
 * @param throttle the schedule
 * @param errors where failures are reported
 * @param resources what the binding's workers share
 * @param states the workload's state for each worker
 * @param seeds the operations' seeds ({@code seed})
 * @param captureFolder the folder of the workers' capture files; null without a capture
 */
record WorkersShared(StartLine startLine, RunWindow window, WarmupEnd warmupEnd, OperationBudget warmupBudget,
                     OperationBudget budget, Throttle throttle, ErrorLog errors, SharedResources resources,
                     WorkerStates states, OperationSeeds seeds, java.nio.file.Path captureFolder) {
  /** @return the phase's clock */
  site.ycsb.clock.Clock clock() {
    return window.clock();
  }
}
