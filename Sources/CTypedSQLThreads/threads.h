#ifndef TYPEDSQL_THREADS_H
#define TYPEDSQL_THREADS_H

#include <pthread.h>
#include <stdint.h>

// What RecursiveMutex needs that Swift cannot say on every platform TypedSQL supports: the
// calling thread as a number, and relaxed atomic loads and stores of it (the Synchronization
// module's Atomic needs macOS 15). And a thread's name, which Foundation's `Thread.name` on
// Linux sometimes fails to set.

/// The calling thread, never 0.
static inline uintptr_t typedsql_current_thread(void) {
  return (uintptr_t)pthread_self();
}

/// Reads `*owner` atomically, with no ordering beyond that.
static inline uintptr_t typedsql_load_relaxed(const uintptr_t *owner) {
  return __atomic_load_n(owner, __ATOMIC_RELAXED);
}

/// Writes `*owner` atomically, with no ordering beyond that.
static inline void typedsql_store_relaxed(uintptr_t *owner, uintptr_t value) {
  __atomic_store_n(owner, value, __ATOMIC_RELAXED);
}

/// Names the calling thread, as debuggers and `top -H` show it (Linux keeps 15 bytes).
static inline void typedsql_name_current_thread(const char *name) {
#if defined(__APPLE__)
  pthread_setname_np(name);
#else
  pthread_setname_np(pthread_self(), name);
#endif
}

#endif
