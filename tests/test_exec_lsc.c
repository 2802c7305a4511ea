/* SPDX-License-Identifier: MIT */
/*
 * bfn, the LSC untyped messages (lsc_load, lsc_store), the scaled buffer messages and
 * vsmp_machine_reset on text programs, DG2 (32-byte GRFs); lsc through ss(V), the scratch space,
 * and the LSC typed quads (.tgm) on DG2 and LNL (64-byte GRFs).
 * Expected values are computed by hand in the comments from BFN.md and LSC_UNTYPED.md
 * (instructions-head), LSC_TYPED.md for .tgm.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

/* A machine for @p text (GenX_IR 12504's syntax) on @p plat that must be made. */
static vsmp_machine *machine_on(const char *text, vsmp_platform plat, vsmp_module **mod)
{
    return kit_machine_ok(text, VSMP_DIALECT_12504, plat, mod);
}

static vsmp_machine *machine(const char *text, vsmp_module **mod)
{
    return machine_on(text, VSMP_PLATFORM_DG2, mod);
}

/* bfn: bit i of dst = bit (a_i + 2 b_i + 4 c_i) of the table. */
static void test_bfn(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl B v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl C v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl D v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl E v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl F v_type=G type=uw num_elts=16 align=GRF\n"
                               "bfn.xd8 (M1, 8) D(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0> "
                               "C(0,0)<1;1,0>\n"
                               "bfn.x96 (M1, 8) E(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0> "
                               "C(0,0)<1;1,0>\n"
                               "bfn.x80 (M1, 4) F(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0> "
                               "0xff00:uw\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod);
    if (m) {
        uint32_t a[8] = {0xf0f0f0f0u, 0, 0xffffffffu, 0x12345678u, 0xaaaaaaaau, 1, 2, 3};
        uint32_t b[8] = {0xff00ff00u, 0xffffffffu, 0, 0x0f0f0f0fu, 0xccccccccu, 1, 2, 3};
        uint32_t c[8] = {0xffff0000u, 0xffffffffu, 0xffffffffu, 0, 0xf0f0f0f0u, 0, 0, 0};
        uint16_t f0[16];
        for (int i = 0; i < 16; i++)
            f0[i] = 0x5555;
        kit_put(m, "A", a, sizeof(a));
        kit_put(m, "B", b, sizeof(b));
        kit_put(m, "C", c, sizeof(c));
        kit_put(m, "F", f0, sizeof(f0));
        CHECK(kit_run(m, NULL), "bfn run");
        uint32_t d[8], e[8];
        uint16_t f[16];
        kit_get(m, "D", d, sizeof(d));
        kit_get(m, "E", e, sizeof(e));
        kit_get(m, "F", f, sizeof(f));
        /* 0xd8 = 0b11011000: set at indices 3 (a b ~c), 4 (~a ~b c), 6 (~a b c), 7 (a b c):
         * c ? (b | ~a) ... per bit: c=0 -> a & b; c=1 -> ~a | b. That is c ? (~a | b) : (a & b).
         * lane 0: a=f0f0f0f0 b=ff00ff00 c=ffff0000: high half ~a|b = 0f0f|ff00 = ff0f;
         * low half a&b = f0f0&ff00 = f000 -> 0xff0ff000.
         * lane 1: a=0 b=~0 c=~0 -> ~0 | ~0 = ffffffff. lane 2: a=~0 b=0 c=~0 -> 0 | 0 = 0.
         * lane 3: c=0 -> a & b = 12345678 & 0f0f0f0f = 02040608.
         * lane 4: a=aa.. b=cc.. c=f0..: nibble c=f: ~a|b = 5|c = d; c=0: a&b = a&c = 8 ->
         * 0xd8d8d8d8 (the table itself: the three sources are the canonical 0xaa, 0xcc, 0xf0).
         * lanes 5..7: c=0 -> a & b = 1, 2, 3. */
        uint32_t want_d[8] = {0xff0ff000u, 0xffffffffu, 0, 0x02040608u, 0xd8d8d8d8u, 1, 2, 3};
        /* 0x96 = 0b10010110: indices 1, 2, 4, 7 = odd parity: a ^ b ^ c.
         * lane 0: f0f0f0f0 ^ ff00ff00 ^ ffff0000 = f00ff0f0 ^ ... : f0f0f0f0 ^ ff00ff00 =
         * 0ff00ff0; ^ ffff0000 = f00f0ff0. lane 1: 0 ^ ~0 ^ ~0 = 0. lane 2: ~0 ^ 0 ^ ~0 = 0.
         * lane 3: 12345678 ^ 0f0f0f0f = 1d3b5977. lane 4: 0x96969696 (canonical sources).
         * lanes 5..7: a ^ b = 0. */
        uint32_t want_e[8] = {0xf00f0ff0u, 0, 0, 0x1d3b5977u, 0x96969696u, 0, 0, 0};
        /* 0x80: index 7 only: a & b & c, written to UW (the low 16 bits): lanes 0..3 of the
         * UD sources A, B with the immediate c = 0xff00: f0f0f0f0 & ff00ff00 & ff00 = f000;
         * 0 & .. = 0; .. & 0 = 0; 12345678 & 0f0f0f0f & ff00 = 02040608 & ff00 = 0600.
         * Lanes 4..15 are not executed and keep 0x5555. */
        bool ok = !memcmp(d, want_d, sizeof(d));
        CHECK(ok, "bfn.xd8: %08x %08x %08x %08x %08x", d[0], d[1], d[2], d[3], d[4]);
        ok = !memcmp(e, want_e, sizeof(e));
        CHECK(ok, "bfn.x96: %08x %08x %08x", e[0], e[3], e[4]);
        CHECK(f[0] == 0xf000 && f[1] == 0 && f[2] == 0 && f[3] == 0x0600 && f[4] == 0x5555 &&
                  f[15] == 0x5555,
              "bfn.x80 on uw: %04x %04x %04x %04x %04x", f[0], f[1], f[2], f[3], f[4]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* lsc_load / lsc_store through a binding-table surface and flat (SVM) addresses. */
static void test_lsc(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl B v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl C v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl D v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl S v_type=G type=ud num_elts=1 align=GRF\n"
                               ".decl T v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl Q v_type=G type=uq num_elts=8 align=GRF\n"
                               ".decl P1 v_type=P num_elts=8\n"
                               "(P1) lsc_load.ugm.ca.ca (M1, 8)  D:d32x2  bti(0x3)[A+0x8]:a32\n"
                               "lsc_store.ugm.wb.wb (M1, 8)  bti(0x3)[B]:a32  C:d32\n"
                               "lsc_load.ugm (M1_NM, 1)  T:d32x4t  bti(0x3)[S]:a32\n"
                               "lsc_store.ugm (M1, 8)  flat[0x4*Q+0x10]:a64  C:d32\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod);
    vsmp_surface *b3 = kit_buffer(64), *b9 = kit_buffer(64);
    if (m && b3 && b9) {
        uint32_t *w = vsmp_surface_get_desc(b3)->data;
        uint32_t *w9 = vsmp_surface_get_desc(b9)->data;
        for (int i = 0; i < 64; i++)
            w[i] = 1000u + (uint32_t)i, w9[i] = 0;
        CHECK(vsmp_machine_bind_surface(m, 3, b3) == VSMP_OK, "bind 3");
        CHECK(vsmp_machine_map_surface(m, 0x900000000ull, b9) == VSMP_OK, "map b9");
        /* lane byte addresses: lanes 0..6 at 4 * (2 l), lane 7 at 252 (the last word, w[63]) */
        uint32_t a[8] = {0, 8, 16, 24, 32, 40, 48, 252};
        uint32_t bb[8] = {128, 132, 136, 140, 144, 148, 152, 156};
        uint32_t c[8] = {7, 6, 5, 4, 3, 2, 1, 0};
        uint32_t sv = 20; /* byte offset of w[5] */
        uint64_t q[8];
        for (int l = 0; l < 8; l++)
            q[l] = 0x240000000ull + (uint32_t)l; /* 4 q + 0x10 = 0x900000000 + 4 l + 16 */
        uint32_t d0[16], t0[8];
        for (int i = 0; i < 16; i++)
            d0[i] = 0xdeadu;
        for (int i = 0; i < 8; i++)
            t0[i] = 0xbeefu;
        kit_put(m, "A", a, sizeof(a));
        kit_put(m, "B", bb, sizeof(bb));
        kit_put(m, "C", c, sizeof(c));
        kit_put(m, "D", d0, sizeof(d0));
        kit_put(m, "S", &sv, 4);
        kit_put(m, "T", t0, sizeof(t0));
        kit_put(m, "Q", q, sizeof(q));
        uint32_t pw = 0xbf; /* lane 6 disabled */
        vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, 1, 0, &pw, 4);
        CHECK(kit_run(m, NULL), "lsc run");
        uint32_t d[16], t[8];
        kit_get(m, "D", d, sizeof(d));
        kit_get(m, "T", t, sizeof(t));
        /* d32x2, SIMD8, 32-byte GRFs: element v of lane n at D[8 v + n]; address A[n] + 8:
         * lane n < 6: w[2 n + 2], w[2 n + 3]; lane 6 disabled keeps 0xdead; lane 7 at byte
         * 260: w[65] is past the 256-byte buffer: zero, and so is w[66]. */
        bool ok = true;
        for (int n = 0; n < 6; n++)
            ok &= d[n] == 1002u + 2u * (uint32_t)n && d[8 + n] == 1003u + 2u * (uint32_t)n;
        CHECK(ok, "lsc_load d32x2: %u %u %u", d[0], d[8], d[5]);
        CHECK(d[6] == 0xdead && d[14] == 0xdead, "lsc_load: the predicated-off lane keeps");
        CHECK(d[7] == 0 && d[15] == 0, "lsc_load past the buffer reads zero (%u %u)", d[7], d[15]);
        /* store: w[32 + l] = C[l] = 7 - l */
        ok = true;
        for (int l = 0; l < 8; l++)
            ok &= w[32 + l] == 7u - (uint32_t)l;
        CHECK(ok && w[31] == 1031 && w[40] == 1040, "lsc_store d32: w[32..39]");
        /* transposed SIMD1 d32x4 at byte 20: w[5..8] in T[0..3]; T[4..7] keep */
        CHECK(t[0] == 1005 && t[1] == 1006 && t[2] == 1007 && t[3] == 1008 && t[4] == 0xbeef,
              "lsc_load d32x4t: %u %u %u %u %x", t[0], t[1], t[2], t[3], t[4]);
        /* flat a64: lane l at 0x900000000 + 4 l + 16 = w9[4 + l] */
        ok = true;
        for (int l = 0; l < 8; l++)
            ok &= w9[4 + l] == 7u - (uint32_t)l;
        CHECK(ok && w9[3] == 0 && w9[12] == 0, "lsc_store flat a64: w9[4..11]");
        /* a flat address outside every mapping is a run-time fault: lane 7 at 0x900000100 + 16
         * (the 256-byte buffer ends at 0x900000100) */
        q[7] = 0x240000040ull;
        kit_put(m, "Q", q, sizeof(q));
        vsmp_diags dg;
        vsmp_diags_init(&dg);
        CHECK(vsmp_machine_run(m, &dg) == VSMP_ERR_INVALID && dg.count == 1,
              "flat address outside the mappings faults");
        vsmp_diags_free(&dg);
    }
    vsmp_surface_free(b3);
    vsmp_surface_free(b9);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* Shared local memory through T0 and lsc .slm, a fence, a barrier that stops the run and
 * resumes it, and mov from a predicate. */
static void test_slm_barrier(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl B v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl C v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl D v_type=G type=ud num_elts=1 align=GRF\n"
                               ".decl E v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl P1 v_type=P num_elts=8\n"
                               "scatter4_scaled.R (M1, 8) %slm 0x0:ud A.0 B.0\n"
                               "fence_local.E\n"
                               "barrier\n"
                               "gather4_scaled.R (M1, 8) %slm 0x10:ud A.0 C.0\n"
                               "cmp.lt (M1, 8) P1 C(0,0)<1;1,0> 0x10:ud\n"
                               "mov (M1_NM, 1) D(0,0)<1> P1\n"
                               "lsc_load.slm (M1, 8)  E:d32  flat[A+0x20]:a32\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod);
    if (m) {
        uint32_t slm[16] = {0};
        vsmp_machine_set_slm(m, slm, sizeof(slm));
        uint32_t a[8], b[8];
        for (int l = 0; l < 8; l++)
            a[l] = 4u * (uint32_t)l, b[l] = 10u + (uint32_t)l;
        kit_put(m, "A", a, sizeof(a));
        kit_put(m, "B", b, sizeof(b));
        bool at = false;
        vsmp_diags d;
        vsmp_diags_init(&d);
        CHECK(vsmp_machine_run_to_barrier(m, false, &at, &d) == VSMP_OK && at,
              "the run stops at the barrier");
        /* scatter4_scaled R: slm word A[l] / 4 = l gets B[l] = 10 + l */
        bool ok = true;
        for (int i = 0; i < 8; i++)
            ok &= slm[i] == 10u + (uint32_t)i;
        CHECK(ok && slm[8] == 0, "scatter to SLM: words 0..7");
        uint32_t c[8];
        kit_get(m, "C", c, sizeof(c));
        CHECK(c[0] == 0 && c[7] == 0, "nothing after the barrier ran yet");
        /* another thread of the group writes words 8..15 before this one resumes */
        for (int i = 8; i < 16; i++)
            slm[i] = 100u + (uint32_t)i - 8u;
        CHECK(vsmp_machine_run_to_barrier(m, true, &at, &d) == VSMP_OK && !at,
              "the run resumes and ends");
        vsmp_diags_free(&d);
        /* gather at 16 + A[l]: word 4 + l: 14..17, then 100..103 */
        kit_get(m, "C", c, sizeof(c));
        ok = true;
        for (int l = 0; l < 8; l++)
            ok &= c[l] == (l < 4 ? 14u + (uint32_t)l : 96u + (uint32_t)l);
        CHECK(ok, "gather from SLM after the barrier: %u %u %u", c[0], c[3], c[4]);
        /* P1: lanes with C < 16: lanes 0 and 1 (14, 15) -> 0b11 */
        uint32_t dd = 0;
        kit_get(m, "D", &dd, 4);
        CHECK(dd == 3, "mov from a predicate: %u", dd);
        /* lsc_load.slm at 32 + A[l]: word 8 + l = 100 + l */
        uint32_t e[8];
        kit_get(m, "E", e, sizeof(e));
        ok = true;
        for (int l = 0; l < 8; l++)
            ok &= e[l] == 100u + (uint32_t)l;
        CHECK(ok, "lsc_load.slm: %u %u", e[0], e[7]);
        /* vsmp_machine_run passes the barrier: one run does everything */
        memset(slm, 0, sizeof(slm));
        CHECK(kit_run(m, NULL), "a run without pauses");
        kit_get(m, "C", c, sizeof(c));
        CHECK(c[0] == 14 && c[3] == 17 && c[4] == 0, "the barrier passed in one run");
        CHECK(vsmp_machine_run_to_barrier(m, true, NULL, NULL) == VSMP_ERR_ARG,
              "resuming needs at_barrier");
        CHECK(vsmp_machine_run_to_barrier(m, true, &at, NULL) == VSMP_ERR_ARG,
              "a run that ended cannot resume");
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* gather4_scaled / scatter4_scaled and gather_scaled / scatter_scaled on a 256-byte buffer:
 * once with every enabled lane inside it (the plain copies of the fast case; a predicated-off
 * lane far outside does not count), once with lane 7 reaching past its end (byte by byte:
 * the bytes inside written and read, the rest dropped and read as zeros; docs/EXEC.md). */
static const char scaled_text[] = ".version 4.1\n.kernel \"t\"\n"
                                  ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
                                  ".decl B v_type=G type=ud num_elts=16 align=GRF\n"
                                  ".decl C v_type=G type=ud num_elts=16 align=GRF\n"
                                  ".decl D v_type=G type=ud num_elts=8 align=GRF\n"
                                  ".decl E v_type=G type=ud num_elts=16 align=GRF\n"
                                  ".decl F v_type=G type=ud num_elts=8 align=GRF\n"
                                  ".decl buf v_type=T num_elts=1\n"
                                  ".decl buf2 v_type=T num_elts=1\n"
                                  ".decl P1 v_type=P num_elts=8\n"
                                  "(P1) scatter4_scaled.RB (M1, 8) buf 0x8:ud A.0 B.0\n"
                                  "(P1) gather4_scaled.RB (M1, 8) buf 0x8:ud A.0 C.0\n"
                                  "(P1) scatter_scaled.2 (M1, 8) buf2 0x80:ud F.0 D.0\n"
                                  "(P1) gather_scaled.2 (M1, 8) buf2 0x80:ud F.0 E.0\n"
                                  "ret (M1, 1)\n";

/* Run scaled_text from a reset with lane 7's offsets a7 (A) and f7 (F); buffers w (bti 3) and
 * w2 (bti 4) start as 0xa0000000 + i and 0xb0000000 + i; C and E as 0xdead. */
static bool run_scaled(vsmp_machine *m, uint32_t *w, uint32_t *w2, uint32_t a7, uint32_t f7,
                       uint32_t *c, uint32_t *e)
{
    for (uint32_t i = 0; i < 64; i++)
        w[i] = 0xa0000000u + i, w2[i] = 0xb0000000u + i;
    vsmp_machine_reset(m);
    uint32_t a[8], b[16], c0[16], d[8], f[8];
    for (uint32_t l = 0; l < 8; l++) {
        a[l] = 16 * l;
        f[l] = 2 * l;
        b[l] = 0xc0000100u + l;     /* channel R */
        b[8 + l] = 0xd0000200u + l; /* channel B */
        d[l] = 0xabcd0000u + 0x1111u * (l + 1);
    }
    a[6] = f[6] = 0x10000; /* lane 6 is predicated off: far outside, never touched */
    a[7] = a7, f[7] = f7;
    for (int i = 0; i < 16; i++)
        c0[i] = 0xdead;
    kit_put(m, "A", a, sizeof(a));
    kit_put(m, "B", b, sizeof(b));
    kit_put(m, "C", c0, sizeof(c0));
    kit_put(m, "D", d, sizeof(d));
    kit_put(m, "E", c0, 32);
    kit_put(m, "F", f, sizeof(f));
    vsmp_var_info bv, bv2;
    CHECK(vsmp_machine_find(m, "buf", &bv) == VSMP_OK && vsmp_machine_find(m, "buf2", &bv2) == 0,
          "find buf");
    uint32_t bti = 3, bti2 = 4, pw = 0xbf; /* lane 6 off */
    vsmp_machine_write_var(m, VSMP_VAR_SURFACE, bv.id, 0, &bti, 4);
    vsmp_machine_write_var(m, VSMP_VAR_SURFACE, bv2.id, 0, &bti2, 4);
    vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, 1, 0, &pw, 4);
    bool ok = kit_run(m, NULL);
    kit_get(m, "C", c, 64);
    kit_get(m, "E", e, 32);
    return ok;
}

/* A gather whose data overlaps its own offsets: the offsets are those of the send, read before
 * any response is written. O holds lane l's offset 8 l in its first row; gather4_scaled.RG
 * writes R over that row and G over the second. Lane l reads words 2 l and 2 l + 1 of a buffer
 * holding 0xa0000000 + i at word i: O[l] = 0xa0000000 + 2 l, O[8 + l] = 0xa0000001 + 2 l. (Were
 * the offsets read lane by lane as R is written, channel G would take the R values as offsets
 * and read past the buffer: zeros.) */
static void test_scaled_overlap(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl O v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl buf v_type=T num_elts=1\n"
                               "gather4_scaled.RG (M1, 8) buf 0x0:ud O.0 O.0\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod);
    vsmp_surface *s = kit_buffer(64);
    if (m && s) {
        uint32_t *w = vsmp_surface_get_desc(s)->data, o[16];
        for (uint32_t i = 0; i < 64; i++)
            w[i] = 0xa0000000u + i;
        for (uint32_t l = 0; l < 8; l++)
            o[l] = 8 * l, o[8 + l] = 0xdead;
        CHECK(vsmp_machine_bind_surface(m, 3, s) == VSMP_OK, "bind 3");
        vsmp_var_info bv;
        uint32_t bti = 3;
        CHECK(vsmp_machine_find(m, "buf", &bv) == VSMP_OK, "find buf");
        vsmp_machine_write_var(m, VSMP_VAR_SURFACE, bv.id, 0, &bti, 4);
        kit_put(m, "O", o, sizeof(o));
        CHECK(kit_run(m, NULL), "overlapping gather runs");
        kit_get(m, "O", o, sizeof(o));
        bool ok = true;
        for (uint32_t l = 0; l < 8; l++)
            ok &= o[l] == 0xa0000000u + 2 * l && o[8 + l] == 0xa0000001u + 2 * l;
        CHECK(ok, "gather4_scaled over its offsets: O[0] %08x O[8] %08x O[15] %08x", o[0], o[8],
              o[15]);
    }
    vsmp_surface_free(s);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

static void test_scaled(void)
{
    vsmp_module *mod;
    vsmp_machine *m = machine(scaled_text, &mod);
    vsmp_surface *s3 = kit_buffer(64), *s4 = kit_buffer(64);
    if (m && s3 && s4) {
        uint32_t *w = vsmp_surface_get_desc(s3)->data, *w2 = vsmp_surface_get_desc(s4)->data;
        CHECK(vsmp_machine_bind_surface(m, 3, s3) == VSMP_OK, "bind 3");
        CHECK(vsmp_machine_bind_surface(m, 4, s4) == VSMP_OK, "bind 4");
        uint32_t c[16], e[8];
        /* 1. Inside: lane 7 at A = 112, F = 14.
         * scatter4_scaled.RB: lane l's R at byte 8 + 16 l (word 2 + 4 l), its B (channel 2, the
         * data's second row) at 8 + 16 l + 8 (word 4 + 4 l); lane 6 keeps words 26 and 28,
         * words between (3, 5, ...) and past lane 7's word 32 keep theirs. */
        CHECK(run_scaled(m, w, w2, 112, 14, c, e), "scaled run inside");
        bool ok = true;
        for (uint32_t l = 0; l < 8; l++)
            if (l != 6)
                ok &= w[2 + 4 * l] == 0xc0000100u + l && w[4 + 4 * l] == 0xd0000200u + l;
        CHECK(ok, "scatter4_scaled inside: w[2] %08x w[4] %08x w[30] %08x w[32] %08x", w[2], w[4],
              w[30], w[32]);
        CHECK(w[26] == 0xa000001au && w[28] == 0xa000001cu && w[3] == 0xa0000003u &&
                  w[33] == 0xa0000021u && w[63] == 0xa000003fu,
              "scatter4_scaled inside: the other words keep theirs");
        /* gather4_scaled.RB reads them back: C[l] = R, C[8 + l] = B; lane 6 keeps 0xdead */
        ok = true;
        for (uint32_t l = 0; l < 8; l++)
            if (l != 6)
                ok &= c[l] == 0xc0000100u + l && c[8 + l] == 0xd0000200u + l;
        CHECK(ok && c[6] == 0xdead && c[14] == 0xdead, "gather4_scaled inside: %08x %08x %08x",
              c[0], c[9], c[6]);
        /* scatter_scaled.2: the low half of D[l] = 0x1111 (l + 1) at byte 128 + 2 l: words 32..35
         * take two lanes each, lane 6's half (the low one of word 35) keeps 0x0023:
         * 0x22221111, 0x44443333, 0x66665555, 0x88880023; word 36 keeps 0xb0000024 */
        CHECK(w2[32] == 0x22221111u && w2[33] == 0x44443333u && w2[34] == 0x66665555u &&
                  w2[35] == 0x88880023u && w2[36] == 0xb0000024u && w2[31] == 0xb000001fu,
              "scatter_scaled.2 inside: %08x %08x %08x %08x %08x", w2[32], w2[33], w2[34], w2[35],
              w2[36]);
        /* gather_scaled.2: the halves back, zero-extended */
        ok = true;
        for (uint32_t l = 0; l < 8; l++)
            if (l != 6)
                ok &= e[l] == 0x1111u * (l + 1);
        CHECK(ok && e[6] == 0xdead, "gather_scaled.2 inside: %08x %08x %08x", e[0], e[7], e[6]);

        /* 2. Lane 7 past the end: A = 238, F = 127.
         * Its R (0xc0000107: bytes 07 01 00 c0) at byte 246: words 61 (bytes 244..247: 3d 00,
         * then 07 01) = 0x0107003d and 62 (bytes 00 c0, then 00 a0) = 0xa000c000. Its B
         * (0xd0000207: bytes 07 02 00 d0) at byte 254: bytes 254, 255 of word 63 (3f 00 07 02)
         * = 0x0207003f, bytes 256 and 257 dropped. Lanes 0..5 as before; lane 7's old words 30
         * and 32 keep theirs. */
        CHECK(run_scaled(m, w, w2, 238, 127, c, e), "scaled run past the end");
        ok = true;
        for (uint32_t l = 0; l < 6; l++)
            ok &= w[2 + 4 * l] == 0xc0000100u + l && w[4 + 4 * l] == 0xd0000200u + l;
        CHECK(ok && w[30] == 0xa000001eu && w[32] == 0xa0000020u,
              "scatter4_scaled lanes 0..5 with lane 7 outside");
        CHECK(w[61] == 0x0107003du && w[62] == 0xa000c000u && w[63] == 0x0207003fu,
              "scatter4_scaled past the end: w[61] %08x w[62] %08x w[63] %08x", w[61], w[62],
              w[63]);
        /* gather: lane 7's R = bytes 246..249 = 0xc0000107; its B = bytes 254, 255 (07 02) and
         * zeros past the end = 0x00000207 */
        ok = true;
        for (uint32_t l = 0; l < 6; l++)
            ok &= c[l] == 0xc0000100u + l && c[8 + l] == 0xd0000200u + l;
        CHECK(ok && c[7] == 0xc0000107u && c[15] == 0x207u && c[6] == 0xdead,
              "gather4_scaled past the end: %08x %08x", c[7], c[15]);
        /* scatter_scaled.2: lane 7's half 0x8888 at byte 255: byte 255 (the top of word 63) =
         * 0x88, byte 256 dropped: 0x8800003f; word 35 keeps 0xb0000023 (lane 6 off, lane 7
         * elsewhere). gather_scaled.2: byte 255 and a zero = 0x88. */
        CHECK(w2[63] == 0x8800003fu && w2[35] == 0xb0000023u && w2[34] == 0x66665555u,
              "scatter_scaled.2 past the end: %08x %08x", w2[63], w2[35]);
        CHECK(e[7] == 0x88u && e[0] == 0x1111u && e[5] == 0x6666u && e[6] == 0xdead,
              "gather_scaled.2 past the end: %08x %08x", e[7], e[0]);
    }
    vsmp_surface_free(s3);
    vsmp_surface_free(s4);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* Every general variable of @p m reads as zeros (the predefined ones and those declared). */
static bool all_zero(vsmp_machine *m, uint32_t nvars)
{
    for (uint32_t id = 1; id < 32 + nvars; id++) {
        uint8_t b[4096];
        size_t n = 0;
        if (vsmp_machine_read_var(m, VSMP_VAR_GENERAL, id, 0, b, sizeof(b), &n))
            continue; /* no such variable (ids 21..31, %null) */
        for (size_t i = 0; i < n; i++)
            if (b[i])
                return false;
    }
    return true;
}

/* vsmp_machine_reset leaves every variable zero, as create does, whichever way a byte was
 * written: by an instruction (B), as an input or through the API into a variable an
 * instruction names (A), by the run itself (%sr0's dispatch mask), through the API into a
 * variable no instruction names (U: the next reset clears the whole arena), or by an indirect
 * operand (a kernel with one clears the whole arena at every reset). */
static void test_reset(void)
{
    static const char direct[] = ".version 4.1\n.kernel \"t\"\n"
                                 ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
                                 ".decl B v_type=G type=ud num_elts=8 align=GRF\n"
                                 ".decl U v_type=G type=ud num_elts=8 align=GRF\n"
                                 "add (M1, 8) B(0,0)<1> A(0,0)<1;1,0> 0x1:ud\n"
                                 "ret (M1, 1)\n";
    /* AD = &A + 32 bytes: U, the next GRF (declared variables of a GRF are GRF-aligned, in
     * order); U is written through AD only */
    static const char indirect[] = ".version 4.1\n.kernel \"t\"\n"
                                   ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
                                   ".decl U v_type=G type=ud num_elts=8 align=GRF\n"
                                   ".decl AD v_type=A num_elts=1\n"
                                   "addr_add (M1_NM, 1) AD(0)<1> &A 0x20:uw\n"
                                   "mov (M1, 8) r[AD(0),0]<1>:ud A(0,0)<1;1,0>\n"
                                   "ret (M1, 1)\n";
    uint32_t a[8], u[8], b[8];
    for (uint32_t l = 0; l < 8; l++)
        a[l] = 10 + l, u[l] = 0x77;
    vsmp_module *mod;
    vsmp_machine *m = machine(direct, &mod);
    if (m) {
        kit_put(m, "A", a, sizeof(a));
        CHECK(kit_run(m, NULL), "reset: direct run");
        kit_get(m, "B", b, sizeof(b));
        CHECK(b[0] == 11 && b[7] == 18, "reset: B = A + 1 (%u %u)", b[0], b[7]);
        vsmp_machine_reset(m);
        CHECK(all_zero(m, 3), "reset after a run: every variable zero");
        kit_put(m, "A", a, sizeof(a));
        kit_put(m, "U", u, sizeof(u)); /* named by no instruction */
        CHECK(kit_run(m, NULL), "reset: direct run 2");
        vsmp_machine_reset(m);
        kit_get(m, "U", u, sizeof(u));
        CHECK(u[0] == 0 && u[7] == 0, "reset clears a variable only the API wrote (%x)", u[0]);
        CHECK(all_zero(m, 3), "reset after an API write: every variable zero");
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    m = machine(indirect, &mod);
    if (m) {
        kit_put(m, "A", a, sizeof(a));
        CHECK(kit_run(m, NULL), "reset: indirect run");
        kit_get(m, "U", u, sizeof(u));
        CHECK(u[0] == 10 && u[7] == 17, "the indirect mov writes U (%u %u)", u[0], u[7]);
        vsmp_machine_reset(m);
        CHECK(all_zero(m, 2), "reset after an indirect write: every variable zero");
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* A refused LSC instruction is named by its mnemonic from the instruction table (opcodes.def):
 * the surface S(0,3) of an lsc_load lies past its one-DWord variable (12 bytes in), so planning
 * reports "lsc_load: surface S(0,3) lies outside the variable", and an lsc_load of an unsupported
 * kind says "lsc_load" as well. */
static void test_lsc_names(void)
{
    static const char *const texts[] = {
        ".version 4.1\n.kernel \"t\"\n"
        ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl D v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl S v_type=G type=ud num_elts=1 align=GRF\n"
        "lsc_load.ugm (M1, 8)  D:d32  bti(S(0,3))[A]:a32\n"
        "ret (M1, 1)\n",
        ".version 4.1\n.kernel \"t\"\n"
        ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl D v_type=G type=ud num_elts=8 align=GRF\n"
        "lsc_load.ugm (M1, 8)  D:d16  bti(0x3)[A]:a32\n"
        "ret (M1, 1)\n",
    };
    static const char *const want[] = {"lsc_load: surface S(0,3) lies outside the variable",
                                       "(lsc_load): non-transposed d8 and d16"};
    for (size_t i = 0; i < 2; i++) {
        vsmp_module *mod = NULL;
        vsmp_machine *m = NULL;
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_status s = vsmp_text_parse(texts[i], strlen(texts[i]), VSMP_DIALECT_12504, &mod, &d);
        CHECK(s == VSMP_OK, "parse %zu", i);
        vsmp_machine_options o;
        vsmp_machine_options_init(&o);
        o.platform = VSMP_PLATFORM_DG2;
        if (!s)
            s = vsmp_machine_create(mod, 0, &o, &m, &d);
        CHECK(s != VSMP_OK && d.count >= 1, "lsc refusal %zu", i);
        const char *msg = d.count ? d.items[d.count - 1].message : "";
        CHECK(strstr(msg, want[i]) && !strstr(msg, "(null)"), "lsc refusal names lsc_load: %s",
              msg);
        vsmp_diags_free(&d);
        vsmp_machine_free(m);
        vsmp_module_free(mod);
    }
}

/* An RGBA32_UINT 2D surface of w x h texels, texel (x, y) = (x + 16 y, 100 + x, 200 + y, 7). */
static vsmp_surface *rgba_uint(uint32_t w, uint32_t h)
{
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32G32B32A32_UINT, w, h, 1);
    CHECK(s != NULL, "rgba surface");
    if (!s)
        return NULL;
    uint32_t *t = vsmp_surface_get_desc(s)->data;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint32_t *p = t + 4 * (y * w + x);
            p[0] = x + 16 * y, p[1] = 100 + x, p[2] = 200 + y, p[3] = 7;
        }
    return s;
}

/* LSC typed quads (.tgm) with one to four addresses, those left out %null, as IGC 2.x writes
 * them, and the .cc cache option on typed and untyped messages; on DG2 (32-byte GRFs) and LNL
 * (64): SIMD8 data channels are one GRF run each, so the second channel starts at DWord 8 on
 * DG2 and 16 on LNL (LSC_TYPED.md: the LSC_UNTYPED quad layout, "each vector element starts a
 * new GRF"). */
static void test_tgm_on(vsmp_platform plat, unsigned row)
{
    static const char text[] =
        ".version 4.2\n.kernel \"t\"\n"
        ".decl U v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl V v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl S v_type=G type=ud num_elts=64 align=GRF\n"
        ".decl D v_type=G type=ud num_elts=32 align=GRF\n"
        ".decl X v_type=G type=ud num_elts=16 align=GRF\n"
        ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl W v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl E v_type=G type=ud num_elts=16 align=GRF\n"
        "lsc_store_quad.tgm (M1, 8)  bti(0x2)[U, V]:a32  S:d32.xz\n"
        "lsc_load_quad.tgm.ca.cc (M1, 8)  D:d32.yw  bti(0x2)[U, V]:a32\n"
        "lsc_load_quad.tgm (M1, 8)  X:d32.x  bti(0x2)[U]:a32\n"
        "lsc_load_quad.tgm (M1, 8)  E:d32.x  bti(0x2)[U, V, %null, %null]:a32\n"
        "lsc_load.ugm.ca.cc (M1, 8)  W:d32  bti(0x3)[A]:a32\n"
        "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine_on(text, plat, &mod);
    vsmp_surface *img = rgba_uint(4, 2), *buf = kit_buffer(16);
    if (m && img && buf) {
        CHECK(vsmp_machine_bind_surface(m, 2, img) == VSMP_OK, "bind 2");
        CHECK(vsmp_machine_bind_surface(m, 3, buf) == VSMP_OK, "bind 3");
        uint32_t *bw = vsmp_surface_get_desc(buf)->data;
        for (uint32_t i = 0; i < 16; i++)
            bw[i] = 500 + i;
        /* lanes 0..5 at (l % 4, l / 4) (inside the 4x2 surface); lane 6 at (9, 0) and lane 7
         * at (1, 5): outside */
        uint32_t u[8] = {0, 1, 2, 3, 0, 1, 9, 1}, v[8] = {0, 0, 0, 0, 1, 1, 0, 5};
        /* the store's channels x and z: x in run 0, z in run 1 (DWord row); x = 1000 + l,
         * z = 2000 + l */
        uint32_t sd[64] = {0};
        for (uint32_t l = 0; l < 8; l++)
            sd[l] = 1000 + l, sd[row + l] = 2000 + l;
        uint32_t a[8] = {60, 56, 52, 48, 44, 40, 36, 32}; /* byte offsets into bti 3 */
        uint32_t dd[32];
        for (int i = 0; i < 32; i++)
            dd[i] = 0xdead;
        kit_put(m, "U", u, sizeof(u));
        kit_put(m, "V", v, sizeof(v));
        kit_put(m, "S", sd, 4 * (row + 8));
        kit_put(m, "A", a, sizeof(a));
        kit_put(m, "D", dd, sizeof(dd));
        CHECK(kit_run(m, NULL), "tgm run");
        /* the store wrote R and B of the six texels inside, kept G and A; the two outside
         * lanes wrote nothing */
        const uint32_t *t = vsmp_surface_get_desc(img)->data;
        bool ok = true;
        for (uint32_t l = 0; l < 6; l++) {
            const uint32_t *p = t + 4 * (v[l] * 4 + u[l]);
            ok &= p[0] == 1000 + l && p[1] == 100 + u[l] && p[2] == 2000 + l && p[3] == 7;
        }
        CHECK(ok, "lsc_store_quad.tgm .xz: texels (l %% 4, l / 4) = (1000 + l, 100 + x, 2000 + l, "
                  "7)");
        CHECK(t[4 * 6] == 18 && t[4 * 7 + 2] == 201, "texels (2, 1), (3, 1) kept: %u %u", t[24],
              t[30]);
        /* .yw: G = 100 + u in run 0, A = 7 in run 1; outside: (0, 0, 0, 1) -> G 0, A 1; the rest
         * of run 0 (DWords 8..row-1 on LNL) keeps 0xdead */
        uint32_t d[32];
        kit_get(m, "D", d, sizeof(d));
        ok = true;
        for (uint32_t l = 0; l < 6; l++)
            ok &= d[l] == 100 + u[l] && d[row + l] == 7;
        CHECK(ok && d[6] == 0 && d[7] == 0 && d[row + 6] == 1 && d[row + 7] == 1,
              "lsc_load_quad.tgm.ca.cc .yw: %u %u | %u %u | %u %u", d[0], d[row], d[6], d[row + 6],
              d[7], d[row + 7]);
        CHECK(row == 8 || (d[8] == 0xdead && d[15] == 0xdead), "the rest of the row keeps");
        /* [U] alone: V = R = LOD = 0, row 0: R = 1000 + u (lane 6 at u 9 outside: 0) */
        uint32_t xr[8], er[8], w[8];
        kit_get(m, "X", xr, sizeof(xr));
        kit_get(m, "E", er, sizeof(er));
        kit_get(m, "W", w, sizeof(w));
        ok = true;
        for (uint32_t l = 0; l < 8; l++)
            ok &= xr[l] == (l == 6 ? 0 : 1000 + u[l]); /* texel (u, 0): stored by lane u */
        CHECK(ok, "lsc_load_quad.tgm [U]: %u %u %u %u %u %u %u %u", xr[0], xr[1], xr[2], xr[3],
              xr[4], xr[5], xr[6], xr[7]);
        ok = true;
        for (uint32_t l = 0; l < 6; l++)
            ok &= er[l] == 1000 + l;
        CHECK(ok && er[6] == 0 && er[7] == 0, "lsc_load_quad.tgm [U, V, %%null, %%null]");
        ok = true;
        for (uint32_t l = 0; l < 8; l++)
            ok &= w[l] == 515 - l;
        CHECK(ok, "lsc_load.ugm.ca.cc: %u %u", w[0], w[7]);
    }
    vsmp_surface_free(img);
    vsmp_surface_free(buf);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

static void test_tgm(void)
{
    test_tgm_on(VSMP_PLATFORM_DG2, 8);
    test_tgm_on(VSMP_PLATFORM_LNL, 16);
}

/* A run that fails with a diagnostic containing @p want. */
static bool run_fails(vsmp_machine *m, const char *want)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status s = vsmp_machine_run(m, &d);
    bool found = false;
    for (size_t i = 0; i < d.count; i++)
        found |= strstr(d.items[i].message, want) != NULL;
    if (s == VSMP_OK || !found)
        vsmp_diags_print(&d, "lsc ss", stderr);
    vsmp_diags_free(&d);
    return s != VSMP_OK && found;
}

/* LSC ss(V): the surface state at offset V, the machine's one being the thread's scratch space
 * at 0 (IGC 2.40's private arrays on LNL: "lsc_store.ugm.wb.wb (M1, 16) ss(V0566)[V0565]:a32
 * V0563:d32" with V0566 = r0.5 >> 4). SIMD16 on LNL, a scratch space of 256 bytes: the store
 * writes 100 + n at byte 64 + 4n (words 16 + n); the load reads lane n from 64 + 4 (15 - n),
 * so 115 - n, but lane 0 reads byte 256 (outside: 0) and lane 1 byte 0 (never written: 0).
 * Offset 0x30 names the same surface (bits 5:0 are not part of a surface-state offset);
 * 0x40 names none, and without a scratch space ss names none: both fail when they run. */
static void test_lsc_ss(void)
{
    static const char text[] = ".version 4.2\n.kernel \"t\"\n"
                               ".decl A v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl B v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl D v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl R v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl S v_type=G type=ud num_elts=1 align=dword\n"
                               "lsc_store.ugm.wb.wb (M1, 16)  ss(S)[A]:a32  D:d32\n"
                               "lsc_load.ugm.ca.ca (M1, 16)  R:d32  ss(S)[B]:a32\n"
                               "ret (M1, 1)\n";
    uint32_t a[16], b[16], dv[16], scratch[64];
    for (uint32_t n = 0; n < 16; n++)
        a[n] = 64 + 4 * n, b[n] = 64 + 4 * (15 - n), dv[n] = 100 + n;
    b[0] = 256;
    b[1] = 0;
    static const uint32_t offsets[3] = {0, 0x30, 0x40};
    for (int k = 0; k < 4; k++) {
        vsmp_module *mod;
        vsmp_machine *m = machine_on(text, VSMP_PLATFORM_LNL, &mod);
        if (!m) {
            vsmp_module_free(mod);
            return;
        }
        memset(scratch, 0xee, sizeof(scratch));
        for (int i = 16; i < 32; i++)
            scratch[i] = 0;
        scratch[0] = 0;
        if (k < 3)
            vsmp_machine_set_scratch(m, scratch, sizeof(scratch));
        uint32_t off = offsets[k < 3 ? k : 0];
        kit_put(m, "A", a, sizeof(a));
        kit_put(m, "B", b, sizeof(b));
        kit_put(m, "D", dv, sizeof(dv));
        kit_put(m, "S", &off, 4);
        if (k == 2) {
            CHECK(run_fails(m, "surface-state offset 0x40 names no surface"), "ss(0x40) fails");
        } else if (k == 3) {
            CHECK(run_fails(m, "no scratch space"), "ss without a scratch space fails");
        } else {
            CHECK(kit_run(m, NULL), "ss(0x%x) run", off);
            bool ok = true;
            for (uint32_t n = 0; n < 16; n++)
                ok &= scratch[16 + n] == 100 + n;
            CHECK(ok && scratch[15] == 0xeeeeeeeeu && scratch[32] == 0xeeeeeeeeu,
                  "ss(0x%x) store: words 16..31 = 100 + n, 15 and 32 kept: %u %u %x %x", off,
                  scratch[16], scratch[31], scratch[15], scratch[32]);
            uint32_t r[16];
            kit_get(m, "R", r, sizeof(r));
            ok = r[0] == 0 && r[1] == 0;
            for (uint32_t n = 2; n < 16; n++)
                ok &= r[n] == 115 - n;
            CHECK(ok, "ss(0x%x) load: %u %u %u %u", off, r[0], r[1], r[2], r[15]);
        }
        vsmp_machine_free(m);
        vsmp_module_free(mod);
    }
}

int main(void)
{
    test_lsc_ss();
    test_tgm();
    test_lsc_names();
    test_bfn();
    test_lsc();
    test_slm_barrier();
    test_scaled();
    test_scaled_overlap();
    test_reset();
    return t_finish();
}
