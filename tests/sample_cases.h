/* SPDX-License-Identifier: MIT */
/*
 * Random sampling cases shared by the checksum tier, the fast-path identity tier and the
 * fast-path fuzzer: a small surface of any format and type filled with random bytes (sparse
 * tiles, multisample planes and MCS included), a random sampler state and operation, and
 * messages whose lanes mix ordinary coordinates with edge values (NaN, infinities, -0, huge
 * values, exact texel edges). Everything is drawn from one deterministic stream, so a case is
 * the same on every machine; the fuzzer feeds its input bytes into the stream.
 */
#ifndef VSMP_SAMPLE_CASES_H
#define VSMP_SAMPLE_CASES_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"

typedef struct sc_rng {
    uint64_t s;
    const uint8_t *bytes; /* drawn first when given (fuzzing) */
    size_t n;
} sc_rng;

static inline uint32_t sc_u32(sc_rng *r)
{
    if (r->n >= 4) {
        uint32_t v;
        memcpy(&v, r->bytes, 4);
        r->bytes += 4, r->n -= 4;
        return v;
    }
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static inline uint32_t sc_below(sc_rng *r, uint32_t n)
{
    return n ? sc_u32(r) % n : 0;
}

static inline float sc_unit(sc_rng *r)
{
    return (float)(sc_u32(r) >> 8) / 16777216.0f;
}

static inline uint32_t sc_fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* A coordinate-like float: mostly in [lo, hi], sometimes an edge value. */
static inline float sc_coord(sc_rng *r, float lo, float hi, uint32_t size)
{
    switch (sc_below(r, 24)) {
    case 0:
        return NAN;
    case 1:
        return sc_below(r, 2) ? INFINITY : -INFINITY;
    case 2:
        return -0.0f;
    case 3:
        return sc_below(r, 2) ? 3.0e9f : -7.5e12f;
    case 4: /* an exact texel edge or centre */
        return (float)sc_below(r, 2 * size + 3) / (2.0f * (float)(size ? size : 1)) - 0.5f;
    case 5:
        return 1.0f;
    default:
        return lo + (hi - lo) * sc_unit(r);
    }
}

enum { SC_1D, SC_1DA, SC_2D, SC_2DA, SC_3D, SC_CUBE, SC_CUBEA, SC_MS, SC_NTYPES };

typedef struct sc_case {
    vsmp_surface *s;
    vsmp_sampler_state st;
    unsigned op;
    unsigned type;
    uint32_t size; /* level-0 width, for edge values */
    vsmp_message m[2];
    uint32_t par[2][VSMP_P_COUNT][VSMP_MAX_LANES];
} sc_case;

static const unsigned sc_ops[] = {
    VSMP_SUB_SAMPLE,       VSMP_SUB_SAMPLE_B,      VSMP_SUB_SAMPLE_L,    VSMP_SUB_SAMPLE_C,
    VSMP_SUB_SAMPLE_D,     VSMP_SUB_SAMPLE_B_C,    VSMP_SUB_SAMPLE_L_C,  VSMP_SUB_LD,
    VSMP_SUB_LOD,          VSMP_SUB_RESINFO,       VSMP_SUB_SAMPLEINFO,  VSMP_SUB_SAMPLE_D_C,
    VSMP_SUB_SAMPLE_LZ,    VSMP_SUB_SAMPLE_C_LZ,   VSMP_SUB_LD_LZ,       VSMP_SUB_LD_L,
    VSMP_SUB_LD2DMS_W,     VSMP_SUB_LD_MCS,        VSMP_SUB_SAMPLE_PO,   VSMP_SUB_SAMPLE_PO_B,
    VSMP_SUB_SAMPLE_PO_L,  VSMP_SUB_SAMPLE_PO_C,   VSMP_SUB_SAMPLE_PO_D, VSMP_SUB_SAMPLE_PO_L_C,
    VSMP_SUB_SAMPLE_PO_LZ, VSMP_SUB_SAMPLE_PO_C_LZ};
#define SC_NOPS (sizeof(sc_ops) / sizeof(sc_ops[0]))

static inline bool sc_is_load(unsigned op)
{
    return op == VSMP_SUB_LD || op == VSMP_SUB_LD_LZ || op == VSMP_SUB_LD_L ||
           op == VSMP_SUB_LD2DMS_W || op == VSMP_SUB_LD_MCS || op == VSMP_SUB_RESINFO ||
           op == VSMP_SUB_SAMPLEINFO;
}

static inline void sc_state(sc_rng *r, const vsmp_format_info *fi, vsmp_sampler_state *st)
{
    vsmp_sampler_state_init(st);
    st->min_filter = (uint8_t)sc_below(r, 3);
    st->mag_filter = (uint8_t)sc_below(r, 3);
    static const uint8_t mips[] = {VSMP_MIPFILTER_NONE, VSMP_MIPFILTER_NEAREST,
                                   VSMP_MIPFILTER_LINEAR};
    st->mip_filter = mips[sc_below(r, 3)];
    st->max_aniso = (uint8_t)(2 + sc_below(r, 15));
    uint8_t same = (uint8_t)sc_below(r, 8);
    for (int a = 0; a < 3; a++)
        st->address[a] = sc_below(r, 3) ? same : (uint8_t)sc_below(r, 8);
    st->shadow_func = (uint8_t)sc_below(r, 8);
    for (int c = 0; c < 4; c++) {
        if (fi->cls == VSMP_CLASS_FLOAT)
            st->border.f[c] = sc_below(r, 4) ? sc_unit(r) : -2.0f + 4.0f * sc_unit(r);
        else
            st->border.u[c] = sc_below(r, 2) ? sc_below(r, 300) : sc_u32(r);
    }
    if (sc_below(r, 2))
        st->lod_bias = -2.0f + 4.0f * sc_unit(r);
    if (sc_below(r, 3) == 0) {
        st->min_lod = 3.0f * sc_unit(r);
        st->max_lod = st->min_lod + 5.0f * sc_unit(r);
    }
    st->lod_preclamp = sc_below(r, 4) ? VSMP_PRECLAMP_OGL : VSMP_PRECLAMP_NONE;
    st->mag_mipnone = sc_below(r, 4) == 0;
    st->seamless_cube = sc_below(r, 2);
    st->reduction_enable = sc_below(r, 4) == 0;
    st->reduction = (uint8_t)sc_below(r, 4);
    st->non_normalized = sc_below(r, 10) == 0;
}

/* The surface of a case: NULL when the format cannot have that type (the case is skipped). */
static inline vsmp_surface *sc_surface(sc_rng *r, const vsmp_format_info *fi, unsigned type,
                                       uint32_t *size)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = fi->format;
    static const vsmp_surface_type tt[SC_NTYPES] = {
        VSMP_SURFTYPE_1D, VSMP_SURFTYPE_1D,   VSMP_SURFTYPE_2D,   VSMP_SURFTYPE_2D,
        VSMP_SURFTYPE_3D, VSMP_SURFTYPE_CUBE, VSMP_SURFTYPE_CUBE, VSMP_SURFTYPE_2D};
    d.type = tt[type];
    d.array = type == SC_1DA || type == SC_2DA || type == SC_CUBEA;
    d.width = 1 + sc_below(r, sc_below(r, 4) ? 12 : 70);
    d.height = d.type == VSMP_SURFTYPE_1D ? 1 : 1 + sc_below(r, 12);
    if (d.type == VSMP_SURFTYPE_CUBE)
        d.height = d.width;
    d.depth = d.type == VSMP_SURFTYPE_3D ? 1 + sc_below(r, 6) : 1;
    d.array_len = d.array ? 1 + sc_below(r, 3) : 1;
    uint32_t big = d.width > d.height ? d.width : d.height, full = 1;
    while (big >> full)
        full++;
    d.levels = 1 + sc_below(r, full);
    d.min_lod = sc_below(r, 3) == 0 ? sc_below(r, d.levels) : 0;
    d.mip_count = sc_below(r, 3) == 0 ? 1 + sc_below(r, d.levels - d.min_lod) : 0;
    if (type == SC_MS) {
        static const uint32_t ns[] = {2, 4, 8, 16};
        d.samples = ns[sc_below(r, 4)];
        d.levels = 1, d.min_lod = 0, d.mip_count = 0;
        d.mcs = sc_below(r, 2);
        d.array_len = 1 + sc_below(r, 2);
        for (int c = 0; c < 4; c++)
            d.clear_color.u[c] = sc_u32(r);
    }
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(&d, &s, NULL))
        return NULL;
    const vsmp_surface_desc *ld = vsmp_surface_get_desc(s);
    uint8_t *mem = ld->data;
    for (size_t i = 0; i < ld->data_size; i++)
        mem[i] = (uint8_t)sc_u32(r);
    if (d.mcs) {
        for (uint32_t l = 0; l < d.array_len; l++) {
            for (uint32_t y = 0; y < d.height; y++) {
                for (uint32_t x = 0; x < d.width; x++) {
                    uint64_t v = vsmp_mcs_identity(d.samples);
                    if (sc_below(r, 4) == 0) { /* one draw per statement: a fixed order */
                        uint64_t hi = sc_u32(r);
                        v = hi << 32 | sc_u32(r);
                    }
                    vsmp_surface_set_mcs(s, l, x, y, v);
                }
            }
        }
    }
    if (sc_below(r, 6) == 0) {
        size_t n = vsmp_surface_tile_count(s);
        for (size_t t = 0; t < n; t++)
            if (sc_below(r, 2))
                vsmp_surface_set_resident(s, t, false);
    }
    *size = d.width;
    return s;
}

