/* SPDX-License-Identifier: MIT */
/*
 * The text dialect chosen by content (docs/TEXT.md, "Which dialect") and today's compiler's
 * forms (IGC 2.x and GenX_IR 1.0.17791): `.version` 4.2, the paired surface, LSC `.cc`,
 * `d8u32`/`d16u32`, typed `.tgm` messages with one to three addresses, resinfo's LOD in an F
 * variable, and the platform names ocloc takes. The lines are IGC 2.40's own (tests/corpus2);
 * the expected operands are read off the lines by hand (CISA.y of IGC: a sampler message is
 * `... SURFACE DST PAIRED U V ...`; a typed address list leaves the rest %null).
 */
#include "testlib.h"
#include "vsmp/vsmp.h"

static const char decls[] = ".kernel \"k\"\n"
                            ".decl DST v_type=G type=f num_elts=64 align=GRF\n"
                            ".decl U v_type=G type=f num_elts=16 align=GRF\n"
                            ".decl W v_type=G type=f num_elts=16 align=GRF\n"
                            ".decl LODF v_type=G type=f num_elts=16 align=GRF\n"
                            ".decl LODH v_type=G type=hf num_elts=16 align=GRF\n"
                            ".decl RI v_type=G type=ud num_elts=64 align=GRF\n"
                            ".decl A v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl B v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl D v_type=G type=ud num_elts=16 align=GRF\n"
                            ".decl SURF v_type=G type=ud num_elts=1 align=dword\n"
                            ".decl S0 v_type=S num_elts=1\n"
                            ".decl T6 v_type=T num_elts=1\n";

static char text[4096];

static const char *prog(const char *version, const char *body)
{
    snprintf(text, sizeof(text), "%s%s%s    ret (M1, 1)\n", version, decls, body);
    return text;
}

/* parse with the library's defaults (the dialect chosen by content) */
static vsmp_status parse(const char *src, vsmp_module **m, vsmp_diags *d)
{
    vsmp_text_options o;
    vsmp_text_options_init(&o);
    *m = NULL;
    return vsmp_text_parse_opt(src, strlen(src), &o, m, d);
}

static int has_rule(const vsmp_diags *d, const char *rule)
{
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->items[i].rule, rule) == 0)
            return 1;
    return 0;
}

static const char smp[] = "    sample_lz.R (M1, 16) 0x0:uw S0 T6 DST.0 %null.0 U.0 W.0\n";

