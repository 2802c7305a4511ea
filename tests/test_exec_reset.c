/* SPDX-License-Identifier: MIT */
/*
 * vsmp_machine_reset_for_run against vsmp_machine_reset: whatever the variables held before (every
 * byte of every general variable written with random bits, as an earlier thread could leave
 * them), a run after vsmp_machine_reset_for_run computes what a run after a full reset does.
 * The kernels write parts of variables (fewer lanes than the variable, a strided dst, a
 * predicate, lanes disabled at dispatch, a scalar, a load of two channels of four; fast and
 * general instructions) and then read each variable whole into an output, NoMask: every byte a
 * run can see ends in an output. Straight-line kernels clear less (a variable the run writes
 * whole before reading it keeps its old bytes after the reset: that is what makes it cheaper);
 * a kernel with a goto clears everything, as vsmp_machine_reset does.
 */
#define _POSIX_C_SOURCE 200112L /* unsetenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

static uint64_t rng_state = 0x5eed5eedull;

static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 32);
}

/* Parts written, then each variable read whole (NoMask) into O1..O6. IN: 16 lanes from the
 * payload. %s: lines before the body. The predicate is cleared by either
 * reset (every state word is). */
static const char body[] = ".version 4.1\n.kernel \"t\"\n"
                           ".decl IN v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl A v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl B v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl C v_type=G type=w num_elts=32 align=GRF\n"
                           ".decl D v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl E v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl S v_type=G type=d num_elts=1 align=dword\n"
                           ".decl T v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl TW v_type=G type=w num_elts=32 align=GRF alias=<T, 0>\n"
                           ".decl O1 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl O2 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl O3 v_type=G type=w num_elts=32 align=GRF\n"
                           ".decl O4 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl O5 v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl O6 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl UU v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl VV v_type=G type=ud num_elts=16 align=GRF\n"
                           ".decl RES v_type=G type=d num_elts=64 align=GRF\n"
                           ".decl O7 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl O8 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl tex v_type=T num_elts=1\n"
                           ".input tex offset=8 size=4\n"
                           ".decl P1 v_type=P num_elts=16\n"
                           ".input IN offset=32 size=64\n"
                           "%s"
                           "mov (M1, 8) A(0,0)<1> IN(0,0)<1;1,0>\n"
                           "mov (M1, 16) B(0,0)<1> IN(0,0)<1;1,0>\n"
                           "add (M1, 16) B(0,0)<1> B(0,0)<1;1,0> A(0,0)<1;1,0>\n"
                           "mov (M1, 16) C(0,0)<2> IN(0,0)<1;1,0>\n"
                           "cmp.lt (M1, 16) P1 IN(0,0)<1;1,0> 0x0:d\n"
                           "(P1) mov (M1, 16) D(0,0)<1> IN(0,0)<1;1,0>\n"
                           "mov (M1, 16) E(0,0)<1> (-)IN(0,0)<1;1,0>\n"
                           "mov (M1_NM, 1) S(0,0)<1> IN(0,3)<0;1,0>\n"
                           "mov (M3, 8) T(1,0)<1> IN(0,0)<1;1,0>\n"
                           "mov (M1, 16) TW(0,0)<1> IN(0,0)<1;1,0>\n"
                           "and (M1, 16) UU(0,0)<1> IN(0,0)<1;1,0> 0xf:d\n"
                           "shr (M1, 16) VV(0,0)<1> IN(0,0)<1;1,0> 0x1e:d\n"
                           "load_lz.RB (M1, 16) 0x0:uw tex RES.0 UU.0 VV.0\n"
                           "mov (M1_NM, 16) O7(0,0)<1> RES(2,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O8(0,0)<1> RES(4,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O1(0,0)<1> A(0,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O2(0,0)<1> B(0,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O3(0,0)<1> C(0,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O3(1,0)<1> C(1,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O4(0,0)<1> D(0,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O5(0,0)<1> E(0,0)<1;1,0>\n"
                           "add (M1_NM, 16) O6(0,0)<1> T(0,0)<1;1,0> S(0,0)<0;1,0>\n"
                           "ret (M1, 1)\n";

static const char *const outs[] = {"O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8"};
enum { NOUT = sizeof(outs) / sizeof(outs[0]) };

/* Every general variable of @p m (ids 1 up) filled with random bytes. */
static void scribble(vsmp_machine *m)
{
    for (uint32_t id = 1; id < 64; id++) {
        uint8_t buf[512];
        size_t n = 0;
        vsmp_status st = vsmp_machine_read_var(m, VSMP_VAR_GENERAL, id, 0, NULL, 0, &n);
        if ((st != VSMP_OK && st != VSMP_ERR_SPACE) || n > sizeof(buf))
            continue;
        for (size_t b = 0; b < n; b++)
            buf[b] = (uint8_t)rnd();
        CHECK(vsmp_machine_write_var(m, VSMP_VAR_GENERAL, id, 0, buf, n) == VSMP_OK, "scribble %u",
              id);
    }
}

/* Run @p m with @p in as IN; the outputs into @p o. */
static bool run(vsmp_machine *m, const int32_t *in, uint8_t (*o)[64])
{
    uint8_t bti[4] = {3, 0, 0, 0};
    CHECK(vsmp_machine_set_payload(m, 8, bti, 4) == VSMP_OK, "payload");
    CHECK(vsmp_machine_set_payload(m, 32, in, 64) == VSMP_OK, "payload");
    if (!kit_run(m, NULL))
        return false;
    for (unsigned k = 0; k < NOUT; k++)
        kit_get(m, outs[k], o[k], 64);
    return true;
}

