/* SPDX-License-Identifier: MIT */
/*
 * The machine running sampler kernels: every writeback layout of 3D_SAMPLE / 3D_LOAD / INFO /
 * SAMPLE_UNORM, hand-computed. Surfaces hold values chosen so that each lane's result can be
 * derived by hand (RGBA32F texel (x, y) = (x, y, 100 + x, 1000 + y) unless said otherwise); <dst>
 * is filled with a sentinel byte first, so that every byte the rules say is not written is
 * checked to keep it. The layout rules: 3D_SAMPLE.md Notes ("Each channel's return data start in
 * the next GRF"), SEMANTICS 0.3, 3, 6, 10, 11; the mask rules: 3_execution_model.md.
 *
 * The writeback cases are the rows of `cases` (a kernel, its surface and sampler state, the
 * variables written before the run, and every span of the variables read after it with its
 * expected values, derived next to the row), run by run_case. The cases of another shape
 * (refusals, payload inputs, CPS, IGC's kernels) are functions of their own below it.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "exec_kit.h"

#define SENT 0xa5u

typedef struct rig {
    vsmp_module *mod;
    vsmp_machine *m;
    vsmp_diags d;
    vsmp_status create;
} rig;

static const char head[] = ".version 4.1\n.kernel \"t\"\n";

/* Parse head + body (in @p dialect) and create a machine; st is the status of
 * vsmp_machine_create. */
static bool rig_make_in(rig *g, const char *body, vsmp_dialect dialect, vsmp_platform plat,
                        const vsmp_machine_options *o)
{
    memset(g, 0, sizeof(*g));
    vsmp_diags_init(&g->d);
    char text[4096];
    snprintf(text, sizeof(text), "%s%s", head, body);
    if (vsmp_text_parse(text, strlen(text), dialect, &g->mod, &g->d)) {
        vsmp_diags_print(&g->d, "test", stderr);
        return false;
    }
    g->create = kit_create_diags(g->mod, plat, o, &g->m, &g->d);
    return g->create == VSMP_OK;
}

static bool rig_make(rig *g, const char *body, vsmp_platform plat, const vsmp_machine_options *o)
{
    return rig_make_in(g, body, VSMP_DIALECT_12504, plat, o);
}

static void rig_free(rig *g)
{
    vsmp_machine_free(g->m);
    vsmp_module_free(g->mod);
    vsmp_diags_free(&g->d);
}

static vsmp_var_info var(rig *g, const char *name)
{
    vsmp_var_info vi;
    memset(&vi, 0, sizeof(vi));
    vsmp_status s = vsmp_machine_find(g->m, name, &vi);
    CHECK(s == VSMP_OK, "variable %s", name);
    return vi;
}

/* Fill a general variable with the sentinel byte. */
static void sentinel(rig *g, const char *name)
{
    vsmp_var_info vi = var(g, name);
    uint8_t b[4096];
    memset(b, SENT, vi.bytes);
    CHECK(vsmp_machine_write_var(g->m, vi.cls, vi.id, 0, b, vi.bytes) == VSMP_OK, "fill %s", name);
}

/* Read a general variable's bytes. */
static size_t bytes_of(rig *g, const char *name, uint8_t *b, size_t cap)
{
    vsmp_var_info vi = var(g, name);
    size_t n = 0;
    CHECK(vsmp_machine_read_var(g->m, vi.cls, vi.id, 0, b, cap, &n) == VSMP_OK, "read %s", name);
    return n;
}

static uint32_t le32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static uint16_t le16(const uint8_t *b)
{
    return (uint16_t)(b[0] | b[1] << 8);
}

static float lef(const uint8_t *b)
{
    uint32_t u = le32(b);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static bool is_sent(const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i] != SENT)
            return false;
    return true;
}

/* RGBA32F surface, texel (x, y) = (x, y, 100 + x, 1000 + y), at every level. */
static vsmp_surface *grid(uint32_t w, uint32_t h, uint32_t levels)
{
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32G32B32A32_FLOAT, w, h, levels);
    if (!s)
        return NULL;
    for (uint32_t l = 0; l < levels; l++) {
        uint32_t lw, lh, ld, sl;
        vsmp_surface_level_size(s, l, &lw, &lh, &ld, &sl);
        for (uint32_t y = 0; y < lh; y++)
            for (uint32_t x = 0; x < lw; x++) {
                vsmp_texel t = {.f = {(float)x, (float)y, 100.0f + x, 1000.0f + y}};
                vsmp_surface_store(s, l, 0, x, y, &t);
            }
    }
    return s;
}

/* Common declarations of a load program: SIMD8 UD coordinates, surface input at payload 8. */
#define LOAD_DECLS                                                                                 \
    ".decl UI v_type=G type=ud num_elts=32 align=GRF\n"                                            \
    ".decl VI v_type=G type=ud num_elts=32 align=GRF\n"                                            \
    ".decl LI v_type=G type=ud num_elts=32 align=GRF\n"                                            \
    ".decl tex v_type=T num_elts=1\n"                                                              \
    ".input tex offset=8 size=4\n"

/* Bind @p s at binding-table index 3 and put 3 in the payload where `tex` is read. */
static void bind3(rig *g, const vsmp_surface *s)
{
    uint8_t bti[4] = {3, 0, 0, 0};
    CHECK(vsmp_machine_bind_surface(g->m, 3, s) == VSMP_OK, "bind");
    CHECK(vsmp_machine_set_payload(g->m, 8, bti, 4) == VSMP_OK, "payload");
}

static bool run(rig *g)
{
    vsmp_status s = vsmp_machine_run(g->m, &g->d);
    if (s)
        vsmp_diags_print(&g->d, "run", stderr);
    return s == VSMP_OK;
}

/* ---- spans: what is written into a variable before the run, and read from it after ---- */

typedef enum elem {
    E_F,   /* 32-bit float */
    E_UD,  /* 32-bit word (a predicate's bits too) */
    E_UW,  /* 16-bit word (a half's bits too) */
    E_UB,  /* byte */
    E_KEPT /* n bytes that keep the sentinel */
} elem;

/* n elements of type t from byte `at` of variable var; element i holds v[i % nv], except that
 * an element i < 32 with bit i of `kept` set is not written (it keeps the sentinel). Values are
 * doubles: every float, half pattern and 32-bit word the cases use is exact in one. */
typedef struct span {
    const char *var;
    unsigned at;
    elem t;
    unsigned n;
    const double *v;
    unsigned nv;
    uint32_t kept;
} span;

/* clang-format off */
#define V(...) (const double[]){__VA_ARGS__}, sizeof((const double[]){__VA_ARGS__}) / sizeof(double)
#define F32(var, at, n, ...) {var, at, E_F, n, V(__VA_ARGS__), 0}
#define U32(var, at, n, ...) {var, at, E_UD, n, V(__VA_ARGS__), 0}
#define U16(var, at, n, ...) {var, at, E_UW, n, V(__VA_ARGS__), 0}
#define U8(var, at, n, ...)  {var, at, E_UB, n, V(__VA_ARGS__), 0}
/* F32 of which only the lanes in @p lanes are written */
#define F32_ONLY(var, at, n, lanes, ...) {var, at, E_F, n, V(__VA_ARGS__), ~(uint32_t)(lanes)}
#define KEPT(var, at, n)                 {var, at, E_KEPT, n, NULL, 0, 0}
#define LANES8                           0, 1, 2, 3, 4, 5, 6, 7
/* 32 lanes of coordinates u = lane % 8, v, lod 0 */
#define COORDS(v) U32("UI", 0, 32, LANES8), U32("VI", 0, 32, v), U32("LI", 0, 32, 0)
/* clang-format on */

static unsigned elem_size(elem t)
{
    switch (t) {
    case E_F:
    case E_UD:
        return 4;
    case E_UW:
        return 2;
    case E_UB:
    case E_KEPT:
        break;
    }
    return 1;
}

static double elem_at(const uint8_t *p, elem t)
{
    switch (t) {
    case E_F:
        return lef(p);
    case E_UD:
        return le32(p);
    case E_UW:
        return le16(p);
    case E_UB:
    case E_KEPT:
        break;
    }
    return p[0];
}

static bool is_kept(const span *sp, unsigned i)
{
    return sp->t == E_KEPT || (i < 32 && (sp->kept >> i & 1u));
}

static void put(rig *g, const span *sp)
{
    vsmp_var_info vi = var(g, sp->var);
    unsigned es = elem_size(sp->t);
    uint8_t b[512];
    if (es * sp->n > sizeof(b)) {
        CHECK(false, "write %s: %u bytes is more than the test writes", sp->var, es * sp->n);
        return;
    }
    for (unsigned i = 0; i < sp->n; i++) {
        double v = sp->v[i % sp->nv];
        uint32_t u = (uint32_t)v;
        if (sp->t == E_F) {
            float f = (float)v;
            memcpy(&u, &f, 4);
        }
        for (unsigned k = 0; k < es; k++)
            b[es * i + k] = (uint8_t)(u >> (8 * k));
    }
    CHECK(vsmp_machine_write_var(g->m, vi.cls, vi.id, sp->at, b, es * sp->n) == VSMP_OK, "write %s",
          sp->var);
}

/* One CHECK for the written elements of a span, one for those that keep the sentinel; the
 * first element that differs is named. */
