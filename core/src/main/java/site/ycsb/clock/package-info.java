/**
 * The one clock of a phase: every time read and every wait of the engine goes through a {@link
 * site.ycsb.clock.Clock}, the system's in production and a simulated one where a test (or the
 * {@code simulated} binding) wants virtual time, so that a timing rule has one answer whatever
 * the host is doing.
 */
package site.ycsb.clock;
