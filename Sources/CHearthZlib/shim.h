// The system zlib, which HearthReports uses for Flate-compressed PDF streams.
#include <zlib.h>
