/* SPDX-License-Identifier: MIT */
/*
 * Typed writes (scatter4_typed): the conversions into the surface's format by hand (integers
 * saturate as the data port and OpenCL's convert_*_sat do; UNORM and SNORM clamp and round to
 * nearest even; channels not written keep their bits), then the fast path (src/exec/
 * exec_typed.c) against the reference on random messages at every CPU level the host has,
 * every byte of the surface compared. Links the internal objects to ask which path the
 * instruction was planned on and which kernel a format takes.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

/* internal (src/exec/exec_typed.h) */
bool vsmp_x_is_typed_fast(const vsmp_machine *m, uint32_t index);
const char *vsmp_x_typed_store_kernel(const vsmp_format_info *fi, unsigned mask);

/* ---- machines ---- */

static const char *const mask_names[16] = {"",    ".R",   ".G",   ".RG",  ".B",  ".RB",
                                           ".GB", ".RGB", ".A",   ".RA",  ".GA", ".RGA",
                                           ".BA", ".RBA", ".GBA", ".RGBA"};

/* scatter4_typed of the channels in @p mask at SIMD @p simd under P1, LOD from L (or %null),
 * the surface's binding-table index at payload offset 8. */
static vsmp_module *program(unsigned mask, unsigned simd, bool lod)
{
    char text[2048];
    snprintf(text, sizeof(text),
             ".version 4.1\n.kernel \"t\"\n"
             ".decl U v_type=G type=ud num_elts=32 align=GRF\n"
             ".decl V v_type=G type=ud num_elts=32 align=GRF\n"
             ".decl R v_type=G type=ud num_elts=32 align=GRF\n"
             ".decl L v_type=G type=ud num_elts=32 align=GRF\n"
             ".decl D v_type=G type=ud num_elts=128 align=GRF\n"
             ".decl P1 v_type=P num_elts=32\n"
             ".decl img v_type=T num_elts=1\n"
             ".input img offset=8 size=4\n"
             "(P1) scatter4_typed%s (M1, %u) img U.0 V.0 R.0 %s D.0\n"
             "ret (M1, 1)\n",
             mask_names[mask], simd, lod ? "L.0" : "%null.0");
    vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
    CHECK(mod != NULL, "parse scatter4_typed%s SIMD%u", mask_names[mask], simd);
    return mod;
}

/* A SIMD16 machine planned at CPU level @p cpu. */
static vsmp_machine *machine(const vsmp_module *mod, unsigned cpu, vsmp_platform plat)
{
    if (!mod)
        return NULL;
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 32;
    vsmp_machine *m = kit_create_at(mod, cpu, plat, &o, NULL);
    CHECK(m != NULL, "machine at level %#x", cpu);
    return m;
}

/* Bind @p s, set the lanes @p pred, the coordinates and data (channel k of lane l at
 * D[16 k + l] for SIMD16; SIMD8 channels are 8 apart), and run. */
static bool run(vsmp_machine *m, vsmp_surface *s, uint32_t pred, const uint32_t *u,
                const uint32_t *v, const uint32_t *r, const uint32_t *l, const uint32_t *data)
{
    uint8_t bti[4] = {3, 0, 0, 0};
    CHECK(vsmp_machine_bind_surface(m, 3, s) == VSMP_OK, "bind");
    CHECK(vsmp_machine_set_payload(m, 8, bti, 4) == VSMP_OK, "payload");
    kit_put(m, "U", u, 128);
    kit_put(m, "V", v, 128);
    kit_put(m, "R", r, 128);
    kit_put(m, "L", l, 128);
    kit_put(m, "D", data, 512);
    kit_put(m, "P1", &pred, 4);
    return kit_run(m, NULL);
}

static vsmp_surface *surface(vsmp_format f, vsmp_surface_type type, uint32_t w, uint32_t h,
                             uint32_t depth, uint32_t layers, uint32_t levels)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = f, d.type = type, d.width = w, d.height = h, d.depth = depth;
    d.array = layers > 1, d.array_len = layers, d.levels = levels;
    vsmp_surface *s = NULL;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "surface");
    return s;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* ---- the conversions by hand ---- */

typedef struct hand {
    const char *name;
    vsmp_format format;
    unsigned mask;
    uint32_t data[4][8]; /* channel k (of those written) of lane l: integers */
    double f[4][8];      /* or floats, when flt */
    bool flt;
    uint8_t before[16];   /* every texel's bytes before the write */
    uint8_t after[8][16]; /* texel l after it */
} hand;

#define NEG(x) ((uint32_t) - (int32_t)(x))

