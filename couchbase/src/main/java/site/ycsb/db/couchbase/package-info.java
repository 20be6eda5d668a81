/**
 * The Couchbase binding's settings, shared connection, record formats, operations, scans and
 * error mapping; the client class users name is site.ycsb.db.CouchbaseClient.
 */
package site.ycsb.db.couchbase;
