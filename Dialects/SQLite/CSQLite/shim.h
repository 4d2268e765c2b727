#ifndef TYPEDSQL_CSQLITE_SHIM_H
#define TYPEDSQL_CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot call C variadic functions or use SQLITE_TRANSIENT (a cast macro), so the driver
// reaches them through these wrappers.

/// Turns off the double-quoted string literal misfeature for DML and DDL: a misspelled
/// "column" becomes an error instead of a string.
static inline int typedsql_sqlite3_disable_double_quoted_strings(sqlite3 *db) {
  int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (int *)0);
}

/// Binds text that SQLite copies before the call returns.
static inline int typedsql_sqlite3_bind_text(sqlite3_stmt *stmt, int index, const char *text, int bytes) {
  return sqlite3_bind_text(stmt, index, text, bytes, SQLITE_TRANSIENT);
}

/// Binds bytes that SQLite copies before the call returns.
static inline int typedsql_sqlite3_bind_blob(sqlite3_stmt *stmt, int index, const void *bytes, int count) {
  return sqlite3_bind_blob(stmt, index, bytes, count, SQLITE_TRANSIENT);
}

/// Sets a function's text result, which SQLite copies before the call returns.
static inline void typedsql_sqlite3_result_text(sqlite3_context *context, const char *text, int bytes) {
  sqlite3_result_text(context, text, bytes, SQLITE_TRANSIENT);
}

/// Sets a function's blob result, which SQLite copies before the call returns.
static inline void typedsql_sqlite3_result_blob(sqlite3_context *context, const void *bytes, int count) {
  sqlite3_result_blob(context, bytes, count, SQLITE_TRANSIENT);
}

#endif