static const hand hands[] = {
    /* SINT8: clamped to [-128, 127] as a signed word (convert_char_sat) */
    {"R8_SINT",
     VSMP_FORMAT_R8_SINT,
     1,
     {{NEG(200), NEG(128), NEG(129), 127, 128, 300, 0x7fffffffu, 0x80000000u}},
     {{0}},
     false,
     {0},
     {{0x80}, {0x80}, {0x80}, {0x7f}, {0x7f}, {0x7f}, {0x7f}, {0x80}}},
    /* UINT8: min(word, 255) as an unsigned word (convert_uchar_sat of write_imageui's uint):
     * 0xfffffffb (-5 as a uint) -> 255; G = lane, B = 1000 -> 255, A = 0xffffffff -> 255 */
    {"R8G8B8A8_UINT",
     VSMP_FORMAT_R8G8B8A8_UINT,
     0xf,
     {{300, NEG(5), 255, 256, 0, 1, 70000, 0x80000000u},
      {0, 1, 2, 3, 4, 5, 6, 7},
      {1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000},
      {~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u}},
     {{0}},
     false,
     {0},
     {{255, 0, 255, 255},
      {255, 1, 255, 255},
      {255, 2, 255, 255},
      {255, 3, 255, 255},
      {0, 4, 255, 255},
      {1, 5, 255, 255},
      {255, 6, 255, 255},
      {255, 7, 255, 255}}},
    /* SINT16: clamped to [-32768, 32767]; little-endian bytes */
    {"R16_SINT",
     VSMP_FORMAT_R16_SINT,
     1,
     {{70000, NEG(70000), 32767, 32768, NEG(32768), NEG(32769), NEG(5), 0}},
     {{0}},
     false,
     {0},
     {{0xff, 0x7f},
      {0x00, 0x80},
      {0xff, 0x7f},
      {0xff, 0x7f},
      {0x00, 0x80},
      {0x00, 0x80},
      {0xfb, 0xff},
      {0x00, 0x00}}},
    /* UINT16: min(word, 65535): 70000 -> 65535; G = lane, B = 0, A = 0x12345 -> 65535 */
    {"R16G16B16A16_UINT",
     VSMP_FORMAT_R16G16B16A16_UINT,
     0xf,
     {{70000, 65535, 65536, NEG(5), 5, 0, 0x10000, 0x7fffffff},
      {0, 1, 2, 3, 4, 5, 6, 7},
      {0},
      {0x12345, 0x12345, 0x12345, 0x12345, 0x12345, 0x12345, 0x12345, 0x12345}},
     {{0}},
     false,
     {0},
     {{0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff},
      {0xff, 0xff, 1, 0, 0, 0, 0xff, 0xff},
      {0xff, 0xff, 2, 0, 0, 0, 0xff, 0xff},
      {0xff, 0xff, 3, 0, 0, 0, 0xff, 0xff},
      {5, 0, 4, 0, 0, 0, 0xff, 0xff},
      {0, 0, 5, 0, 0, 0, 0xff, 0xff},
      {0xff, 0xff, 6, 0, 0, 0, 0xff, 0xff},
      {0xff, 0xff, 7, 0, 0, 0, 0xff, 0xff}}},
    /* UNORM8: NaN -> 0, clamp to [0, 1], times 255, nearest even:
     * R: 0.5 -> 127.5 -> 128 (the even one); -0.1 -> 0; 2 -> 255; NaN -> 0; inf -> 255;
     *    -inf -> 0; 0.75 -> 191.25 -> 191; -0 -> 0
     * G: 0.25 -> 63.75 -> 64; 1 -> 255; 0 -> 0; 1e-9 -> 0; 0.998 -> 254.49 -> 254;
     *    0.002 -> 0.51 -> 1; 0.5 -> 128; 0.2 (0.2000000030) -> 51.0000008 -> 51
     * B = 1 -> 255, A = 0 -> 0 */
    {"R8G8B8A8_UNORM",
     VSMP_FORMAT_R8G8B8A8_UNORM,
     0xf,
     {{0}},
     {{0.5, -0.1, 2.0, NAN, INFINITY, -INFINITY, 0.75, -0.0},
      {0.25, 1.0, 0.0, 1e-9, 0.998, 0.002, 0.5, 0.2},
      {1, 1, 1, 1, 1, 1, 1, 1},
      {0}},
     true,
     {0},
     {{128, 64, 255, 0},
      {0, 255, 255, 0},
      {255, 0, 255, 0},
      {0, 0, 255, 0},
      {255, 254, 255, 0},
      {0, 1, 255, 0},
      {191, 128, 255, 0},
      {0, 51, 255, 0}}},
    /* SNORM8: clamp to [-1, 1], times 127, nearest even: -1 and -2 -> -127 (0x81, never
     * 0x80); 0.5 -> 63.5 -> 64; -0.5 -> -64 (0xc0); 1 -> 127; NaN -> 0; 0.25 -> 31.75 -> 32;
     * -0.25 -> -32 (0xe0). Written: R alone; G, B, A keep 0x80 (-128, which would come back
     * as 0x81 if the texel were decoded and encoded again) */
    {"R8G8B8A8_SNORM .R",
     VSMP_FORMAT_R8G8B8A8_SNORM,
     1,
     {{0}},
     {{-1.0, -2.0, 0.5, -0.5, 1.0, -NAN, 0.25, -0.25}},
     true,
     {0x11, 0x80, 0x80, 0x80},
     {{0x81, 0x80, 0x80, 0x80},
      {0x81, 0x80, 0x80, 0x80},
      {0x40, 0x80, 0x80, 0x80},
      {0xc0, 0x80, 0x80, 0x80},
      {0x7f, 0x80, 0x80, 0x80},
      {0x00, 0x80, 0x80, 0x80},
      {0x20, 0x80, 0x80, 0x80},
      {0xe0, 0x80, 0x80, 0x80}}},
    /* UNORM16: 0.5 -> 32767.5 -> 32768 (even); 1.5 -> 65535; -1 -> 0; 0.25 -> 16383.75 ->
     * 16384; 0.75 -> 49151.25 -> 49151; NaN -> 0; 1 -> 65535; 0.1 (0.100000001490) ->
     * 6553.50009766 -> 6554 */
    {"R16_UNORM",
     VSMP_FORMAT_R16_UNORM,
     1,
     {{0}},
     {{0.5, 1.5, -1.0, 0.25, 0.75, NAN, 1.0, 0.1}},
     true,
     {0},
     {{0x00, 0x80},
      {0xff, 0xff},
      {0x00, 0x00},
      {0x00, 0x40},
      {0xff, 0xbf},
      {0x00, 0x00},
      {0xff, 0xff},
      {0x9a, 0x19}}},
    /* binary16, R alone: 1 -> 0x3c00, 65520 -> inf (0x7c00), -2 -> 0xc000, 2^-25 (a tie with
     * 0) -> 0; G holds the signalling NaN 0x7c01 and keeps it */
    {"R16G16_FLOAT .R",
     VSMP_FORMAT_R16G16_FLOAT,
     1,
     {{0}},
     {{1.0, 65520.0, -2.0, 0x1p-25, 1.0, 1.0, 1.0, 1.0}},
     true,
     {0, 0, 0x01, 0x7c},
     {{0x00, 0x3c, 0x01, 0x7c},
      {0x00, 0x7c, 0x01, 0x7c},
      {0x00, 0xc0, 0x01, 0x7c},
      {0x00, 0x00, 0x01, 0x7c},
      {0x00, 0x3c, 0x01, 0x7c},
      {0x00, 0x3c, 0x01, 0x7c},
      {0x00, 0x3c, 0x01, 0x7c},
      {0x00, 0x3c, 0x01, 0x7c}}},
};

