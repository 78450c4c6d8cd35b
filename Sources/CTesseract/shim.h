// Tesseract's C API and Leptonica, which HearthOCR uses to load, clean up and read photos.
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
