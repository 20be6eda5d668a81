/**
 * The MongoDB binding's insides: its settings and property declarations, the shared driver client,
 * the one body of operations both sides run ({@link site.ycsb.db.mongodb.MongoOperations}, with the
 * requests of {@link site.ycsb.db.mongodb.MongoRecords} and the statuses of
 * {@link site.ycsb.db.mongodb.Outcome}), the blocking and asynchronous sides that send them, and the
 * error mapping; the client class users name is site.ycsb.db.MongoDbClient.
 */
package site.ycsb.db.mongodb;