/* Each case SIMD8 on an 8x1 surface, lane l at texel (l, 0), at every level. */
static void test_hand(const unsigned *lv, unsigned nlev)
{
    for (size_t i = 0; i < sizeof(hands) / sizeof(hands[0]); i++) {
        const hand *c = &hands[i];
        const vsmp_format_info *fi = vsmp_format_get(c->format);
        vsmp_module *mod = program(c->mask, 8, false);
        for (unsigned li = 0; li < nlev && mod; li++) {
            vsmp_machine *m = machine(mod, lv[li], VSMP_PLATFORM_TGLLP);
            vsmp_surface *s = surface(c->format, VSMP_SURFTYPE_2D, 8, 1, 1, 1, 1);
            if (!m || !s) {
                vsmp_machine_free(m);
                vsmp_surface_free(s);
                continue;
            }
            uint8_t *mem = vsmp_surface_get_desc(s)->data;
            for (unsigned x = 0; x < 8; x++)
                memcpy(mem + x * fi->bytes, c->before, fi->bytes);
            uint32_t u[32] = {0, 1, 2, 3, 4, 5, 6, 7}, z[32] = {0}, data[128] = {0};
            for (unsigned k = 0; k < 4; k++)
                for (unsigned l = 0; l < 8; l++)
                    data[8 * k + l] = c->flt ? fbits((float)c->f[k][l]) : c->data[k][l];
            CHECK(run(m, s, 0xff, u, z, z, z, data), "%s: run", c->name);
            for (unsigned x = 0; x < 8; x++)
                CHECK(!memcmp(mem + x * fi->bytes, c->after[x], fi->bytes),
                      "%s at level %#x: texel %u is %02x %02x %02x %02x, expected %02x %02x "
                      "%02x %02x",
                      c->name, lv[li], x, mem[x * fi->bytes],
                      fi->bytes > 1 ? mem[x * fi->bytes + 1] : 0,
                      fi->bytes > 2 ? mem[x * fi->bytes + 2] : 0,
                      fi->bytes > 3 ? mem[x * fi->bytes + 3] : 0, c->after[x][0], c->after[x][1],
                      c->after[x][2], c->after[x][3]);
            vsmp_machine_free(m);
            vsmp_surface_free(s);
        }
        vsmp_module_free(mod);
    }
}

