/* SPDX-License-Identifier: MIT */
/*
 * The pinned-checksum tier: seeded random cases (tests/sample_cases.h) over every format, every
 * surface type, every sampling/load/INFO operation, filter, mip filter, address mode, compare
 * function and reduction; the FNV-1a checksum of every result word (and null mask, and the
 * plan's status) of each format's cases must equal the value pinned in
 * tests/checksum/pins.txt. A change of any single result bit changes its format's checksum.
 *
 * The pins come from the reference pipeline (VSMP_CPU=ref) at a commit where the lavapipe tier
 * passes. When a sampling rule changes on purpose, re-pin deliberately (DEVELOPERS.md):
 *
 *     VSMP_CPU=ref build/tests/test_checksum --pin > tests/checksum/pins.txt
 *
 * usage: test_checksum PINS            check
 *        test_checksum --pin           print the pins
 *        test_checksum --case FORMAT N print case N of FORMAT lane by lane (for bisecting)
 */
#include <inttypes.h>
#include <stdio.h>

#include "sample_cases.h"
#include "testlib.h"

#define NCASES 300

static uint64_t run_case(const vsmp_format_info *fi, unsigned fidx, unsigned k, uint64_t h,
                         bool print)
{
    sc_rng r = {(uint64_t)fidx * 1000003u + k, NULL, 0};
    sc_case c;
    if (!sc_make(&r, fi, &c)) {
        static const char skip[] = "skip";
        if (print)
            printf("case %u: no surface of that type\n", k);
        return sc_hash(h, skip, 4);
    }
    vsmp_plan *p = NULL;
    vsmp_status st = vsmp_plan_create(c.s, &c.st, c.op, &p, NULL);
    int32_t s32 = st;
    h = sc_hash(h, &s32, 4);
    if (print)
        printf("case %u: type %u op 0x%02x plan status %d\n", k, c.type, c.op, st);
    for (unsigned i = 0; i < 2 && !st; i++) {
        vsmp_result res;
        memset(&res, 0x5a, sizeof(res));
        int32_t rs = vsmp_plan_run(p, &c.m[i], &res);
        h = sc_hash(h, &rs, 4);
        h = sc_hash(h, &res, sizeof(res));
        for (unsigned l = 0; print && l < c.m[i].simd; l++)
            printf("  msg %u lane %2u: %08x %08x %08x %08x%s\n", i, l, res.c[0][l], res.c[1][l],
                   res.c[2][l], res.c[3][l], res.null_mask >> l & 1 ? "" : " null");
    }
    vsmp_plan_free(p);
    sc_free(&c);
    return h;
}

static uint64_t format_sum(unsigned fidx)
{
    const vsmp_format_info *fi = vsmp_format_at(fidx);
    uint64_t h = SC_HASH_INIT;
    for (unsigned k = 0; k < NCASES; k++)
        h = run_case(fi, fidx, k, h, false);
    return h;
}

int main(int argc, char **argv)
{
    size_t nf = vsmp_format_count();
    if (argc == 2 && !strcmp(argv[1], "--pin")) {
        for (size_t i = 0; i < nf; i++)
            printf("%s %016" PRIx64 "\n", vsmp_format_at(i)->name, format_sum((unsigned)i));
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "--case")) {
        for (size_t i = 0; i < nf; i++)
            if (!strcmp(vsmp_format_at(i)->name, argv[2]))
                run_case(vsmp_format_at(i), (unsigned)i, (unsigned)atoi(argv[3]), 0, true);
        return 0;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: test_checksum PINS | --pin | --case FORMAT N\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    CHECK(f != NULL, "cannot open %s", argv[1]);
    if (!f)
        return t_finish();
    char name[64];
    uint64_t want;
    unsigned seen = 0;
    while (fscanf(f, "%63s %" SCNx64, name, &want) == 2) {
        vsmp_format fmt;
        if (vsmp_format_find(name, &fmt) != VSMP_OK) {
            CHECK(0, "pinned format %s is not in the table", name);
            continue;
        }
        for (size_t i = 0; i < nf; i++) {
            if (vsmp_format_at(i)->format != fmt)
                continue;
            uint64_t got = format_sum((unsigned)i);
            CHECK(got == want, "%s: checksum %016" PRIx64 ", pinned %016" PRIx64, name, got, want);
            seen++;
        }
    }
    fclose(f);
    CHECK(seen == nf, "%u formats pinned, %zu in the table (re-pin: see DEVELOPERS.md)", seen, nf);
    return t_finish();
}
