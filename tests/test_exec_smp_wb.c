/* SPDX-License-Identifier: MIT */
/*
 * The sampler's response written to its dst (exec_sampler.c writeback) at SIMD16, every lane on
 * (each channel's 64 bytes in one copy: the level's xfast_table.wb16 at the fast levels) and with
 * lanes off (lane by lane), then read by a fast SIMD16 add, at every CPU level the host has (the
 * reference, the C kernels, AVX2, AVX-512). A 16x1
 * R32G32B32A32_FLOAT surface, texel i = (i, 16 + i, 32 + i, 48 + i); lane l samples u = (15 - l +
 * 0.5) / 16, v = 0.5, nearest, clamped: texel 15 - l. DST's four channels are two GRFs each; S = R
 * + A = (15 - l) + (63 - l) = 78 - 2 l. Lanes off keep the old bits (-1) of DST and S. Expected
 * values by hand.
 *
 * Then the same response accumulated as avgblur does (text_acc): four F adds ACC_c += DST_c, one
 * fused sequence at the fast levels (exec_fast_k.h k_fu_fadd4; member by member with lanes
 * off), ACC_c starting at 1000 c + 2 l: 1000 c + 2 l + 16 c + 15 - l = 1016 c + 15 + l, lanes
 * off 1000 c + 2 l.
 *
 * Then a response of two channels, G and A (text_ga), with aoffimmi 0 (the plan's fast kernel,
 * called by the machine) and U + 1 (0x100: the reference kernel, chosen once with the plan): G in
 * DST's first two GRFs, A in the next two, the rest of DST untouched (-1); lane l reads texel
 * min(15 - l + du, 15), G = 16 + that, A = 48 + that.
 *
 * Then the RGBA response with the pixel null mask (text_nm): the channels as above, the null
 * mask DWord after them all ones (a resident surface), the rest of its GRF untouched (-1).
 */
#define _POSIX_C_SOURCE 200112L /* unsetenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                           ".decl U v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl V v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl DST v_type=G type=f num_elts=64 align=GRF\n"
                           ".decl S v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl smp v_type=S num_elts=1\n"
                           ".decl tex v_type=T num_elts=1\n"
                           "movs (M1_NM, 1) tex(0) 0x0:ud\n"
                           "movs (M1_NM, 1) smp(0) 0x0:ud\n"
                           "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0\n"
                           "add (M1, 16) S(0,0)<1> DST(0,0)<1;1,0> DST(6,0)<1;1,0>\n"
                           "ret (M1, 1)\n";

static const char text_acc[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl U v_type=G type=f num_elts=16 align=GRF\n"
                               ".decl V v_type=G type=f num_elts=16 align=GRF\n"
                               ".decl DST v_type=G type=f num_elts=64 align=GRF\n"
                               ".decl ACC v_type=G type=f num_elts=64 align=GRF\n"
                               ".decl smp v_type=S num_elts=1\n"
                               ".decl tex v_type=T num_elts=1\n"
                               "movs (M1_NM, 1) tex(0) 0x0:ud\n"
                               "movs (M1_NM, 1) smp(0) 0x0:ud\n"
                               "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0\n"
                               "add (M1, 16) ACC(0,0)<1> ACC(0,0)<1;1,0> DST(0,0)<1;1,0>\n"
                               "add (M1, 16) ACC(2,0)<1> ACC(2,0)<1;1,0> DST(2,0)<1;1,0>\n"
                               "add (M1, 16) ACC(4,0)<1> ACC(4,0)<1;1,0> DST(4,0)<1;1,0>\n"
                               "add (M1, 16) ACC(6,0)<1> ACC(6,0)<1;1,0> DST(6,0)<1;1,0>\n"
                               "ret (M1, 1)\n";

/* sample_3d.GA with aoffimmi %s */
static const char text_ga[] = ".version 4.1\n.kernel \"t\"\n"
                              ".decl U v_type=G type=f num_elts=16 align=GRF\n"
                              ".decl V v_type=G type=f num_elts=16 align=GRF\n"
                              ".decl DST v_type=G type=f num_elts=64 align=GRF\n"
                              ".decl smp v_type=S num_elts=1\n"
                              ".decl tex v_type=T num_elts=1\n"
                              "movs (M1_NM, 1) tex(0) 0x0:ud\n"
                              "movs (M1_NM, 1) smp(0) 0x0:ud\n"
                              "sample_3d.GA (M1, 16) %s smp tex DST.0 U.0 V.0\n"
                              "ret (M1, 1)\n";

/* sample_3d.RGBA with the pixel null mask: the DWord after DST's eight channel GRFs */
static const char text_nm[] =
    ".version 4.1\n.kernel \"t\"\n"
    ".decl U v_type=G type=f num_elts=16 align=GRF\n"
    ".decl V v_type=G type=f num_elts=16 align=GRF\n"
    ".decl DST v_type=G type=f num_elts=72 align=GRF\n"
    ".decl smp v_type=S num_elts=1\n"
    ".decl tex v_type=T num_elts=1\n"
    "movs (M1_NM, 1) tex(0) 0x0:ud\n"
    "movs (M1_NM, 1) smp(0) 0x0:ud\n"
    "sample_3d.pixel_null_mask.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0\n"
    "ret (M1, 1)\n";

unsigned vsmp_x_fused_at(const vsmp_machine *m, uint32_t index);

/* A machine running @p src (its module in *mod) at SIMD16 under @p dmask, with a 16x1
 * R32G32B32A32_FLOAT surface (*s; texel i's channel c holds 16 c + i) and a nearest CLAMP sampler
 * bound at 0; NULL when a step failed (each checked). */
static vsmp_machine *wb_machine(const char *src, unsigned cpu, uint32_t dmask, vsmp_module **mod,
                                vsmp_surface **s)
{
    *s = NULL;
    *mod = kit_parse_ok(src, VSMP_DIALECT_12504);
    if (!*mod)
        return NULL;
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 16;
    o.dispatch_mask = dmask;
    vsmp_machine *m = kit_create_at(*mod, cpu, VSMP_PLATFORM_TGLLP, &o, NULL);
    CHECK(m != NULL, "machine");
    *s = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32G32B32A32_FLOAT, 16, 1, 1);
    if (!m || !*s)
        return m;
    float *t = (float *)vsmp_surface_get_desc(*s)->data;
    for (int i = 0; i < 16; i++)
        for (int c = 0; c < 4; c++)
            t[4 * i + c] = (float)(16 * c + i);
    CHECK(vsmp_machine_bind_surface(m, 0, *s) == VSMP_OK, "bind");
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_NEAREST;
    st.address[0] = st.address[1] = st.address[2] = VSMP_TCM_CLAMP;
    CHECK(vsmp_machine_bind_sampler(m, 0, &st) == VSMP_OK, "bind sampler");
    return m;
}

