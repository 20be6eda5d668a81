/**
 * The JDBC binding's connections, prepared statements, insert batches, SQL dialects, error mapping
 * and property declarations; the client class users name is site.ycsb.db.JdbcDBClient.
 */
package site.ycsb.db.jdbc;
