/* SPDX-License-Identifier: MIT */
/*
 * The launcher's scheduling (docs/LAUNCH.md section 2): NDRange limits checked before any product
 * overflows, the local size it chooses, the counts of vsmp_launch_stats, the memory budget, the
 * instruction budget, cancelling, the first failure stopping every worker, and each work-group's
 * coordinates in r0 in linear order whatever the workers' shares.
 *
 * The kernel is written here: a SIMD16 "spin" whose hardware threads each loop max(n, 1) times
 * (n: argument 0) unless their group's x ID equals argument 1, where they read a surface at an
 * index with nothing bound (a run-time fault at its fifth instruction). Counted by hand from the
 * text below (labels are vISA instructions too, and the machine counts them), a thread that
 * does not fail executes _main_0, cmp, goto, mov, then LOOP, add, cmp, goto per iteration, then
 * ret: 5 + 4 * max(n, 1) instructions.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

static char kernel_text[1 << 16];

/* The kernel, with a barrier before its ret when @p barrier, and @p big unused 4 KiB variables
 * (the machine's arena holds every declared variable). */
static const char *spin_kernel(bool barrier, unsigned big)
{
    int n = snprintf(kernel_text, sizeof(kernel_text),
                     ".version 4.1\n"
                     ".kernel \"spin\"\n"
                     ".decl R0 v_type=G type=d num_elts=8 align=hword alias=<%%r0, 0>\n"
                     ".decl LIDX v_type=G type=w num_elts=16 align=hword\n"
                     ".decl CT v_type=G type=d num_elts=8 align=hword\n"
                     ".decl N v_type=G type=d num_elts=1 align=dword\n"
                     ".decl A v_type=G type=ud num_elts=16 align=hword\n"
                     ".decl V v_type=G type=ud num_elts=16 align=hword\n"
                     ".decl P1 v_type=P num_elts=1\n"
                     ".decl T6 v_type=T num_elts=1 v_name=T006\n");
    for (unsigned i = 0; i < big; i++)
        n += snprintf(kernel_text + n, sizeof(kernel_text) - (size_t)n,
                      ".decl BIG%u v_type=G type=d num_elts=1024 align=hword\n", i);
    snprintf(kernel_text + n, sizeof(kernel_text) - (size_t)n,
             ".input LIDX offset=32 size=32\n"
             ".input CT offset=64 size=32\n"
             ".kernel_attr Target=\"3d\"\n"
             ".kernel_attr SimdSize=16\n"
             ".function \"_main_0\"\n"
             "_main_0:\n"
             "    cmp.eq (M1_NM, 1) P1 R0(0,1)<0;1,0> CT(0,1)<0;1,0>\n"
             "    (P1) goto (M1, 1) FAIL\n"
             "    mov (M1_NM, 1) N(0,0)<1> CT(0,0)<0;1,0>\n"
             "LOOP:\n"
             "    add (M1_NM, 1) N(0,0)<1> N(0,0)<0;1,0> 0xffffffff:d\n"
             "    cmp.gt (M1_NM, 1) P1 N(0,0)<0;1,0> 0x0:d\n"
             "    (P1) goto (M1, 1) LOOP\n"
             "%s"
             "    ret (M1, 1)\n"
             "FAIL:\n"
             "    movs (M1_NM, 1) T6(0) 0x5:ud\n"
             "    gather4_scaled.R (M1, 16) T6 0x0:ud A.0 V.0\n"
             "    ret (M1, 1)\n",
             barrier ? "    barrier\n" : "");
    return kernel_text;
}

static char cos_text[4096];

/* Its interface: two int arguments at cross-thread bytes 0 and 4, the x local IDs. */
static const char *spin_cos(bool barriers)
{
    static const char *const param =
        "PATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) (size = 40)\n"
        "\tType = KERNEL_ARGUMENT\n\tArgumentNumber = %d\n\tOffset = %d\n\tDataSize = 4\n"
        "\tSourceOffset = 0\n";
    int n = snprintf(cos_text, sizeof(cos_text),
                     "** Kernel Patch Lists : Kernel Name = spin **\n\n"
                     "PATCH_TOKEN_EXECUTION_ENVIRONMENT (00000017) (size = 140)\n"
                     "\tLargestCompiledSIMDSize = 16\n\tHasBarriers = %d\n"
                     "PATCH_TOKEN_THREAD_PAYLOAD (00000016) (size = 88)\n"
                     "\tHeaderPresent = false\n\tLocalIDXPresent = true\n"
                     "\tLocalIDYPresent = false\n\tLocalIDZPresent = false\n"
                     "\tLocalIDFlattenedPresent = false\n"
                     "PATCH_TOKEN_DATA_PARAMETER_STREAM (00000019) (size = 12)\n"
                     "\tDataParameterStreamSize = 32\n",
                     barriers ? 1 : 0);
    n += snprintf(cos_text + n, sizeof(cos_text) - (size_t)n, param, 0, 0);
    snprintf(cos_text + n, sizeof(cos_text) - (size_t)n, param, 1, 4);
    return cos_text;
}

typedef struct kernel {
    vsmp_module *mod;
    vsmp_launch_iface *f;
} kernel;

