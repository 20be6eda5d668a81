/**
 * A phase in virtual time: {@link site.ycsb.simulation.SimulatedClock} advances only when every
 * thread of the phase waits, and {@link site.ycsb.simulation.SimulatedDB} is a database model (service
 * time, servers, a pause, failures) that answers on that clock. The engine runs on them unchanged,
 * both paths, so a timing rule proven here is proven exactly, and a ten-minute phase takes
 * seconds. For tests, for teaching, and for checking tools that analyse results.
 */
package site.ycsb.simulation;
