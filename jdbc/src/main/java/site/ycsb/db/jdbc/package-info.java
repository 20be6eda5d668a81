/**
 * The JDBC binding's connections, record statements, transactions, insert batches, SQL dialects,
 * error mapping and property declarations; the client class users name is site.ycsb.db.JdbcDBClient.
 */
package site.ycsb.db.jdbc;