/* A reset, then lane l's coordinates at texel 15 - l's centre. */
static void wb_coords(vsmp_machine *m)
{
    float u[16], v[16];
    for (int l = 0; l < 16; l++)
        u[l] = (15.0f - (float)l + 0.5f) / 16.0f, v[l] = 0.5f;
    vsmp_machine_reset(m);
    kit_put(m, "U", u, sizeof(u));
    kit_put(m, "V", v, sizeof(v));
}

/* wb_coords, then the response's @p n DWords of DST each -1.0f (what a disabled lane keeps) */
static void wb_start(vsmp_machine *m, unsigned n)
{
    float old[72];
    for (unsigned i = 0; i < n; i++)
        old[i] = -1.0f;
    wb_coords(m);
    kit_put(m, "DST", old, n * sizeof(float));
}

static void test_writeback(unsigned cpu, uint32_t dmask)
{
    vsmp_module *mod;
    vsmp_surface *s;
    vsmp_machine *m = wb_machine(text, cpu, dmask, &mod, &s);
    if (!m || !s)
        goto done;
    /* twice: the second run takes the kept plan */
    for (int r = 0; r < 2; r++) {
        float d[64], sum[16];
        for (int l = 0; l < 16; l++)
            sum[l] = -1.0f;
        wb_start(m, 64);
        kit_put(m, "S", sum, sizeof(sum));
        kit_why why;
        CHECK(kit_run(m, &why), "cpu 0x%x, mask 0x%x, run %d: %s", cpu, dmask, r, why.message);
        kit_get(m, "DST", d, sizeof(d));
        kit_get(m, "S", sum, sizeof(sum));
        for (int l = 0; l < 16; l++) {
            bool on = dmask >> l & 1u;
            for (int c = 0; c < 4; c++) {
                float want = on ? (float)(16 * c + 15 - l) : -1.0f;
                CHECK(d[16 * c + l] == want, "cpu 0x%x, mask 0x%x, channel %d, lane %d: %g (%g)",
                      cpu, dmask, c, l, (double)d[16 * c + l], (double)want);
            }
            float want = on ? (float)(78 - 2 * l) : -1.0f;
            CHECK(sum[l] == want, "cpu 0x%x, mask 0x%x, R + A, lane %d: %g (%g)", cpu, dmask, l,
                  (double)sum[l], (double)want);
        }
    }
done:
    vsmp_machine_free(m);
    vsmp_surface_free(s);
    vsmp_module_free(mod);
}