/* RGBA8 UINT 16x4 of random texels, which the kernels' load reads at binding-table index 3 */
static vsmp_surface *tex;

static vsmp_machine *make(const vsmp_module *mod, uint32_t dmask, unsigned cpu)
{
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 16;
    o.dispatch_mask = dmask;
    vsmp_machine *m = kit_create_at(mod, cpu, VSMP_PLATFORM_TGLLP, &o, NULL);
    if (m)
        CHECK(vsmp_machine_bind_surface(m, 3, tex) == VSMP_OK, "bind");
    return m;
}

/* Does variable @p name of @p m read all zero? */
static bool zero(vsmp_machine *m, const char *name)
{
    uint8_t b[64];
    kit_get(m, name, b, 64);
    for (unsigned i = 0; i < 64; i++)
        if (b[i])
            return false;
    return true;
}

static void test_observed(void)
{
    static const uint32_t dmasks[] = {0xffffu, 0x0ff0u, 0x00ffu, 0x1u};
    unsetenv("VSMP_CPU");
    unsigned all = vsmp_cpu_flags(), cpus[4], nc = 0;
    cpus[nc++] = 0; /* the reference */
    cpus[nc++] = VSMP_CPU_C;
    if (all & VSMP_CPU_AVX2)
        cpus[nc++] = VSMP_CPU_C | VSMP_CPU_AVX2;
    if (all != cpus[nc - 1])
        cpus[nc++] = all;
    /* straight-line code; with a label (no branch: still straight-line); with a goto */
    static const char *const heads[] = {"", "top:\n",
                                        ("cmp.eq (M1, 16) P1 IN(0,0)<1;1,0> 0x7:d\n"
                                         "(P1) goto (M1, 16) skip\nskip:\n")};
    for (unsigned lab = 0; lab < 3; lab++) {
        char text[4096];
        snprintf(text, sizeof(text), body, heads[lab]);
        vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
        CHECK(mod != NULL, "parse");
        if (!mod)
            return;
        for (size_t di = 0; di < sizeof(dmasks) / sizeof(dmasks[0]); di++) {
            for (unsigned ci = 0; ci < nc; ci++) {
                vsmp_machine *a = make(mod, dmasks[di], cpus[ci]);
                vsmp_machine *b = make(mod, dmasks[di], cpus[ci]);
                CHECK(a && b, "machines");
                if (!a || !b) {
                    vsmp_machine_free(a), vsmp_machine_free(b);
                    continue;
                }
                bool same = true, kept = false;
                for (unsigned round = 0; round < 8; round++) {
                    int32_t in[16];
                    for (unsigned l = 0; l < 16; l++)
                        in[l] = (int32_t)rnd();
                    uint8_t oa[NOUT][64], ob[NOUT][64];
                    vsmp_machine_reset(a);
                    scribble(b);
                    vsmp_machine_reset_for_run(b);
                    kept |= !zero(b, "O1"); /* written whole before it is read */
                    CHECK(run(a, in, oa) && run(b, in, ob), "runs");
                    for (unsigned k = 0; k < NOUT; k++)
                        if (memcmp(oa[k], ob[k], 64)) {
                            same = false;
                            fprintf(stderr, "  %s differs (head %u, dispatch %#x, cpu %#x)\n",
                                    outs[k], lab, dmasks[di], cpus[ci]);
                        }
                }
                CHECK(same,
                      "a run after vsmp_machine_reset_for_run sees what one after a full reset "
                      "does (head %u, dispatch %#x, cpu %#x)",
                      lab, dmasks[di], cpus[ci]);
                /* straight-line code: old bytes stay where no run reads them first (at full
                 * dispatch, NoMask writes); a goto: everything cleared */
                if (lab == 2)
                    CHECK(!kept, "with a goto the reset clears every variable");
                else if (dmasks[di] == 0xffffu && cpus[ci]) /* the fast path's writes */
                    CHECK(kept, "straight-line code: O1 (written whole first) is not cleared");
                vsmp_machine_free(a);
                vsmp_machine_free(b);
            }
        }
        vsmp_module_free(mod);
    }
}

/* After vsmp_machine_reset_for_run a full reset still leaves every variable zero. */
static void test_full_after(void)
{
    char text[4096];
    snprintf(text, sizeof(text), body, "");
    vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
    vsmp_machine *m = mod ? make(mod, 0xffffu, VSMP_CPU_C) : NULL;
    CHECK(m != NULL, "machine");
    if (m) {
        scribble(m);
        vsmp_machine_reset_for_run(m);
        vsmp_machine_reset(m);
        bool ok = true;
        for (unsigned k = 0; k < NOUT; k++)
            ok &= zero(m, outs[k]);
        CHECK(ok, "vsmp_machine_reset after vsmp_machine_reset_for_run zeroes everything");
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

int main(void)
{
    tex = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R8G8B8A8_UINT, 16, 4, 1);
    CHECK(tex != NULL, "surface");
    if (!tex)
        return t_finish();
    uint8_t *texels = vsmp_surface_get_desc(tex)->data;
    for (unsigned b = 0; b < 16 * 4 * 4; b++)
        texels[b] = (uint8_t)rnd();
    test_observed();
    test_full_after();
    vsmp_surface_free(tex);
    return t_finish();
}
