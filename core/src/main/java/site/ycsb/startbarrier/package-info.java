/**
 * The start barrier one client takes part in ({@code startbarrier=stdio} or {@code HOST:PORT}):
 * every client's workers connect first, and all start at one instant the coordinator names. Client
 * 0 of a TCP barrier coordinates; for {@code stdio}, whoever started the clients does (the fan-out
 * tool, with the same {@link site.ycsb.startbarrier.StartCoordinator}).
 */
package site.ycsb.startbarrier;
