/**
 * Traces of operations: what a phase did, captured to a file ({@link site.ycsb.trace.CaptureWriter}),
 * and traces to replay with their timing: this client's own captures, Twitter's cache-trace CSV and
 * Redis {@code MONITOR} output, each read into the same {@link site.ycsb.trace.TracedOperation}s.
 */
package site.ycsb.trace;