static void check_span(rig *g, const char *name, const span *sp)
{
    uint8_t b[1024];
    size_t size = bytes_of(g, sp->var, b, sizeof(b));
    unsigned es = elem_size(sp->t), end = sp->at + es * sp->n;
    if (end > size) {
        CHECK(false, "%s: %s has %zu bytes, the span ends at %u", name, sp->var, size, end);
        return;
    }
    int bad = -1, bad_kept = -1;
    unsigned written = 0, kept = 0;
    for (unsigned i = 0; i < sp->n; i++) {
        const uint8_t *p = b + sp->at + es * i;
        if (is_kept(sp, i)) {
            kept++;
            if (bad_kept < 0 && !is_sent(p, es))
                bad_kept = (int)i;
        } else {
            written++;
            if (bad < 0 && elem_at(p, sp->t) != sp->v[i % sp->nv])
                bad = (int)i;
        }
    }
    if (written) {
        double got = bad < 0 ? 0 : elem_at(b + sp->at + es * (unsigned)bad, sp->t);
        double want = bad < 0 ? 0 : sp->v[(unsigned)bad % sp->nv];
        if (sp->t == E_F)
            CHECK(bad < 0, "%s: %s bytes %u..%u hold their values (element %d is %.9g, want %.9g)",
                  name, sp->var, sp->at, end - 1, bad, got, want);
        else
            CHECK(bad < 0, "%s: %s bytes %u..%u hold their values (element %d is 0x%x, want 0x%x)",
                  name, sp->var, sp->at, end - 1, bad, (unsigned)got, (unsigned)want);
    }
    if (kept)
        CHECK(bad_kept < 0,
              "%s: %s bytes %u..%u: what is not written keeps the sentinel "
              "(element %d does not)",
              name, sp->var, sp->at, end - 1, bad_kept);
}

/* ---- the writeback cases ---- */

static vsmp_surface *grid8x4(void)
{
    return grid(8, 4, 1);
}

/* 8x8 with 2 levels (the quad case) */
static vsmp_surface *grid8x8_2(void)
{
    return grid(8, 8, 2);
}

/* 8x4 with 3 levels (resinfo) */
static vsmp_surface *grid8x4_3(void)
{
    return grid(8, 4, 3);
}

/* 128x64 RGBA32F: 2 KiB rows, a 64 KiB tile is 32 rows; tile 1 (rows 32..63) unmapped. */
static vsmp_surface *sparse128x64(void)
{
    vsmp_surface *s = grid(128, 64, 1);
    if (s && vsmp_surface_set_resident(s, 1, false)) {
        vsmp_surface_free(s);
        return NULL;
    }
    return s;
}

/* 8x1 RGBA32F, texel x = (1 + x 2^-11, gv[x], bv[x], x): the values of the HF dst case. */
static vsmp_surface *halves8(void)
{
    const float gv[8] = {65504.0f, 65520.0f, 65519.0f, 1e9f, -65520.0f, 0.0f, -0.0f, 0.5f};
    const float bv[8] = {ldexpf(1, -24),
                         ldexpf(1, -25),
                         3 * ldexpf(1, -25),
                         ldexpf(1, -14),
                         ldexpf(1, -14) - ldexpf(1, -25),
                         5 * ldexpf(1, -26),
                         -ldexpf(1, -24),
                         ldexpf(1, -26)};
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32G32B32A32_FLOAT, 8, 1, 1);
    if (!s)
        return NULL;
    for (unsigned x = 0; x < 8; x++) {
        vsmp_texel t = {.f = {1.0f + (float)x * ldexpf(1, -11), gv[x], bv[x], (float)x}};
        vsmp_surface_store(s, 0, 0, x, 0, &t);
    }
    return s;
}

/* 8x1 RGBA32 UINT, texel x = (0x12345678 + x, 0xffff0000 | x, 0x10000 + x, 7). */
static vsmp_surface *uints8(void)
{
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32G32B32A32_UINT, 8, 1, 1);
    if (!s)
        return NULL;
    for (unsigned x = 0; x < 8; x++) {
        vsmp_texel t = {.u = {0x12345678u + x, 0xffff0000u | x, 0x10000u + x, 7}};
        vsmp_surface_store(s, 0, 0, x, 0, &t);
    }
    return s;
}

/* 16x16 RGBA8 UNORM, texel (x, y) = (16 x, 16 y, 7, 255). */
static vsmp_surface *unorm16(void)
{
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R8G8B8A8_UNORM, 16, 16, 1);
    if (!s)
        return NULL;
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 16; x++) {
            uint8_t *t = vsmp_surface_texel(s, 0, 0, x, y);
            t[0] = (uint8_t)(16 * x), t[1] = (uint8_t)(16 * y), t[2] = 7, t[3] = 255;
        }
    return s;
}

/* Sampler states, from vsmp_sampler_state_init (nearest, wrap, no mips). */
static void smp_default(vsmp_sampler_state *st)
{
    (void)st;
}

static void smp_mip_nearest(vsmp_sampler_state *st)
{
    st->mip_filter = VSMP_MIPFILTER_NEAREST;
}

static void smp_clamp(vsmp_sampler_state *st)
{
    st->address[0] = st->address[1] = VSMP_TCM_CLAMP;
}

typedef struct wb_case {
    const char *name;
    const char *body;                        /* the kernel after `head` (vISA 12504 text) */
    bool xe2;                                /* Xe2 (64-byte GRFs) instead of TGLLP */
    vsmp_surface *(*surface)(void);          /* bound at index 3, `tex` at payload 8 */
    void (*sampler)(vsmp_sampler_state *st); /* bound at index 0 when set */
    uint8_t simd;                            /* the dispatch options, when not 0 */
    uint32_t mask;
    bool hw_unorm;
    span in[8];     /* written in order before the run */
    span out[12];   /* after the run; their variables are filled with the sentinel first */
    uint64_t steps; /* instructions executed, when not 0 */
} wb_case;

