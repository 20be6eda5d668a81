/**
 * Running several client processes as one benchmark on other machines: {@code ycsb kubernetes}
 * renders an Indexed Job whose pods are the clients ({@code clientid} = completion index), with
 * the workload in a ConfigMap, secrets in a Secret and the results folders on a shared volume.
 */
package site.ycsb.tools.scaleout;
