/**
 * The binding API, as upstream YCSB defines it: {@link site.ycsb.DB} (one instance per worker, one
 * call per operation), {@link site.ycsb.Status}, {@link site.ycsb.ByteIterator} and its kinds,
 * {@link site.ycsb.Workload}; plus {@link site.ycsb.BindingContext}, what the engine tells a
 * binding, and the {@code basic} binding that talks to no database.
 */
package site.ycsb;