static void by_content(void)
{
    vsmp_module *m;
    vsmp_diags d;
    vsmp_dialect dl;

    /* the paired surface selects the newer dialect: U and V are the parameters */
    vsmp_diags_init(&d);
    const char *src = prog(".version 4.1\n", smp);
    CHECK(vsmp_text_detect_dialect(src, strlen(src), &dl, &d) == VSMP_OK && dl == VSMP_DIALECT_HEAD,
          "a %%null after the destination selects the newer dialect");
    CHECK(parse(src, &m, &d) == VSMP_OK, "paired-surface text parses by default");
    if (m) {
        const vsmp_inst *in = &m->kernels[0].insts[0];
        CHECK(in->has_paired && in->paired.var == 0, "the paired surface is %%null");
        CHECK(in->num_params == 2 && in->params[0].var != 0 && in->params[1].var != 0,
              "U and V are the variables, not %%null (got %u params, first var %u)", in->num_params,
              in->params[0].var);
    }
    vsmp_module_free(m);
    vsmp_diags_free(&d);

    /* .version 4.2 selects it too, and is kept */
    vsmp_diags_init(&d);
    src = prog(".version 4.2\n", smp);
    CHECK(parse(src, &m, &d) == VSMP_OK && m->major == 4 && m->minor == 2,
          ".version 4.2 is read and kept");
    vsmp_module_free(m);
    vsmp_diags_free(&d);

    /* GenX_IR 12504's text stays 12504's */
    vsmp_diags_init(&d);
    src = prog(".version 4.1\n", "    sample_lz.R (M1, 16) 0x0:uw S0 T6 DST.0 U.0 W.0\n");
    CHECK(vsmp_text_detect_dialect(src, strlen(src), &dl, &d) == VSMP_OK &&
              dl == VSMP_DIALECT_12504,
          "12504 text is read as 12504's");
    CHECK(parse(src, &m, &d) == VSMP_OK && m->kernels[0].insts[0].num_params == 2 &&
              !m->kernels[0].insts[0].has_paired,
          "12504 text: two parameters, no paired surface");
    vsmp_module_free(m);
    vsmp_diags_free(&d);

    /* unknown versions are errors, never read as something else */
    vsmp_diags_init(&d);
    src = prog(".version 9.9\n", "");
    CHECK(parse(src, &m, &d) == VSMP_ERR_SYNTAX && has_rule(&d, "version") && !m,
          ".version 9.9 is refused");
    vsmp_diags_free(&d);
    vsmp_diags_init(&d);
    src = prog(".version 4.3\n", "");
    CHECK(parse(src, &m, &d) == VSMP_ERR_SYNTAX && has_rule(&d, "version"),
          ".version 4.3 is refused");
    vsmp_diags_free(&d);

    /* signs of both: refused, with the line */
    vsmp_diags_init(&d);
    src = prog(".version 4.2\n", "    sample_lz.R (M1, 16) 0x0:uw S0 T6 DST.0 U.0 W.0\n");
    CHECK(parse(src, &m, &d) == VSMP_ERR_SYNTAX && has_rule(&d, "dialect") && d.count &&
              d.items[0].line == 15,
          "4.2 with a variable after the destination is ambiguous (line %u)",
          d.count ? d.items[0].line : 0);
    vsmp_diags_free(&d);

    /* --syntax still overrides: the same text read as 12504's on request */
    vsmp_diags_init(&d);
    src = prog(".version 4.1\n", smp);
    vsmp_text_options o;
    vsmp_text_options_init(&o);
    o.dialect = VSMP_DIALECT_12504;
    m = NULL;
    CHECK(vsmp_text_parse_opt(src, strlen(src), &o, &m, &d) == VSMP_OK &&
              m->kernels[0].insts[0].num_params == 3,
          "an explicit 12504 dialect reads three parameters");
    vsmp_module_free(m);
    vsmp_diags_free(&d);
}

/* parse, check on a platform, print in the newer dialect, parse again: same instruction */
static void form(const char *what, const char *body, const char *plat, const char *printed)
{
    vsmp_module *m = NULL, *m2 = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    const char *src = prog(".version 4.2\n", body);
    CHECK(parse(src, &m, &d) == VSMP_OK, "%s: parses (%s)", what,
          d.count ? d.items[0].message : "");
    if (!m) {
        vsmp_diags_free(&d);
        return;
    }
    vsmp_check_options co;
    vsmp_check_options_init(&co);
    CHECK(vsmp_platform_find(plat, &co.platform) == VSMP_OK, "%s: platform %s", what, plat);
    vsmp_diags cd;
    vsmp_diags_init(&cd);
    CHECK(vsmp_module_check(m, &co, &cd) == VSMP_OK && cd.warnings == 0, "%s: checks clean (%s)",
          what, cd.count ? cd.items[0].message : "");
    vsmp_diags_free(&cd);
    vsmp_print_options po;
    vsmp_print_options_init(&po);
    po.dialect = VSMP_DIALECT_HEAD;
    char out[4096];
    vsmp_diags pd;
    vsmp_diags_init(&pd);
    vsmp_text_print(m, &po, out, sizeof(out), &pd);
    CHECK(pd.warnings == 0, "%s: prints without warnings", what);
    vsmp_diags_free(&pd);
    CHECK(strstr(out, printed) != NULL, "%s: prints '%s'", what, printed);
    CHECK(parse(out, &m2, &d) == VSMP_OK && m2 &&
              memcmp(&m2->kernels[0].insts[0].opnds, &m->kernels[0].insts[0].opnds,
                     sizeof(m->kernels[0].insts[0].opnds)) == 0,
          "%s: print+parse gives the same operands", what);
    vsmp_module_free(m);
    vsmp_module_free(m2);
    vsmp_diags_free(&d);
}

