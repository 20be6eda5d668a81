/**
 * Load profiles: the target rate as a function of time (stages, steps, a sine wave, spikes),
 * from which the throttle's schedule takes every operation's intended start.
 */
package site.ycsb.runner.profile;
