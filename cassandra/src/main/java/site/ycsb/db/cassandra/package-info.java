/**
 * The Cassandra binding's configuration, sessions, schema check, requests (statements built and
 * bound once for both sides), result decoding, asynchronous calls, error mapping and property
 * declarations; the client class users name is site.ycsb.db.CassandraCQLClient.
 */
package site.ycsb.db.cassandra;