static void todays_forms(void)
{
    /* IGC 2.40 on LNL: an image write with only U */
    form("tgm with one address", "    lsc_store_quad.tgm (M1, 16)  bss(SURF)[A]:a32  D:d32.xyzw\n",
         "lnl", "bss(SURF)[A]:a32");
    form("tgm with two addresses",
         "    lsc_store_quad.tgm (M1, 16)  bss(SURF)[A,B]:a32  D:d32.xyzw\n", "bmg",
         "bss(SURF)[A, B]:a32");
    form("tgm load with three addresses",
         "    lsc_load_quad.tgm (M1, 16)  D:d32.x  bss(SURF)[A,B,A]:a32\n", "ptl",
         "bss(SURF)[A, B, A]:a32");
    /* the fields: U = A, V = B, R and LOD %null */
    vsmp_module *m = NULL;
    const char *src =
        prog(".version 4.2\n", "    lsc_store_quad.tgm (M1, 16)  bss(SURF)[A,B]:a32  D:d32.xyzw\n");
    if (parse(src, &m, NULL) == VSMP_OK) {
        const vsmp_opnd *o = m->kernels[0].insts[0].opnds;
        CHECK(o[10].raw.var != 0 && o[11].raw.var != 0 && o[12].raw.var == 0 && o[13].raw.var == 0,
              "two addresses: U and V given, R and LOD %%null");
    }
    vsmp_module_free(m);
    /* d8u32 is d8c32 (data size 5), d16u32 is d16c32 (6) */
    form("d8u32", "    lsc_load.ugm (M1, 16)  D:d8u32  bss(SURF)[A]:a32\n", "dg2", "D:d8c32");
    m = NULL;
    src = prog(".version 4.2\n", "    lsc_load.ugm (M1, 16)  D:d16u32  bss(SURF)[A]:a32\n");
    CHECK(parse(src, &m, NULL) == VSMP_OK && m->kernels[0].insts[0].opnds[7].value == 6,
          "d16u32 is data size 6 (d16c32)");
    vsmp_module_free(m);
    /* the L3 option .cc (LSC_CACHING_CONSTCACHED, 7) */
    form(".cc", "    lsc_load.ugm.ca.cc (M1, 16)  D:d32  bss(SURF)[A]:a32\n", "mtl",
         "lsc_load.ugm.ca.cc");
    m = NULL;
    src = prog(".version 4.2\n", "    lsc_load.ugm.ca.cc (M1, 16)  D:d32  bss(SURF)[A]:a32\n");
    CHECK(parse(src, &m, NULL) == VSMP_OK && m->kernels[0].insts[0].opnds[2].value == 7,
          ".cc is cache option 7");
    vsmp_module_free(m);
    /* resinfo with the LOD in an F variable (integer bits): IGC 2.x on DG2 and later */
    form("resinfo F LOD", "    resinfo.RGBA (M1, 16) T6 LODF.0 RI.0\n", "dg2", "LODF.0");
}

/* printf's format string: IGC's faddr names the symbol ".str", which is no identifier; the
 * printed text must quote it as IGC does, or it does not parse back */
static void faddr_string(void)
{
    vsmp_module *m = NULL, *m2 = NULL;
    const char *src = prog(".version 4.2\n", "    faddr \".str\" A(0,0)<1>\n");
    CHECK(parse(src, &m, NULL) == VSMP_OK, "faddr \".str\" parses");
    if (!m)
        return;
    vsmp_print_options po;
    vsmp_print_options_init(&po);
    char out[4096];
    vsmp_text_print(m, &po, out, sizeof(out), NULL);
    CHECK(strstr(out, "faddr \".str\" A") != NULL, "faddr prints the symbol quoted");
    CHECK(parse(out, &m2, NULL) == VSMP_OK, "the printed faddr parses back");
    vsmp_module_free(m);
    vsmp_module_free(m2);
}

static void info_lod_types(void)
{
    vsmp_check_options co;
    vsmp_check_options_init(&co);
    co.platform = VSMP_PLATFORM_DG2;
    vsmp_module *m = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    const char *src = prog(".version 4.1\n", "    resinfo.RGBA (M1, 16) T6 LODH.0 RI.0\n");
    CHECK(parse(src, &m, NULL) == VSMP_OK && vsmp_module_check(m, &co, &d) != VSMP_OK &&
              has_rule(&d, "info-type"),
          "a 16-bit LOD is still refused");
    vsmp_module_free(m);
    vsmp_diags_free(&d);
}

