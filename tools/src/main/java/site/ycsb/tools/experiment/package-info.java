/**
 * Experiments: a plan file ({@link site.ycsb.tools.experiment.PlanReader}) describes a series of runs
 * (workloads, swept properties, thread counts and targets, repetitions, commands around and
 * faults inside each run); {@link site.ycsb.tools.experiment.ExperimentCommand} runs them into one
 * folder with an index, a table with confidence intervals and availability figures.
 */
package site.ycsb.tools.experiment;