static inline uint32_t sc_param(sc_rng *r, unsigned kind, bool load, uint32_t size)
{
    int32_t span = (int32_t)size + 4;
    switch (kind) {
    case VSMP_P_U:
    case VSMP_P_V:
    case VSMP_P_R:
    case VSMP_P_AI:
        if (load)
            return (uint32_t)((int32_t)sc_below(r, (uint32_t)span + 4) - 3);
        return sc_fbits(sc_coord(r, -0.6f, 1.6f, size));
    case VSMP_P_LOD:
        if (load)
            return sc_below(r, 8) ? sc_below(r, 5) : sc_u32(r);
        return sc_fbits(sc_coord(r, -2.0f, 6.0f, 4));
    case VSMP_P_BIAS:
        return sc_fbits(sc_coord(r, -3.0f, 5.0f, 4));
    case VSMP_P_REF:
        return sc_fbits(sc_coord(r, -0.2f, 1.2f, 8));
    case VSMP_P_DUDX:
    case VSMP_P_DUDY:
    case VSMP_P_DVDX:
    case VSMP_P_DVDY:
    case VSMP_P_DRDX:
    case VSMP_P_DRDY:
        return sc_fbits(sc_below(r, 4) ? sc_coord(r, -0.4f, 0.4f, 16) : 0.0f);
    case VSMP_P_SI:
        return sc_below(r, 20);
    case VSMP_P_BIAS_OFFUVR:
    case VSMP_P_LOD_OFFUVR:
    case VSMP_P_LOD_OFFUV: {
        uint32_t hi = sc_fbits(sc_coord(r, -2.0f, 5.0f, 4)) & 0xfffff000u;
        return hi | (sc_u32(r) & 0xfffu);
    }
    default:
        return sc_u32(r);
    }
}

