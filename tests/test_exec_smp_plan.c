/* SPDX-License-Identifier: MIT */
/*
 * A sampler instruction keeps the plan of its last message (exec_sampler.c same_plan) and takes
 * it again without looking the binding up while its surface and sampler variables hold the
 * binding-table entry and sampler state it was made for; any other value looks them up again (a
 * new plan, or the exec-binding fault of an entry with nothing bound). One TGLLP machine runs
 * the same sample_3d with the surface and sampler variables set by movs from TI and SI between
 * runs. Entry 0: an 8x1 R32_FLOAT surface, texel i = i; entry 1: texel i = 100 + i. Sampler 0
 * wraps, sampler 1 clamps, both nearest. Lane l samples u = 1 + (l + 0.5) / 8, v = 0.5: x =
 * floor(8 u) = 8 + l, which wraps to texel l and clamps to texel 7. Lanes off (the dispatch mask
 * 0xa5) keep DST's old bits. Expected values by hand.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                           ".decl TI v_type=G type=ud num_elts=1 align=dword\n"
                           ".decl SI v_type=G type=ud num_elts=1 align=dword\n"
                           ".decl U v_type=G type=f num_elts=8 align=GRF\n"
                           ".decl V v_type=G type=f num_elts=8 align=GRF\n"
                           ".decl DST v_type=G type=f num_elts=8 align=GRF\n"
                           ".decl smp v_type=S num_elts=1\n"
                           ".decl tex v_type=T num_elts=1\n"
                           "movs (M1_NM, 1) tex(0) TI(0,0)<0;1,0>\n"
                           "movs (M1_NM, 1) smp(0) SI(0,0)<0;1,0>\n"
                           "sample_3d.R (M1, 8) 0x0:uw smp tex DST.0 U.0 V.0\n"
                           "ret (M1, 1)\n";

/* One run with TI = @p ti, SI = @p si, DST filled with -1 first: true when it ran; DST in out */
static bool run(vsmp_machine *m, uint32_t ti, uint32_t si, float out[8], kit_why *why)
{
    float u[8], v[8], old[8];
    for (int l = 0; l < 8; l++)
        u[l] = 1.0f + ((float)l + 0.5f) / 8.0f, v[l] = 0.5f, old[l] = -1.0f;
    vsmp_machine_reset(m);
    kit_put(m, "TI", &ti, 4);
    kit_put(m, "SI", &si, 4);
    kit_put(m, "U", u, sizeof(u));
    kit_put(m, "V", v, sizeof(v));
    kit_put(m, "DST", old, sizeof(old));
    bool ok = kit_run(m, why);
    kit_get(m, "DST", out, 32);
    return ok;
}

static void test_plan_kept(uint32_t dmask)
{
    vsmp_module *mod = kit_parse_ok(text, VSMP_DIALECT_12504);
    if (!mod)
        return;
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 8;
    o.dispatch_mask = dmask;
    vsmp_machine *m = kit_create(mod, VSMP_PLATFORM_TGLLP, &o, NULL);
    CHECK(m != NULL, "machine");
    vsmp_surface *s[2] = {kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32_FLOAT, 8, 1, 1),
                          kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32_FLOAT, 8, 1, 1)};
    if (!m || !s[0] || !s[1])
        goto done;
    for (int k = 0; k < 2; k++) {
        float *t = (float *)vsmp_surface_get_desc(s[k])->data;
        for (int i = 0; i < 8; i++)
            t[i] = (float)(100 * k + i);
        CHECK(vsmp_machine_bind_surface(m, (uint32_t)k, s[k]) == VSMP_OK, "bind %d", k);
    }
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_NEAREST;
    st.address[0] = st.address[1] = st.address[2] = VSMP_TCM_WRAP;
    CHECK(vsmp_machine_bind_sampler(m, 0, &st) == VSMP_OK, "bind sampler 0");
    st.address[0] = st.address[1] = st.address[2] = VSMP_TCM_CLAMP;
    CHECK(vsmp_machine_bind_sampler(m, 1, &st) == VSMP_OK, "bind sampler 1");
    /* (TI, SI) in turn, each twice (the second run takes the kept plan): the texel lane l
     * reads, 100 TI + (SI ? 7 : l) */
    static const uint32_t order[][2] = {{0, 0}, {0, 0}, {1, 0}, {1, 0}, {1, 1},
                                        {1, 1}, {0, 1}, {0, 1}, {0, 0}};
    for (size_t r = 0; r < sizeof(order) / sizeof(order[0]); r++) {
        float d[8];
        kit_why why;
        uint32_t ti = order[r][0], si = order[r][1];
        CHECK(run(m, ti, si, d, &why), "run %zu: %s", r, why.message);
        for (int l = 0; l < 8; l++) {
            float want = dmask >> l & 1 ? (float)(100 * ti + (si ? 7 : l)) : -1.0f;
            CHECK(d[l] == want, "mask 0x%x, TI %u, SI %u, lane %d: %g (%g)", dmask, ti, si, l,
                  (double)d[l], (double)want);
        }
    }
    /* entries with nothing bound, after a kept plan: the binding looked up and refused */
    float d[8];
    kit_why why;
    CHECK(run(m, 0, 0, d, &why) && d[0] == (dmask & 1 ? 0.0f : -1.0f), "run before the faults");
    CHECK(!run(m, 2, 0, d, &why) && strstr(why.message, "binding-table index 2"),
          "surface entry 2 has nothing bound: \"%s\"", why.message);
    CHECK(run(m, 0, 0, d, &why), "run between the faults: %s", why.message);
    CHECK(!run(m, 0, 3, d, &why) && strstr(why.message, "sampler-state index 3"),
          "sampler state 3 has nothing bound: \"%s\"", why.message);
    /* a surface bound again at the same entry: the plan made for the old one is dropped */
    float *t = (float *)vsmp_surface_get_desc(s[1])->data;
    for (int i = 0; i < 8; i++)
        t[i] = (float)(200 + i);
    CHECK(vsmp_machine_bind_surface(m, 0, s[1]) == VSMP_OK, "bind entry 0 again");
    CHECK(run(m, 0, 0, d, &why), "run after the new binding: %s", why.message);
    for (int l = 0; l < 8; l++)
        CHECK(d[l] == (dmask >> l & 1 ? 200.0f + (float)l : -1.0f),
              "entry 0 bound again, lane %d: %g", l, (double)d[l]);
done:
    vsmp_machine_free(m);
    vsmp_surface_free(s[0]);
    vsmp_surface_free(s[1]);
    vsmp_module_free(mod);
}

int main(void)
{
    test_plan_kept(0xffu);
    test_plan_kept(0xa5u);
    return t_finish();
}
