#include "CSQLiteSettings.h"
#include <sqlite3.h>

int hearth_sqlite_disable_memory_statistics(void) {
    // sqlite3_config is variadic, which Swift cannot call.
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