static const wb_case cases[] = {
    /* SIMD8, RGBA, F on a 32-byte GRF: 4 channels x 1 GRF; R G B A of lane l = (l, 2, 100 + l,
     * 1002) for texel (l, 2). */
    {.name = "SIMD8 RGBA",
     .surface = grid8x4,
     .body = LOAD_DECLS ".decl DST v_type=G type=f num_elts=40 align=GRF\n"
                        "load_3d.RGBA (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                        "ret (M1, 1)\n",
     .in = {COORDS(2)},
     .out = {F32("DST", 0, 8, LANES8), F32("DST", 32, 8, 2),
             F32("DST", 64, 8, 100, 101, 102, 103, 104, 105, 106, 107), F32("DST", 96, 8, 1002),
             KEPT("DST", 128, 32)}},
    /* SIMD16 .GA, F on 32-byte GRFs: 2 GRFs per channel, R and B skipped: G in bytes 0..63, A
     * in 64..127. Lane l reads texel (l % 8, 1): G = 1, A = 1001. */
    {.name = "SIMD16 .GA",
     .surface = grid8x4,
     .body = LOAD_DECLS ".decl DST v_type=G type=f num_elts=48 align=GRF\n"
                        "load_3d.GA (M1, 16) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                        "ret (M1, 1)\n",
     .in = {COORDS(1)},
     .out = {F32("DST", 0, 16, 1), F32("DST", 64, 16, 1001), KEPT("DST", 128, 64)}},
    /* SIMD32 .RG on a 32-byte GRF: 4 GRFs per channel, G from byte 128; lane l reads (l % 8,
     * 3). */
    {.name = "SIMD32 .RG",
     .surface = grid8x4,
     .body = LOAD_DECLS ".decl DST v_type=G type=f num_elts=72 align=GRF\n"
                        "load_3d.RG (M1, 32) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                        "ret (M1, 1)\n",
     .in = {COORDS(3)},
     .out = {F32("DST", 0, 32, LANES8), F32("DST", 128, 32, 3), KEPT("DST", 256, 32)}},
    /* HF dst: 16-bit returns, IEEE half with round-to-nearest-even (SEMANTICS 10). SIMD8 on a
     * 32-byte GRF: each channel takes 1 GRF, its bytes 16..31 keep their contents (SEMANTICS
     * 0.3: "undefined"; vsmp leaves them). Texel x of the 8x1 surface (halves8), and the halves
     * derived by hand:
     *   R = 1 + x 2^-11: ulp at 1 is 2^-10, odd x are ties -> even: 3C00 3C00 3C01 3C02 3C02
     *       3C02 3C03 3C04
     *   G = 65504 (7BFF), 65520 (tie between 7BFF and infinity: the even one is 7C00), 65519
     *       (7BFF), 1e9 (7C00), -65520 (FC00), 0 (0000), -0 (8000), 0.5 (3800)
     *   B = 2^-24 (0001), 2^-25 (tie with 0: 0000), 3 2^-25 (1.5 units: 0002), 2^-14 (0400),
     *       2^-14 - 2^-25 (1023.5 units: tie, even 1024: 0400), 5 2^-26 (1.25: 0001), -2^-24
     *       (8001), 2^-26 (0.25: 0000)
     *   A = x: 0000 3C00 4000 4200 4400 4500 4600 4700 */
    {.name = "HF dst",
     .surface = halves8,
     .body = LOAD_DECLS ".decl DST v_type=G type=hf num_elts=80 align=GRF\n"
                        "load_3d.RGBA (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                        "ret (M1, 1)\n",
     .in = {COORDS(0)},
     .out = {U16("DST", 0, 8, 0x3c00, 0x3c00, 0x3c01, 0x3c02, 0x3c02, 0x3c02, 0x3c03, 0x3c04),
             KEPT("DST", 16, 16),
             U16("DST", 32, 8, 0x7bff, 0x7c00, 0x7bff, 0x7c00, 0xfc00, 0x0000, 0x8000, 0x3800),
             KEPT("DST", 48, 16),
             U16("DST", 64, 8, 0x0001, 0x0000, 0x0002, 0x0400, 0x0400, 0x0001, 0x8001, 0x0000),
             KEPT("DST", 80, 16),
             U16("DST", 96, 8, 0x0000, 0x3c00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700),
             KEPT("DST", 112, 16), KEPT("DST", 128, 32)}},
    /* Integer formats into 16-bit and 32-bit integer dsts: UW keeps the low 16 bits (SEMANTICS
     * 10), D stores the 32 bits. Texel x of uints8 = (0x12345678 + x, 0xffff0000 | x, 0x10000 +
     * x, 7): .RB into UW gives R = 0x5678 + x in bytes 0..15 and B = x in 32..47, the upper half
     * of each GRF and the GRFs after kept; .G into D gives 0xffff0000 | x in one GRF. */
    {.name = "integer dsts",
     .surface = uints8,
     .body = LOAD_DECLS ".decl DST v_type=G type=uw num_elts=64 align=GRF\n"
                        ".decl DD v_type=G type=d num_elts=16 align=GRF\n"
                        "load_3d.RB (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                        "load_3d.G (M1, 8) 0x0:uw tex DD.0 UI.0 VI.0 LI.0\n"
                        "ret (M1, 1)\n",
     .in = {COORDS(0)},
     .out = {U16("DST", 0, 8, 0x5678, 0x5679, 0x567a, 0x567b, 0x567c, 0x567d, 0x567e, 0x567f),
             KEPT("DST", 16, 16), U16("DST", 32, 8, LANES8), KEPT("DST", 48, 80),
             U32("DD", 0, 8, 0xffff0000u, 0xffff0001u, 0xffff0002u, 0xffff0003u, 0xffff0004u,
                 0xffff0005u, 0xffff0006u, 0xffff0007u),
             KEPT("DD", 32, 32)}},
    /* 64-byte GRFs (Xe2): SIMD8 F .RG takes 1 GRF per channel, so G starts at byte 64 (on TGLLP
     * at 32), the rest of each GRF kept; SIMD16 HF .RG: 32 bytes per channel, G at byte 64, bytes
     * 32..63 kept. SIMD8 lane l reads (l, 2); SIMD16 lane l reads (l % 8, 3): R = l % 8 as a half
     * (exact: 0x0000, 0x3c00, 0x4000, ...), G = 3 = 0x4200. */
    {.name = "Xe2",
     .xe2 = true,
     .surface = grid8x4,
     .body = LOAD_DECLS ".decl DST v_type=G type=f num_elts=48 align=GRF\n"
                        ".decl DH v_type=G type=hf num_elts=96 align=GRF\n"
                        ".decl UW16 v_type=G type=uw num_elts=32 align=GRF\n"
                        ".decl VW16 v_type=G type=uw num_elts=32 align=GRF\n"
                        ".decl LW16 v_type=G type=uw num_elts=32 align=GRF\n"
                        "load_3d.RG (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                        "load_3d.RG (M1, 16) 0x0:uw tex DH.0 UW16.0 VW16.0 LW16.0\n"
                        "ret (M1, 1)\n",
     .in = {COORDS(2), U16("UW16", 0, 32, LANES8), U16("VW16", 0, 32, 3), U16("LW16", 0, 32, 0)},
     .out = {F32("DST", 0, 8, LANES8), KEPT("DST", 32, 32), F32("DST", 64, 8, 2),
             KEPT("DST", 96, 96),
             U16("DH", 0, 16, 0x0000, 0x3c00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700),
             KEPT("DH", 32, 32), U16("DH", 64, 16, 0x4200), KEPT("DH", 96, 96)}},
    /* Predicates and the execution mask (3_execution_model.md). SIMD32 dispatch with lanes
     * 0..7 and 16..19 enabled; one SIMD8 .R load per case into its own variable; lane l writes
     * l (texel (l, 0)). P1: lanes 1, 3, 5, 7 in bits 0..7; bits 16..23 = 0x0a (lanes 1, 3 under
     * M5). P2: bit 8 only: nothing in lanes 0..7, so .any is false. P3: all of lanes 0..7: .all
     * holds. Written lanes:
     *   D1 (P1) M1: P1 bits 0..7 = 0xaa                                   -> 0xaa
     *   D2 (!P1) M1: inverted                                              -> 0x55
     *   D3 (P2.any): no bit of P2 in lanes 0..7 -> false for every lane   -> 0x00
     *   D4 (P3.all): every bit set -> true for every lane                 -> 0xff
     *   D5 M5: EM bits 16..23 = 0x0f                                       -> 0x0f
     *   D6 (P1) M5: EM 0x0f & P1 bits 16..23 (0x0a)                        -> 0x0a
     *   D7 M3_NM: NoMask ignores EM bits 8..15 (none dispatched)           -> 0xff
     *   D8 (!P2.any): the inversion applies to the .any result             -> 0xff */
    {.name = "masks",
     .surface = grid8x4,
     .simd = 32,
     .mask = 0x000f00ffu,
     .body = LOAD_DECLS ".decl D1 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl D2 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl D3 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl D4 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl D5 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl D6 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl D7 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl D8 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl P1 v_type=P num_elts=32\n"
                        ".decl P2 v_type=P num_elts=32\n"
                        ".decl P3 v_type=P num_elts=32\n"
                        "(P1) load_3d.R (M1, 8) 0x0:uw tex D1.0 UI.0 VI.0 LI.0\n"
                        "(!P1) load_3d.R (M1, 8) 0x0:uw tex D2.0 UI.0 VI.0 LI.0\n"
                        "(P2.any) load_3d.R (M1, 8) 0x0:uw tex D3.0 UI.0 VI.0 LI.0\n"
                        "(P3.all) load_3d.R (M1, 8) 0x0:uw tex D4.0 UI.0 VI.0 LI.0\n"
                        "load_3d.R (M5, 8) 0x0:uw tex D5.0 UI.0 VI.0 LI.0\n"
                        "(P1) load_3d.R (M5, 8) 0x0:uw tex D6.0 UI.0 VI.0 LI.0\n"
                        "load_3d.R (M3_NM, 8) 0x0:uw tex D7.0 UI.0 VI.0 LI.0\n"
                        "(!P2.any) load_3d.R (M1, 8) 0x0:uw tex D8.0 UI.0 VI.0 LI.0\n"
                        "ret (M1, 1)\n",
     .in = {COORDS(0), U32("P1", 0, 1, 0x000a00aau), U32("P2", 0, 1, 0x00000100u),
            U32("P3", 0, 1, 0x000000ffu)},
     .out = {F32_ONLY("D1", 0, 8, 0xaa, LANES8), F32_ONLY("D2", 0, 8, 0x55, LANES8),
             F32_ONLY("D3", 0, 8, 0x00, LANES8), F32_ONLY("D4", 0, 8, 0xff, LANES8),
             F32_ONLY("D5", 0, 8, 0x0f, LANES8), F32_ONLY("D6", 0, 8, 0x0a, LANES8),
             F32_ONLY("D7", 0, 8, 0xff, LANES8), F32_ONLY("D8", 0, 8, 0xff, LANES8)}},
    /* Pixel null mask: the DWord after the data GRFs, bit l = 0 when lane l read a
     * non-resident tile, 1 otherwise (disabled lanes and lanes past exec size included)
     * (SEMANTICS 3). On sparse128x64, odd lanes read row 40 (null: R = 0), even lanes row 1
     * (R = l): lanes 1, 3, 5, 7 null, mask 0xffffffff & ~0xaa = 0xffffff55, the rest of its
     * GRF kept. The second load has lane 1 disabled (P1 = 0xfd): its bit stays 1 (0xffffff57)
     * and its data is not written. */
    {.name = "pixel null mask",
     .surface = sparse128x64,
     .body = LOAD_DECLS ".decl DST v_type=G type=f num_elts=16 align=GRF\n"
                        ".decl D2 v_type=G type=f num_elts=16 align=GRF\n"
                        ".decl P1 v_type=P num_elts=8\n"
                        "load_3d.pixel_null_mask.R (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                        "(P1) load_3d.pixel_null_mask.R (M1, 8) 0x0:uw tex D2.0 UI.0 VI.0 "
                        "LI.0\n"
                        "ret (M1, 1)\n",
     .in = {U32("UI", 0, 32, LANES8), U32("VI", 0, 32, 1, 40), U32("LI", 0, 32, 0),
            U32("P1", 0, 1, 0xfd)},
     .out = {F32("DST", 0, 8, 0, 0, 2, 0, 4, 0, 6, 0), U32("DST", 32, 1, 0xffffff55u),
             KEPT("DST", 36, 28), F32_ONLY("D2", 0, 8, 0xfd, 0, 0, 2, 0, 4, 0, 6, 0),
             U32("D2", 32, 1, 0xffffff57u), KEPT("D2", 36, 28)}},
    /* aoffimmi: U 11:8, V 7:4, R 3:0, 4-bit two's complement, added to the integer coordinates
     * (SEMANTICS 6). Immediate 0x1f0 = (U +1, V -1): lane l at (l, 2) reads (l + 1, 1): R = l +
     * 1, G = 1, lane 7 reads x = 8, outside the 8x4 level: zeros. Variable 0xe00 = U -2: lane l
     * reads (l - 2, 2): lanes 0, 1 outside (zeros), others R = l - 2, G = 2. */
    {.name = "aoffimmi",
     .surface = grid8x4,
     .body = LOAD_DECLS ".decl D1 v_type=G type=f num_elts=16 align=GRF\n"
                        ".decl D2 v_type=G type=f num_elts=16 align=GRF\n"
                        ".decl AOFF v_type=G type=uw num_elts=1 align=word\n"
                        "load_3d.RG (M1, 8) 0x1f0:uw tex D1.0 UI.0 VI.0 LI.0\n"
                        "load_3d.RG (M1, 8) AOFF(0,0)<0;1,0> tex D2.0 UI.0 VI.0 LI.0\n"
                        "ret (M1, 1)\n",
     .in = {COORDS(2), U16("AOFF", 0, 1, 0xe00)},
     .out = {F32("D1", 0, 8, 1, 2, 3, 4, 5, 6, 7, 0), F32("D1", 32, 8, 1, 1, 1, 1, 1, 1, 1, 0),
             F32("D2", 0, 8, 0, 0, 0, 1, 2, 3, 4, 5), F32("D2", 32, 8, 0, 0, 2, 2, 2, 2, 2, 2)}},
    /* 16-bit integer parameters: W sign-extends, UW zero-extends (SEMANTICS 10). u = 0xffff with
     * aoffimmi U +1: as W, -1 + 1 = 0 (texel (0, 1): R = 0, G = 1); as UW, 65535 + 1 is outside
     * the surface (zeros). Every lane. */
    {.name = "word params",
     .surface = grid8x4,
     .body = ".decl UW1 v_type=G type=w num_elts=8 align=GRF\n"
             ".decl VW1 v_type=G type=w num_elts=8 align=GRF\n"
             ".decl LW1 v_type=G type=w num_elts=8 align=GRF\n"
             ".decl UU1 v_type=G type=uw num_elts=8 align=GRF\n"
             ".decl VU1 v_type=G type=uw num_elts=8 align=GRF\n"
             ".decl LU1 v_type=G type=uw num_elts=8 align=GRF\n"
             ".decl D1 v_type=G type=f num_elts=16 align=GRF\n"
             ".decl D2 v_type=G type=f num_elts=16 align=GRF\n"
             ".decl tex v_type=T num_elts=1\n"
             ".input tex offset=8 size=4\n"
             "load_3d.RG (M1, 8) 0x100:uw tex D1.0 UW1.0 VW1.0 LW1.0\n"
             "load_3d.RG (M1, 8) 0x100:uw tex D2.0 UU1.0 VU1.0 LU1.0\n"
             "ret (M1, 1)\n",
     .in = {U16("UW1", 0, 8, 0xffff), U16("VW1", 0, 8, 1), U16("LW1", 0, 8, 0),
            U16("UU1", 0, 8, 0xffff), U16("VU1", 0, 8, 1), U16("LU1", 0, 8, 0)},
     .out = {F32("D1", 0, 8, 0), F32("D1", 32, 8, 1), F32("D2", 0, 8, 0), F32("D2", 32, 8, 0)}},
    /* Implicit derivatives read all four lanes of a quad whatever the masks (SEMANTICS 11.2).
     * 8x8 with 2 levels (B = 100 + x on each level), nearest, mip nearest. In each quad (TL, TR,
     * BL, BR) u = (0.5 + 2 (l & 1)) / 8 + quad / 2 and v = 0.5 / 8: ddx = 2/8 x 8 = 2 texels,
     * ddy = 0, LOD 1, level 1 (4x4), x = floor(4 u). TR of quad 0 (lane 1) is disabled: had its
     * u read as 0, ddx would be 0.5 texel, LOD -1, level 0, x = floor(8 u). Lane 3 (BR, u =
     * 5/16) tells them apart: level 1 gives x = 1 (B = 101), level 0 x = 2 (B = 102). Expected B
     * per lane: lanes 0, 2 (u = 1/16) 100; lane 3 101; lanes 4, 6 (u = 9/16) 102; lanes 5, 7 (u
     * = 13/16) 103; disabled lane 1 not written. */
    {.name = "quad derivatives",
     .surface = grid8x8_2,
     .sampler = smp_mip_nearest,
     .body = ".decl U v_type=G type=f num_elts=8 align=GRF\n"
             ".decl V v_type=G type=f num_elts=8 align=GRF\n"
             ".decl DST v_type=G type=f num_elts=8 align=GRF\n"
             ".decl P1 v_type=P num_elts=8\n"
             ".decl smp v_type=S num_elts=1\n"
             ".decl tex v_type=T num_elts=1\n"
             ".input smp offset=0 size=4\n"
             ".input tex offset=8 size=4\n"
             "(P1) sample_3d.B (M1, 8) 0x0:uw smp tex DST.0 U.0 V.0\n"
             "ret (M1, 1)\n",
     .in = {F32("U", 0, 8, 1 / 16.0, 5 / 16.0, 1 / 16.0, 5 / 16.0, 9 / 16.0, 13 / 16.0, 9 / 16.0,
                13 / 16.0),
            F32("V", 0, 8, 1 / 16.0), U32("P1", 0, 1, 0xfd)},
     .out = {F32_ONLY("DST", 0, 8, 0xfd, 100, 0, 100, 101, 102, 103, 102, 103)}},
    /* HF parameters widen exactly (SEMANTICS 10): u = (l + 0.5) / 8 and v = 0.125 are multiples
     * of 1/16, exact in half. Nearest, 8x4 level: lane l reads texel (l, 0): R = l, A = 1000.
     * The halves of (l + 0.5) / 8 = (2l + 1) / 16, exponent and mantissa written out: 1/16 =
     * 0x2c00, 3/16 = 0x3200, 5/16 = 0x3500, 7/16 = 0x3700, 9/16 = 0x3880, 11/16 = 0x3980, 13/16
     * = 0x3a80, 15/16 = 0x3b80; 0.125 = 0x3000. */
    {.name = "HF params",
     .surface = grid8x4,
     .sampler = smp_default,
     .body = ".decl U v_type=G type=hf num_elts=16 align=GRF\n"
             ".decl V v_type=G type=hf num_elts=16 align=GRF\n"
             ".decl DST v_type=G type=f num_elts=16 align=GRF\n"
             ".decl smp v_type=S num_elts=1\n"
             ".decl tex v_type=T num_elts=1\n"
             ".input smp offset=0 size=4\n"
             ".input tex offset=8 size=4\n"
             "sample_3d.RA (M1, 8) 0x0:uw smp tex DST.0 U.0 V.0\n"
             "ret (M1, 1)\n",
     .in = {U16("U", 0, 8, 0x2c00, 0x3200, 0x3500, 0x3700, 0x3880, 0x3980, 0x3a80, 0x3b80),
            U16("V", 0, 8, 0x3000)},
     .out = {F32("DST", 0, 8, LANES8), F32("DST", 32, 8, 1000)}},
    /* resinfo, SIMD8 UD RGBA (SEMANTICS 8): 8x4 with 3 levels; lod = l % 3: R = max(1, 8 >>
     * lod) = 8, 4, 2; G = max(1, 4 >> lod) = 4, 2, 1; B = 0 (2D); A = 3 levels; 4 GRFs. */
    {.name = "resinfo",
     .surface = grid8x4_3,
     .body = ".decl LODI v_type=G type=ud num_elts=8 align=GRF\n"
             ".decl DSTUD v_type=G type=ud num_elts=40 align=GRF\n"
             ".decl tex v_type=T num_elts=1\n"
             ".input tex offset=8 size=4\n"
             "resinfo.RGBA (M1, 8) tex LODI.0 DSTUD.0\n"
             "ret (M1, 1)\n",
     .in = {U32("LODI", 0, 8, 0, 1, 2)},
     .out = {U32("DSTUD", 0, 8, 8, 4, 2), U32("DSTUD", 32, 8, 4, 2, 1), U32("DSTUD", 64, 8, 0),
             U32("DSTUD", 96, 8, 3), KEPT("DSTUD", 128, 32)}},
    /* resinfo with an F LOD holding the integer's bits (IGC 2.x on DG2 and later: `resinfo.RG
     * (M1_NM, 16) %bss V.0 V.0` with an F LOD): the message reads the LOD as UD whatever the
     * type (docs/EXEC.md), so the bits 0, 1, 2 are the levels 0, 1, 2 and the results those of
     * the UD case above; as floats they would be 0 and two denormals. */
    {.name = "resinfo F LOD",
     .surface = grid8x4_3,
     .body = ".decl LODF v_type=G type=f num_elts=8 align=GRF\n"
             ".decl DSTUD v_type=G type=ud num_elts=40 align=GRF\n"
             ".decl tex v_type=T num_elts=1\n"
             ".input tex offset=8 size=4\n"
             "resinfo.RGBA (M1, 8) tex LODF.0 DSTUD.0\n"
             "ret (M1, 1)\n",
     .in = {U32("LODF", 0, 8, 0, 1, 2)},
     .out = {U32("DSTUD", 0, 8, 8, 4, 2), U32("DSTUD", 32, 8, 4, 2, 1), U32("DSTUD", 64, 8, 0),
             U32("DSTUD", 96, 8, 3), KEPT("DSTUD", 128, 32)}},
    /* a D LOD: its bits as UD too, so -1 is level 2^32 - 1, past the last: width, height and
     * depth 0, the level count 3 (SEMANTICS 8, the INFO rule); lanes 1, 2 read 1, 2 */
    {.name = "resinfo D LOD",
     .surface = grid8x4_3,
     .body = ".decl LODD v_type=G type=d num_elts=8 align=GRF\n"
             ".decl DSTUD v_type=G type=ud num_elts=40 align=GRF\n"
             ".decl tex v_type=T num_elts=1\n"
             ".input tex offset=8 size=4\n"
             "resinfo.RGBA (M1, 8) tex LODD.0 DSTUD.0\n"
             "ret (M1, 1)\n",
     .in = {U32("LODD", 0, 8, 0xffffffffu, 1, 2)},
     .out = {U32("DSTUD", 0, 8, 0, 4, 2), U32("DSTUD", 32, 8, 0, 2, 1), U32("DSTUD", 64, 8, 0),
             U32("DSTUD", 96, 8, 3), KEPT("DSTUD", 128, 32)}},
    /* SAMPLE_UNORM, IGC's 16-bit full layout (SEMANTICS 1): unorm16, texel (x, y) = (16 x,
     * 16 y, 7, 255); u = v = 0, du = dv = 1/16: pixel p = 8 y + x samples the corner of texel
     * (x, y); nearest gives it exactly; UNORM8 -> raw << 8. .RG: R in UW 0..31 (16 x << 8),
     * G in 32..63 (16 y << 8, 8 pixels per y); two channels only. Only lane 0 is dispatched:
     * every pixel is written all the same (channel enable ignored). */
    {.name = "SAMPLE_UNORM 16-bit full",
     .surface = unorm16,
     .sampler = smp_clamp,
     .mask = 0x1,
     .body = ".decl DSTUW v_type=G type=uw num_elts=96 align=GRF\n"
             ".decl smp v_type=S num_elts=1\n"
             ".decl tex v_type=T num_elts=1\n"
             ".input smp offset=0 size=4\n"
             ".input tex offset=8 size=4\n"
             "sample_unorm.RG.16-full smp tex 0.0:f 0.0:f 0.0625:f 0.0625:f DSTUW.0\n"
             "ret (M1, 1)\n",
     .out = {U16("DSTUW", 0, 32, 0x0000, 0x1000, 0x2000, 0x3000, 0x4000, 0x5000, 0x6000, 0x7000),
             U16("DSTUW", 64, 8, 0x0000), U16("DSTUW", 80, 8, 0x1000), U16("DSTUW", 96, 8, 0x2000),
             U16("DSTUW", 112, 8, 0x3000), KEPT("DSTUW", 128, 64)}},
    /* The documented hardware 8-bit full layout (SEMANTICS 1.4): 32 bytes per channel, the high
     * byte of each 16-bit value: R = 16 x, G = 16 y; 64 bytes only. */
    {.name = "SAMPLE_UNORM 8-bit full",
     .surface = unorm16,
     .sampler = smp_clamp,
     .mask = 0x1,
     .hw_unorm = true,
     .body = ".decl DSTUW v_type=G type=uw num_elts=96 align=GRF\n"
             ".decl smp v_type=S num_elts=1\n"
             ".decl tex v_type=T num_elts=1\n"
             ".input smp offset=0 size=4\n"
             ".input tex offset=8 size=4\n"
             "sample_unorm.RG.8-full smp tex 0.0:f 0.0:f 0.0625:f 0.0625:f DSTUW.0\n"
             "ret (M1, 1)\n",
     .out = {U8("DSTUW", 0, 32, 0, 16, 32, 48, 64, 80, 96, 112), U8("DSTUW", 32, 8, 0),
             U8("DSTUW", 40, 8, 16), U8("DSTUW", 48, 8, 32), U8("DSTUW", 56, 8, 48),
             KEPT("DSTUW", 64, 128)}},
    /* Aliases share storage: DA is BIG from byte 64; a .RG SIMD8 load into DA lands in BIG's
     * floats 16..31 (R = l, G = 1 for texel (l, 1)). ret: a predicated SIMD8 ret retires lanes
     * 0..3; the next load writes only lanes 4..7; the final ret ends the thread before the last
     * load: 4 instructions executed. */
    {.name = "alias and ret",
     .surface = grid8x4,
     .body = LOAD_DECLS ".decl BIG v_type=G type=f num_elts=64 align=GRF\n"
                        ".decl DA v_type=G type=f num_elts=16 alias=<BIG, 64>\n"
                        ".decl D2 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl D3 v_type=G type=f num_elts=8 align=GRF\n"
                        ".decl P1 v_type=P num_elts=8\n"
                        "load_3d.RG (M1, 8) 0x0:uw tex DA.0 UI.0 VI.0 LI.0\n"
                        "(P1) ret (M1, 8)\n"
                        "load_3d.R (M1, 8) 0x0:uw tex D2.0 UI.0 VI.0 LI.0\n"
                        "ret (M1, 1)\n"
                        "load_3d.R (M1, 8) 0x0:uw tex D3.0 UI.0 VI.0 LI.0\n",
     .in = {COORDS(1), U32("P1", 0, 1, 0x0f)},
     .out = {KEPT("BIG", 0, 64), F32("BIG", 64, 8, LANES8), F32("BIG", 96, 8, 1),
             KEPT("BIG", 128, 128), F32_ONLY("D2", 0, 8, 0xf0, LANES8), KEPT("D3", 0, 32)},
     .steps = 4},
};