static bool load(kernel *k, bool barrier, unsigned big)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    const char *t = spin_kernel(barrier, big);
    vsmp_status st = vsmp_text_parse(t, strlen(t), VSMP_DIALECT_12504, &k->mod, &d);
    const char *c = spin_cos(barrier);
    if (!st)
        st = vsmp_launch_iface_parse(c, strlen(c), &k->f, &d);
    vsmp_diags_print(&d, "spin", stderr);
    vsmp_diags_free(&d);
    return st == VSMP_OK;
}

static void unload(kernel *k)
{
    vsmp_module_free(k->mod);
    vsmp_launch_iface_free(k->f);
}

/* Launch spin over @p global (1D when gy, gz are 1) with local @p lx (0: vsmp chooses), n
 * iterations, failing in groups of x ID @p fail_x. */
static vsmp_status spin(const kernel *k, const uint32_t global[3], uint32_t dims, uint32_t lx,
                        int32_t n, int32_t fail_x, vsmp_launch_options *o, vsmp_diags *d)
{
    vsmp_launch_arg args[2];
    memset(args, 0, sizeof(args));
    memcpy(args[0].bytes, &n, 4);
    memcpy(args[1].bytes, &fail_x, 4);
    args[0].size = args[1].size = 4;
    vsmp_ndrange nd = {0};
    nd.dims = dims;
    for (unsigned i = 0; i < 3; i++)
        nd.global[i] = global[i];
    nd.local[0] = lx;
    if (lx)
        nd.local[1] = nd.local[2] = 1;
    return vsmp_launch(k->mod, 0, k->f, &nd, args, 2, o, d);
}

/* Launch options of @p workers workers (0: one per core) whose statistics go to @p s. */
static vsmp_launch_options opts(unsigned workers, vsmp_launch_stats *s)
{
    vsmp_launch_options o;
    vsmp_launch_options_init(&o);
    o.workers = workers;
    o.stats = s;
    return o;
}

static bool has_message(const vsmp_diags *d, const char *rule, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if ((!rule || strcmp(d->items[i].rule, rule) == 0) && strstr(d->items[i].message, text))
            return true;
    return false;
}

/* Issue 1: three global sizes whose product passes 2^64 (it wrapped to 0 and passed the old
 * 2^24 check), or local sizes whose product passes 2^32; and NDRanges past VSMP_LAUNCH_MAX_ITEMS
 * (2^32 work-items), or whose offset puts a global ID past 32 bits. */
static void test_overflow(const kernel *k)
{
    static const struct {
        uint32_t global[3], local[3], offset[3];
        const char *want; /* the launch.ndrange message */
    } bad[] = {
        {{1u << 24, 1u << 24, 1u << 16}, {0, 0, 0}, {0}, "more than 2^32 work-items"}, /* 2^64 */
        {{1u << 24, 1u << 24, 1u << 16},
         {1u << 16, 1u << 16, 1},
         {0}, /* and 2^32 per group */
         "more than 2^32 work-items"},
        {{1u << 24, 1u << 24, 1u << 16},
         {1u << 24, 1u << 24, 1u << 16},
         {0},
         "more than 2^32 work-items"},
        {{1u << 24, 1u << 24, 1}, {16, 1, 1}, {0}, "more than 2^32 work-items"}, /* 2^48 */
        {{UINT32_MAX, UINT32_MAX, UINT32_MAX}, {0}, {0}, "more than 2^32 work-items"},
        {{1u << 16, (1u << 16) + 1, 1},
         {16, 1, 1},
         {0},
         "more than 2^32 work-items"}, /* 2^32 + 2^16 */
        {{1u << 12, 1u << 12, 1}, {1u << 12, 1u << 12, 1}, {0}, "more than 1024 work-items"},
        {{16, 1024, 1024}, {16, 1024, 1024}, {0}, "more than 1024 work-items"}, /* 2^24 a group */
        /* the last global ID, 2^32 - 16 + 31, passes 32 bits */
        {{32, 1, 1}, {16, 1, 1}, {UINT32_MAX - 15, 0, 0}, "pass 2^32 - 1"},
        {{16, 16, 1}, {16, 1, 1}, {0, UINT32_MAX, 0}, "pass 2^32 - 1"},
    };
    for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        vsmp_ndrange nd = {0};
        nd.dims = 3;
        memcpy(nd.global, bad[i].global, sizeof(nd.global));
        memcpy(nd.local, bad[i].local, sizeof(nd.local));
        memcpy(nd.offset, bad[i].offset, sizeof(nd.offset));
        vsmp_launch_arg args[2];
        memset(args, 0, sizeof(args));
        args[0].size = args[1].size = 4;
        vsmp_launch_options o;
        vsmp_launch_options_init(&o);
        vsmp_launch_stats s;
        o.stats = &s;
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_status st = vsmp_launch(k->mod, 0, k->f, &nd, args, 2, &o, &d);
        CHECK(st == VSMP_ERR_ARG && d.count >= 1 && s.threads == 0,
              "NDRange %u: refused before running anything (status %d, %llu threads)", i, st,
              (unsigned long long)s.threads);
        CHECK(has_message(&d, "launch.ndrange", bad[i].want), "NDRange %u: message \"%s\"", i,
              d.count ? d.items[0].message : "");
        vsmp_diags_free(&d);
    }
}

