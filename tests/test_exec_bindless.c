/* SPDX-License-Identifier: MIT */
/*
 * Bindless state on the machine (vsmp/exec.h VSMP_BINDLESS_OFFSET, docs/EXEC.md): the %bss
 * surface and LSC bss(V) addresses hold a surface-state offset, S31 a sampler-state offset;
 * offset o names table entry (o >> 6) - 1, its low 6 bits ignored. Also resinfo's LOD as IGC 2.x
 * declares it on DG2 (an F variable holding the level's integer bits). DG2, 32-byte GRFs, the
 * text of today's IGC (.version 4.2). Expected values by hand in the comments.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

/* A DG2 machine for @p text (today's IGC syntax) that must be made. */
static vsmp_machine *machine(const char *text, vsmp_module **mod)
{
    return kit_machine_ok(text, VSMP_DIALECT_HEAD, VSMP_PLATFORM_DG2, mod);
}

/* lsc_load through bss(OFF): OFF = 64 x (3 + 1) + 5 names binding-table entry 3 (bits 5:0
 * ignored); lane l reads word ADDR[l] / 4 = l + 1 of the buffer bound there: 101 + l. An offset
 * below 64 names no entry: refused at run time, naming it. */
static void test_lsc_bss(void)
{
    static const char text[] = ".version 4.2\n.kernel \"t\"\n"
                               ".decl OFF v_type=G type=ud num_elts=1 align=dword\n"
                               ".decl ADDR v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl DST v_type=G type=ud num_elts=8 align=GRF\n"
                               "lsc_load.ugm (M1, 8)  DST:d32  bss(OFF)[ADDR]:a32\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod);
    if (!m)
        return;
    vsmp_surface *s = kit_buffer(16);
    uint32_t *w = (uint32_t *)vsmp_surface_get_desc(s)->data;
    for (int i = 0; i < 16; i++)
        w[i] = 100 + (uint32_t)i;
    CHECK(vsmp_machine_bind_surface(m, 3, s) == VSMP_OK, "bind 3");
    uint32_t off = VSMP_BINDLESS_OFFSET(3) + 5, addr[8], dst[8];
    CHECK(off == 261, "VSMP_BINDLESS_OFFSET(3) = 256 (got %u)", off - 5);
    for (int l = 0; l < 8; l++)
        addr[l] = 4u * (uint32_t)(l + 1);
    kit_put(m, "OFF", &off, 4);
    kit_put(m, "ADDR", addr, sizeof(addr));
    kit_why why;
    CHECK(kit_run(m, &why), "lsc bss run: %s", why.message);
    kit_get(m, "DST", dst, sizeof(dst));
    for (int l = 0; l < 8; l++)
        CHECK(dst[l] == 101u + (uint32_t)l, "bss lane %d: %u (101 + lane)", l, dst[l]);
    off = 32;
    vsmp_machine_reset(m);
    kit_put(m, "OFF", &off, 4);
    kit_put(m, "ADDR", addr, sizeof(addr));
    CHECK(!kit_run(m, &why) && strstr(why.message, "bindless surface-state offset 32"),
          "offset 32 names no surface: \"%s\"", why.message);
    vsmp_machine_free(m);
    vsmp_surface_free(s);
    vsmp_module_free(mod);
}

/* LSC typed quads through bss(OFF), as IGC 2.x writes Xe2/Xe3 image writes
 * ("lsc_store_quad.tgm (M1, 16) bss(V0071)[V0046]:a32 V0076:d32.xyzw"): OFF = 64 x (2 + 1) + 1
 * names binding-table entry 2, a 4x2 R32_UINT image. Lane l stores 1000 + l at (l % 4, l / 4);
 * the load reads lane l's texel (3 - l % 4, l / 4), which lane 4 (l / 4) + 3 - l % 4 stored. An
 * offset below 64 names no entry: refused at run time, naming it. */
static void test_tgm_bss(void)
{
    static const char text[] = ".version 4.2\n.kernel \"t\"\n"
                               ".decl OFF v_type=G type=ud num_elts=1 align=dword\n"
                               ".decl U v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl V v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl S v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl D v_type=G type=ud num_elts=8 align=GRF\n"
                               "lsc_store_quad.tgm (M1, 8)  bss(OFF)[U, V]:a32  S:d32.x\n"
                               "lsc_load_quad.tgm (M1, 8)  D:d32.x  bss(OFF)[R, V]:a32\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod);
    if (!m)
        return;
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32_UINT, 4, 2, 1);
    CHECK(s != NULL, "image");
    CHECK(vsmp_machine_bind_surface(m, 2, s) == VSMP_OK, "bind 2");
    uint32_t off = VSMP_BINDLESS_OFFSET(2) + 1, u[8], v[8], r[8], st[8], dst[8];
    for (uint32_t l = 0; l < 8; l++)
        u[l] = l % 4, v[l] = l / 4, r[l] = 3 - l % 4, st[l] = 1000 + l;
    kit_put(m, "OFF", &off, 4);
    kit_put(m, "U", u, sizeof(u));
    kit_put(m, "V", v, sizeof(v));
    kit_put(m, "R", r, sizeof(r));
    kit_put(m, "S", st, sizeof(st));
    kit_why why;
    CHECK(kit_run(m, &why), "tgm bss run: %s", why.message);
    const uint32_t *t = vsmp_surface_get_desc(s)->data;
    kit_get(m, "D", dst, sizeof(dst));
    for (uint32_t l = 0; l < 8; l++) {
        CHECK(t[l] == 1000 + l, "texel (%u, %u): %u (1000 + %u)", l % 4, l / 4, t[l], l);
        uint32_t want = 1000 + 4 * (l / 4) + 3 - l % 4;
        CHECK(dst[l] == want, "tgm bss load lane %u: %u (%u)", l, dst[l], want);
    }
    off = 63;
    vsmp_machine_reset(m);
    kit_put(m, "OFF", &off, 4);
    CHECK(!kit_run(m, &why) && strstr(why.message, "bindless surface-state offset 63"),
          "offset 63 names no surface: \"%s\"", why.message);
    vsmp_machine_free(m);
    vsmp_surface_free(s);
    vsmp_module_free(mod);
}

