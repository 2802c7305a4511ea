/* SPDX-License-Identifier: MIT */
#ifndef VSMP_POOL_H
#define VSMP_POOL_H

/**
 * @file pool.h
 * CPU threads for work that splits into independent parts: the one worker pool of vsmp, which
 * vsmp_launch() shares work-groups over and `vsmp run` its threads, and the one environment
 * variable that sets the worker count of the tools (VSMP_WORKERS).
 */

#include "vsmp/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The most workers a pool runs (vsmp_launch's VSMP_LAUNCH_MAX_WORKERS is the same count). */
#define VSMP_POOL_MAX_WORKERS 64

/** One worker of a pool: called once, with the pool's @p user and the worker's index. */
typedef void (*vsmp_pool_fn)(void *user, unsigned worker);

/**
 * Run @p fn(user, w) for every w in 0 .. n-1 at once: worker 0 on the calling thread, each
 * other one on a CPU thread started for the call (at most VSMP_POOL_MAX_WORKERS - 1 of them).
 * A worker whose thread cannot be started, or past that count, runs on the calling thread
 * after worker 0: every worker runs, whatever the system allows. Returns when every worker has
 * returned; 0 workers run nothing.
 * @return the workers that ran at once: 1 (the calling thread) plus the threads started.
 */
VSMP_API unsigned vsmp_pool_run(unsigned n, vsmp_pool_fn fn, void *user);

/** @return the online CPU cores, 1 .. VSMP_POOL_MAX_WORKERS. */
VSMP_API unsigned vsmp_pool_cores(void);

/**
 * The worker count the environment asks for: VSMP_WORKERS when it is set to a positive
 * number, else @p alias (an older name of the variable, NULL for none) when that is, else 0
 * (no count asked: the caller's default, one per core in the tools). The count is cut to
 * VSMP_POOL_MAX_WORKERS.
 */
VSMP_API unsigned vsmp_pool_env_workers(const char *alias);

#ifdef __cplusplus
}
#endif

#endif
