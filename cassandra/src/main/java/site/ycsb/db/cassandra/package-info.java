/**
 * The Cassandra binding's sessions, schema check, statements, error mapping and property
 * declarations; the client class users name is site.ycsb.db.CassandraCQLClient.
 */
package site.ycsb.db.cassandra;