static void run_case(const wb_case *c)
{
    vsmp_surface *s = c->surface();
    CHECK(s != NULL, "%s: surface", c->name);
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    if (c->simd)
        o.dispatch_simd = c->simd;
    if (c->mask)
        o.dispatch_mask = c->mask;
    o.hw_unorm_formats = c->hw_unorm;
    rig g;
    CHECK(rig_make(&g, c->body, c->xe2 ? VSMP_PLATFORM_XE2 : VSMP_PLATFORM_TGLLP, &o), "%s: create",
          c->name);
    if (g.m && s) {
        bind3(&g, s);
        if (c->sampler) {
            vsmp_sampler_state st;
            vsmp_sampler_state_init(&st);
            c->sampler(&st);
            CHECK(vsmp_machine_bind_sampler(g.m, 0, &st) == VSMP_OK, "%s: bind sampler", c->name);
        }
        const span *in_end = c->in + sizeof(c->in) / sizeof(c->in[0]);
        const span *out_end = c->out + sizeof(c->out) / sizeof(c->out[0]);
        for (const span *sp = c->in; sp < in_end && sp->var; sp++)
            put(&g, sp);
        for (const span *sp = c->out; sp < out_end && sp->var; sp++)
            sentinel(&g, sp->var);
        CHECK(run(&g), "%s: run", c->name);
        for (const span *sp = c->out; sp < out_end && sp->var; sp++)
            check_span(&g, c->name, sp);
        if (c->steps)
            CHECK(vsmp_machine_steps(g.m) == c->steps, "%s: %llu instructions executed (%llu)",
                  c->name, (unsigned long long)c->steps,
                  (unsigned long long)vsmp_machine_steps(g.m));
    }
    rig_free(&g);
    vsmp_surface_free(s);
}

