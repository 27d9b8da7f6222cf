#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// The number of heap allocations (malloc, calloc, realloc, memalign, posix_memalign,
/// aligned_alloc) made by the process so far.
long mc_allocations(void);

#endif