/* Past the old bound of 2^24 work-items: 2^24 + 2^16 of them (16,842,752), local 16 chosen,
 * n = 0: 1,052,672 full SIMD16 threads of 9 instructions each (the header's count), every
 * group run, on two workers. And exactly 2^32 work-items (65536 x 65536) is accepted: the
 * launch starts and stops at an instruction budget of 1000 (more would take minutes). */
static void test_past_old_bound(const kernel *k)
{
    vsmp_launch_stats s;
    vsmp_launch_options o = opts(2, &s);
    vsmp_diags d;
    vsmp_diags_init(&d);
    uint32_t g[3] = {(1u << 24) + (1u << 16), 1, 1};
    vsmp_status st = spin(k, g, 1, 0, 0, -1, &o, &d);
    uint64_t threads = ((1u << 24) + (1u << 16)) / 16;
    CHECK(st == VSMP_OK && s.groups == threads && s.groups_total == threads &&
              s.threads == threads && s.lanes == g[0] && s.lane_slots == g[0] &&
              s.instructions == 9 * threads && s.local[0] == 16,
          "2^24 + 2^16 items: %s, %llu groups, %llu threads, %llu lanes, %llu instructions",
          vsmp_status_str(st), (unsigned long long)s.groups, (unsigned long long)s.threads,
          (unsigned long long)s.lanes, (unsigned long long)s.instructions);
    vsmp_diags_free(&d);
    vsmp_diags_init(&d);
    o.max_total_steps = 1000;
    uint32_t g32[3] = {1u << 16, 1u << 16, 1};
    st = spin(k, g32, 2, 16, 0, -1, &o, &d);
    CHECK(st == VSMP_ERR_INVALID && has_message(&d, "steps", "budget of 1000") &&
              !has_message(&d, "launch.ndrange", "") && s.groups_total == (1u << 28) &&
              s.threads >= 1000 / 9,
          "2^32 items: %s, %llu groups in all, %llu threads", vsmp_status_str(st),
          (unsigned long long)s.groups_total, (unsigned long long)s.threads);
    vsmp_diags_free(&d);
}

/* Issue 19: local sizes worked out by hand (docs/LAUNCH.md section 2). */
static void test_local_size(void)
{
    static const struct {
        uint32_t global[3];
        unsigned simd;
        uint32_t want[3];
    } cases[] = {
        /* 2039 is prime and over 1024: x is 1; 2039 x 128 groups of 1 x 16 need 260,992 threads,
         * 2048 x 2039 / 16 (every lane used); 1 x 32 needs as many but is larger */
        {{2039, 2048, 1}, 16, {1, 16, 1}},
        {{2039, 2048, 1}, 32, {1, 32, 1}},
        {{2039, 2048, 1}, 8, {1, 8, 1}},
        /* 64 items: 4 threads at best, with 16, 32 or 64 items a group: the smallest */
        {{64, 1, 1}, 16, {16, 1, 1}},
        /* 24 items need 2 threads of 16: 12 (2 groups of 1 thread) or 24 (1 of 2): 12 */
        {{24, 1, 1}, 16, {12, 1, 1}},
        /* 17 (prime): 17 groups of 1 lane, or one group of 17 in 3 SIMD8 threads */
        {{17, 1, 1}, 8, {17, 1, 1}},
        /* 512 items need 32 threads; groups of 16 items: 8 x 2 is the widest in x */
        {{8, 8, 8}, 16, {8, 2, 1}},
        /* 15 items: one group of 3 x 5 in 2 SIMD8 threads (1 x 5 needs 3, 3 x 1 needs 5) */
        {{3, 5, 1}, 8, {3, 5, 1}},
        /* 1920 x 1080: every 16-item group fills its thread; 16 x 1 the widest */
        {{1920, 1080, 1}, 16, {16, 1, 1}},
        {{1, 1, 1}, 16, {1, 1, 1}},
    };
    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint32_t l[3];
        vsmp_launch_local_size(cases[i].global, cases[i].simd, l);
        CHECK(l[0] == cases[i].want[0] && l[1] == cases[i].want[1] && l[2] == cases[i].want[2],
              "%u x %u x %u at SIMD%u: local %u x %u x %u, want %u x %u x %u", cases[i].global[0],
              cases[i].global[1], cases[i].global[2], cases[i].simd, l[0], l[1], l[2],
              cases[i].want[0], cases[i].want[1], cases[i].want[2]);
    }
}

