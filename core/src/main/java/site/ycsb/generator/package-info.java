/**
 * Number generators the workloads draw keys, lengths and choices from: uniform, zipfian, hotspot,
 * latest, exponential, histogram, sequential and counters.
 */
package site.ycsb.generator;
