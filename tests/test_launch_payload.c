/* SPDX-License-Identifier: MIT */
/*
 * The payload assembly of the launcher alone (src/launch/payload.c, docs/LAUNCH.md section 2),
 * without a machine: an interface built with vsmp/launch_iface.h (x local IDs, 64 bytes of
 * cross-thread data whose first 32 are inline data, a scalar and a buffer pointer, four NDRange
 * values) assembled for an NDRange of 40 work-items in groups of 20 at SIMD16 (two threads a
 * group, the second with 4 lanes), on TGLLP (32-byte GRFs) and LNL (64-byte GRFs). Every byte
 * expected is worked out from the layout rules in the comments. Links the internal objects.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "payload.h"
#include "testlib.h"
#include "vsmp/launch_iface.h"
#include "vsmp/vsmp.h"

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static vsmp_launch_iface *make_iface(void)
{
    vsmp_launch_iface *f = NULL;
    vsmp_status st = vsmp_launch_iface_create("k", 16, &f, NULL);
    vsmp_launch_layout l;
    vsmp_launch_layout_init(&l);
    l.local_id[0] = true;
    l.local_id[1] = l.local_id[2] = false;
    l.cross_thread_size = 64;
    l.inline_data_size = 32;
    if (!st)
        st = vsmp_launch_iface_set_layout(f, &l, NULL);
    vsmp_launch_arg_info scalar = {VSMP_ARG_SCALAR, -1, -1, 40, 4, "int", "n"};
    vsmp_launch_arg_info buffer = {VSMP_ARG_BUFFER, 0, -1, 48, 8, "int*", "out"};
    if (!st)
        st = vsmp_launch_iface_add_arg(f, 0, &scalar, NULL);
    if (!st)
        st = vsmp_launch_iface_add_arg(f, 1, &buffer, NULL);
    static const vsmp_launch_payload_value v[] = {
        {VSMP_VALUE_GLOBAL_SIZE, -1, 0, 0, 4},
        {VSMP_VALUE_NUM_GROUPS, -1, 0, 4, 4},
        {VSMP_VALUE_WORK_DIM, -1, 0, 8, 4},
        {VSMP_VALUE_LOCAL_SIZE, -1, 0, 12, 4},
    };
    for (unsigned i = 0; i < sizeof(v) / sizeof(v[0]) && !st; i++)
        st = vsmp_launch_iface_add_value(f, &v[i], NULL);
    CHECK(st == VSMP_OK, "the interface builds: %s", vsmp_status_str(st));
    if (st) {
        vsmp_launch_iface_free(f);
        return NULL;
    }
    return f;
}

/* The layout and bytes on @p plat: G-byte GRFs, the x IDs one max(G, 32)-byte block from byte
 * G, the cross-thread data after them, its bytes 32.. one GRF after the inline data's start
 * when G is 64 (gap 32), right after them when G is 32 (gap 0). */
