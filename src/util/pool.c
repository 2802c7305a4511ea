/* SPDX-License-Identifier: MIT */
/* The worker pool (vsmp/pool.h): the launcher's work-groups and `vsmp run`'s threads run on it,
 * and the tools take their worker count from one variable. */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "vsmp/pool.h"

typedef struct pool_worker {
    vsmp_pool_fn fn;
    void *user;
    unsigned w;
} pool_worker;

static void *pool_main(void *arg)
{
    pool_worker *pw = arg;
    pw->fn(pw->user, pw->w);
    return NULL;
}

unsigned vsmp_pool_run(unsigned n, vsmp_pool_fn fn, void *user)
{
    if (!n || !fn)
        return 0;
    pthread_t tid[VSMP_POOL_MAX_WORKERS];
    pool_worker pw[VSMP_POOL_MAX_WORKERS];
    bool started[VSMP_POOL_MAX_WORKERS] = {false};
    unsigned nt = n < VSMP_POOL_MAX_WORKERS ? n : VSMP_POOL_MAX_WORKERS, ran = 1;
    for (unsigned i = 1; i < nt; i++) {
        pw[i] = (pool_worker){fn, user, i};
        started[i] = pthread_create(&tid[i], NULL, pool_main, &pw[i]) == 0;
        ran += started[i];
    }
    fn(user, 0);
    for (unsigned i = 1; i < n; i++) {
        if (i < nt && started[i])
            pthread_join(tid[i], NULL);
        else
            fn(user, i);
    }
    return ran;
}

unsigned vsmp_pool_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > VSMP_POOL_MAX_WORKERS ? VSMP_POOL_MAX_WORKERS : (unsigned)n;
}

/* A positive count in variable @p name, else 0 (its leading digits, as the tools always read
 * it: "4" and "4x" are 4). */
static unsigned env_count(const char *name)
{
    const char *e = name ? getenv(name) : NULL;
    long n = e ? strtol(e, NULL, 10) : 0;
    return n <= 0 ? 0u : n > VSMP_POOL_MAX_WORKERS ? VSMP_POOL_MAX_WORKERS : (unsigned)n;
}

unsigned vsmp_pool_env_workers(const char *alias)
{
    unsigned n = env_count("VSMP_WORKERS");
    return n ? n : env_count(alias);
}