/* Fill message k of the case: quads of nearby coordinates, or unrelated lanes. */
static inline void sc_message(sc_rng *r, sc_case *c, unsigned k)
{
    vsmp_message *m = &c->m[k];
    memset(m, 0, sizeof(*m));
    static const uint8_t simds[] = {8, 16, 32, 1, 5};
    m->simd = simds[sc_below(r, 10) < 8 ? sc_below(r, 3) : 3 + sc_below(r, 2)];
    m->mask = sc_below(r, 3) ? 0xffffffffu : sc_u32(r);
    if (sc_below(r, 3) == 0)
        for (int a = 0; a < 3; a++)
            m->aoffimmi[a] = (int8_t)((int)sc_below(r, 16) - 8);
    m->mcs16 = sc_below(r, 2);
    bool load = sc_is_load(c->op);
    bool coherent = sc_below(r, 2);
    for (unsigned p = 0; p < VSMP_P_COUNT; p++) {
        for (unsigned l = 0; l < m->simd; l++)
            c->par[k][p][l] = sc_param(r, p, load, c->size);
        if (coherent && !load && (p == VSMP_P_U || p == VSMP_P_V || p == VSMP_P_R)) {
            /* quads: lane 0 of each quad plus small steps, like a rasterizer's */
            float step = (0.2f + 2.0f * sc_unit(r)) / (float)c->size;
            for (unsigned l = 0; l < m->simd; l++) {
                float base;
                uint32_t b = c->par[k][p][l & ~3u];
                memcpy(&base, &b, 4);
                unsigned dir = p == VSMP_P_U ? (l & 1) : p == VSMP_P_V ? (l >> 1 & 1) : 0;
                c->par[k][p][l] = sc_fbits(base + step * (float)dir);
            }
        }
        m->param[p] = sc_below(r, 40) ? c->par[k][p] : NULL;
    }
}

/* A whole case for format @p fi: false when the format cannot have the drawn surface type or
 * the operation cannot run on it (skipped, deterministically). */
static inline bool sc_make(sc_rng *r, const vsmp_format_info *fi, sc_case *c)
{
    memset(c, 0, sizeof(*c));
    c->type = sc_below(r, 16) == 0 ? SC_MS : sc_below(r, SC_NTYPES - 1);
    c->s = sc_surface(r, fi, c->type, &c->size);
    if (!c->s)
        return false;
    sc_state(r, fi, &c->st);
    if (c->type == SC_MS) {
        static const unsigned msops[] = {VSMP_SUB_LD2DMS_W, VSMP_SUB_LD_MCS, VSMP_SUB_RESINFO,
                                         VSMP_SUB_SAMPLEINFO};
        c->op = msops[sc_below(r, 4)];
    } else {
        c->op = sc_ops[sc_below(r, SC_NOPS)];
    }
    for (unsigned k = 0; k < 2; k++)
        sc_message(r, c, k);
    return true;
}

static inline void sc_free(sc_case *c)
{
    vsmp_surface_free(c->s);
    c->s = NULL;
}

/* FNV-1a over bytes: any single changed byte changes the value (each step is a bijection). */
static inline uint64_t sc_hash(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

#define SC_HASH_INIT 0xcbf29ce484222325ull

#endif