static void platforms(void)
{
    static const struct {
        const char *name;
        vsmp_platform p;
    } names[] = {
        {"tgllp", VSMP_PLATFORM_TGLLP}, {"dg2", VSMP_PLATFORM_DG2},
        {"acm-g10", VSMP_PLATFORM_DG2}, {"mtl", VSMP_PLATFORM_MTL},
        {"arl", VSMP_PLATFORM_ARL},     {"arl-h", VSMP_PLATFORM_ARL},
        {"lnl", VSMP_PLATFORM_LNL},     {"lnl-m", VSMP_PLATFORM_LNL},
        {"bmg", VSMP_PLATFORM_BMG},     {"ptl", VSMP_PLATFORM_PTL},
        {"ptl-h", VSMP_PLATFORM_PTL},   {"skl", VSMP_PLATFORM_SKL},
        {"icllp", VSMP_PLATFORM_ICLLP},
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        vsmp_platform p = VSMP_PLATFORM_COUNT;
        CHECK(vsmp_platform_find(names[i].name, &p) == VSMP_OK && p == names[i].p,
              "ocloc's device name %s", names[i].name);
    }
    vsmp_platform p;
    CHECK(vsmp_platform_find("lnl-x", &p) != VSMP_OK, "an unknown name is refused");
    CHECK(vsmp_platform_code(VSMP_PLATFORM_PTL) == 19 &&
              vsmp_platform_code(VSMP_PLATFORM_LNL) == 18,
          "IGC's platform codes (visa/common.cpp): Xe2 18, Xe3 19");

    /* 64-byte GRFs: an input at byte 4096 is inside LNL's register file (128 x 64) and outside
     * TGLLP's (128 x 32) */
    static const char in[] = ".version 4.2\n.kernel \"k\"\n"
                             ".decl X v_type=G type=ud num_elts=16 align=GRF\n"
                             ".input X offset=4096 size=64\n    ret (M1, 1)\n";
    vsmp_module *m = NULL;
    if (parse(in, &m, NULL) == VSMP_OK) {
        vsmp_check_options co;
        vsmp_check_options_init(&co);
        co.platform = VSMP_PLATFORM_LNL;
        vsmp_diags d;
        vsmp_diags_init(&d);
        CHECK(vsmp_module_check(m, &co, &d) == VSMP_OK, "LNL: byte 4096 is in the GRF file");
        vsmp_diags_free(&d);
        vsmp_diags_init(&d);
        co.platform = VSMP_PLATFORM_TGLLP;
        CHECK(vsmp_module_check(m, &co, &d) != VSMP_OK && has_rule(&d, "input-offset"),
              "TGLLP: byte 4096 is past the GRF file");
        vsmp_diags_free(&d);
    } else {
        CHECK(0, "the input program parses");
    }
    vsmp_module_free(m);

    /* %r0 is one GRF: IGC 2.x's Xe2 kernels alias its 64 bytes (16 x d) */
    static const char r0[] = ".version 4.2\n.kernel \"k\"\n"
                             ".decl R0 v_type=G type=d num_elts=16 align=wordx32 alias=<%r0, 0>\n"
                             "    ret (M1, 1)\n";
    m = NULL;
    if (parse(r0, &m, NULL) == VSMP_OK) {
        vsmp_check_options co;
        vsmp_check_options_init(&co);
        co.platform = VSMP_PLATFORM_BMG;
        vsmp_diags d;
        vsmp_diags_init(&d);
        CHECK(vsmp_module_check(m, &co, &d) == VSMP_OK, "BMG: a 64-byte alias of %%r0");
        vsmp_diags_free(&d);
        vsmp_diags_init(&d);
        co.platform = VSMP_PLATFORM_TGLLP;
        CHECK(vsmp_module_check(m, &co, &d) != VSMP_OK && has_rule(&d, "declarations"),
              "TGLLP: %%r0 is 32 bytes");
        vsmp_diags_free(&d);
    } else {
        CHECK(0, "the %%r0 alias parses");
    }
    vsmp_module_free(m);
}

int main(void)
{
    by_content();
    todays_forms();
    faddr_string();
    info_lod_types();
    platforms();
    return t_finish();
}