static void test_accumulate(unsigned cpu, uint32_t dmask)
{
    vsmp_module *mod;
    vsmp_surface *s;
    vsmp_machine *m = wb_machine(text_acc, cpu, dmask, &mod, &s);
    if (!m || !s)
        goto done;
    /* the adds are one sequence at the fast levels, none at the reference */
    CHECK(!vsmp_x_fused_at(m, 3) == !cpu, "cpu 0x%x: the four adds fused", cpu);
    for (int r = 0; r < 2; r++) {
        float acc[64];
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 16; l++)
                acc[16 * c + l] = (float)(1000 * c + 2 * l);
        wb_coords(m);
        kit_put(m, "ACC", acc, sizeof(acc));
        kit_why why;
        CHECK(kit_run(m, &why), "cpu 0x%x, mask 0x%x, run %d: %s", cpu, dmask, r, why.message);
        kit_get(m, "ACC", acc, sizeof(acc));
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 16; l++) {
                float want = (float)(dmask >> l & 1u ? 1016 * c + 15 + l : 1000 * c + 2 * l);
                CHECK(acc[16 * c + l] == want, "cpu 0x%x, mask 0x%x, ACC %d, lane %d: %g (%g)", cpu,
                      dmask, c, l, (double)acc[16 * c + l], (double)want);
            }
    }
done:
    vsmp_machine_free(m);
    vsmp_surface_free(s);
    vsmp_module_free(mod);
}

static void test_channels(unsigned cpu, uint32_t dmask, const char *aoff, int du)
{
    char src[sizeof(text_ga) + 16];
    snprintf(src, sizeof(src), text_ga, aoff);
    vsmp_module *mod;
    vsmp_surface *s;
    vsmp_machine *m = wb_machine(src, cpu, dmask, &mod, &s);
    if (!m || !s)
        goto done;
    for (int r = 0; r < 2; r++) {
        float d[64];
        wb_start(m, 64);
        kit_why why;
        CHECK(kit_run(m, &why), "cpu 0x%x, mask 0x%x, %s, run %d: %s", cpu, dmask, aoff, r,
              why.message);
        kit_get(m, "DST", d, sizeof(d));
        for (int l = 0; l < 16; l++) {
            bool on = dmask >> l & 1u;
            int texel = 15 - l + du < 15 ? 15 - l + du : 15;
            for (int k = 0; k < 4; k++) {
                float want = k < 2 && on ? (float)(16 * (2 * k + 1) + texel) : -1.0f;
                CHECK(d[16 * k + l] == want,
                      "cpu 0x%x, mask 0x%x, %s, run %d, GRFs %d, lane %d: %g (%g)", cpu, dmask,
                      aoff, r, 2 * k, l, (double)d[16 * k + l], (double)want);
            }
        }
    }
done:
    vsmp_machine_free(m);
    vsmp_surface_free(s);
    vsmp_module_free(mod);
}

/* The response with the null mask (text_nm): the channels as test_writeback's, then the null
 * mask DWord all ones (a resident surface: every lane, disabled ones too), the rest of its GRF
 * untouched (-1) */
static void test_null_mask(unsigned cpu, uint32_t dmask)
{
    vsmp_module *mod;
    vsmp_surface *s;
    vsmp_machine *m = wb_machine(text_nm, cpu, dmask, &mod, &s);
    if (!m || !s)
        goto done;
    for (int r = 0; r < 2; r++) {
        float d[72];
        wb_start(m, 72);
        kit_why why;
        CHECK(kit_run(m, &why), "cpu 0x%x, mask 0x%x, run %d: %s", cpu, dmask, r, why.message);
        kit_get(m, "DST", d, sizeof(d));
        for (int l = 0; l < 16; l++)
            for (int c = 0; c < 4; c++) {
                float want = dmask >> l & 1u ? (float)(16 * c + 15 - l) : -1.0f;
                CHECK(d[16 * c + l] == want, "cpu 0x%x, mask 0x%x, channel %d, lane %d: %g (%g)",
                      cpu, dmask, c, l, (double)d[16 * c + l], (double)want);
            }
        uint32_t nm;
        memcpy(&nm, &d[64], 4);
        CHECK(nm == 0xffffffffu, "cpu 0x%x, mask 0x%x, null mask 0x%08x", cpu, dmask, nm);
        for (int i = 65; i < 72; i++)
            CHECK(d[i] == -1.0f, "cpu 0x%x, mask 0x%x, null mask GRF DWord %d: %g", cpu, dmask,
                  i - 64, (double)d[i]);
    }
done:
    vsmp_machine_free(m);
    vsmp_surface_free(s);
    vsmp_module_free(mod);
}

int main(void)
{
    /* the levels through vsmp_cpu_set_mask (kit_create_at); VSMP_CPU would lower them all */
    unsetenv("VSMP_CPU");
    unsigned levels[4], n = kit_levels(levels);
    for (unsigned i = 0; i < n; i++) {
        test_writeback(levels[i], 0xffffu);
        test_writeback(levels[i], 0xa5c3u);
        test_accumulate(levels[i], 0xffffu);
        test_accumulate(levels[i], 0xa5c3u);
        test_channels(levels[i], 0xffffu, "0x0:uw", 0);
        test_channels(levels[i], 0xa5c3u, "0x0:uw", 0);
        test_channels(levels[i], 0xffffu, "0x100:uw", 1);
        test_channels(levels[i], 0xa5c3u, "0x100:uw", 1);
        test_null_mask(levels[i], 0xffffu);
        test_null_mask(levels[i], 0xa5c3u);
    }
    return t_finish();
}
