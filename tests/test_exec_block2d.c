/* SPDX-License-Identifier: MIT */
/*
 * The typed 2D block load and store (LSC_TYPED.md, instructions-head: lsc_load_block2d.tgm,
 * lsc_store_block2d.tgm) on the machine, as IGC 2.40 writes intel_sub_group_block_read on an
 * image for Xe2/Xe3 ("lsc_load_block2d.tgm V0079:64x1 bss(V0078)[V0080,V0082]"): BlockWidth
 * bytes by BlockHeight rows at (X bytes, Y rows), row i of the data at i * reg_pitch bytes
 * (reg_pitch = BlockWidth < 4 ? 4 : round_up_pow2(BlockWidth)); reads outside the surface
 * clamped to its edge texel as media_ld (docs/EXEC.md). LNL, 64-byte GRFs. Expected values by
 * hand in the comments.
 */
#include <stdint.h>
#include <string.h>

#include "exec_kit.h"

#define HEAD                                                                                       \
    ".version 4.2\n.kernel \"t\"\n"                                                                \
    ".decl OFF v_type=G type=ud num_elts=1 align=dword\n"                                          \
    ".decl X v_type=G type=ud num_elts=1 align=dword\n"                                            \
    ".decl Y v_type=G type=ud num_elts=1 align=dword\n"                                            \
    ".decl S v_type=G type=ud num_elts=16 align=GRF\n"                                             \
    ".decl D v_type=G type=ud num_elts=16 align=GRF\n"                                             \
    ".decl E v_type=G type=ud num_elts=16 align=GRF\n"

/* A 4x3 R32_UINT image bound at 2 (OFF = 64 x (2 + 1), a bss offset), texel (x, y) = 100 y + x.
 *   load 8x2 at (X 8 bytes, Y 1): texels 2, 3 of rows 1 and 2, pitch 8: D = 102 103 202 203
 *   load 8x2 at (12, 2): texels 3, 4 -> 3 (clamped), rows 2, 3 -> 2: E = 203 203 203 203
 *   store 8x1 at (4, 0) from S = 7 8: texels (1, 0) = 7, (2, 0) = 8; the load above runs first
 *   (program order), so D and E see the old row 0 (they read none of it anyway). */
static void test_load_store(void)
{
    static const char text[] = HEAD "lsc_load_block2d.tgm  D:8x2  bss(OFF)[X,Y]\n"
                                    "lsc_load_block2d.tgm  E:8x2  bss(OFF)[0xC,0x2]\n"
                                    "lsc_store_block2d.tgm  bss(OFF)[0x4,0x0]  S:8x1\n"
                                    "ret (M1, 1)\n";
    vsmp_module *mod;
    kit_why why;
    vsmp_machine *m = kit_machine(text, VSMP_DIALECT_HEAD, VSMP_PLATFORM_LNL, &mod, &why);
    if (!m) {
        CHECK(0, "machine created (%s)", why.rule);
        vsmp_module_free(mod);
        return;
    }
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32_UINT, 4, 3, 1);
    CHECK(s != NULL, "image");
    for (uint32_t y = 0; y < 3; y++)
        for (uint32_t x = 0; x < 4; x++)
            *(uint32_t *)vsmp_surface_texel(s, 0, 0, x, y) = 100 * y + x;
    CHECK(vsmp_machine_bind_surface(m, 2, s) == VSMP_OK, "bind 2");
    uint32_t off = VSMP_BINDLESS_OFFSET(2), x = 8, y = 1, st[16] = {7, 8};
    kit_put(m, "OFF", &off, 4);
    kit_put(m, "X", &x, 4);
    kit_put(m, "Y", &y, 4);
    kit_put(m, "S", st, 8);
    CHECK(kit_run(m, &why), "run: %s", why.message);
    uint32_t dv[16], ev[16];
    kit_get(m, "D", dv, sizeof(dv));
    kit_get(m, "E", ev, sizeof(ev));
    static const uint32_t want_d[4] = {102, 103, 202, 203}, want_e[4] = {203, 203, 203, 203};
    for (int i = 0; i < 4; i++) {
        CHECK(dv[i] == want_d[i], "D[%d] = %u (%u)", i, dv[i], want_d[i]);
        CHECK(ev[i] == want_e[i], "E[%d] = %u (%u)", i, ev[i], want_e[i]);
    }
    static const uint32_t row0[4] = {0, 7, 8, 3};
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t t = *(uint32_t *)vsmp_surface_texel(s, 0, 0, i, 0);
        CHECK(t == row0[i], "texel (%u, 0) after the store: %u (%u)", i, t, row0[i]);
    }
    vsmp_machine_free(m);
    vsmp_surface_free(s);
    vsmp_module_free(mod);
}

/* The page's limits: "BlockWidth ... Valid value is [1, 64]", "BlockHeight ... [1, 64]": a
 * 65-byte row is refused when the machine is made (rule lsc-block2d); so is a flat surface. */
