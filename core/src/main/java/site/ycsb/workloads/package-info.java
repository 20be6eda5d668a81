/**
 * What to do next: the core workload (operation mix, key choice, field values, key sections of
 * several clients) and the pieces it is made of.
 */
package site.ycsb.workloads;