/* ---- the fast path against the reference ---- */

static uint64_t rng_state;

static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 32);
}

/* A data word: floats near every rounding boundary of 8- and 16-bit UNORM and SNORM, NaNs
 * with payloads and signs, infinities, zeros, subnormals, binary16 edges, integers at and past
 * every width's limits, and random bits. */
static uint32_t datum(void)
{
    static const uint32_t special[] = {
        0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff812345u, 0x7f800000u, 0xff800000u,
        0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x3f800000u, 0xbf800000u,
        0x477ff000u, 0x477fefffu, 0x33000000u, 0x33000001u, 0x38800000u, 0x387fffffu,
        0x000000ffu, 0x00000100u, 0x0000ffffu, 0x00010000u, 0x7fffffffu, 0xffffff80u,
        0xffffff7fu, 0xffff8000u, 0xffff7fffu, 0x0000007fu, 0x00000080u, 0x00007fffu,
    };
    uint32_t r = rnd();
    switch (r % 6) {
    case 0:
        return special[(r >> 8) % (sizeof(special) / sizeof(special[0]))];
    case 1: { /* (k + 0.5) / 255 or / 65535, a few ulps either side */
        double den = (r >> 8) & 1 ? 65535.0 : 255.0;
        float f = (float)(((double)((r >> 9) % 255) + 0.5) / den);
        return (fbits(f) + ((r >> 20) % 5) - 2) | ((r >> 25) & 1u) << 31;
    }
    case 2: { /* (k + 0.5) / 127 or / 32767 */
        double den = (r >> 8) & 1 ? 32767.0 : 127.0;
        float f = (float)(((double)((r >> 9) % 127) + 0.5) / den);
        return (fbits(f) + ((r >> 20) % 5) - 2) | ((r >> 25) & 1u) << 31;
    }
    case 3: /* floats in [-2, 2) */
        return fbits((float)((int32_t)rnd() >> 8) / (float)(1 << 22));
    case 4: /* small integers, either sign */
        return (uint32_t)((int32_t)(rnd() % 140000u) - 70000);
    default:
        return rnd();
    }
}

/* A coordinate below @p n mostly; else just past it, or far past */
static uint32_t coord(uint32_t n)
{
    uint32_t r = rnd();
    if (r % 8 == 0)
        return n + (r >> 8) % 3;
    if (r % 16 == 1)
        return (r & 0x100) ? 0xffffffffu : 0x80000000u;
    return (r >> 8) % n;
}

typedef struct shape {
    const char *name;
    vsmp_surface_type type;
    uint32_t w, h, depth, layers, levels;
} shape;

static const shape shapes[] = {
    {"2D 5x3, 3 levels", VSMP_SURFTYPE_2D, 5, 3, 1, 1, 3},
    {"2D array 4x3x3", VSMP_SURFTYPE_2D, 4, 3, 1, 3, 1},
    {"1D array 7x2", VSMP_SURFTYPE_1D, 7, 1, 1, 2, 2},
    {"3D 4x3x3", VSMP_SURFTYPE_3D, 4, 3, 3, 1, 2},
    {"2D 40x3, 2 levels", VSMP_SURFTYPE_2D, 40, 3, 1, 1, 2}, /* rows of 32 lanes inside */
    {"2D array 20x2x2", VSMP_SURFTYPE_2D, 20, 2, 1, 2, 1},
};

/* The programs: every channel mask at SIMD16; some at SIMD8, with a LOD operand, at SIMD32 and
 * on Xe2's 64-byte GRF */
typedef struct prog {
    unsigned mask, simd;
    bool lod;
    vsmp_platform plat;
} prog;

static unsigned progs(prog *p)
{
    unsigned n = 0;
    for (unsigned mask = 1; mask < 16; mask++)
        p[n++] = (prog){mask, 16, false, VSMP_PLATFORM_TGLLP};
    static const unsigned some[] = {0xf, 0x1, 0x5, 0xa, 0x7, 0xe};
    for (unsigned i = 0; i < sizeof(some) / sizeof(some[0]); i++) {
        p[n++] = (prog){some[i], 8, false, VSMP_PLATFORM_TGLLP};
        p[n++] = (prog){some[i], 16, true, VSMP_PLATFORM_TGLLP};
    }
    /* SIMD32, and the 64-byte GRF of Xe2 (a channel every 16 lanes at SIMD8) */
    static const unsigned wide[] = {0xf, 0x3, 0x9};
    for (unsigned i = 0; i < sizeof(wide) / sizeof(wide[0]); i++) {
        p[n++] = (prog){wide[i], 32, false, VSMP_PLATFORM_TGLLP};
        p[n++] = (prog){wide[i], 8, false, VSMP_PLATFORM_XE2};
        p[n++] = (prog){wide[i], 32, true, VSMP_PLATFORM_XE2};
    }
    return n;
}

