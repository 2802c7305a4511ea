/* SPDX-License-Identifier: MIT */
/* A minimal test harness: CHECK records a failure and goes on; the closing line is the
 * "N passed, N failed" that CTest logs and CI reads. */
#ifndef VSMP_TESTLIB_H
#define VSMP_TESTLIB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned t_pass, t_fail;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (cond) {                                                                                \
            t_pass++;                                                                              \
        } else {                                                                                   \
            t_fail++;                                                                              \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);                                  \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

static inline int t_finish(void)
{
    printf("%u passed, %u failed\n", t_pass, t_fail);
    return t_fail ? 1 : 0;
}

/* Read a whole file; NULL if it cannot. */
static inline unsigned char *t_read(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc(n > 0 ? (size_t)n + 1 : 1);
    if (b && n > 0 && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    if (b)
        b[n > 0 ? n : 0] = 0;
    fclose(f);
    *size = n > 0 ? (size_t)n : 0;
    return b;
}

#endif