/* ---- refusals ---- */

/* Operand geometry refused before running, and the validator reports the same rule (one
 * module computes it for both). */
static const struct refusal {
    const char *what;
    vsmp_platform plat;
    const char *rule;
    const char *body;
} refusals[] = {
    /* RGBA SIMD8 F needs 4 GRFs = 128 bytes; 24 floats are 96 */
    {"dst too small", VSMP_PLATFORM_TGLLP, "operand-bounds",
     LOAD_DECLS ".decl DST v_type=G type=f num_elts=24 align=GRF\n"
                "load_3d.RGBA (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\nret (M1, 1)\n"},
    /* with the null mask: 4 GRFs + 1 = 160 bytes; 32 floats are 128 */
    {"no room for the null mask", VSMP_PLATFORM_TGLLP, "operand-bounds",
     LOAD_DECLS ".decl DST v_type=G type=f num_elts=32 align=GRF\n"
                "load_3d.pixel_null_mask.RGBA (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                "ret (M1, 1)\n"},
    /* SIMD16 UD parameter: 64 bytes; 8 elements are 32 */
    {"parameter too small", VSMP_PLATFORM_TGLLP, "operand-bounds",
     ".decl UI v_type=G type=ud num_elts=8 align=GRF\n"
     ".decl DST v_type=G type=f num_elts=64 align=GRF\n"
     ".decl tex v_type=T num_elts=1\n"
     "load_3d.R (M1, 16) 0x0:uw tex DST.0 UI.0 UI.0 UI.0\nret (M1, 1)\n"},
    /* SIMD8 F .RG: 64 bytes on TGLLP (accepted below), 2 x 64 on Xe2 (refused) */
    {"SIMD8 .RG needs 128 bytes on Xe2", VSMP_PLATFORM_XE2, "operand-bounds",
     LOAD_DECLS ".decl DST v_type=G type=f num_elts=16 align=GRF\n"
                "load_3d.RG (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\nret (M1, 1)\n"},
    /* resinfo's LOD is 32 bits (UD; D or F holding the bits): a UW LOD is refused by both */
    {"resinfo UW LOD", VSMP_PLATFORM_TGLLP, "info-type",
     ".decl LODH v_type=G type=uw num_elts=8 align=GRF\n"
     ".decl DSTUD v_type=G type=ud num_elts=32 align=GRF\n"
     ".decl tex v_type=T num_elts=1\n"
     "resinfo.RGBA (M1, 8) tex LODH.0 DSTUD.0\nret (M1, 1)\n"},
};

static void refused(const struct refusal *r)
{
    rig g;
    CHECK(!rig_make(&g, r->body, r->plat, NULL) && g.create == VSMP_ERR_INVALID, "%s: refused",
          r->what);
    bool found = false;
    for (size_t i = 0; i < g.d.count; i++)
        found |=
            g.d.items[i].rule && strcmp(g.d.items[i].rule, r->rule) == 0 && g.d.items[i].line > 0;
    CHECK(found, "%s: diagnostic [%s] with a line", r->what, r->rule);
    if (g.mod) {
        vsmp_diags vd;
        vsmp_diags_init(&vd);
        vsmp_check_options co = {.platform = r->plat};
        CHECK(vsmp_module_check(g.mod, &co, &vd) == VSMP_ERR_INVALID, "%s: validator", r->what);
        bool vf = false;
        for (size_t i = 0; i < vd.count; i++)
            vf |= vd.items[i].rule && strcmp(vd.items[i].rule, r->rule) == 0;
        CHECK(vf, "%s: validator says [%s]", r->what, r->rule);
        vsmp_diags_free(&vd);
    }
    rig_free(&g);
}

static void test_geometry_errors(void)
{
    for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++)
        refused(&refusals[i]);
    /* the Xe2 refusal's program fits its 64 bytes on TGLLP */
    rig g;
    CHECK(rig_make(&g, refusals[3].body, VSMP_PLATFORM_TGLLP, NULL),
          "SIMD8 .RG fits 64 bytes on TGLLP");
    rig_free(&g);
}

/* An instruction the machine does not implement is refused before running, with its place. */
static void test_unimplemented(void)
{
    rig g;
    CHECK(rig_make(&g,
                   LOAD_DECLS ".decl DST v_type=G type=f num_elts=8 align=GRF\n"
                              "load_3d.R (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                              "ret (M1, 1)\n",
                   VSMP_PLATFORM_TGLLP, NULL),
          "base program");
    vsmp_machine_free(g.m);
    g.m = NULL;
    g.mod->kernels[0].insts[0].opcode = 0x17; /* SIN, which the machine has no handler for */
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    vsmp_status s = vsmp_machine_create(g.mod, 0, &o, &g.m, &g.d);
    CHECK(s == VSMP_ERR_UNSUPPORTED && !g.m, "unimplemented opcode refused (%d)", s);
    bool found = false;
    for (size_t i = 0; i < g.d.count; i++)
        found |= strcmp(g.d.items[i].rule, "exec-unsupported") == 0 &&
                 strstr(g.d.items[i].message, "instruction 0") && g.d.items[i].line == 9;
    CHECK(found, "refusal names the instruction and its line");
    rig_free(&g);
}

