/* SPDX-License-Identifier: MIT */
/*
 * The worker pool (vsmp/pool.h): every worker runs exactly once, worker 0 on the calling
 * thread, past VSMP_POOL_MAX_WORKERS too; the worker count from VSMP_WORKERS before the older
 * name a tool passes, cut to the maximum.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <pthread.h>
#include <stdatomic.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

#define N_MAX 70

typedef struct count {
    atomic_uint runs[N_MAX];
    pthread_t caller;
    atomic_bool zero_on_caller;
} count;

static void work(void *user, unsigned w)
{
    count *c = user;
    if (w < N_MAX)
        atomic_fetch_add(&c->runs[w], 1);
    if (w == 0)
        atomic_store(&c->zero_on_caller, pthread_equal(pthread_self(), c->caller) != 0);
}

static void runs(unsigned n)
{
    static count c;
    for (unsigned i = 0; i < N_MAX; i++)
        atomic_store(&c.runs[i], 0);
    c.caller = pthread_self();
    atomic_store(&c.zero_on_caller, false);
    unsigned at_once = vsmp_pool_run(n, work, &c);
    unsigned once = 0, other = 0;
    for (unsigned i = 0; i < N_MAX; i++) {
        unsigned r = atomic_load(&c.runs[i]);
        if (i < n)
            once += r == 1;
        else
            other += r;
    }
    CHECK(once == n && other == 0, "%u workers: %u ran once, %u runs past n", n, once, other);
    if (n) {
        CHECK(atomic_load(&c.zero_on_caller), "%u workers: worker 0 on the calling thread", n);
        CHECK(at_once >= 1 && at_once <= n && at_once <= VSMP_POOL_MAX_WORKERS,
              "%u workers: %u at once", n, at_once);
    } else {
        CHECK(at_once == 0, "no workers: %u at once", at_once);
    }
}

int main(void)
{
    runs(0);
    runs(1);
    runs(5);
    runs(N_MAX); /* 6 past the maximum: they run on the calling thread */

    unsigned cores = vsmp_pool_cores();
    CHECK(cores >= 1 && cores <= VSMP_POOL_MAX_WORKERS, "cores %u", cores);

    unsetenv("VSMP_WORKERS");
    unsetenv("VSMP_TEST_OLD_WORKERS");
    CHECK(vsmp_pool_env_workers(NULL) == 0, "nothing set: 0");
    CHECK(vsmp_pool_env_workers("VSMP_TEST_OLD_WORKERS") == 0, "nothing set, alias: 0");
    setenv("VSMP_TEST_OLD_WORKERS", "5", 1);
    CHECK(vsmp_pool_env_workers("VSMP_TEST_OLD_WORKERS") == 5, "the older name alone: 5");
    CHECK(vsmp_pool_env_workers(NULL) == 0, "the older name is read only when passed");
    setenv("VSMP_WORKERS", "3", 1);
    CHECK(vsmp_pool_env_workers("VSMP_TEST_OLD_WORKERS") == 3, "VSMP_WORKERS first: 3");
    setenv("VSMP_WORKERS", "0", 1);
    CHECK(vsmp_pool_env_workers("VSMP_TEST_OLD_WORKERS") == 5, "VSMP_WORKERS=0 is unset: 5");
    setenv("VSMP_WORKERS", "-2", 1);
    CHECK(vsmp_pool_env_workers(NULL) == 0, "a negative count is none");
    setenv("VSMP_WORKERS", "1000", 1);
    CHECK(vsmp_pool_env_workers(NULL) == VSMP_POOL_MAX_WORKERS, "1000 is cut to %u",
          VSMP_POOL_MAX_WORKERS);
    setenv("VSMP_WORKERS", "99999999999999999999", 1);
    CHECK(vsmp_pool_env_workers(NULL) == VSMP_POOL_MAX_WORKERS, "an overflowing count is cut");
    return t_finish();
}
