#ifndef HEARTH_CSQLITE_SETTINGS_H
#define HEARTH_CSQLITE_SETTINGS_H

/// Turns off SQLite's memory statistics for the whole process. With them on, every allocation SQLite makes
/// takes one process-wide mutex, and connections working on different threads queue on it. Works only
/// before SQLite is first initialized (before any connection opens); returns SQLite's result code
/// (SQLITE_OK, or SQLITE_MISUSE when SQLite is already running).
int hearth_sqlite_disable_memory_statistics(void);

#endif