static void test_identity(const unsigned *lv, unsigned nlev)
{
    prog ps[48];
    unsigned np = progs(ps);
    vsmp_module *mods[48];
    vsmp_machine *ms[48][4];
    for (unsigned p = 0; p < np; p++) {
        mods[p] = program(ps[p].mask, ps[p].simd, ps[p].lod);
        for (unsigned li = 0; li < nlev; li++) {
            ms[p][li] = machine(mods[p], lv[li], ps[p].plat);
            if (ms[p][li])
                CHECK(vsmp_x_is_typed_fast(ms[p][li], 0) == (lv[li] != 0),
                      "scatter4_typed%s planned %s at level %#x", mask_names[ps[p].mask],
                      lv[li] ? "on the fast path" : "on the reference", lv[li]);
        }
    }
    unsigned formats = 0, fast_formats = 0, compared = 0, bad = 0;
    for (size_t fidx = 0; fidx < vsmp_format_count(); fidx++) {
        const vsmp_format_info *fi = vsmp_format_at(fidx);
        if (fi->planes != 1 || fi->bc || fi->yuv || fi->block_w != 1 || fi->block_h != 1)
            continue;
        formats++;
        fast_formats += vsmp_x_typed_store_kernel(fi, 0xf) != NULL;
        for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++) {
            const shape *sh = &shapes[si];
            vsmp_surface *s[4] = {NULL};
            for (unsigned li = 0; li < nlev; li++)
                s[li] =
                    surface(fi->format, sh->type, sh->w, sh->h, sh->depth, sh->layers, sh->levels);
            size_t size = s[0] ? vsmp_surface_get_desc(s[0])->data_size : 0;
            for (unsigned p = 0; p < np && s[0]; p++) {
                for (unsigned round = 0; round < 5; round++) {
                    rng_state = 0x7e5700000ull + fidx * 100003u + si * 1009u + p * 31u + round;
                    uint8_t *mem0 = vsmp_surface_get_desc(s[0])->data;
                    for (size_t b = 0; b < size; b++)
                        mem0[b] = (uint8_t)rnd();
                    /* every level from the same bytes, before any run (a texel a level fails
                     * to write differs) */
                    for (unsigned li = 1; li < nlev; li++)
                        memcpy(vsmp_surface_get_desc(s[li])->data, mem0, size);
                    uint32_t u[32], v[32], r[32], l[32], data[128];
                    uint32_t lod = rnd() % 4; /* 2 and 3 are past some shapes' levels */
                    for (unsigned k = 0; k < 32; k++) {
                        u[k] = coord(sh->w);
                        v[k] = coord(sh->type == VSMP_SURFTYPE_1D ? sh->layers : sh->h);
                        r[k] = coord(sh->type == VSMP_SURFTYPE_3D ? sh->depth : sh->layers);
                        l[k] = rnd() % 8 == 0 ? rnd() % 3 : lod; /* mostly one LOD */
                    }
                    if (round >= 3) { /* a row: (u0 + k, v, r), as a kernel at its global IDs */
                        static const uint32_t far[] = {0xffffffe0u, 0xfffffff8u, 0x7ffffff8u};
                        uint32_t u0 = rnd() % 3 == 0 ? far[rnd() % 3] : rnd() % (sh->w + 2);
                        if (round == 4 && rnd() % 2)
                            u0 = 0;
                        for (unsigned k = 0; k < 32; k++)
                            u[k] = u0 + k, v[k] = v[0], r[k] = r[0], l[k] = lod;
                        if (rnd() % 4 == 0) { /* one lane off the row, enabled or not */
                            uint32_t k = rnd() % 32, axis = rnd() % 3;
                            uint32_t *c = axis == 0 ? u : axis == 1 ? v : r;
                            c[k] ^= 1;
                        }
                    } else if (rnd() % 4 == 0) {
                        /* lanes onto one texel: the last lane's value stays */
                        u[6] = u[3], v[6] = v[3], r[6] = r[3], u[13] = u[1], v[13] = v[1],
                        r[13] = r[1];
                    }
                    for (unsigned k = 0; k < 128; k++)
                        data[k] = datum();
                    uint32_t pred = rnd() % 3 == 0 ? ~0u : rnd();
                    for (unsigned li = 0; li < nlev; li++) {
                        CHECK(ms[p][li] && run(ms[p][li], s[li], pred, u, v, r, l, data), "run %s",
                              fi->name);
                    }
                    for (unsigned li = 1; li < nlev; li++) {
                        const uint8_t *a = vsmp_surface_get_desc(s[0])->data;
                        const uint8_t *b = vsmp_surface_get_desc(s[li])->data;
                        compared++;
                        if (memcmp(a, b, size) && bad++ < 10) {
                            size_t at = 0;
                            while (a[at] == b[at])
                                at++;
                            CHECK(false,
                                  "%s, %s, scatter4_typed%s SIMD%u%s%s round %u, level %#x: "
                                  "byte %zu is %02x, the reference's %02x",
                                  fi->name, sh->name, mask_names[ps[p].mask], ps[p].simd,
                                  ps[p].lod ? " LOD" : "",
                                  ps[p].plat == VSMP_PLATFORM_XE2 ? " Xe2" : "", round, lv[li], at,
                                  b[at], a[at]);
                        }
                    }
                }
            }
            for (unsigned li = 0; li < nlev; li++)
                vsmp_surface_free(s[li]);
        }
    }
    CHECK(bad == 0, "%u of %u messages differ from the reference", bad, compared);
    printf("%u formats (%u on the fast path), %u messages compared at %u fast levels\n", formats,
           fast_formats, compared, nlev - 1);
    for (unsigned p = 0; p < np; p++) {
        for (unsigned li = 0; li < nlev; li++)
            vsmp_machine_free(ms[p][li]);
        vsmp_module_free(mods[p]);
    }
}

