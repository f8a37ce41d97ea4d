// CPrefetch is header-only (a static inline function); SwiftPM builds a C target from at least one source.
#include "CPrefetch.h"
