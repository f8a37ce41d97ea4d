// CPrefetch: the one thing Swift cannot say about memory — "this line will be read soon". The mesh
// kernels' texture reads walk down (or up) the texture a row or so per screen row; hinting the rows a
// few screen rows ahead lets the cache fetch them while the current row is drawn. A turned image's
// spans hint the taps of the pixels a few groups further along the row. Row copies narrower
// than their bitmaps (a half-slid page) hint the start of the next row's run, where the hardware
// prefetchers would start cold. A prefetch never faults, so addresses past the texture's ends are
// harmless.
#ifndef CPREFETCH_H
#define CPREFETCH_H

static inline void segue_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }

#endif
