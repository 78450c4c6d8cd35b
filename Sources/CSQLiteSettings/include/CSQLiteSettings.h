#ifndef HEARTH_CSQLITE_SETTINGS_H
#define HEARTH_CSQLITE_SETTINGS_H

/// Turns off SQLite's memory statistics for the whole process. With them on, every allocation SQLite makes
/// takes one process-wide mutex, and connections working on different threads queue on it. Works only
/// before SQLite is first initialized (before any connection opens); returns SQLite's result code
/// (SQLITE_OK, or SQLITE_MISUSE when SQLite is already running).
int hearth_sqlite_disable_memory_statistics(void);

/// Starts writing the file's dirty pages to disk without waiting for them (Linux's `sync_file_range` with
/// `SYNC_FILE_RANGE_WRITE`); a later `fdatasync` then has less left to wait for. Does nothing elsewhere.
/// Returns 0, or -1 with `errno` set.
int hearth_start_writeback(int fd);

#endif
