#ifndef EXHIBIT_CSQLITE_SHIM_H
#define EXHIBIT_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a function-like cast Swift cannot import: SQLite copies the bound bytes.
static inline sqlite3_destructor_type exhibit_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

#endif
