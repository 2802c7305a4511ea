/* SPDX-License-Identifier: MIT */
/*
 * Validator tier: for every rule, one program that breaks it (the rule must fire, with the
 * stated severity and a location) and one that keeps it (the rule must stay silent). Rules
 * that text cannot break are broken by patching an assembled binary, and must then be
 * reported at the instruction's byte offset. Expected verdicts come from the seed pages
 * (3D_SAMPLE.md, 3D_LOAD.md, INFO.md, SAMPLE_UNORM.md), GenX_IR's verifier messages and
 * SEMANTICS.md section 13. The reader's own rules (a file's tables must fit in it) are broken
 * by patching a written file's header, laid out by hand from VISA_ENCODING.md section 5.
 */
#include "testlib.h"
#include "vsmp/vsmp.h"

static const char header[] = ".version 4.1\n.kernel \"v\"\n"
                             ".decl U v_type=G type=f num_elts=32 align=GRF\n"
                             ".decl V v_type=G type=f num_elts=32 align=GRF\n"
                             ".decl UH v_type=G type=hf num_elts=32 align=GRF\n"
                             ".decl UI v_type=G type=ud num_elts=32 align=GRF\n"
                             ".decl UW v_type=G type=uw num_elts=32 align=GRF\n"
                             ".decl DST v_type=G type=f num_elts=160 align=GRF\n"
                             ".decl DUD v_type=G type=ud num_elts=160 align=GRF\n"
                             ".decl DUW v_type=G type=uw num_elts=160 align=GRF\n"
                             ".decl DB v_type=G type=b num_elts=640 align=GRF\n"
                             ".decl SMALL v_type=G type=f num_elts=8 align=GRF\n"
                             ".decl AOFF v_type=G type=uw num_elts=1 align=word\n"
                             ".decl AOFFD v_type=G type=ud num_elts=1 align=dword\n"
                             ".decl SC v_type=G type=f num_elts=1 align=dword\n"
                             ".decl SCD v_type=G type=ud num_elts=1 align=dword\n"
                             ".decl P1 v_type=P num_elts=16\n"
                             ".decl P2 v_type=P num_elts=8\n"
                             ".decl A0 v_type=A num_elts=1\n"
                             ".decl smp v_type=S num_elts=1\n"
                             ".decl tex v_type=T num_elts=1\n";

#define S16 "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0"

typedef struct rule_case {
    const char *rule;
    const char *platform;
    vsmp_severity sev;
    const char *good; /* instruction line that keeps the rule */
    const char *bad;  /* instruction line that breaks it */
} rule_case;