static void test_limits(void)
{
    static const char *bad[] = {
        HEAD "lsc_load_block2d.tgm  D:65x1  bss(OFF)[X,Y]\nret (M1, 1)\n",
        HEAD "lsc_load_block2d.tgm  D:4x0  bss(OFF)[X,Y]\nret (M1, 1)\n",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        vsmp_module *mod;
        kit_why why;
        vsmp_machine *m = kit_machine(bad[i], VSMP_DIALECT_HEAD, VSMP_PLATFORM_LNL, &mod, &why);
        CHECK(!m && !strcmp(why.rule, "lsc-block2d"), "case %zu refused: status %d rule %s", i,
              (int)why.status, why.rule);
        vsmp_machine_free(m);
        vsmp_module_free(mod);
        /* the validator (vsmp check) applies the same rule */
        vsmp_diags d;
        vsmp_diags_init(&d);
        mod = NULL;
        CHECK(vsmp_text_parse(bad[i], strlen(bad[i]), VSMP_DIALECT_HEAD, &mod, &d) == VSMP_OK,
              "case %zu parses", i);
        vsmp_check_options co;
        vsmp_check_options_init(&co);
        co.platform = VSMP_PLATFORM_LNL;
        vsmp_status cs = mod ? vsmp_module_check(mod, &co, &d) : VSMP_ERR_ARG;
        bool named = false;
        for (size_t k = 0; k < d.count; k++)
            named = named || !strcmp(d.items[k].rule, "lsc-block2d");
        CHECK(cs == VSMP_ERR_INVALID && named, "case %zu: check %d, rule lsc-block2d %s", i,
              (int)cs, named ? "named" : "missing");
        vsmp_diags_free(&d);
        vsmp_module_free(mod);
    }
    /* the shapes the page allows at their ends: 1x1 and 64x64 check clean */
    static const char *good = HEAD "lsc_load_block2d.tgm  D:1x1  bss(OFF)[X,Y]\n"
                                   "lsc_store_block2d.tgm  bss(OFF)[X,Y]  S:64x64\nret (M1, 1)\n";
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_module *mod = NULL;
    vsmp_check_options co;
    vsmp_check_options_init(&co);
    co.platform = VSMP_PLATFORM_LNL;
    CHECK(vsmp_text_parse(good, strlen(good), VSMP_DIALECT_HEAD, &mod, &d) == VSMP_OK &&
              vsmp_module_check(mod, &co, &d) == VSMP_OK,
          "1x1 and 64x64 check clean: %s", d.count ? d.items[0].message : "");
    vsmp_diags_free(&d);
    vsmp_module_free(mod);
}

/* The binary (vISA 4.1, the head page's field layout: l1 l3 addr_type width height surface dst
 * x y src1, no exec size) read back is the same instruction: SIMD1 NoMask ("always SIMD1"), so
 * the text prints with no warning and equal to what was written. */
static void test_binary(void)
{
    static const char text[] = HEAD "lsc_load_block2d.tgm  D:8x2  bss(OFF)[X,Y]\n"
                                    "lsc_store_block2d.tgm.uc.uc  bti(0x3)[0x4,Y]  S:8x1\n"
                                    "ret (M1, 1)\n";
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_module *mod = NULL, *back = NULL;
    CHECK(vsmp_text_parse(text, strlen(text), VSMP_DIALECT_HEAD, &mod, &d) == VSMP_OK, "parse");
    static uint8_t bin[4096];
    size_t n = 0;
    CHECK(mod && vsmp_module_write(mod, NULL, bin, sizeof(bin), &n, &d) == VSMP_OK, "write");
    CHECK(vsmp_module_read(bin, n, NULL, &back, &d) == VSMP_OK, "read back");
    if (back) {
        vsmp_diags pd;
        vsmp_diags_init(&pd);
        vsmp_print_options po;
        vsmp_print_options_init(&po);
        po.dialect = VSMP_DIALECT_HEAD;
        static char out[4096];
        vsmp_text_print(back, &po, out, sizeof(out), &pd);
        CHECK(pd.count == 0, "printed with %zu diagnostics: %s", (size_t)pd.count,
              pd.count ? pd.items[0].message : "");
        CHECK(strstr(out, "    lsc_load_block2d.tgm  D:8x2  bss(OFF)[X,Y]\n") &&
                  strstr(out, "    lsc_store_block2d.tgm.uc.uc  bti(0x3)[0x4,Y]  S:8x1\n"),
              "printed back:\n%s", out);
        vsmp_diags_free(&pd);
    }
    vsmp_diags_free(&d);
    vsmp_module_free(back);
    vsmp_module_free(mod);
}

int main(void)
{
    test_binary();
    test_load_store();
    test_limits();
    return t_finish();
}
