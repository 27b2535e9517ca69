#ifndef EXHIBIT_CSQLITE_SHIM_H
#define EXHIBIT_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a function-like cast Swift cannot import: SQLite copies the bound bytes.
static inline sqlite3_destructor_type exhibit_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

/// sqlite3_config is variadic, which Swift cannot call: turns off SQLite's count of the memory it
/// has allocated, which takes a lock shared by every connection on each allocation. Works only
/// before SQLite is initialized (the first connection opened); returns SQLITE_MISUSE after.
static inline int exhibit_sqlite_stop_counting_memory(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