/* Many messages on one binding (what the instruction's first message keeps of the surface
 * serves the next ones: exec_typed.c vsmp_x_typed_row): RGBA8 UINT, SINT and UNORM, BGRA8
 * UNORM, R8 UNORM and UINT at SIMD8, 16 and 32 with LOD %null; rows inside, across the row's
 * end, starting past it, below the surface, a lane off the row, lanes off; data past 255 (the
 * UNORM ones: datum's floats) and each message's surface compared with the reference's. */
static void test_one_binding(const unsigned *lv, unsigned nlev)
{
    static const vsmp_format fmts[] = {VSMP_FORMAT_R8G8B8A8_UINT,  VSMP_FORMAT_R8G8B8A8_SINT,
                                       VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_B8G8R8A8_UNORM,
                                       VSMP_FORMAT_R8_UNORM,       VSMP_FORMAT_R8_UINT};
    static const char *const names[] = {"RGBA8 UINT",  "RGBA8 SINT", "RGBA8 UNORM",
                                        "BGRA8 UNORM", "R8 UNORM",   "R8 UINT"};
    static const unsigned simds[3] = {8, 16, 32};
    unsigned bad = 0, msgs = 0;
    for (unsigned fi = 0; fi < sizeof(fmts) / sizeof(fmts[0]); fi++)
        for (unsigned si = 0; si < 3; si++) {
            vsmp_module *mod = program(0xf, simds[si], false);
            vsmp_machine *m[4] = {NULL};
            vsmp_surface *sf[4] = {NULL};
            uint8_t bti[4] = {3, 0, 0, 0};
            for (unsigned li = 0; li < nlev && mod; li++) {
                m[li] = machine(mod, lv[li], VSMP_PLATFORM_TGLLP);
                sf[li] = surface(fmts[fi], VSMP_SURFTYPE_2D, 40, 3, 1, 1, 2);
                if (m[li] && sf[li]) {
                    CHECK(vsmp_machine_bind_surface(m[li], 3, sf[li]) == VSMP_OK, "bind");
                    CHECK(vsmp_machine_set_payload(m[li], 8, bti, 4) == VSMP_OK, "payload");
                }
            }
            for (unsigned round = 0; round < 24 && mod; round++) {
                rng_state = 0xb1d0000ull + fi * 1009u + si * 101u + round;
                uint32_t u[32], v[32], r[32] = {0}, l[32] = {0}, data[128], pred = ~0u;
                /* round 3, 11, 19: the last lane one past the row's end */
                uint32_t u0 = round % 8 == 3   ? 41 - simds[si]
                              : round % 4 == 3 ? 40 - rnd() % 8
                                               : rnd() % 9,
                         y = rnd() % 4;
                for (unsigned k = 0; k < 32; k++)
                    u[k] = u0 + k, v[k] = y;
                if (round % 5 == 4)
                    u[rnd() % simds[si]] += 3;
                if (round % 6 == 5)
                    pred = rnd();
                bool unorm = fi == 2 || fi == 3 || fi == 4;
                for (unsigned k = 0; k < 128; k++)
                    data[k] = unorm ? datum() : rnd() % 3 ? rnd() % 256 : rnd();
                for (unsigned li = 0; li < nlev; li++) {
                    if (!m[li] || !sf[li])
                        continue;
                    kit_put(m[li], "U", u, 128);
                    kit_put(m[li], "V", v, 128);
                    kit_put(m[li], "R", r, 128);
                    kit_put(m[li], "L", l, 128);
                    kit_put(m[li], "D", data, 512);
                    kit_put(m[li], "P1", &pred, 4);
                    CHECK(kit_run(m[li], NULL), "run");
                }
                for (unsigned li = 1; li < nlev; li++) {
                    const vsmp_surface_desc *a = vsmp_surface_get_desc(sf[0]),
                                            *b = vsmp_surface_get_desc(sf[li]);
                    msgs++;
                    if (memcmp(a->data, b->data, a->data_size) && bad++ < 5)
                        CHECK(false,
                              "one binding, %s SIMD%u round %u at level %#x: the surface "
                              "differs from the reference's",
                              names[fi], simds[si], round, lv[li]);
                }
            }
            for (unsigned li = 0; li < nlev; li++) {
                vsmp_machine_free(m[li]);
                vsmp_surface_free(sf[li]);
            }
            vsmp_module_free(mod);
        }
    CHECK(bad == 0, "%u of %u messages on one binding differ from the reference", bad, msgs);
}

