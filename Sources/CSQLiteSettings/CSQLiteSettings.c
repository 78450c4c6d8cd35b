#define _GNU_SOURCE
#include "CSQLiteSettings.h"
#include <sqlite3.h>
#include <fcntl.h>

int hearth_sqlite_disable_memory_statistics(void) {
    // sqlite3_config is variadic, which Swift cannot call.
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int hearth_start_writeback(int fd) {
#if defined(__linux__)
    return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd;
    return 0;
#endif
}
