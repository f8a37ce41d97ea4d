// CLanes is header-only (static inline functions); SwiftPM builds a C target from at least one source.
#include "CLanes.h"