static const rule_case cases[] = {
    /* the general rules on every other opcode (GenX_IR's verifier) */
    {"operand-class", "TGLLP", VSMP_SEV_ERROR, "setp (M1_NM, 16) P1 0x0:uw",
     "setp (M1_NM, 16) UW(0,0)<1> 0x0:uw"},
    {"operand-class", "TGLLP", VSMP_SEV_ERROR, "cmp.lt (M1, 16) P1 U(0,0)<1;1,0> 0x0:f",
     "cmp.lt (M1, 16) A0(0)<1> U(0,0)<1;1,0> 0x0:f"},
    /* SMALL holds 8 floats (32 bytes); 16 lanes of stride 1 reach byte 64 (GenX_IR warns) */
    {"operand-bounds", "TGLLP", VSMP_SEV_WARNING, "mov (M1, 8) SMALL(0,0)<1> U(0,0)<1;1,0>",
     "mov (M1, 16) SMALL(0,0)<1> U(0,0)<1;1,0>"},
    /* per-opcode execution sizes (IsaVerification) */
    {"exec-size", "TGLLP", VSMP_SEV_ERROR, "svm_gather.4.1 (M1, 16) UI.0 UI.0",
     "svm_gather.4.1 (M1, 32) UI.0 UI.0"},
    {"exec-size", "TGLLP", VSMP_SEV_ERROR, "mov (M1_NM, 1) UI(0,0)<1> P1",
     "mov (M1_NM, 8) UI(0,0)<1> P1"},
    {"type", "TGLLP", VSMP_SEV_ERROR, "mov (M1_NM, 1) UI(0,0)<1> P1",
     "mov (M1_NM, 1) U(0,0)<1> P1"},
    /* addc/subb: integers of 32 bits or less, immediates included (IGC's :uv; not a :q) */
    {"type", "TGLLP", VSMP_SEV_ERROR,
     "addc (M1, 8) UI(0,0)<1> UI(1,0)<1> UI(2,0)<1;1,0> 0x76543210:uv",
     "addc (M1, 8) UI(0,0)<1> UI(1,0)<1> UI(2,0)<1;1,0> 0x1:q"},
    /* region rules of GenX_IR's verifier */
    {"region", "TGLLP", VSMP_SEV_ERROR, "mov (M1, 8) U(0,0)<1> V(0,0)<8;8,1>",
     "mov (M1, 8) U(0,0)<0> V(0,0)<8;8,1>"},
    {"region", "TGLLP", VSMP_SEV_ERROR, "mov (M1, 8) U(0,0)<1> V(0,0)<8;8,1>",
     "mov (M1, 4) U(0,0)<1> V(0,0)<8;8,1>"},
    {"region", "TGLLP", VSMP_SEV_ERROR, "mov (M1, 8) U(0,0)<1> V(0,0)<8;8,1>",
     "mov (M1, 8) U(0,0)<1> V(0,0)<8;8,8>"},
    /* U holds 32 floats (128 bytes): row 3 col 0 + 8 elements of stride 1 ends at 128 (fits);
     * row 3 col 1 ends at 132 */
    {"operand-bounds", "TGLLP", VSMP_SEV_WARNING, "mov (M1, 8) V(0,0)<1> U(3,0)<1;1,0>",
     "mov (M1, 8) V(0,0)<1> U(3,1)<1;1,0>"},
    {"type", "TGLLP", VSMP_SEV_ERROR, "sin (M1, 16) U(0,0)<1> V(0,0)<1;1,0>",
     "sin (M1, 16) UI(0,0)<1> UI(0,0)<1;1,0>"},
    {"type", "TGLLP", VSMP_SEV_ERROR, "and (M1, 16) UI(0,0)<1> UI(0,0)<1;1,0> 0x1:ud",
     "and (M1, 16) U(0,0)<1> U(0,0)<1;1,0> 0x1:ud"},
    {"exec-mask", "TGLLP", VSMP_SEV_ERROR, "add (M7, 8) U(0,0)<1> U(0,0)<1;1,0> 0x1:f",
     "add (M8, 8) U(0,0)<1> U(0,0)<1;1,0> 0x1:f"},
    {"pred-width", "TGLLP", VSMP_SEV_ERROR, "(P2) add (M1, 8) U(0,0)<1> U(0,0)<1;1,0> 0x1:f",
     "(P2) add (M1, 16) U(0,0)<1> U(0,0)<1;1,0> 0x1:f"},
    {"pred-width", "TGLLP", VSMP_SEV_ERROR, "cmp.lt (M1, 16) P1 U(0,0)<1;1,0> 0x0:f",
     "cmp.lt (M1, 16) P2 U(0,0)<1;1,0> 0x0:f"},
    {"label", "TGLLP", VSMP_SEV_ERROR, "goto (M1, 16) L1\nL1:", "goto (M1, 16) L1\nL1:\nL1:"},
    {"label", "TGLLP", VSMP_SEV_ERROR, "(P1) goto (M1, 16) L1\nL1:", "(P1) goto (M1, 16) L9"},
    {"numparams", "TGLLP", VSMP_SEV_ERROR, S16, "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0"},
    {"numparams", "TGLLP", VSMP_SEV_ERROR,
     "sample_3d.RGBA (M1, 8) 0x0:uw smp tex DST.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 "
     "U.0 U.0 U.0 U.0",
     "sample_3d.RGBA (M1, 8) 0x0:uw smp tex DST.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 "
     "U.0 U.0 U.0 U.0 U.0"},
    {"params-extra", "TGLLP", VSMP_SEV_WARNING, S16,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0 U.0 V.0 U.0"},
    {"exec-size", "TGLLP", VSMP_SEV_ERROR, S16,
     "sample_3d.RGBA (M1, 4) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"exec-mask", "TGLLP", VSMP_SEV_ERROR, "sample_3d.RGBA (M7, 8) 0x0:uw smp tex DST.0 U.0 V.0",
     "sample_3d.RGBA (M8, 8) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"exec-mask", "TGLLP", VSMP_SEV_WARNING, "sample_3d.RGBA (M3, 8) 0x0:uw smp tex DST.0 U.0 V.0",
     "sample_3d.RGBA (M2, 8) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"simd32", "TGLLP", VSMP_SEV_WARNING, S16, "sample_3d.R (M1, 32) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"predicate", "TGLLP", VSMP_SEV_WARNING,
     "(P1) sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0",
     "(P2) sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"aoffimmi", "TGLLP", VSMP_SEV_ERROR, "sample_3d.RGBA (M1, 16) 0xfff:uw smp tex DST.0 U.0 V.0",
     "sample_3d.RGBA (M1, 16) 0x1000:uw smp tex DST.0 U.0 V.0"},
    {"aoffimmi", "TGLLP", VSMP_SEV_ERROR,
     "sample_3d.RGBA (M1, 16) AOFF(0,0)<0;1,0> smp tex DST.0 U.0 V.0",
     "sample_3d.RGBA (M1, 16) (-)AOFF(0,0)<0;1,0> smp tex DST.0 U.0 V.0"},
    {"aoffimmi-type", "TGLLP", VSMP_SEV_WARNING,
     "sample_3d.RGBA (M1, 16) AOFF(0,0)<0;1,0> smp tex DST.0 U.0 V.0",
     "sample_3d.RGBA (M1, 16) AOFFD(0,0)<0;1,0> smp tex DST.0 U.0 V.0"},
    {"aoffimmi-type", "TGLLP", VSMP_SEV_ERROR, S16,
     "sample_3d.RGBA (M1, 16) 0x0:f smp tex DST.0 U.0 V.0"},
    {"sampler", "TGLLP", VSMP_SEV_ERROR, S16,
     "sample_3d.RGBA (M1, 16) 0x0:uw tex smp DST.0 U.0 V.0"},
    {"surface", "TGLLP", VSMP_SEV_WARNING, S16,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp %slm DST.0 U.0 V.0"},
    {"dst-type", "TGLLP", VSMP_SEV_ERROR, S16,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DB.0 U.0 V.0"},
    {"dst-type", "SKL", VSMP_SEV_WARNING, S16,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DUW.0 U.0 V.0"},
    {"operand-bounds", "TGLLP", VSMP_SEV_ERROR,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.128 U.0 V.0",
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex SMALL.0 U.0 V.0"},
    {"operand-bounds", "TGLLP", VSMP_SEV_ERROR,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.64 V.0",
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.96 V.0"},
    {"operand-align", "TGLLP", VSMP_SEV_WARNING, S16,
     "sample_3d.RGBA (M1, 8) 0x0:uw smp tex DST.0 U.2 V.0"},
    {"null-operand", "TGLLP", VSMP_SEV_WARNING, S16,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 %null.0"},
    {"param-type", "TGLLP", VSMP_SEV_ERROR,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 UH.0 UH.0",
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 UH.0"},
    {"param-type", "TGLLP", VSMP_SEV_ERROR, S16,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 UI.0 UI.0"},
    {"param-type", "SKL", VSMP_SEV_ERROR, S16,
     "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 UH.0 UH.0"},
    {"param-type", "TGLLP", VSMP_SEV_ERROR, "load_3d.RGBA (M1, 16) 0x0:uw tex DUD.0 UI.0 UI.0",
     "load_3d.RGBA (M1, 16) 0x0:uw tex DUD.0 U.0 V.0"},
    {"platform", "PVC", VSMP_SEV_ERROR, "ret (M1, 1)", S16},
    {"platform", "DG2", VSMP_SEV_ERROR, S16,
     "sample_unorm.RGBA.16-full smp tex 0x0:f 0x0:f 0.125:f 0.125:f DUW.0"},
    {"platform", "SKL", VSMP_SEV_ERROR, "load_2dms_w.RGBA (M1, 16) 0x0:uw tex DUD.0 UI.0 UI.0",
     "load_2dms_w.RGBA (M1, 16) 0x0:uw tex DUD.0 UW.0 UW.0"},
    {"pnm", "BDW", VSMP_SEV_ERROR, "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0",
     "sample_3d.pixel_null_mask.R (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"cps", "TGLLP", VSMP_SEV_ERROR, "sample_b.cps.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0",
     "sample_l.cps.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"cps", "TGLLP", VSMP_SEV_ERROR, "sample_3d.cps.R (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0",
     "sample_3d.cps.R (M1, 32) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"cps", "SKL", VSMP_SEV_WARNING, S16,
     "sample_3d.cps.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"divs", "TGLLP", VSMP_SEV_WARNING, S16,
     "sample_3d.divS.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0"},
    {"info-type", "TGLLP", VSMP_SEV_ERROR, "resinfo.RGBA (M1, 16) tex UI.0 DUD.0",
     "resinfo.RGBA (M1, 16) tex UH.0 DUD.0"}, /* F holding integer bits is IGC 2.x's */
    {"dst-type", "TGLLP", VSMP_SEV_ERROR, "sampleinfo.RGBA (M1, 16) tex DUD.0",
     "sampleinfo.RGBA (M1, 16) tex DST.0"},
    {"unorm-format", "TGLLP", VSMP_SEV_WARNING,
     "sample_unorm.RGBA.16-full smp tex 0x0:f 0x0:f 0.125:f 0.125:f DUW.0",
     "sample_unorm.RGBA.8-full smp tex 0x0:f 0x0:f 0.125:f 0.125:f DUW.0"},
    {"unorm-scalar", "TGLLP", VSMP_SEV_ERROR,
     "sample_unorm.RGBA.16-full smp tex SC(0,0)<0;1,0> 0x0:f 0.125:f 0.125:f DUW.0",
     "sample_unorm.RGBA.16-full smp tex 0x3c00:hf 0x0:f 0.125:f 0.125:f DUW.0"},
    {"unorm-scalar", "TGLLP", VSMP_SEV_ERROR,
     "sample_unorm.RGBA.16-full smp tex SC(0,0)<0;1,0> 0x0:f 0.125:f 0.125:f DUW.0",
     "sample_unorm.RGBA.16-full smp tex SCD(0,0)<0;1,0> 0x0:f 0.125:f 0.125:f DUW.0"},
    {"unorm-dst", "TGLLP", VSMP_SEV_ERROR,
     "sample_unorm.RGBA.16-full smp tex 0x0:f 0x0:f 0.125:f 0.125:f DUW.0",
     "sample_unorm.RGBA.16-full smp tex 0x0:f 0x0:f 0.125:f 0.125:f DST.0"},
};

/* How many diagnostics of @p rule at severity @p sev (any severity if sev < 0). */
static size_t count_rule(const vsmp_diags *d, const char *rule, int sev, const vsmp_diag **first)
{
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++) {
        if (strcmp(d->items[i].rule, rule) == 0 && (sev < 0 || (int)d->items[i].severity == sev)) {
            if (!n && first)
                *first = &d->items[i];
            n++;
        }
    }
    return n;
}

static vsmp_module *parse_one(const char *inst, vsmp_diags *d)
{
    char src[4096];
    snprintf(src, sizeof(src), "%s%s\nret (M1, 1)\n", header, inst);
    vsmp_module *m = NULL;
    vsmp_status st = vsmp_text_parse(src, strlen(src), VSMP_DIALECT_12504, &m, d);
    CHECK(st == VSMP_OK, "does not parse: %s", inst);
    if (st)
        vsmp_diags_print(d, "case", stderr);
    return st ? NULL : m;
}

static void run_text_case(const rule_case *c)
{
    vsmp_platform p;
    CHECK(vsmp_platform_find(c->platform, &p) == VSMP_OK, "platform %s", c->platform);
    vsmp_check_options co = {.platform = p};
    for (int bad = 0; bad < 2; bad++) {
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_module *m = parse_one(bad ? c->bad : c->good, &d);
        if (m) {
            vsmp_diags_free(&d); /* parse warnings are not the validator's */
            vsmp_status st = vsmp_module_check(m, &co, &d);
            const vsmp_diag *g = NULL;
            size_t n = count_rule(&d, c->rule, bad ? (int)c->sev : -1, &g);
            if (bad) {
                CHECK(n >= 1 && g->line > 0 && g->column > 0, "[%s/%s] not reported for: %s",
                      c->rule, c->platform, c->bad);
                if (c->sev == VSMP_SEV_ERROR)
                    CHECK(st == VSMP_ERR_INVALID, "[%s] check did not fail", c->rule);
            } else if (strcmp(c->good, c->bad) != 0) {
                CHECK(n == 0, "[%s/%s] reported for the valid: %s", c->rule, c->platform, c->good);
                if (n)
                    vsmp_diags_print(&d, "good", stderr);
            }
        }
        vsmp_module_free(m);
        vsmp_diags_free(&d);
    }
}

/* Break a rule the text cannot express by patching the binary of S16: 4.1 layout with an
 * immediate aoffimmi: +1 Op, +3 exec, +4 pred, +6 channels, +7 aoffimmi (6 bytes), +13 sampler,
 * +14 surface, +15 dst, +21 NumParams, +22 param 0 var id. */
static void run_binary_case_of(const char *src, uint8_t opcode, const char *rule, unsigned at,
                               uint8_t value)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_module *m = parse_one(src, &d);
    if (!m)
        return;
    size_t n = 0;
    vsmp_module_write(m, NULL, NULL, 0, &n, NULL);
    unsigned char *b = malloc(n);
    vsmp_module_write(m, NULL, b, n, &n, NULL);
    vsmp_module_free(m);
    m = NULL;
    vsmp_module *bm = NULL;
    vsmp_module_read(b, n, NULL, &bm, NULL);
    int64_t off = bm ? bm->kernels[0].insts[0].offset : -1;
    vsmp_module_free(bm);
    CHECK(off > 0 && b[off] == opcode, "instruction offset");
    if (off <= 0) {
        free(b);
        return;
    }
    b[off + at] = value;
    vsmp_diags_free(&d);
    vsmp_status st = vsmp_module_read(b, n, NULL, &bm, &d);
    CHECK(st == VSMP_OK, "[%s] patched binary does not read", rule);
    if (!st) {
        vsmp_check_options co = {.platform = VSMP_PLATFORM_TGLLP};
        st = vsmp_module_check(bm, &co, &d);
        const vsmp_diag *g = NULL;
        CHECK(count_rule(&d, rule, VSMP_SEV_ERROR, &g) >= 1 && g->offset == off &&
                  g->at_instruction,
              "[%s] not reported at offset 0x%llx", rule, (long long)off);
        CHECK(st == VSMP_ERR_INVALID, "[%s] check did not fail", rule);
    }
    vsmp_module_free(bm);
    vsmp_diags_free(&d);
    free(b);
}

static void run_binary_case(const char *rule, unsigned at, uint8_t value)
{
    run_binary_case_of(S16, 0x6d, rule, at, value);
}

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> 8 * i);
}

/* Gen binaries and header counts are checked against the file before anything is allocated:
 * 255 Gen binaries each spanning a whole file made a 23 KB file allocate 60 MB. */
static void container_bounds(void)
{
    vsmp_module *m = NULL;
    static const char prog[] = ".version 4.1\n.kernel \"k\"\nret (M1, 1)\n";
    if (vsmp_text_parse(prog, sizeof(prog) - 1, VSMP_DIALECT_12504, &m, NULL)) {
        CHECK(0, "container: the program parses");
        return;
    }
    vsmp_routine *k = &m->kernels[0];
    k->gen = calloc(255, sizeof(*k->gen));
    k->num_gen = 255;
    for (unsigned g = 0; g < 255; g++) {
        k->gen[g].platform = 6;
        k->gen[g].size = 80;
        k->gen[g].data = malloc(80);
        memset(k->gen[g].data, (int)g, 80);
    }
    size_t n = 0;
    vsmp_module_write(m, NULL, NULL, 0, &n, NULL);
    unsigned char *b = malloc(n);
    CHECK(vsmp_module_write(m, NULL, b, n, &n, NULL) == VSMP_OK, "container: write");
    vsmp_module_free(m);
    /* header (4.1): magic 4, version 2, kernel count 2 at byte 6, name length 2 + "k", offset 4,
     * size 4, input offset 4, relocations 2 + 2, Gen count 1 at byte 27, then 9-byte Gen entries
     * (platform 1, offset 4, size 4) from byte 28 */
    CHECK(b[27] == 255 && le32(b + 28 + 9 * 254 + 5) == 80, "container: Gen table layout");
    vsmp_module *back = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_module_read(b, n, NULL, &back, &d);
    CHECK(st == VSMP_OK && back && back->kernels[0].num_gen == 255 &&
              back->kernels[0].gen[254].size == 80 && back->kernels[0].gen[254].data[79] == 254 &&
              le32(b + 28 + 9 * 254 + 1) + 80 == n,
          "container: 255 disjoint Gen binaries read back (%s)", vsmp_status_str(st));
    vsmp_module_free(back);
    back = NULL;
    vsmp_diags_free(&d);
    /* a diagnostic inside the kernel object gives the file offset: a string count (the
     * object's first field, UD) of 0xffffffff ends at object + 4 */
    uint32_t kobj = le32(b + 11);
    unsigned char save[4];
    memcpy(save, b + kobj, 4);
    put32(b + kobj, 0xffffffffu);
    st = vsmp_module_read(b, n, NULL, &back, &d);
    CHECK(st == VSMP_ERR_TRUNCATED && d.count == 1 && d.items[0].offset == (int64_t)kobj + 4 &&
              strstr(d.items[0].message, "string pool"),
          "container: offsets inside an object count from the file (%lld, want %u + 4)",
          d.count ? (long long)d.items[0].offset : -1LL, kobj);
    memcpy(b + kobj, save, 4);
    vsmp_diags_free(&d);
    /* every entry spans the whole file: the first one already overlaps the kernel object */
    for (unsigned g = 0; g < 255; g++) {
        put32(b + 28 + 9 * g + 1, 0);
        put32(b + 28 + 9 * g + 5, (uint32_t)n);
    }
    st = vsmp_module_read(b, n, NULL, &back, &d);
    CHECK(st == VSMP_ERR_MALFORMED && !back && d.count == 1 && d.items[0].offset == 29 &&
              strstr(d.items[0].message, "Gen binary overlaps other objects"),
          "container: overlapping Gen binaries refused at their entry (%s, %s)",
          vsmp_status_str(st), d.count ? d.items[0].message : "no diagnostic");
    vsmp_diags_free(&d);
    /* 255 Gen entries need 2295 bytes: a file that ends inside the table is refused before
     * the table is read */
    st = vsmp_module_read(b, 28 + 9 * 200, NULL, &back, &d);
    CHECK(st == VSMP_ERR_TRUNCATED && d.count == 1 && d.items[0].offset == 28 &&
              strstr(d.items[0].message, "Gen binary entries"),
          "container: a Gen count past the end (%s, %s)", vsmp_status_str(st),
          d.count ? d.items[0].message : "no diagnostic");
    vsmp_diags_free(&d);
    /* 65535 kernels need at least 65535 * 19 bytes of header */
    b[6] = b[7] = 0xff;
    st = vsmp_module_read(b, 4096, NULL, &back, &d);
    CHECK(st == VSMP_ERR_TRUNCATED && d.count == 1 && d.items[0].offset == 8 &&
              strstr(d.items[0].message, "kernel entries"),
          "container: a kernel count past the end (%s, %s)", vsmp_status_str(st),
          d.count ? d.items[0].message : "no diagnostic");
    vsmp_diags_free(&d);
    free(b);
}

/* The error limit of a diagnostic list: each severity keeps at most `limit` entries, the rest
 * are counted; the printed summary gives the exact count of those not kept. */
static void diag_limit(void)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    d.limit = 2;
    for (int i = 0; i < 5; i++)
        vsmp_diags_add(&d, VSMP_SEV_ERROR, "r", (uint32_t)i + 1, 1, -1, "e%d", i);
    for (int i = 0; i < 3; i++)
        vsmp_diags_add(&d, VSMP_SEV_WARNING, "r", 9, 1, -1, "w%d", i);
    CHECK(d.count == 4 && d.errors == 5 && d.warnings == 3 && d.dropped == 4,
          "limit 2: count %zu errors %zu warnings %zu dropped %zu", d.count, d.errors, d.warnings,
          d.dropped);
    CHECK(d.count == 4 && strcmp(d.items[1].message, "e1") == 0 &&
              strcmp(d.items[2].message, "w0") == 0,
          "the first two of each severity are kept");
    char buf[1024] = {0};
    FILE *f = tmpfile();
    if (f) {
        vsmp_diags_print(&d, "f", f);
        rewind(f);
        size_t n = fread(buf, 1, sizeof(buf) - 1, f);
        buf[n] = 0;
        fclose(f);
    }
    CHECK(strcmp(buf, "f:1:1: error: e0 [r]\nf:2:1: error: e1 [r]\nf:9:1: warning: w0 [r]\n"
                      "f:9:1: warning: w1 [r]\nf: ... and 3 more errors\nf: ... and 1 more "
                      "warning\n") == 0,
          "printed: %s", buf);
    vsmp_diags_free(&d);
    CHECK(d.limit == 2 && d.count == 0 && d.errors == 0, "free keeps the limit only");
    vsmp_diags_free(&d);
}

/* The memory budget of reading and parsing (max_memory): instruction arrays grow 16, 24, 36 ...
 * (by half), each growth charged before it is allocated. With a budget of 20 instructions the
 * 17th `ret` asks for 24 and is refused where it stands; 16 fit. */
static const vsmp_diag *memory_diag(const vsmp_diags *d)
{
    for (size_t i = 0; i < d->count; i++)
        if (!strcmp(d->items[i].rule, "memory") && d->items[i].severity == VSMP_SEV_ERROR)
            return &d->items[i];
    return NULL;
}

static void memory_budget(void)
{
    const size_t one = sizeof(vsmp_inst);
    char prog[2048] = ".version 4.1\n.kernel \"k\"\n"; /* the rets start at line 3 */
    for (int i = 0; i < 40; i++)
        strcat(prog, "ret (M1, 1)\n");
    vsmp_read_options ro;
    vsmp_read_options_init(&ro);
    vsmp_text_options to;
    vsmp_text_options_init(&to);
    CHECK(ro.max_memory == (size_t)1 << 30 && to.max_memory == (size_t)1 << 30 &&
              to.dialect == VSMP_DIALECT_AUTO && !ro.paired_surface,
          "defaults: a 1 GiB budget");

    to.max_memory = 20 * one;
    vsmp_diags d = {0};
    vsmp_module *m = NULL;
    vsmp_status st = vsmp_text_parse_opt(prog, strlen(prog), &to, &m, &d);
    const vsmp_diag *g = memory_diag(&d);
    char want[160];
    snprintf(want, sizeof(want),
             "out of memory: the program needs %zu bytes or more for its instructions, over the "
             "memory budget of %zu bytes",
             24 * one, 20 * one);
    CHECK(st == VSMP_ERR_NOMEM && !m && g && g->line == 2 + 17 && !strcmp(g->message, want),
          "text over the budget: %d, line %u: %s", (int)st, g ? g->line : 0,
          g ? g->message : "(none)");
    vsmp_diags_free(&d);
    /* 16 instructions fit the same budget; no budget (0) takes all 40 */
    size_t sixteen = strlen(".version 4.1\n.kernel \"k\"\n") + 16 * strlen("ret (M1, 1)\n");
    st = vsmp_text_parse_opt(prog, sixteen, &to, &m, &d);
    CHECK(st == VSMP_OK && m && m->kernels[0].num_insts == 16, "16 instructions fit: %d", (int)st);
    vsmp_module_free(m);
    m = NULL;
    to.max_memory = 0;
    st = vsmp_text_parse_opt(prog, strlen(prog), &to, &m, &d);
    CHECK(st == VSMP_OK && m && m->kernels[0].num_insts == 40, "no budget: %d", (int)st);

    /* the same program as a binary: refused at the 17th instruction's file offset */
    size_t n = 0;
    vsmp_module_write(m, NULL, NULL, 0, &n, NULL);
    unsigned char *b = malloc(n);
    vsmp_module_write(m, NULL, b, n, &n, NULL);
    vsmp_module_free(m);
    m = NULL;
    st = vsmp_module_read(b, n, NULL, &m, &d); /* NULL: the default budget */
    int64_t off17 = st == VSMP_OK ? m->kernels[0].insts[16].offset : -1;
    CHECK(st == VSMP_OK && m->kernels[0].num_insts == 40 && off17 > 0, "default budget reads");
    vsmp_module_free(m);
    m = NULL;
    ro.max_memory = 20 * one;
    st = vsmp_module_read(b, n, &ro, &m, &d);
    g = memory_diag(&d);
    CHECK(st == VSMP_ERR_NOMEM && !m && g && g->offset == off17 && g->line == 0 &&
              strstr(g->message, "for its instructions, over the memory budget of"),
          "binary over the budget: %d at %lld: %s", (int)st, g ? (long long)g->offset : -1,
          g ? g->message : "(none)");
    vsmp_diags_free(&d);
    /* a budget smaller than the string pool stops there */
    ro.max_memory = 8;
    st = vsmp_module_read(b, n, &ro, &m, &d);
    g = memory_diag(&d);
    CHECK(st == VSMP_ERR_NOMEM && g && strstr(g->message, "for its string pool"),
          "string pool over the budget: %s", g ? g->message : "(none)");
    vsmp_diags_free(&d);
    free(b);
}

/* Rule input-offset: an input's bytes inside the register file, 128 GRFs of 32 bytes on TGLLP
 * (4096 bytes), 64-byte GRFs on PVC (8192). Offset 4064 + 32 bytes ends at 4096: inside;
 * 4080 + 32 ends at 4112: outside; 8000 + 32: outside on TGLLP, inside on PVC. */
static void input_offsets(void)
{
    static const struct {
        const char *platform;
        int offset;
        bool bad;
    } ic[] = {{"TGLLP", 4064, false},
              {"TGLLP", 4080, true},
              {"TGLLP", 8000, true},
              {"PVC", 8000, false},
              {"TGLLP", -32, true}};
    for (size_t i = 0; i < sizeof(ic) / sizeof(ic[0]); i++) {
        char src[512];
        snprintf(src, sizeof(src),
                 ".version 4.1\n.kernel \"v\"\n"
                 ".decl U v_type=G type=f num_elts=8 align=GRF\n"
                 ".input U offset=%d size=32\n"
                 "mov (M1, 8) U(0,0)<1> U(0,0)<1;1,0>\nret (M1, 1)\n",
                 ic[i].offset);
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_module *m = NULL;
        vsmp_status st = vsmp_text_parse(src, strlen(src), VSMP_DIALECT_12504, &m, &d);
        if (st) { /* a negative offset may already be refused by the parser */
            CHECK(ic[i].bad, "input offset %d does not parse", ic[i].offset);
            vsmp_diags_free(&d);
            continue;
        }
        vsmp_diags_free(&d);
        vsmp_platform p;
        vsmp_platform_find(ic[i].platform, &p);
        vsmp_check_options co = {.platform = p};
        st = vsmp_module_check(m, &co, &d);
        size_t n = count_rule(&d, "input-offset", VSMP_SEV_ERROR, NULL);
        CHECK(ic[i].bad ? n == 1 && st == VSMP_ERR_INVALID : n == 0,
              "[input-offset] offset %d on %s: %zu reports", ic[i].offset, ic[i].platform, n);
        vsmp_module_free(m);
        vsmp_diags_free(&d);
    }
}

int main(void)
{
    input_offsets();
    diag_limit();
    memory_budget();
    container_bounds();
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        run_text_case(&cases[i]);
    run_binary_case("channels", 6, 0x00);
    run_binary_case("surface", 14, 0x20);
    run_binary_case("subop", 1, 0x08);
    run_binary_case("operand-decl", 22, 0x50);
    run_binary_case("predicate", 4, 0x09);
    /* a generic instruction naming an undeclared variable: add's dst id (bytes 5..8) = 0x60 */
    run_binary_case_of("add (M1, 16) U(0,0)<1> U(0,0)<1;1,0> V(0,0)<1;1,0>", 0x01, "operand-decl",
                       5, 0x60);
    /* ... and an undeclared predicate as cmp's destination (tag 02 at 3, id at 4..5) */
    run_binary_case_of("cmp.lt (M1, 16) P1 U(0,0)<1;1,0> 0x0:f", 0x2c, "operand-decl", 4, 0x07);
    return t_finish();
}