/* Issue 20: the counts of a launch worked out by hand. */
static void test_stats(const kernel *k)
{
    vsmp_launch_options o;
    vsmp_launch_options_init(&o);
    vsmp_launch_stats s;
    o.stats = &s;
    vsmp_diags d;
    vsmp_diags_init(&d);
    /* 64 items, local 16: 4 groups of one full SIMD16 thread; n = 5: 5 + 20 = 25 each */
    uint32_t g64[3] = {64, 1, 1};
    vsmp_status st = spin(k, g64, 1, 16, 5, -1, &o, &d);
    CHECK(st == VSMP_OK, "64 items: %s", vsmp_status_str(st));
    CHECK(s.groups == 4 && s.groups_total == 4 && s.threads == 4 && s.lanes == 64 &&
              s.lane_slots == 64 && s.instructions == 4 * 25 && s.sampler_messages == 0 &&
              s.local[0] == 16 && s.local[1] == 1 && s.workers == 1,
          "64 items: %llu groups, %llu threads, %llu/%llu lanes, %llu instructions",
          (unsigned long long)s.groups, (unsigned long long)s.threads, (unsigned long long)s.lanes,
          (unsigned long long)s.lane_slots, (unsigned long long)s.instructions);
    /* 40 items, local 20: 2 groups of a full thread and one of 4 lanes: 64 lane slots, 40
     * used; n = 0 loops once: 9 instructions a thread */
    uint32_t g40[3] = {40, 1, 1};
    st = spin(k, g40, 1, 20, 0, -1, &o, &d);
    CHECK(st == VSMP_OK && s.groups == 2 && s.threads == 4 && s.lanes == 40 && s.lane_slots == 64 &&
              s.instructions == 4 * 9,
          "40 items: %llu threads, %llu/%llu lanes, %llu instructions",
          (unsigned long long)s.threads, (unsigned long long)s.lanes,
          (unsigned long long)s.lane_slots, (unsigned long long)s.instructions);
    /* the chosen local size: 2039 x 16 items, 1 x 16 groups: 2039 full threads */
    uint32_t g2039[3] = {2039, 16, 1};
    st = spin(k, g2039, 2, 0, 0, -1, &o, &d);
    CHECK(st == VSMP_OK && s.local[0] == 1 && s.local[1] == 16 && s.threads == 2039 &&
              s.lanes == s.lane_slots,
          "2039 x 16: local %u x %u, %llu threads, %llu/%llu lanes", s.local[0], s.local[1],
          (unsigned long long)s.threads, (unsigned long long)s.lanes,
          (unsigned long long)s.lane_slots);
    vsmp_diags_free(&d);
}

/* vsmp_launch runs the validator before any thread: the spin kernel with its loop's cmp at 16
 * lanes into the 1-element P1 (rule pred-width, which the machine does not check: it would run)
 * is refused with the validator's diagnostic, and no group runs. */
static void test_validated(void)
{
    const char *t = spin_kernel(false, 0);
    static const char from[] = "cmp.gt (M1_NM, 1) P1", to[] = "cmp.gt (M1_NM, 16) P1";
    const char *at = strstr(t, from);
    CHECK(at != NULL, "the spin kernel has its loop's cmp");
    if (!at)
        return;
    static char text[sizeof(kernel_text)];
    snprintf(text, sizeof(text), "%.*s%s%s", (int)(at - t), t, to, at + strlen(from));
    kernel k = {NULL, NULL};
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_text_parse(text, strlen(text), VSMP_DIALECT_12504, &k.mod, &d);
    const char *c = spin_cos(false);
    if (!st)
        st = vsmp_launch_iface_parse(c, strlen(c), &k.f, &d);
    CHECK(st == VSMP_OK, "the changed kernel parses: %s", vsmp_status_str(st));
    if (!st) {
        vsmp_launch_options o;
        vsmp_launch_options_init(&o);
        vsmp_launch_stats s;
        o.stats = &s;
        uint32_t g16[3] = {16, 1, 1};
        st = spin(&k, g16, 1, 16, 1, -1, &o, &d);
        CHECK(st == VSMP_ERR_INVALID && has_message(&d, "pred-width", "P1") && s.groups == 0,
              "refused under pred-width before any group: %s, %llu groups", vsmp_status_str(st),
              (unsigned long long)s.groups);
    }
    vsmp_diags_free(&d);
    unload(&k);
}

/* Issue 17: the first failing group stops every worker. Group 0 fails at its third instruction;
 * the other 63 groups spin 400,000 times (1,600,005 instructions a thread): worker 1's share
 * alone is 32 of them, 51 million instructions. Both worker counts report group 0. */
static void test_stop_at_failure(const kernel *k)
{
    uint32_t g[3] = {64 * 16, 1, 1};
    for (unsigned workers = 1; workers <= 2; workers++) {
        vsmp_launch_stats s;
        vsmp_launch_options o = opts(workers, &s);
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_status st = spin(k, g, 1, 16, 400000, 0, &o, &d);
        CHECK(st == VSMP_ERR_INVALID && has_message(&d, "launch", "in work-group (0, 0, 0)"),
              "%u workers: group 0's failure (%s)", workers, vsmp_status_str(st));
        CHECK(s.workers == workers, "%u workers used", s.workers);
        /* one worker stops at once; two: worker 1 may have run a group or two before it sees
         * the failure, never the 32 of its share */
        CHECK(s.instructions < 8u * 1600005u, "%u workers: %llu instructions ran after the failure",
              workers, (unsigned long long)s.instructions);
        vsmp_diags_free(&d);
    }
    /* a failure in worker 1's share only (group 40 of 64, one iteration elsewhere): the same
     * group reported with one worker and with two */
    for (unsigned workers = 1; workers <= 2; workers++) {
        vsmp_launch_options o;
        vsmp_launch_options_init(&o);
        o.workers = workers;
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_status st = spin(k, g, 1, 16, 1, 40, &o, &d);
        CHECK(st == VSMP_ERR_INVALID && has_message(&d, "launch", "in work-group (40, 0, 0)"),
              "%u workers: group 40's failure", workers);
        vsmp_diags_free(&d);
    }
}