/* An alias whose base is itself, or a chain of aliases back to its start, is refused when the
 * kernel is planned (a binary can say so; the text parser cannot): it would otherwise have no
 * place of its own and lie over the pre-defined variables. */
static void test_alias_loops(void)
{
    static const char text[] = ".version 4.1\n.kernel \"k\"\n"
                               ".decl A v_type=G type=f num_elts=8 align=GRF\n"
                               ".decl B v_type=G type=f num_elts=8 alias=<A, 0>\n"
                               "mov (M1, 8) B(0,0)<1> 0x0:f\n"
                               "ret (M1, 1)\n";
    for (int loop = 0; loop < 2; loop++) {
        vsmp_module *mod = NULL;
        vsmp_diags d;
        vsmp_diags_init(&d);
        CHECK(vsmp_text_parse(text, sizeof(text) - 1, VSMP_DIALECT_12504, &mod, &d) == VSMP_OK,
              "alias program parses");
        if (!mod) {
            vsmp_diags_free(&d);
            continue;
        }
        vsmp_var_decl *v = mod->kernels[0].vars; /* A is var 32, B var 33 */
        if (loop == 0)
            v[1].alias = 33, v[1].alias_offset = 0; /* B aliases B */
        else
            v[0].alias = 33, v[0].alias_offset = 0; /* A aliases B, B aliases A */
        vsmp_machine *m = NULL;
        vsmp_status s = vsmp_machine_create(mod, 0, NULL, &m, &d);
        bool named = false;
        for (size_t i = 0; i < d.count; i++)
            named |= strcmp(d.items[i].rule, "alias") == 0 && strstr(d.items[i].message, "loops");
        CHECK(s == VSMP_ERR_INVALID && !m && named, "alias loop %d refused (%d)", loop, s);
        vsmp_machine_free(m);
        vsmp_module_free(mod);
        vsmp_diags_free(&d);
    }
}

/* Run-time faults: nothing bound at the index the surface variable holds. The load follows
 * two fast-path instructions, so that it runs inside their run (exec_fast.c run_group): the
 * step count still counts the three instructions that ran, the faulting one included. */
static void test_unbound(void)
{
    rig g;
    CHECK(rig_make(&g,
                   LOAD_DECLS ".decl DST v_type=G type=f num_elts=8 align=GRF\n"
                              "mov (M1, 8) DST(0,0)<1> 0x0:f\n"
                              "add (M1, 8) DST(0,0)<1> DST(0,0)<8;8,1> 0x3f800000:f\n"
                              "load_3d.R (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0 LI.0\n"
                              "ret (M1, 1)\n",
                   VSMP_PLATFORM_TGLLP, NULL),
          "unbound create");
    if (g.m) {
        uint8_t bti[4] = {9, 0, 0, 0};
        vsmp_machine_set_payload(g.m, 8, bti, 4);
        CHECK(vsmp_machine_run(g.m, &g.d) == VSMP_ERR_INVALID, "unbound surface: run fails");
        CHECK(g.d.count && strcmp(g.d.items[g.d.count - 1].rule, "exec-binding") == 0 &&
                  strstr(g.d.items[g.d.count - 1].message, "index 9"),
              "diagnostic names the index");
        CHECK(vsmp_machine_steps(g.m) == 3, "unbound surface: 3 steps, not %llu",
              (unsigned long long)vsmp_machine_steps(g.m));
    }
    rig_free(&g);
}

/* Inputs come from the payload at their .input offsets; general inputs too. */
static void test_inputs(void)
{
    vsmp_surface *s = grid8x4();
    CHECK(s != NULL, "inputs: surface");
    rig g;
    CHECK(rig_make(&g,
                   ".decl UI v_type=G type=ud num_elts=8 align=GRF\n"
                   ".decl VI v_type=G type=ud num_elts=8 align=GRF\n"
                   ".decl DST v_type=G type=f num_elts=8 align=GRF\n"
                   ".decl tex v_type=T num_elts=1\n"
                   ".input tex offset=4 size=4\n"
                   ".input UI offset=32 size=32\n"
                   ".input VI offset=64 size=32\n"
                   "load_lz.R (M1, 8) 0x0:uw tex DST.0 UI.0 VI.0\n"
                   "ret (M1, 1)\n",
                   VSMP_PLATFORM_TGLLP, NULL),
          "inputs create");
    if (!g.m || !s) {
        rig_free(&g);
        vsmp_surface_free(s);
        return;
    }
    CHECK(vsmp_machine_payload_size(g.m) == 96, "payload spans the inputs");
    uint8_t p[96];
    memset(p, 0, sizeof(p));
    p[4] = 7; /* tex = binding-table index 7 */
    for (unsigned l = 0; l < 8; l++)
        p[32 + 4 * l] = (uint8_t)(7 - l), p[64 + 4 * l] = 2;
    CHECK(vsmp_machine_set_payload(g.m, 0, p, sizeof(p)) == VSMP_OK, "payload");
    CHECK(vsmp_machine_set_payload(g.m, 90, p, 8) == VSMP_ERR_ARG, "payload bounds");
    vsmp_machine_bind_surface(g.m, 7, s);
    CHECK(run(&g), "inputs run");
    uint8_t b[32];
    bytes_of(&g, "DST", b, sizeof(b));
    bool ok = true;
    for (unsigned l = 0; l < 8; l++)
        ok &= lef(b + 4 * l) == (float)(7 - l);
    CHECK(ok, "ld_lz at (7 - l, 2) from payload inputs");
    rig_free(&g);
    vsmp_surface_free(s);
}

/* CPS LOD compensation (docs/EXEC.md 4.1; vsmp's reading of SEMANTICS 2, "Proposed emulator
 * rule (CPS)": with a coarse pixel (cx, cy) other than 1x1 and Op bit 9 or the sampler state's
 * bit set, the x- and y-derivatives are divided by cx and cy before the LOD computation).
 *
 * Surface: grid(16, 16, 5), levels 16, 8, 4, 2, 1 texels wide. SIMD8, two quads; lane l is at
 * x = l & 1, y = (l >> 1) & 1 of quad q = l >> 2:
 *   u = (0.5 + dxs x + 8 q) / 16, v = (0.5 + dys y) / 16    (multiples of 1/32: exact)
 * so in level-0 texels ddx = (dxs, 0), ddy = (0, dys), and with isotropic filtering
 * lambda = log2(max(|ddx| / cx, |ddy| / cy)) (SEM 11.3; no bias, LOD range [0, 14]).
 * `lod` returns that lambda in R (clamped to [0, 14]) and G (raw). The kernel runs
 * lod.cps, a plain lod and sample_3d.cps (nearest, mip nearest): the latter reads level
 * L = lambda, where texel (x, y) of grid holds R = x, G = y: R = floor(u (16 >> L)),
 * G = floor(v (16 >> L)). `lod` is only in the head dialect (with its paired-surface operand). */
static const char cps_body[] = ".decl U v_type=G type=f num_elts=8 align=GRF\n"
                               ".decl V v_type=G type=f num_elts=8 align=GRF\n"
                               ".decl L1 v_type=G type=f num_elts=16 align=GRF\n"
                               ".decl L2 v_type=G type=f num_elts=16 align=GRF\n"
                               ".decl S1 v_type=G type=f num_elts=16 align=GRF\n"
                               ".decl smp v_type=S num_elts=1\n"
                               ".decl tex v_type=T num_elts=1\n"
                               ".input smp offset=0 size=4\n"
                               ".input tex offset=8 size=4\n"
                               "lod.cps.RG (M1, 8) 0x0:uw smp tex L1.0 %null.0 U.0 V.0\n"
                               "lod.RG (M1, 8) 0x0:uw smp tex L2.0 %null.0 U.0 V.0\n"
                               "sample_3d.cps.RG (M1, 8) 0x0:uw smp tex S1.0 %null.0 U.0 V.0\n"
                               "ret (M1, 1)\n";

/* One coarse-pixel size, footprint (dxs, dys) in level-0 texels, and the lambdas lod.cps and the
 * plain lod return. */
typedef struct cps_row {
    unsigned cx, cy;
    bool state_bit;
    float dxs, dys, want_cps, want_plain;
    const char *what;
} cps_row;

static const cps_row cps_rows[] = {
    /* 4-texel isotropic footprint: lambda = log2 4 = 2 without compensation */
    {1, 1, false, 4, 4, 2, 2, "1x1: a no-op"},
    /* 2x2: |ddx| / 2 = |ddy| / 2 = 2 texels, lambda = log2 2 = 1: exactly one level lower */
    {2, 2, false, 4, 4, 1, 2, "2x2"},
    /* 4x4: 4 / 4 = 1 texel, lambda = 0 */
    {4, 4, false, 4, 4, 0, 2, "4x4"},
    /* only x is divided by cx: ddx = 4, ddy = 2; 2x1: max(4 / 2, 2) = 2 -> 1; 1x2: max(4, 2 / 2)
     * = 4 -> 2 (unchanged); without compensation max(4, 2) = 4 -> 2 */
    {2, 1, false, 4, 2, 1, 2, "2x1 on a 4x2 footprint"},
    {1, 2, false, 4, 2, 2, 2, "1x2 on a 4x2 footprint"},
    /* the sampler state's bit (SAMPLER_STATE bit 30) asks for it too: the plain lod also gets
     * log2(4 / 2) = 1 */
    {2, 2, true, 4, 4, 1, 1, "2x2 with the state bit"},
    /* the state bit with a 1x1 coarse pixel changes nothing */
    {1, 1, true, 4, 4, 2, 2, "1x1 with the state bit"},
};

