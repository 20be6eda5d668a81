package site.ycsb.runner;

import site.ycsb.WorkloadException;

/**
 * Makes what the workload keeps for one worker (upstream's {@code Workload.initThread}), on that
 * worker's own thread: the runner's only view of the workload's properties.
 */
@FunctionalInterface
public interface WorkerStates {
  /**
   * @param workerId the worker's number, from 0
   * @return the worker's state, handed back to the workload with each of its operations
   * @throws WorkloadException when the workload cannot serve this worker
   */
  Object forWorker(int workerId) throws WorkloadException;
}