/* Group coordinates: a kernel that fails only in the work-group whose r0 group IDs (r0.1, r0.6,
 * r0.7) equal its three arguments. Over 3 x 2 x 2 groups, each group as the target with one to
 * three workers (shares starting mid-row and mid-plane: 4 = (1, 1, 0), 8 = (2, 0, 1)): the launch
 * names that group, and one worker ended exactly the groups before it in linear order (x
 * fastest), so each coordinate triple comes at its own place and no other. */
static const char grp_text[] = ".version 4.1\n"
                               ".kernel \"grp\"\n"
                               ".decl R0 v_type=G type=d num_elts=8 align=hword alias=<%r0, 0>\n"
                               ".decl LIDX v_type=G type=w num_elts=16 align=hword\n"
                               ".decl CT v_type=G type=d num_elts=8 align=hword\n"
                               ".decl S v_type=G type=d num_elts=4 align=dword\n"
                               ".decl A v_type=G type=ud num_elts=16 align=hword\n"
                               ".decl V v_type=G type=ud num_elts=16 align=hword\n"
                               ".decl P1 v_type=P num_elts=1\n"
                               ".decl T6 v_type=T num_elts=1 v_name=T006\n"
                               ".input LIDX offset=32 size=32\n"
                               ".input CT offset=64 size=32\n"
                               ".kernel_attr Target=\"3d\"\n"
                               ".kernel_attr SimdSize=16\n"
                               ".function \"_main_0\"\n"
                               "_main_0:\n"
                               "    xor (M1_NM, 1) S(0,0)<1> R0(0,1)<0;1,0> CT(0,0)<0;1,0>\n"
                               "    xor (M1_NM, 1) S(0,1)<1> R0(0,6)<0;1,0> CT(0,1)<0;1,0>\n"
                               "    xor (M1_NM, 1) S(0,2)<1> R0(0,7)<0;1,0> CT(0,2)<0;1,0>\n"
                               "    or (M1_NM, 1) S(0,0)<1> S(0,0)<0;1,0> S(0,1)<0;1,0>\n"
                               "    or (M1_NM, 1) S(0,0)<1> S(0,0)<0;1,0> S(0,2)<0;1,0>\n"
                               "    cmp.eq (M1_NM, 1) P1 S(0,0)<0;1,0> 0x0:d\n"
                               "    (P1) goto (M1, 1) FAIL\n"
                               "    ret (M1, 1)\n"
                               "FAIL:\n"
                               "    movs (M1_NM, 1) T6(0) 0x5:ud\n"
                               "    gather4_scaled.R (M1, 16) T6 0x0:ud A.0 V.0\n"
                               "    ret (M1, 1)\n";

static void test_group_ids(void)
{
    static const char *const param =
        "PATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) (size = 40)\n"
        "\tType = KERNEL_ARGUMENT\n\tArgumentNumber = %d\n\tOffset = %d\n\tDataSize = 4\n"
        "\tSourceOffset = 0\n";
    int n = snprintf(cos_text, sizeof(cos_text),
                     "** Kernel Patch Lists : Kernel Name = grp **\n\n"
                     "PATCH_TOKEN_EXECUTION_ENVIRONMENT (00000017) (size = 140)\n"
                     "\tLargestCompiledSIMDSize = 16\n\tHasBarriers = 0\n"
                     "PATCH_TOKEN_THREAD_PAYLOAD (00000016) (size = 88)\n"
                     "\tHeaderPresent = false\n\tLocalIDXPresent = true\n"
                     "\tLocalIDYPresent = false\n\tLocalIDZPresent = false\n"
                     "\tLocalIDFlattenedPresent = false\n"
                     "PATCH_TOKEN_DATA_PARAMETER_STREAM (00000019) (size = 12)\n"
                     "\tDataParameterStreamSize = 32\n");
    for (int i = 0; i < 3; i++)
        n += snprintf(cos_text + n, sizeof(cos_text) - (size_t)n, param, i, 4 * i);
    kernel k = {NULL, NULL};
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_text_parse(grp_text, strlen(grp_text), VSMP_DIALECT_12504, &k.mod, &d);
    if (!st)
        st = vsmp_launch_iface_parse(cos_text, strlen(cos_text), &k.f, &d);
    vsmp_diags_print(&d, "grp", stderr);
    vsmp_diags_free(&d);
    CHECK(st == VSMP_OK, "the grp kernel loads");
    const uint32_t ng[3] = {3, 2, 2};
    for (uint32_t lin = 0; !st && lin < ng[0] * ng[1] * ng[2]; lin++) {
        int32_t at[3] = {(int32_t)(lin % ng[0]), (int32_t)(lin / ng[0] % ng[1]),
                         (int32_t)(lin / (ng[0] * ng[1]))};
        for (unsigned workers = 1; workers <= 3; workers++) {
            vsmp_launch_arg args[3];
            memset(args, 0, sizeof(args));
            for (int i = 0; i < 3; i++) {
                memcpy(args[i].bytes, &at[i], 4);
                args[i].size = 4;
            }
            vsmp_ndrange nd = {0};
            nd.dims = 3;
            nd.global[0] = 16 * ng[0], nd.global[1] = ng[1], nd.global[2] = ng[2];
            nd.local[0] = 16, nd.local[1] = nd.local[2] = 1;
            vsmp_launch_stats s;
            vsmp_launch_options o = opts(workers, &s);
            vsmp_diags_init(&d);
            vsmp_status ls = vsmp_launch(k.mod, 0, k.f, &nd, args, 3, &o, &d);
            char want[64];
            snprintf(want, sizeof(want), "in work-group (%d, %d, %d)", at[0], at[1], at[2]);
            CHECK(ls == VSMP_ERR_INVALID && has_message(&d, "launch", want),
                  "group %u as the target, %u workers: %s reported (%s)", lin, workers, want,
                  vsmp_status_str(ls));
            CHECK(s.workers == workers, "%u workers used, %u asked", s.workers, workers);
            if (workers == 1)
                CHECK(s.groups == lin, "one worker: %llu groups ended before group %u",
                      (unsigned long long)s.groups, lin);
            vsmp_diags_free(&d);
        }
    }
    unload(&k);
}

