/**
 * The Redis binding's connection handling and property declarations; the client class users name
 * is site.ycsb.db.RedisClient.
 */
package site.ycsb.db.redis;
