/**
 * The MongoDB binding's settings, driver client creation, error mapping and property declarations;
 * the client class users name is site.ycsb.db.MongoDbClient.
 */
package site.ycsb.db.mongodb;