/* r0's other words as the launch writes them (launch.c put_r0, docs/LAUNCH.md section 2): r0.0,
 * r0.3, r0.4 and r0.5 zero, r0.2 the thread's index in its group and nothing above bits 7:0
 * (its local x IDs start at 16 x the index: LIDX(0,0) >> 4). The kernel fails (a read of a
 * surface with nothing bound) in a thread whose r0 differs. Groups of 40 work-items: three
 * threads, the last partial (8 lanes, the launch's second machine); 1, 2 and 3 workers. With
 * @p loop, a backward loop before the test. */
static char r0w_text[2048];

static const char *r0w_kernel(bool loop)
{
    snprintf(r0w_text, sizeof(r0w_text),
             ".version 4.1\n"
             ".kernel \"r0w\"\n"
             ".decl R0 v_type=G type=ud num_elts=8 align=hword alias=<%%r0, 0>\n"
             ".decl LIDX v_type=G type=uw num_elts=16 align=hword\n"
             ".decl S v_type=G type=ud num_elts=4 align=dword\n"
             ".decl N v_type=G type=d num_elts=1 align=dword\n"
             ".decl A v_type=G type=ud num_elts=16 align=hword\n"
             ".decl V v_type=G type=ud num_elts=16 align=hword\n"
             ".decl P1 v_type=P num_elts=1\n"
             ".decl T6 v_type=T num_elts=1 v_name=T006\n"
             ".input LIDX offset=32 size=32\n"
             ".kernel_attr Target=\"3d\"\n"
             ".kernel_attr SimdSize=16\n"
             ".function \"_main_0\"\n"
             "_main_0:\n"
             "%s"
             "    or (M1_NM, 1) S(0,0)<1> R0(0,0)<0;1,0> R0(0,3)<0;1,0>\n"
             "    or (M1_NM, 1) S(0,0)<1> S(0,0)<0;1,0> R0(0,4)<0;1,0>\n"
             "    or (M1_NM, 1) S(0,0)<1> S(0,0)<0;1,0> R0(0,5)<0;1,0>\n"
             "    shr (M1_NM, 1) S(0,1)<1> LIDX(0,0)<0;1,0> 0x4:ud\n"
             "    xor (M1_NM, 1) S(0,1)<1> S(0,1)<0;1,0> R0(0,2)<0;1,0>\n"
             "    or (M1_NM, 1) S(0,0)<1> S(0,0)<0;1,0> S(0,1)<0;1,0>\n"
             "    cmp.ne (M1_NM, 1) P1 S(0,0)<0;1,0> 0x0:ud\n"
             "    (P1) goto (M1, 1) FAIL\n"
             "    ret (M1, 1)\n"
             "FAIL:\n"
             "    movs (M1_NM, 1) T6(0) 0x5:ud\n"
             "    gather4_scaled.R (M1, 16) T6 0x0:ud A.0 V.0\n"
             "    ret (M1, 1)\n",
             loop ? "    mov (M1_NM, 1) N(0,0)<1> 0x3:d\n"
                    "LOOP:\n"
                    "    add (M1_NM, 1) N(0,0)<1> N(0,0)<0;1,0> 0xffffffff:d\n"
                    "    cmp.gt (M1_NM, 1) P1 N(0,0)<0;1,0> 0x0:d\n"
                    "    (P1) goto (M1, 1) LOOP\n"
                  : "");
    return r0w_text;
}

