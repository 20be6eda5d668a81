/**
 * What a durability setting costs in data ({@code durability=true}): every write carries a version
 * stamp, the client remembers the last stamp the database acknowledged for each key it wrote, reads
 * that return an older version are counted as stale, and a verification pass after the measured
 * window counts the acknowledged writes that are gone.
 */
package site.ycsb.durability;