static void check_platform(const vsmp_launch_iface *f, vsmp_platform plat, const char *name,
                           unsigned grf)
{
    vsmp_ndrange nd = {1, {40, 1, 1}, {20, 1, 1}, {0, 0, 0}};
    static uint32_t local_off[VSMP_LAUNCH_MAX_ARGS];
    payload_shape s = {&nd, local_off, 16, 2, 20, plat};
    vsmp_launch_arg args[2];
    memset(args, 0, sizeof(args));
    args[0].bytes[0] = 0x44, args[0].bytes[1] = 0x33, args[0].bytes[2] = 0x22;
    args[0].bytes[3] = 0x11;
    args[0].size = 4;
    launch_payload pay;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_payload_build(&pay, f, &s, args, &d);
    CHECK(st == VSMP_OK, "%s: built: %s", name, vsmp_status_str(st));
    size_t gap = grf == 64 ? 32 : 0, ct = 2 * (size_t)grf; /* r0, then one GRF of x IDs */
    CHECK(pay.pl.grf == grf && pay.pl.id_bytes == grf && pay.pl.nids == 1 && pay.pl.ct_base == ct &&
              pay.pl.ct_cap == 64 && pay.pl.split == 32 && pay.pl.gap == gap &&
              pay.end == ct + 64 + gap,
          "%s: layout grf %u, ids %u x %u, cross-thread at %zu, %zu bytes, split %zu, gap %zu, "
          "end %zu",
          name, pay.pl.grf, pay.pl.nids, pay.pl.id_bytes, pay.pl.ct_base, pay.pl.ct_cap,
          pay.pl.split, pay.pl.gap, pay.end);
    if (st || pay.end != ct + 64 + gap) {
        vsmp_payload_free(&pay);
        vsmp_diags_free(&d);
        return;
    }
    const uint8_t *c = pay.bytes + ct;
    /* the inline part: global size 40, 2 groups, 1 dimension, local size 20 */
    CHECK(rd32(c) == 40 && rd32(c + 4) == 2 && rd32(c + 8) == 1 && rd32(c + 12) == 20,
          "%s: NDRange values %u %u %u %u", name, rd32(c), rd32(c + 4), rd32(c + 8), rd32(c + 12));
    /* cross-thread byte 40 (the scalar) and 48 (the buffer's SVM address, (1 + 1) << 32) lie
     * gap bytes further; the gap itself is zero */
    bool gap_zero = true;
    for (size_t i = 32; i < 32 + gap; i++)
        gap_zero &= c[i] == 0;
    CHECK(gap_zero && rd32(c + 40 + gap) == 0x11223344 && rd32(c + 48 + gap) == 0 &&
              rd32(c + 52 + gap) == 2,
          "%s: scalar 0x%x, pointer 0x%x%08x, gap zero %d", name, rd32(c + 40 + gap),
          rd32(c + 52 + gap), rd32(c + 48 + gap), gap_zero);
    /* r0 and the IDs' block are left zero: r0 is written per thread, the IDs come apart */
    bool head_zero = true;
    for (size_t i = 0; i < ct; i++)
        head_zero &= pay.bytes[i] == 0;
    CHECK(head_zero, "%s: r0 and the ID block left zero", name);

    /* a machine whose payload ends before the cross-thread data's end gets what fits */
    st = vsmp_payload_fit(&pay, f, &s, ct + 16);
    CHECK(st == VSMP_OK && pay.n == ct + 16 && pay.ids_n == grf && pay.ids,
          "%s: fit to %zu: n %zu, ids %zu", name, ct + 16, pay.n, pay.ids_n);
    /* thread 0: lanes 0..15 are work-items 0..15; thread 1: lanes 0..3 are 16..19, the lanes
     * past the group's 20 work-items hold work-item 0's ID, 0 */
    bool ids_ok = pay.ids != NULL;
    for (unsigned l = 0; ids_ok && l < 16; l++) {
        ids_ok &= rd16(pay.ids + 2 * l) == l;
        ids_ok &= rd16(pay.ids + grf + 2 * l) == (l < 4 ? 16 + l : 0);
    }
    CHECK(ids_ok, "%s: local IDs of both threads", name);
    vsmp_payload_free(&pay);
    vsmp_diags_free(&d);
}

/* What the cross-thread data cannot hold is refused with its words, nothing written past it. */
static void check_refusal(void)
{
    vsmp_launch_iface *f = make_iface();
    if (!f)
        return;
    vsmp_ndrange nd = {1, {40, 1, 1}, {20, 1, 1}, {0, 0, 0}};
    static uint32_t local_off[VSMP_LAUNCH_MAX_ARGS];
    payload_shape s = {&nd, local_off, 16, 2, 20, VSMP_PLATFORM_TGLLP};
    vsmp_launch_arg args[2];
    memset(args, 0, sizeof(args));
    args[0].size = 2; /* the kernel reads 4 bytes of it */
    launch_payload pay;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_payload_build(&pay, f, &s, args, &d);
    CHECK(st == VSMP_ERR_ARG && d.count == 1 && strstr(d.items[0].message, "too short"),
          "a 2-byte scalar where 4 are read: %s, \"%s\"", vsmp_status_str(st),
          d.count ? d.items[0].message : "");
    vsmp_payload_free(&pay);
    vsmp_diags_free(&d);
    vsmp_launch_iface_free(f);
}

int main(void)
{
    vsmp_launch_iface *f = make_iface();
    if (f) {
        check_platform(f, VSMP_PLATFORM_TGLLP, "tgllp", 32);
        check_platform(f, VSMP_PLATFORM_LNL, "lnl", 64);
        vsmp_launch_iface_free(f);
    }
    check_refusal();
    return t_finish();
}