static void test_r0_words(void)
{
    static const char cos[] = "** Kernel Patch Lists : Kernel Name = r0w **\n\n"
                              "PATCH_TOKEN_EXECUTION_ENVIRONMENT (00000017) (size = 140)\n"
                              "\tLargestCompiledSIMDSize = 16\n\tHasBarriers = 0\n"
                              "PATCH_TOKEN_THREAD_PAYLOAD (00000016) (size = 88)\n"
                              "\tHeaderPresent = false\n\tLocalIDXPresent = true\n"
                              "\tLocalIDYPresent = false\n\tLocalIDZPresent = false\n"
                              "\tLocalIDFlattenedPresent = false\n";
    for (unsigned loop = 0; loop < 2; loop++) {
        kernel k = {NULL, NULL};
        vsmp_diags d;
        vsmp_diags_init(&d);
        const char *t = r0w_kernel(loop != 0);
        vsmp_status st = vsmp_text_parse(t, strlen(t), VSMP_DIALECT_12504, &k.mod, &d);
        if (!st)
            st = vsmp_launch_iface_parse(cos, strlen(cos), &k.f, &d);
        vsmp_diags_print(&d, "r0w", stderr);
        vsmp_diags_free(&d);
        CHECK(st == VSMP_OK, "the r0w kernel loads (loop %u)", loop);
        for (unsigned workers = 1; !st && workers <= 3; workers++) {
            vsmp_ndrange nd = {0};
            nd.dims = 2;
            nd.global[0] = 40 * 3, nd.global[1] = 2, nd.global[2] = 1;
            nd.local[0] = 40, nd.local[1] = nd.local[2] = 1;
            vsmp_launch_stats s;
            vsmp_launch_options o = opts(workers, &s);
            vsmp_diags_init(&d);
            vsmp_status ls = vsmp_launch(k.mod, 0, k.f, &nd, NULL, 0, &o, &d);
            vsmp_diags_print(&d, "r0w", stderr);
            CHECK(ls == VSMP_OK && s.threads == 18,
                  "loop %u, %u workers: every r0 as written (%s, %llu threads)", loop, workers,
                  vsmp_status_str(ls), (unsigned long long)s.threads);
            vsmp_diags_free(&d);
        }
        unload(&k);
    }
}

/* Issue 15: machines count against max_memory. With a barrier, a group of 1024 SIMD16 items
 * holds 64 machines, each with 64 unused 4 KiB variables (256 KiB): over 16 MiB. */
static void test_memory(void)
{
    kernel k;
    if (!load(&k, true, 64)) {
        CHECK(false, "the barrier kernel loads");
        return;
    }
    uint32_t g[3] = {1024, 1, 1};
    vsmp_launch_options o;
    vsmp_launch_options_init(&o);
    vsmp_launch_stats s;
    o.stats = &s;
    o.max_memory = 0;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = spin(&k, g, 1, 1024, 0, -1, &o, &d);
    CHECK(st == VSMP_OK && s.threads == 64 && s.memory > 64u * 256 * 1024,
          "no budget: runs (%s), %llu bytes", vsmp_status_str(st), (unsigned long long)s.memory);
    uint64_t need = s.memory;
    vsmp_diags_free(&d);

    /* 8 MiB: refused before any machine is made, with the bytes needed */
    vsmp_diags_init(&d);
    o.max_memory = 8u << 20;
    st = spin(&k, g, 1, 1024, 0, -1, &o, &d);
    char want[64];
    snprintf(want, sizeof(want), "needs %llu bytes", (unsigned long long)need);
    CHECK(st == VSMP_ERR_NOMEM && s.threads == 0 && has_message(&d, "memory", want) &&
              has_message(&d, "memory", "over the memory budget of 8388608 bytes"),
          "8 MiB budget: refused (%s)", vsmp_status_str(st));
    vsmp_diags_free(&d);

    /* room for one worker's machines, not two: one worker runs */
    vsmp_diags_init(&d);
    uint32_t g2[3] = {2048, 1, 1};
    o.max_memory = need + need / 2;
    o.workers = 2;
    st = spin(&k, g2, 1, 1024, 0, -1, &o, &d);
    CHECK(st == VSMP_OK && s.workers == 1 && s.groups == 2,
          "1.5 workers' budget: one worker (%s, %u)", vsmp_status_str(st), s.workers);
    vsmp_diags_free(&d);
    unload(&k);
}

typedef struct cancel_on_progress {
    volatile sig_atomic_t flag;
    unsigned calls;
    uint64_t last_done, last_total;
} cancel_on_progress;

static void on_progress(void *user, uint64_t done, uint64_t total)
{
    cancel_on_progress *c = user;
    c->calls++;
    c->last_done = done;
    c->last_total = total;
    c->flag = 1;
}

