/**
 * How a phase runs: worker threads released together, the measured window and its deadline, the
 * in-run warm-up, the operation budget, the throttle's schedule, retries, and the binding context
 * the workers hand their bindings.
 */
package site.ycsb.runner;