static void cps_case(const vsmp_surface *s, const cps_row *r)
{
    const char *what = r->what;
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.coarse_x = (uint8_t)r->cx, o.coarse_y = (uint8_t)r->cy;
    rig g;
    CHECK(rig_make_in(&g, cps_body, VSMP_DIALECT_HEAD, VSMP_PLATFORM_TGLLP, &o), "%s: create",
          what);
    if (g.m && s) {
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        st.mip_filter = VSMP_MIPFILTER_NEAREST;
        st.cps_lod_compensation = r->state_bit;
        bind3(&g, s);
        CHECK(vsmp_machine_bind_sampler(g.m, 0, &st) == VSMP_OK, "%s: bind sampler", what);
        float u[8], v[8];
        for (unsigned l = 0; l < 8; l++)
            u[l] = (0.5f + r->dxs * (float)(l & 1) + 8.0f * (float)(l >> 2)) / 16.0f,
            v[l] = (0.5f + r->dys * (float)(l >> 1 & 1)) / 16.0f;
        double du[8], dv[8];
        for (unsigned l = 0; l < 8; l++)
            du[l] = u[l], dv[l] = v[l];
        put(&g, &(span){"U", 0, E_F, 8, du, 8, 0});
        put(&g, &(span){"V", 0, E_F, 8, dv, 8, 0});
        CHECK(run(&g), "%s: run", what);
        uint8_t l1[64], l2[64], s1[64];
        bytes_of(&g, "L1", l1, sizeof(l1));
        bytes_of(&g, "L2", l2, sizeof(l2));
        bytes_of(&g, "S1", s1, sizeof(s1));
        unsigned n = 16u >> (unsigned)r->want_cps;
        bool lc = true, lp = true, sm = true;
        for (unsigned l = 0; l < 8; l++) {
            lc &= lef(l1 + 4 * l) == r->want_cps && lef(l1 + 32 + 4 * l) == r->want_cps;
            lp &= lef(l2 + 4 * l) == r->want_plain && lef(l2 + 32 + 4 * l) == r->want_plain;
            sm &= lef(s1 + 4 * l) == floorf(u[l] * (float)n) &&
                  lef(s1 + 32 + 4 * l) == floorf(v[l] * (float)n);
        }
        CHECK(lc, "%s: lod.cps = %g (lane 0: %g, %g)", what, r->want_cps, lef(l1), lef(l1 + 32));
        CHECK(lp, "%s: plain lod = %g (lane 0: %g, %g)", what, r->want_plain, lef(l2),
              lef(l2 + 32));
        CHECK(sm, "%s: sample.cps reads level %g (lane 1: R %g, lane 2: G %g)", what, r->want_cps,
              lef(s1 + 4), lef(s1 + 32 + 8));
    }
    rig_free(&g);
}

static void test_cps(void)
{
    vsmp_surface *s = grid(16, 16, 5);
    CHECK(s != NULL, "16x16 surface with 5 levels");
    for (size_t i = 0; i < sizeof(cps_rows) / sizeof(cps_rows[0]); i++)
        cps_case(s, &cps_rows[i]);
    vsmp_surface_free(s);
    /* a zero coarse size is a bad option */
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.coarse_x = 0;
    rig g;
    CHECK(!rig_make_in(&g, cps_body, VSMP_DIALECT_HEAD, VSMP_PLATFORM_TGLLP, &o) &&
              g.create == VSMP_ERR_ARG,
          "coarse 0x1 refused");
    rig_free(&g);
}

/* Read and decode tests/kernels/tgllp/FILE.isa (the CHECKs name the kernel). @return the
 * module, NULL when it could not be read or decoded (its diagnostics printed). */
static vsmp_module *read_kernel(const char *kernels, const char *file, const char *name)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/tgllp/%s.isa", kernels, file);
    size_t n = 0;
    unsigned char *bin = t_read(path, &n);
    CHECK(bin != NULL, "read %s", path);
    if (!bin)
        return NULL;
    vsmp_module *mod = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status s = vsmp_module_read(bin, n, NULL, &mod, &d);
    if (s)
        vsmp_diags_print(&d, path, stderr);
    vsmp_diags_free(&d);
    CHECK(s == VSMP_OK, "%s decodes", name);
    free(bin);
    return s == VSMP_OK ? mod : NULL;
}

/* read_kernel, the module in *mod, and a TGLLP machine for it that must be made. */
static vsmp_machine *kernel_machine(const char *kernels, const char *file, const char *name,
                                    vsmp_module **mod)
{
    *mod = read_kernel(kernels, file, name);
    if (!*mod)
        return NULL;
    vsmp_machine *m = kit_create(*mod, VSMP_PLATFORM_TGLLP, NULL, NULL);
    CHECK(m != NULL, "%s plans", name);
    return m;
}

/* A real kernel: IGC's vadd (tests/kernels/tgllp/vadd_simd32.isa, OpenCL compiled by ocloc,
 * written by GenX_IR): gid = group_id * local_size + local_id + global_offset; if gid < n,
 * c[gid] = a[gid] * 2.0f + b[gid] (mov, mul, add, shl, cmp, goto, movs, gather4_scaled, mad,
 * scatter4_scaled, ret). Payload (its .input lines): local ids x as W at 32 (lanes 0..15) and
 * 64 (16..31), global offset at 224, n at 280, buffer base offsets at 284/288/292, local size at
 * 296; %r0.1 = group id x. Group 1 of 32 lanes, n = 40: lanes 0..7 (gid 32..39) run the body,
 * the others jump to the end. a[i] = i + 0.25, b[i] = 1000 - i: c[i] = 2i + 0.5 + 1000 - i =
 * 1000.5 + i for i in 32..39 (exact in float); every other c keeps 0xdeadbeef. */
static vsmp_surface *buffer64(void)
{
    return kit_surface(VSMP_SURFTYPE_1D, VSMP_FORMAT_R32_FLOAT, 64, 1, 1);
}