/* Issue 18: the instruction budget, the cancel flag and the progress function. */
static void test_bounds(const kernel *k)
{
    uint32_t g[3] = {64, 1, 1};
    vsmp_launch_options o;
    vsmp_launch_options_init(&o);
    vsmp_launch_stats s;
    o.stats = &s;
    vsmp_diags d;
    /* 4 threads of 25 instructions: 100 in all */
    vsmp_diags_init(&d);
    o.max_total_steps = 100;
    vsmp_status st = spin(k, g, 1, 16, 5, -1, &o, &d);
    CHECK(st == VSMP_OK && s.instructions == 100, "a budget of exactly 100: runs");
    vsmp_diags_free(&d);
    vsmp_diags_init(&d);
    o.max_total_steps = 99;
    st = spin(k, g, 1, 16, 5, -1, &o, &d);
    CHECK(st == VSMP_ERR_INVALID && has_message(&d, "steps", "budget of 99 instructions") &&
              s.groups == 3,
          "a budget of 99: stops in the fourth group (%s, %llu groups)", vsmp_status_str(st),
          (unsigned long long)s.groups);
    vsmp_diags_free(&d);
    o.max_total_steps = 0;

    /* cancelled before it starts: nothing runs */
    volatile sig_atomic_t flag = 1;
    o.cancel = &flag;
    vsmp_diags_init(&d);
    st = spin(k, g, 1, 16, 5, -1, &o, &d);
    CHECK(st == VSMP_ERR_CANCELLED && s.threads == 0 && has_message(&d, "launch", "cancelled"),
          "cancelled: %s", vsmp_status_str(st));
    vsmp_diags_free(&d);

    /* cancelled from the progress function (called after 0.1 s): 4096 groups of 400,005
     * instructions take some seconds; the launch stops early */
    cancel_on_progress c = {0};
    o.cancel = &c.flag;
    o.progress = on_progress;
    o.progress_user = &c;
    uint32_t big[3] = {4096 * 16, 1, 1};
    vsmp_diags_init(&d);
    st = spin(k, big, 1, 16, 100000, -1, &o, &d);
    CHECK(st == VSMP_ERR_CANCELLED && s.groups < 4096 && c.calls >= 2 && c.last_total == 4096 &&
              c.last_done == s.groups,
          "cancelled by progress: %s, %llu groups, %u calls", vsmp_status_str(st),
          (unsigned long long)s.groups, c.calls);
    vsmp_diags_free(&d);

    /* a launch without cancel: progress ends at the total */
    o.cancel = NULL;
    c.calls = 0;
    vsmp_diags_init(&d);
    st = spin(k, g, 1, 16, 5, -1, &o, &d);
    CHECK(st == VSMP_OK && c.calls >= 1 && c.last_done == 4 && c.last_total == 4,
          "progress: %u calls, %llu of %llu", c.calls, (unsigned long long)c.last_done,
          (unsigned long long)c.last_total);
    vsmp_diags_free(&d);
}

/* internal (src/exec/machine.c): where the launch writes r0 before each run */
uint8_t *vsmp_machine_general_bytes(vsmp_machine *m, uint32_t id, size_t size);

/* The r0 the launch writes in place (launch.c start_thread): the grp kernel reads r0, which a
 * reset clears, so its bytes are given; what is written there is the variable's, and a reset
 * zeroes it as it does a write_var. A kernel naming no r0 (a reset need not clear it): none
 * given, the launch writes it by write_var (whose note makes the next reset clear it). */
static void test_r0_in_place(void)
{
    static const char none_text[] = ".version 4.1\n.kernel \"none\"\n"
                                    ".decl A v_type=G type=ud num_elts=16 align=hword\n"
                                    ".kernel_attr SimdSize=16\n.function \"_main_0\"\n"
                                    "_main_0:\n    mov (M1, 16) A(0,0)<1> 0x1:ud\n"
                                    "    ret (M1, 1)\n";
    const char *texts[2] = {grp_text, none_text};
    for (unsigned i = 0; i < 2; i++) {
        vsmp_module *mod = NULL;
        vsmp_machine *m = NULL;
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_machine_options o;
        vsmp_machine_options_init(&o);
        o.platform = VSMP_PLATFORM_TGLLP;
        vsmp_status st = vsmp_text_parse(texts[i], strlen(texts[i]), VSMP_DIALECT_12504, &mod, &d);
        if (!st)
            st = vsmp_machine_create(mod, 0, &o, &m, &d);
        vsmp_diags_print(&d, "r0", stderr);
        vsmp_diags_free(&d);
        vsmp_var_info r0;
        CHECK(!st && !vsmp_machine_find(m, "%r0", &r0), "kernel %u: a machine and its r0", i);
        if (!st && m) {
            uint8_t *p = vsmp_machine_general_bytes(m, r0.id, 32);
            CHECK(i == 0 ? p != NULL : p == NULL, "kernel %u: r0's bytes %s", i,
                  i == 0 ? "given" : "not given");
            CHECK(!vsmp_machine_general_bytes(m, r0.id, 33), "kernel %u: 33 bytes of r0: none", i);
            if (p) {
                uint8_t w[32], r[32] = {0}, zero[32] = {0};
                size_t n = 0;
                for (unsigned b = 0; b < 32; b++)
                    w[b] = (uint8_t)(b * 7u + 1u);
                memcpy(p, w, 32);
                CHECK(!vsmp_machine_read_var(m, VSMP_VAR_GENERAL, r0.id, 0, r, 32, &n) && n == 32 &&
                          !memcmp(r, w, 32),
                      "r0 written in place reads back");
                vsmp_machine_reset(m);
                CHECK(!vsmp_machine_read_var(m, VSMP_VAR_GENERAL, r0.id, 0, r, 32, &n) &&
                          !memcmp(r, zero, 32),
                      "r0 written in place: zero after a reset");
            }
        }
        vsmp_machine_free(m);
        vsmp_module_free(mod);
    }
}

int main(void)
{
    kernel k;
    if (!load(&k, false, 0)) {
        CHECK(false, "the spin kernel loads");
        return t_finish();
    }
    test_overflow(&k);
    test_past_old_bound(&k);
    test_local_size();
    test_stats(&k);
    test_stop_at_failure(&k);
    test_group_ids();
    test_r0_in_place();
    test_r0_words();
    test_bounds(&k);
    test_memory();
    test_validated();
    unload(&k);
    return t_finish();
}