/* %bss with resinfo (its LOD an F variable holding integer bits, as IGC 2.x writes it) and S31
 * with sample_lz, on an 8x4 R32_FLOAT surface of 2 levels at binding-table entry 5 and a
 * nearest sampler state at entry 2 (S31 = 64 x 3 | 1: IGC sets bit 0).
 * resinfo at LOD bits 1: level 1 is 4x2 (a float LOD of 1.0 would also be level 1, but the bits
 * 0x00000001 read as a float are 1.4e-45, level 0: 8x4). sample_lz at normalized (0.5625,
 * 0.375): texel (floor(0.5625 x 8), floor(0.375 x 4)) = (4, 1) of level 0, value 1 x 8 + 4. */
static void test_bss_s31(void)
{
    static const char text[] = ".version 4.2\n.kernel \"t\"\n"
                               ".decl OFF v_type=G type=ud num_elts=1 align=dword\n"
                               ".decl SOFF v_type=G type=ud num_elts=1 align=dword\n"
                               ".decl LOD v_type=G type=f num_elts=8 align=GRF\n"
                               ".decl SIZE v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl UV v_type=G type=f num_elts=16 align=GRF\n"
                               ".decl RES v_type=G type=f num_elts=8 align=GRF\n"
                               "movs (M1_NM, 1) %bss(0) OFF(0,0)<0;1,0>\n"
                               "resinfo.RG (M1_NM, 8)  %bss LOD.0 SIZE.0\n"
                               "movs (M1_NM, 1) S31(0) SOFF(0,0)<0;1,0>\n"
                               "sample_lz.R (M1, 8)  0x0:uw S31 %bss RES.0 %null.0 UV.0 UV.32\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod);
    if (!m)
        return;
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32_FLOAT, 8, 4, 2);
    CHECK(s != NULL, "image");
    float *t = (float *)vsmp_surface_get_desc(s)->data;
    for (int i = 0; i < 32; i++)
        t[i] = (float)i; /* level 0, row by row */
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_NEAREST;
    CHECK(vsmp_machine_bind_surface(m, 5, s) == VSMP_OK &&
              vsmp_machine_bind_sampler(m, 2, &st) == VSMP_OK,
          "bind");
    uint32_t off = VSMP_BINDLESS_OFFSET(5), soff = VSMP_BINDLESS_OFFSET(2) | 1u, lod[8] = {1};
    float uv[16];
    for (int l = 0; l < 8; l++)
        uv[l] = 0.5625f, uv[8 + l] = 0.375f;
    kit_put(m, "OFF", &off, 4);
    kit_put(m, "SOFF", &soff, 4);
    kit_put(m, "LOD", lod, sizeof(lod));
    kit_put(m, "UV", uv, sizeof(uv));
    kit_why why;
    CHECK(kit_run(m, &why), "bss/S31 run: %s", why.message);
    uint32_t size[16];
    float res[8];
    kit_get(m, "SIZE", size, sizeof(size));
    kit_get(m, "RES", res, sizeof(res));
    /* R: width of the level, G (the next 8 lanes' row): height */
    CHECK(size[0] == 4 && size[8] == 2, "resinfo at LOD bits 1: %ux%u (4x2)", size[0], size[8]);
    for (int l = 0; l < 8; l++)
        CHECK(res[l] == 12.0f, "sample_lz lane %d: %g (12)", l, (double)res[l]);
    /* a sampler offset below 64 names no sampler state */
    soff = 1;
    vsmp_machine_reset(m);
    kit_put(m, "OFF", &off, 4);
    kit_put(m, "SOFF", &soff, 4);
    kit_put(m, "LOD", lod, sizeof(lod));
    kit_put(m, "UV", uv, sizeof(uv));
    CHECK(!kit_run(m, &why) && strstr(why.message, "S31 holds bindless offset 0x1"),
          "S31 = 1 names no sampler state: \"%s\"", why.message);
    vsmp_machine_free(m);
    vsmp_surface_free(s);
    vsmp_module_free(mod);
}

int main(void)
{
    test_lsc_bss();
    test_tgm_bss();
    test_bss_s31();
    return t_finish();
}