static void test_vadd(const char *kernels)
{
    vsmp_module *mod;
    vsmp_machine *m = kernel_machine(kernels, "vadd_simd32", "vadd", &mod);
    vsmp_surface *a = buffer64(), *b = buffer64(), *c = buffer64();
    if (m && a && b && c) {
        float *fa = vsmp_surface_get_desc(a)->data, *fb = vsmp_surface_get_desc(b)->data;
        uint32_t *uc = vsmp_surface_get_desc(c)->data;
        for (int i = 0; i < 64; i++)
            fa[i] = (float)i + 0.25f, fb[i] = 1000.0f - (float)i, uc[i] = 0xdeadbeefu;
        vsmp_machine_bind_surface(m, 0, a);
        vsmp_machine_bind_surface(m, 1, b);
        vsmp_machine_bind_surface(m, 2, c);
        uint8_t p[308];
        memset(p, 0, sizeof(p));
        for (int l = 0; l < 32; l++)
            p[32 + 2 * l] = (uint8_t)l; /* W local ids: 0..15 at 32, 16..31 at 64 */
        p[280] = 40;                    /* n */
        p[296] = 32, p[300] = 1, p[304] = 1;
        CHECK(vsmp_machine_payload_size(m) == 308, "vadd payload 308 bytes");
        vsmp_machine_set_payload(m, 0, p, sizeof(p));
        vsmp_var_info r0;
        CHECK(vsmp_machine_find(m, "%r0", &r0) == VSMP_OK, "%%r0");
        uint8_t gid[4] = {1, 0, 0, 0};
        vsmp_machine_write_var(m, VSMP_VAR_GENERAL, r0.id, 4, gid, 4);
        CHECK(kit_run(m, NULL), "vadd runs");
        bool ok = true;
        float *fc = vsmp_surface_get_desc(c)->data;
        for (int i = 0; i < 64; i++)
            ok &= (i >= 32 && i < 40) ? fc[i] == 1000.5f + (float)i : uc[i] == 0xdeadbeefu;
        CHECK(ok, "vadd: c[32..39] = 1000.5 + i, the rest untouched");
    }
    vsmp_surface_free(a);
    vsmp_surface_free(b);
    vsmp_surface_free(c);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* IGC's loop kernel (tests/kernels/tgllp/loop_simd32.isa): s = sum over i < n of
 * (buf[i] ^ (i << 3)) in a uniform loop (backward goto), then buf[gid] = s for the 32 lanes.
 * buf[i] = 0x100 (i + 1): n = 3 gives 0x100 + (0x200 ^ 8) + (0x300 ^ 0x10) = 0x618; n = 0 takes
 * the other branch (s = 0, then a scalar goto to the join). Payload: local ids x at 32/64 (W),
 * n at 264, local size at 268. buf[32..63] keep their values. */
static void test_loop(const char *kernels)
{
    vsmp_module *mod = read_kernel(kernels, "loop_simd32", "loop");
    vsmp_surface *buf = buffer64();
    for (uint32_t count = 0; mod && buf && count <= 3; count += 3) {
        vsmp_machine *m = kit_create(mod, VSMP_PLATFORM_TGLLP, NULL, NULL);
        CHECK(m != NULL, "loop plans");
        if (!m)
            break;
        uint32_t *u = vsmp_surface_get_desc(buf)->data;
        for (uint32_t i = 0; i < 64; i++)
            u[i] = 0x100u * (i + 1);
        vsmp_machine_bind_surface(m, 0, buf);
        uint8_t p[280];
        memset(p, 0, sizeof(p));
        for (int l = 0; l < 32; l++)
            p[32 + 2 * l] = (uint8_t)l;
        p[264] = (uint8_t)count;
        p[268] = 32, p[272] = 1, p[276] = 1;
        vsmp_machine_set_payload(m, 0, p, sizeof(p));
        CHECK(kit_run(m, NULL), "loop runs (n = %u)", count);
        uint32_t want = count ? 0x618u : 0u;
        bool ok = true;
        for (uint32_t i = 0; i < 64; i++)
            ok &= u[i] == (i < 32 ? want : 0x100u * (i + 1));
        CHECK(ok, "loop n = %u: buf[0..31] = 0x%x (buf[0] = 0x%x)", count, want, u[0]);
        vsmp_machine_free(m);
    }
    vsmp_surface_free(buf);
    vsmp_module_free(mod);
}

/* IGC's calls kernel (tests/kernels/tgllp/calls_simd8.isa, SIMD8): helper(a, b) = a * b +
 * (a >> 2) (asr) as a subroutine called twice; buf[gid] = helper(buf[gid], gid) +
 * helper(gid, 3). buf[i] = -(5 i + 7), gid = i (group 0, local size 8): worked per lane,
 *   i  v    v*i   v>>2  r1     3i+(i>>2)  out
 *   0  -7   0     -2    -2     0          -2
 *   1  -12  -12   -3    -15    3          -12
 *   2  -17  -34   -5    -39    6          -33
 *   3  -22  -66   -6    -72    9          -63
 *   4  -27  -108  -7    -115   13         -102
 *   5  -32  -160  -8    -168   16         -152
 *   6  -37  -222  -10   -232   19         -213
 *   7  -42  -294  -11   -305   22         -283
 * Payload: local ids x at 32 (W), global offset at 128, buffer offset at 168, local size at
 * 172. */
static void test_calls(const char *kernels)
{
    static const int32_t want[8] = {-2, -12, -33, -63, -102, -152, -213, -283};
    vsmp_module *mod;
    vsmp_machine *m = kernel_machine(kernels, "calls_simd8", "calls", &mod);
    vsmp_surface *buf = buffer64();
    if (m && buf) {
        int32_t *v = vsmp_surface_get_desc(buf)->data;
        for (int i = 0; i < 64; i++)
            v[i] = -(5 * i + 7);
        vsmp_machine_bind_surface(m, 0, buf);
        uint8_t p[184];
        memset(p, 0, sizeof(p));
        for (int l = 0; l < 8; l++)
            p[32 + 2 * l] = (uint8_t)l;
        p[172] = 8, p[176] = 1, p[180] = 1;
        vsmp_machine_set_payload(m, 0, p, sizeof(p));
        CHECK(kit_run(m, NULL), "calls runs");
        bool ok = true;
        for (int i = 0; i < 64; i++)
            ok &= v[i] == (i < 8 ? want[i] : -(5 * i + 7));
        CHECK(ok, "calls: buf[0..7] as worked out (buf[2] = %d)", v[2]);
    }
    vsmp_surface_free(buf);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* IGC's typed kernel (tests/kernels/tgllp/typed_simd32.isa): img[x, y] += 1 in every channel of
 * an int4 image, read with load_lz and written with scatter4_typed in four SIMD8 quarters (M1,
 * M3, M5, M7). One group of 8x4: lane l has local ids (l % 8, l / 8) (W, x at 32/64, y at
 * 96/128), local size (8, 4, 1) at 256. RGBA32 SINT texel (x, y) = (x, y, 10x + y, -1) becomes
 * (x + 1, y + 1, 10x + y + 1, 0). The float moves of the data keep its bits: the kernel allows
 * denormals first (%cr0 |= 0x4c0). */
static void test_typed(const char *kernels)
{
    vsmp_module *mod;
    vsmp_machine *m = kernel_machine(kernels, "typed_simd32", "typed", &mod);
    vsmp_surface *img = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R32G32B32A32_SINT, 8, 4, 1);
    CHECK(img != NULL, "int image");
    if (m && img) {
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 8; x++) {
                vsmp_texel t = {.i = {x, y, 10 * x + y, -1}};
                vsmp_surface_store(img, 0, 0, (uint32_t)x, (uint32_t)y, &t);
            }
        vsmp_machine_bind_surface(m, 0, img);
        uint8_t p[268];
        memset(p, 0, sizeof(p));
        for (int l = 0; l < 32; l++) {
            p[32 + 2 * l] = (uint8_t)(l % 8);
            p[96 + 2 * l] = (uint8_t)(l / 8);
        }
        p[256] = 8, p[260] = 4, p[264] = 1;
        vsmp_machine_set_payload(m, 0, p, sizeof(p));
        CHECK(kit_run(m, NULL), "typed runs");
        bool ok = true;
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 8; x++) {
                vsmp_texel t;
                vsmp_surface_load(img, 0, 0, (uint32_t)x, (uint32_t)y, &t);
                ok &= t.i[0] == x + 1 && t.i[1] == y + 1 && t.i[2] == 10 * x + y + 1 && t.i[3] == 0;
            }
        CHECK(ok, "typed: every texel + 1");
    }
    vsmp_surface_free(img);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* IGC's img kernel (tests/kernels/tgllp/img_simd32.isa): out[y * gw + x] = read_imagef(img,
 * sampler, (x * 0.5, y * 0.25)) through sample_lz, written with scatter4_scaled.RGBA. One group
 * of 8x4 (local ids as in test_typed), global size (8, 4, 1) at 268, local size at 288. The
 * 4x2 RGBA32F image holds (x, y, 100 + x, 1000 + y); sampler 0 nearest and wrap: u = x / 2
 * normalized is texel column floor(4 u) mod 4 = 2x mod 4, v = y / 4 is row floor(2 v) = y / 2
 * (integer). So out[y * 8 + x] = (2x mod 4, y / 2, 100 + 2x mod 4, 1000 + y / 2). */
static void test_img(const char *kernels)
{
    vsmp_module *mod;
    vsmp_machine *m = kernel_machine(kernels, "img_simd32", "img", &mod);
    vsmp_surface *img = grid(4, 2, 1);
    vsmp_surface *out = kit_surface(VSMP_SURFTYPE_1D, VSMP_FORMAT_R32G32B32A32_FLOAT, 32, 1, 1);
    CHECK(out != NULL, "out buffer");
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    if (m && img && out) {
        vsmp_machine_bind_surface(m, 0, img);
        vsmp_machine_bind_surface(m, 1, out);
        vsmp_machine_bind_sampler(m, 0, &st);
        uint8_t p[304];
        memset(p, 0, sizeof(p));
        for (int l = 0; l < 32; l++) {
            p[32 + 2 * l] = (uint8_t)(l % 8);
            p[96 + 2 * l] = (uint8_t)(l / 8);
        }
        p[268] = 8, p[272] = 4, p[276] = 1;
        p[288] = 8, p[292] = 4, p[296] = 1;
        vsmp_machine_set_payload(m, 0, p, sizeof(p));
        CHECK(kit_run(m, NULL), "img runs");
        const float *o = vsmp_surface_get_desc(out)->data;
        bool ok = true;
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 8; x++) {
                const float *t = o + 4 * (y * 8 + x);
                float c = (float)((2 * x) % 4), r2 = (float)(y / 2);
                ok &= t[0] == c && t[1] == r2 && t[2] == 100.0f + c && t[3] == 1000.0f + r2;
            }
        CHECK(ok, "img: sample_lz results written per work-item (out[9] = %g %g)", o[36], o[37]);
    }
    vsmp_surface_free(img);
    vsmp_surface_free(out);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* An exact binary16 of a value with at most 11 significant bits (inputs only). */
static uint16_t half_of(double v)
{
    if (v == 0)
        return 0;
    uint16_t sign = v < 0 ? 0x8000 : 0;
    v = fabs(v);
    int e = 0;
    while (v >= 2)
        v /= 2, e++;
    while (v < 1)
        v *= 2, e--;
    return (uint16_t)(sign | (uint16_t)((e + 15) << 10) | (uint16_t)((v - 1) * 1024));
}

/* IGC's half_k kernel (tests/kernels/tgllp/half_k_simd32.isa): x1 = buffer 1's half at 2 gid,
 * x0 = buffer 0's half at 2 gid (gather_scaled of 2 bytes, the low halves picked by a <2;1,0>
 * HF region), widened to float and added; the float goes to buffer 1 at 4 gid (all gathers come
 * first). a[g] = g + 0.5, b[g] = -2g: out[g] = 0.5 - g, exact. 32 lanes, local size 32. */
static void test_half(const char *kernels)
{
    vsmp_module *mod;
    vsmp_machine *m = kernel_machine(kernels, "half_k_simd32", "half_k", &mod);
    vsmp_surface *a = buffer64(), *b = buffer64();
    if (m && a && b) {
        uint16_t *ha = vsmp_surface_get_desc(a)->data, *hb = vsmp_surface_get_desc(b)->data;
        for (int g = 0; g < 32; g++)
            ha[g] = half_of(g + 0.5), hb[g] = half_of(-2.0 * g);
        vsmp_machine_bind_surface(m, 0, a);
        vsmp_machine_bind_surface(m, 1, b);
        uint8_t p[300];
        memset(p, 0, sizeof(p));
        for (int l = 0; l < 32; l++)
            p[32 + 2 * l] = (uint8_t)l;
        p[288] = 32, p[292] = 1, p[296] = 1;
        vsmp_machine_set_payload(m, 0, p, sizeof(p));
        CHECK(kit_run(m, NULL), "half_k runs");
        const float *o = vsmp_surface_get_desc(b)->data;
        bool ok = true;
        for (int g = 0; g < 32; g++)
            ok &= o[g] == 0.5f - (float)g;
        CHECK(ok, "half_k: out[g] = 0.5 - g (out[3] = %g)", o[3]);
    }
    vsmp_surface_free(a);
    vsmp_surface_free(b);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

int main(int argc, char **argv)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        run_case(&cases[i]);
    test_inputs();
    test_cps();
    test_geometry_errors();
    test_unimplemented();
    test_alias_loops();
    test_unbound();
    if (argc > 1)
        test_vadd(argv[1]), test_loop(argv[1]), test_calls(argv[1]), test_typed(argv[1]),
            test_img(argv[1]), test_half(argv[1]);
    return t_finish();
}
