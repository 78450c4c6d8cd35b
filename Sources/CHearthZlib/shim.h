// The system zlib, wrapped once by HearthCompression's `Zlib` (gzip bodies, PDF and PNG streams).
#include <zlib.h>
