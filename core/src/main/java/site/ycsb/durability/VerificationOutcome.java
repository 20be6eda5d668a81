package site.ycsb.durability;

/**
 * What the verification pass found: of the keys this client wrote, which still hold what the
 * database acknowledged.
 *
 * @param keysWritten keys with an acknowledged write (deletes left out)
 * @param verified keys that hold their acknowledged write or a newer one
 * @param lost keys missing or holding an older write
 * @param unverified keys whose read failed (neither found nor missing)
 * @param nanos how long the pass took
 */
public record VerificationOutcome(long keysWritten, long verified, long lost, long unverified, long nanos) {
}