/* One machine writing a row into two surfaces by turns, each at two levels: what the fast path
 * keeps of a surface between messages (its format, its level's size) follows the binding, and
 * every level writes what the reference does. */
static void test_rebind(const unsigned *lv, unsigned nlev)
{
    vsmp_module *mod = program(0xf, 16, true);
    vsmp_surface *big[4] = {NULL}, *small[4] = {NULL};
    vsmp_machine *m[4] = {NULL};
    for (unsigned li = 0; li < nlev && mod; li++) {
        m[li] = machine(mod, lv[li], VSMP_PLATFORM_TGLLP);
        big[li] = surface(VSMP_FORMAT_R8G8B8A8_UINT, VSMP_SURFTYPE_2D, 40, 3, 1, 1, 2);
        small[li] = surface(VSMP_FORMAT_R8G8B8A8_SINT, VSMP_SURFTYPE_2D, 6, 3, 1, 1, 2);
        CHECK(m[li] && big[li] && small[li], "machine and surfaces");
        if (!m[li] || !big[li] || !small[li])
            goto done;
    }
    for (unsigned round = 0; round < 8; round++) {
        uint32_t u[32], v[32], r[32] = {0}, l[32], data[128];
        for (unsigned k = 0; k < 32; k++)
            u[k] = k + round % 3, v[k] = 1, l[k] = round / 2 % 2;
        for (unsigned k = 0; k < 128; k++)
            data[k] = (uint32_t)(k * 37u + round) % 300u;
        for (unsigned li = 0; li < nlev; li++)
            CHECK(run(m[li], round % 2 ? small[li] : big[li], ~0u, u, v, r, l, data), "run");
    }
    for (unsigned li = 1; li < nlev; li++) {
        const vsmp_surface_desc *a = vsmp_surface_get_desc(big[0]),
                                *b = vsmp_surface_get_desc(big[li]);
        const vsmp_surface_desc *c = vsmp_surface_get_desc(small[0]),
                                *e = vsmp_surface_get_desc(small[li]);
        CHECK(!memcmp(a->data, b->data, a->data_size) && !memcmp(c->data, e->data, c->data_size),
              "two surfaces by turns at level %#x: as the reference", lv[li]);
    }
done:
    for (unsigned li = 0; li < nlev; li++) {
        vsmp_machine_free(m[li]);
        vsmp_surface_free(big[li]);
        vsmp_surface_free(small[li]);
    }
    vsmp_module_free(mod);
}

/* One instruction writing three surfaces bound at once (binding-table entries 3, 4 and 5: RGBA8
 * UINT 40 and 6 texels wide, RGBA8 SINT 40 wide), the entry chosen per message through the
 * payload with no binding in between: what vsmp_x_typed_row keeps of a surface (its base,
 * pitch and size, or that the message does not take it) follows the surface each message names.
 * Rows inside each, rows of the narrow one that pass its end, and rows inside the SINT one
 * (neither may be stored whole as UINT: data past 127 tells); every level writes what the
 * reference does. */
static void test_two_bindings(const unsigned *lv, unsigned nlev)
{
    vsmp_module *mod = program(0xf, 8, false);
    vsmp_surface *sf[3][4] = {{NULL}};
    vsmp_machine *m[4] = {NULL};
    static const vsmp_format fmt[3] = {VSMP_FORMAT_R8G8B8A8_UINT, VSMP_FORMAT_R8G8B8A8_UINT,
                                       VSMP_FORMAT_R8G8B8A8_SINT};
    static const uint32_t width[3] = {40, 6, 40};
    static const char *const names[3] = {"the wide UINT", "the narrow UINT", "the SINT"};
    for (unsigned li = 0; li < nlev && mod; li++) {
        m[li] = machine(mod, lv[li], VSMP_PLATFORM_TGLLP);
        CHECK(m[li] != NULL, "machine");
        if (!m[li])
            goto done;
        for (unsigned k = 0; k < 3; k++) {
            sf[k][li] = surface(fmt[k], VSMP_SURFTYPE_2D, width[k], 3, 1, 1, 1);
            if (!sf[k][li])
                goto done;
            CHECK(vsmp_machine_bind_surface(m[li], 3 + k, sf[k][li]) == VSMP_OK, "bind");
        }
    }
    /* 3 3 4 4 5 5, then 3 4 5 3 4 5 ...: each surface twice first (the second message finds
     * what the first kept) */
    for (unsigned round = 0; round < 18 && mod; round++) {
        unsigned k = round < 6 ? round / 2 : round % 3;
        uint8_t bti[4] = {(uint8_t)(3 + k), 0, 0, 0};
        uint32_t u[32], v[32], r[32] = {0}, l[32] = {0}, data[128], pred = ~0u;
        uint32_t u0 = k == 1 ? round % 3 : round % 5 * 7; /* narrow: always past its end */
        for (unsigned e = 0; e < 32; e++)
            u[e] = u0 + e, v[e] = round % 3;
        for (unsigned e = 0; e < 128; e++)
            data[e] = (uint32_t)(e * 53u + round * 7u) % 290u;
        for (unsigned li = 0; li < nlev; li++) {
            CHECK(vsmp_machine_set_payload(m[li], 8, bti, 4) == VSMP_OK, "payload");
            kit_put(m[li], "U", u, 128);
            kit_put(m[li], "V", v, 128);
            kit_put(m[li], "R", r, 128);
            kit_put(m[li], "L", l, 128);
            kit_put(m[li], "D", data, 512);
            kit_put(m[li], "P1", &pred, 4);
            CHECK(kit_run(m[li], NULL), "run");
        }
    }
    for (unsigned li = 1; li < nlev; li++)
        for (unsigned k = 0; k < 3; k++) {
            const vsmp_surface_desc *a = vsmp_surface_get_desc(sf[k][0]),
                                    *b = vsmp_surface_get_desc(sf[k][li]);
            CHECK(!memcmp(a->data, b->data, a->data_size),
                  "%s surface at level %#x: as the reference", names[k], lv[li]);
        }
done:
    for (unsigned li = 0; li < nlev; li++) {
        vsmp_machine_free(m[li]);
        for (unsigned k = 0; k < 3; k++)
            vsmp_surface_free(sf[k][li]);
    }
    vsmp_module_free(mod);
}

/* The formats OpenCL programs write most take a fast kernel, whole texels stored at once. */
static void test_kernels(void)
{
    static const struct {
        vsmp_format f;
        unsigned mask;
        const char *kernel;
    } want[] = {
        {VSMP_FORMAT_R8G8B8A8_UNORM, 0xf, "unorm8 whole"},
        {VSMP_FORMAT_B8G8R8A8_UNORM, 0xf, "unorm8 whole"},
        {VSMP_FORMAT_R8G8B8A8_UINT, 0xf, "uint8 whole"},
        {VSMP_FORMAT_R8_UNORM, 0xf, "unorm8 whole"},
        {VSMP_FORMAT_R8_UNORM, 0x1, "unorm8 whole"},
        {VSMP_FORMAT_R32_FLOAT, 0xf, "raw32 whole"},
        {VSMP_FORMAT_R32G32B32A32_FLOAT, 0xf, "raw32 whole"},
        {VSMP_FORMAT_R16G16B16A16_FLOAT, 0xf, "half whole"},
        {VSMP_FORMAT_R8G8B8A8_UNORM, 0x7, "unorm8"},
        {VSMP_FORMAT_R16G16B16A16_UNORM, 0xf, "unorm16 whole"},
        {VSMP_FORMAT_R8G8B8A8_SINT, 0xf, "sint8 whole"},
        {VSMP_FORMAT_R16_SINT, 0xf, "sint16 whole"},
        {VSMP_FORMAT_L8_UNORM, 0xf, "unorm8 whole"},
        {VSMP_FORMAT_L8A8_UNORM, 0x7, "unorm8"},
        {VSMP_FORMAT_R8G8B8A8_UNORM_SRGB, 0xf, NULL},
        {VSMP_FORMAT_R10G10B10A2_UNORM, 0xf, NULL},
    };
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        const vsmp_format_info *fi = vsmp_format_get(want[i].f);
        const char *k = fi ? vsmp_x_typed_store_kernel(fi, want[i].mask) : "(no format)";
        CHECK(want[i].kernel ? k && !strcmp(k, want[i].kernel) : !k, "%s mask %#x: kernel %s",
              fi ? fi->name : "?", want[i].mask, k ? k : "the reference");
    }
}

int main(void)
{
    unsigned lv[4], nlev = kit_levels(lv);
    test_kernels();
    test_hand(lv, nlev);
    test_identity(lv, nlev);
    test_rebind(lv, nlev);
    test_one_binding(lv, nlev);
    test_two_bindings(lv, nlev);
    return t_finish();
}
