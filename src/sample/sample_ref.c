/* SPDX-License-Identifier: MIT */
/*
 * The reference sampling pipeline: the specification of every sampling operation, in float32
 * (built with -ffp-contract=off). Fast paths must match it bit for bit. The rules and their
 * sources are in docs/SAMPLING.md; section numbers below refer to SEMANTICS.md.
 *
 *   coordinates -> LOD (11.3, 12.1-12.2) -> level(s) -> taps: address modes (12.5), cube faces
 *   (12.4), border (12.3) -> unpack -> compare (9) -> filter / reduce (12.6) -> mip blend
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "sample_internal.h"
#include "lane_math.h"
#include "vmath.h"

/* ---- per-lane coordinates ---- */

typedef struct lane {
    float c[3];  /* u, v, r (cube: direction) */
    float layer; /* array index (unnormalized), or cube index */
    float bias, lod, ref;
    float grad[3][2]; /* d/dx, d/dy of u, v, r */
    int off[3];       /* texel offsets U, V, R */
    float lambda;     /* final LOD after bias */
    float lambda_raw; /* for the LOD op: before clamps */
    float axis[3];    /* anisotropic: major axis in normalized coordinates */
    unsigned taps;    /* anisotropic: number of taps (1 = isotropic) */
} lane;

static int nibble(uint32_t v, unsigned shift)
{
    int n = (int)((v >> shift) & 0xf);
    return n >= 8 ? n - 16 : n;
}

/* Packed programmable offsets (SEMANTICS 5.1): OFFUVR4 = U[3:0] V[7:4] R[11:8]; the *_R forms
 * carry OFFUV(R)4 << 12 and the array index in bits 11:0; BIAS/LOD forms keep the float's bits
 * 31:12. */
static void po_decode(const vsmp_message *m, const vsmp_op_info *oi, unsigned l, lane *ln)
{
    for (unsigned i = 0; i < oi->num_params; i++) {
        uint32_t v = pu(m, oi->params[i], l);
        float f;
        uint32_t hi = v & 0xfffff000u;
        switch ((unsigned)oi->params[i]) {
        case VSMP_P_OFFUVR:
            ln->off[0] = nibble(v, 0), ln->off[1] = nibble(v, 4), ln->off[2] = nibble(v, 8);
            break;
        case VSMP_P_BIAS_OFFUVR:
        case VSMP_P_LOD_OFFUVR:
        case VSMP_P_LOD_OFFUV:
            ln->off[0] = nibble(v, 0), ln->off[1] = nibble(v, 4), ln->off[2] = nibble(v, 8);
            memcpy(&f, &hi, 4);
            if (oi->params[i] == VSMP_P_BIAS_OFFUVR)
                ln->bias = f;
            else
                ln->lod = f;
            break;
        case VSMP_P_OFFUV_R:
        case VSMP_P_OFFUVR_R:
            ln->off[0] = nibble(v, 12), ln->off[1] = nibble(v, 16), ln->off[2] = nibble(v, 20);
            ln->layer = (float)(v & 0xfff);
            break;
        default:
            break;
        }
    }
}

static void read_lane(const vsmp_plan *p, const vsmp_message *m, unsigned l, lane *ln)
{
    const vsmp_surface_desc *d = &p->s->d;
    memset(ln, 0, sizeof(*ln));
    float u = pf(m, VSMP_P_U, l), v = pf(m, VSMP_P_V, l), r = pf(m, VSMP_P_R, l);
    ln->c[0] = u;
    switch (d->type) {
    case VSMP_SURFTYPE_1D:
    case VSMP_SURFTYPE_BUFFER: /* never an array */
        ln->layer = d->array ? v : 0.0f;
        break;
    case VSMP_SURFTYPE_2D:
        ln->c[1] = v;
        ln->layer = d->array ? r : 0.0f;
        break;
    case VSMP_SURFTYPE_3D:
        ln->c[1] = v, ln->c[2] = r;
        break;
    case VSMP_SURFTYPE_CUBE:
        ln->c[1] = v, ln->c[2] = r;
        ln->layer = d->array ? pf(m, VSMP_P_AI, l) : 0.0f;
        break;
    case VSMP_SURFTYPE_NULL:
        break;
    }
    ln->bias = pf(m, VSMP_P_BIAS, l);
    ln->lod = pf(m, VSMP_P_LOD, l);
    ln->ref = pf(m, VSMP_P_REF, l);
    /* a UNORM R channel holds [0, 1]: the reference is clamped to it first (9), as Vulkan
     * does for UNORM depth formats */
    if (p->compare && p->s->fi && p->s->fi->ch[0].type == VSMP_CHAN_UNORM)
        ln->ref = clampf(ln->ref, 0.0f, 1.0f);
    static const unsigned gk[3][2] = {
        {VSMP_P_DUDX, VSMP_P_DUDY}, {VSMP_P_DVDX, VSMP_P_DVDY}, {VSMP_P_DRDX, VSMP_P_DRDY}};
    for (int a = 0; a < 3; a++)
        for (int k = 0; k < 2; k++)
            ln->grad[a][k] = pf(m, gk[a][k], l);
    if (p->po)
        po_decode(m, vsmp_op_find(VSMP_OPC_3D_SAMPLE, p->op, false), l, ln);
    if (d->type != VSMP_SURFTYPE_CUBE) {
        /* immediate offsets add to the packed ones; 1D uses U only, R only for 3D (6) */
        ln->off[0] += m->aoffimmi[0];
        if (p->dims >= 2)
            ln->off[1] += m->aoffimmi[1];
        if (p->dims >= 3)
            ln->off[2] += m->aoffimmi[2];
        for (unsigned a = p->dims; a < 3; a++)
            ln->off[a] = 0;
    } else {
        ln->off[0] = ln->off[1] = ln->off[2] = 0; /* offsets are ignored on cubes */
    }
}

/* ---- cube faces (12.4) ---- */

/* Major axis; ties prefer z over y over x. Faces +X -X +Y -Y +Z -Z = 0..5. */
facecoord vsmp_cube_face(const float d[3])
{
    float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
    facecoord f;
    float sc, tc, ma;
    if (az >= ay && az >= ax) {
        f.face = d[2] >= 0 ? 4 : 5;
        sc = d[2] >= 0 ? d[0] : -d[0], tc = -d[1], ma = az;
    } else if (ay >= ax) {
        f.face = d[1] >= 0 ? 2 : 3;
        sc = d[0], tc = d[1] >= 0 ? d[2] : -d[2], ma = ay;
    } else {
        f.face = d[0] >= 0 ? 0 : 1;
        sc = d[0] >= 0 ? -d[2] : d[2], tc = -d[1], ma = ax;
    }
    if (ma == 0.0f) /* the zero vector: +Z centre */
        ma = 1.0f;
    f.s = 0.5f * (sc / ma + 1.0f);
    f.t = 0.5f * (tc / ma + 1.0f);
    return f;
}

/* Direction of face coordinates (sc, tc in [-1, 1] on the face; may lie outside). */
void vsmp_cube_face_dir(unsigned face, float sc, float tc, float d[3])
{
    switch (face) {
    case 0:
        d[0] = 1, d[1] = -tc, d[2] = -sc;
        break;
    case 1:
        d[0] = -1, d[1] = -tc, d[2] = sc;
        break;
    case 2:
        d[0] = sc, d[1] = 1, d[2] = tc;
        break;
    case 3:
        d[0] = sc, d[1] = -1, d[2] = -tc;
        break;
    case 4:
        d[0] = sc, d[1] = -tc, d[2] = 1;
        break;
    default:
        d[0] = -sc, d[1] = -tc, d[2] = -1;
        break;
    }
}

/* ---- address modes (12.5) ---- */

#define BORDER (-1)

static int64_t imod(int64_t a, int64_t n)
{
    int64_t r = a % n;
    return r < 0 ? r + n : r;
}

static int64_t address(unsigned mode, int64_t i, int64_t n)
{
    switch (mode) {
    case VSMP_TCM_WRAP:
        return imod(i, n);
    case VSMP_TCM_MIRROR: {
        int64_t j = imod(i, 2 * n);
        return j < n ? j : 2 * n - 1 - j;
    }
    case VSMP_TCM_MIRROR_ONCE: {
        int64_t j = i < 0 ? -1 - i : i;
        return j >= n ? n - 1 : j;
    }
    case VSMP_TCM_CLAMP_BORDER:
    case VSMP_TCM_HALF_BORDER:
        return i < 0 || i >= n ? BORDER : i;
    case VSMP_TCM_MIRROR_101: {
        if (n == 1)
            return 0;
        int64_t per = 2 * n - 2, j = imod(i, per);
        return j >= n ? per - j : j;
    }
    case VSMP_TCM_CLAMP:
    case VSMP_TCM_CUBE: /* on a non-cube surface: clamp (12.4) */
    default:
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    }
}

/* ---- texel fetch ---- */

typedef struct level_ctx {
    bool *null_hit; /* set when a fetched texel is in a non-resident tile */
    unsigned level; /* absolute */
    uint32_t size[3];
    uint32_t slice_base; /* layer or 6 * cube */
    unsigned face;       /* cube */
} level_ctx;

static void border_texel(const vsmp_plan *p, vsmp_texel *t)
{
    const vsmp_format_info *fi = p->s->fi;
    *t = p->st.border;
    if (fi->cls != VSMP_CLASS_FLOAT) {
        /* integer classes: clamped to the channel's range too */
        for (int c = 0; c < 4; c++) {
            unsigned bits = fi->ch[c].bits;
            if (!bits || bits >= 32)
                continue;
            if (fi->ch[c].type == VSMP_CHAN_UINT) {
                uint32_t mx = (1u << bits) - 1;
                if (t->u[c] > mx)
                    t->u[c] = mx;
            } else if (fi->ch[c].type == VSMP_CHAN_SINT) {
                int32_t mx = (1 << (bits - 1)) - 1, mn = -mx - 1;
                t->i[c] = t->i[c] > mx ? mx : t->i[c] < mn ? mn : t->i[c];
            }
        }
        return;
    }
    /* clamped to the range the format can represent (12.3) */
    for (int c = 0; c < 4; c++) {
        unsigned ty = fi->ch[c].type;
        if (ty == VSMP_CHAN_UNORM)
            t->f[c] = clampf(t->f[c], 0.0f, 1.0f);
        else if (ty == VSMP_CHAN_SNORM)
            t->f[c] = clampf(t->f[c], -1.0f, 1.0f);
        else if (ty == VSMP_CHAN_UFLOAT && t->f[c] < 0)
            t->f[c] = 0.0f;
    }
}

static void fetch(const vsmp_plan *p, const level_ctx *lc, int64_t x, int64_t y, int64_t z,
                  vsmp_texel *t)
{
    if (x == BORDER || y == BORDER || z == BORDER) {
        border_texel(p, t);
        return;
    }
    uint32_t slice = p->s->d.type == VSMP_SURFTYPE_3D     ? (uint32_t)z
                     : p->s->d.type == VSMP_SURFTYPE_CUBE ? lc->slice_base + lc->face
                                                          : lc->slice_base;
    vsmp_surface_load_sparse(p->s, lc->level, slice, (uint32_t)x, (uint32_t)y, t, lc->null_hit);
}

/* Shadow compare on R (9): 0 when `texel OP ref` holds, 1 otherwise. */
static float compare(unsigned func, float t, float ref)
{
    bool r;
    switch (func) {
    case VSMP_PREFILTEROP_ALWAYS:
        r = true;
        break;
    case VSMP_PREFILTEROP_NEVER:
        r = false;
        break;
    case VSMP_PREFILTEROP_LESS:
        r = t < ref;
        break;
    case VSMP_PREFILTEROP_EQUAL:
        r = t == ref;
        break;
    case VSMP_PREFILTEROP_LEQUAL:
        r = t <= ref;
        break;
    case VSMP_PREFILTEROP_GREATER:
        r = t > ref;
        break;
    case VSMP_PREFILTEROP_NOTEQUAL:
        r = t != ref;
        break;
    default:
        r = t >= ref;
        break;
    }
    return r ? 0.0f : 1.0f;
}

/* One texel of a tap, compared against ref when the plan compares: every texel is compared
 * before anything averages it (PCF, and the three texels of a cube corner). */
static void fetch_tap(const vsmp_plan *p, const level_ctx *lc, int64_t x, int64_t y, int64_t z,
                      float ref, vsmp_texel *t)
{
    fetch(p, lc, x, y, z, t);
    if (p->compare && p->s->fi->cls == VSMP_CLASS_FLOAT)
        t->f[0] = compare(p->st.shadow_func, t->f[0], ref);
}

/* Seamless cube: a tap off one edge is re-projected onto the face its texel centre lies on; a
 * tap off a corner (off two edges, where no texel exists) is the average of the three texels
 * that meet there, each compared first when the plan compares (12.4); integer formats, which
 * never average, take the face's own corner texel [vsmp]. */
static void fetch_cube_edge(const vsmp_plan *p, const level_ctx *lc, int64_t x, int64_t y,
                            float ref, vsmp_texel *t);
static void fetch_cube(const vsmp_plan *p, const level_ctx *lc, int64_t x, int64_t y, float ref,
                       vsmp_texel *t)
{
    int64_t n = lc->size[0];
    bool ox = x < 0 || x >= n, oy = y < 0 || y >= n;
    if (!ox && !oy) {
        fetch_tap(p, lc, x, y, 0, ref, t);
        return;
    }
    if (!(ox && oy)) {
        fetch_cube_edge(p, lc, x, y, ref, t);
        return;
    }
    int64_t cx = x < 0 ? 0 : n - 1, cy = y < 0 ? 0 : n - 1;
    vsmp_texel a, b, c;
    fetch_tap(p, lc, cx, cy, 0, ref, &a);
    if (p->s->fi->cls != VSMP_CLASS_FLOAT) {
        *t = a;
        return;
    }
    fetch_cube_edge(p, lc, x, cy, ref, &b);
    fetch_cube_edge(p, lc, cx, y, ref, &c);
    for (int ch = 0; ch < 4; ch++)
        t->f[ch] = (a.f[ch] + b.f[ch] + c.f[ch]) / 3.0f;
}

static void fetch_cube_edge(const vsmp_plan *p, const level_ctx *lc, int64_t x, int64_t y,
                            float ref, vsmp_texel *t)
{
    int64_t n = lc->size[0];
    float sc = 2.0f * (((float)x + 0.5f) / (float)n) - 1.0f;
    float tc = 2.0f * (((float)y + 0.5f) / (float)n) - 1.0f;
    float d[3];
    vsmp_cube_face_dir(lc->face, sc, tc, d);
    facecoord f = vsmp_cube_face(d);
    level_ctx o = *lc;
    o.face = f.face;
    int64_t nx = ifloor(f.s * (float)n), ny = ifloor(f.t * (float)n);
    nx = nx < 0 ? 0 : nx >= n ? n - 1 : nx;
    ny = ny < 0 ? 0 : ny >= n ? n - 1 : ny;
    fetch_tap(p, &o, nx, ny, 0, ref, t);
}

/* ---- filtering one level ---- */

/* min or max of two levels' results; a NaN gives way to a number (fminf's rule, but written
 * out: the C library's fminf/fmaxf return NaN for a signalling NaN, the compilers' inline
 * versions do not), equal values keep the first. */
static float minmax(bool mn, float a, float b)
{
    if (!(a == a))
        return b;
    if (!(b == b))
        return a;
    return (mn ? b < a : b > a) ? b : a;
}

/* Sample one level at normalized coordinates c (face coordinates for a cube). Float classes
 * return floats; integer classes use the nearest texel. */
static void sample_level(const vsmp_plan *p, const level_ctx *lc, const float c[3],
                         const int off[3], bool linear, float ref, vsmp_texel *out)
{
    const bool cube = p->s->d.type == VSMP_SURFTYPE_CUBE;
    const bool is_float = p->s->fi->cls == VSMP_CLASS_FLOAT;
    if (!is_float)
        linear = false;
    int64_t idx[3][2];
    float w[3] = {0, 0, 0};
    unsigned axes = cube ? 2 : p->dims;
    for (unsigned a = 0; a < 3; a++) {
        idx[a][0] = idx[a][1] = 0;
        if (a >= axes)
            continue;
        unsigned mode = p->st.address[a];
        float n = (float)lc->size[a];
        float x = c[a];
        if (mode == VSMP_TCM_HALF_BORDER)
            x = clampf(x, 0.0f, 1.0f);
        if (!p->st.non_normalized)
            x = x * n;
        if (linear) {
            float xf = floorf(x - 0.5f);
            w[a] = (x - 0.5f) - xf;
            if (!(w[a] == w[a]))
                w[a] = 0.0f; /* NaN or infinite coordinate */
            int64_t i0 = ifloor(x - 0.5f) + off[a];
            idx[a][0] = i0, idx[a][1] = i0 + 1;
        } else {
            int64_t i0 = ifloor(x) + off[a];
            if (mode == VSMP_TCM_HALF_BORDER && i0 >= (int64_t)lc->size[a])
                i0 = (int64_t)lc->size[a] - 1; /* nearest never reads the half border */
            idx[a][0] = idx[a][1] = i0;
        }
        if (!(cube && p->seamless)) {
            unsigned m2 = cube ? (mode == VSMP_TCM_CUBE ? VSMP_TCM_CLAMP : mode) : mode;
            idx[a][0] = address(m2, idx[a][0], lc->size[a]);
            idx[a][1] = address(m2, idx[a][1], lc->size[a]);
        }
    }
    unsigned nx = linear ? 2 : 1, ny = linear && axes >= 2 ? 2 : 1;
    unsigned nz = linear && axes >= 3 ? 2 : 1;
    vsmp_texel tap[8];
    float tw[8];
    unsigned ntap = 0;
    for (unsigned k = 0; k < nz; k++) {
        for (unsigned j = 0; j < ny; j++) {
            for (unsigned i = 0; i < nx; i++) {
                vsmp_texel *t = &tap[ntap];
                if (cube && p->seamless)
                    fetch_cube(p, lc, idx[0][i], idx[1][j], ref, t);
                else
                    fetch_tap(p, lc, idx[0][i], idx[1][j], idx[2][k], ref, t);
                tw[ntap] = (nx == 2 ? (i ? w[0] : 1 - w[0]) : 1) *
                           (ny == 2 ? (j ? w[1] : 1 - w[1]) : 1) *
                           (nz == 2 ? (k ? w[2] : 1 - w[2]) : 1);
                ntap++;
            }
        }
    }
    if (!linear) {
        *out = tap[0];
        return;
    }
    if (p->st.reduction_enable &&
        (p->st.reduction == VSMP_REDUCTION_MIN || p->st.reduction == VSMP_REDUCTION_MAX)) {
        bool mx = p->st.reduction == VSMP_REDUCTION_MAX;
        bool any = false;
        for (unsigned t = 0; t < ntap; t++) {
            if (tw[t] == 0.0f)
                continue;
            for (int ch = 0; ch < 4; ch++) {
                float v = tap[t].f[ch];
                if (!any || (mx ? v > out->f[ch] : v < out->f[ch]))
                    out->f[ch] = v;
            }
            any = true;
        }
        if (!any)
            *out = tap[0];
        return;
    }
    /* nested lerps: x, then y, then z */
    for (int ch = 0; ch < 4; ch++) {
        float zv[2];
        for (unsigned k = 0; k < nz; k++) {
            float yv[2];
            for (unsigned j = 0; j < ny; j++) {
                const vsmp_texel *row = &tap[(k * ny + j) * nx];
                yv[j] = lerp(row[0].f[ch], row[1].f[ch], w[0]);
            }
            zv[k] = ny == 2 ? lerp(yv[0], yv[1], w[1]) : yv[0];
        }
        out->f[ch] = nz == 2 ? lerp(zv[0], zv[1], w[2]) : zv[0];
    }
}

/* ---- LOD (11.3, 12.1, 12.2) ---- */

static void level_dims(const vsmp_plan *p, unsigned level, uint32_t out[3])
{
    vsmp_level_extent(&p->s->d, level, out);
}

/* Texel-space derivatives -> lambda_base; anisotropic: taps and the major axis. */
static void lod_from_derivs(const vsmp_plan *p, const float dx[3], const float dy[3], lane *ln)
{
    uint32_t sz[3];
    level_dims(p, p->base, sz);
    unsigned axes = p->s->d.type == VSMP_SURFTYPE_CUBE ? 2 : p->dims;
    float sx = 0, sy = 0;
    for (unsigned a = 0; a < axes; a++) {
        float n = p->st.non_normalized ? 1.0f : (float)sz[a];
        sx += (dx[a] * n) * (dx[a] * n);
        sy += (dy[a] * n) * (dy[a] * n);
    }
    float lx = sqrtf(sx), ly = sqrtf(sy);
    ln->taps = 1;
    if (!(lx == lx) || !(ly == ly)) {
        ln->lambda = NAN; /* a NaN derivative: a NaN LOD (see lod_nan) */
        return;
    }
    /* anisotropic only with finite lengths: infinite ones (infinite derivatives, or squares
     * past FLT_MAX) take one tap at lambda = +inf, the last level */
    if (p->st.min_filter == VSMP_FILTER_ANISOTROPIC && axes >= 2 && lx <= FLT_MAX &&
        ly <= FLT_MAX) {
        float pmax = lx > ly ? lx : ly, pmin = lx > ly ? ly : lx;
        unsigned maxa = p->st.max_aniso < 2 ? 2 : p->st.max_aniso > 16 ? 16 : p->st.max_aniso;
        float ratio = pmin > 0.0f ? ceilf(pmax / pmin) : (float)maxa;
        unsigned n = pmax > 0.0f ? (unsigned)clampf(ratio, 1.0f, (float)maxa) : 1;
        const float *maj = lx > ly ? dx : dy;
        for (unsigned a = 0; a < 3; a++)
            ln->axis[a] = a < axes ? maj[a] : 0.0f;
        ln->taps = n;
        ln->lambda = vsmp_log2f(pmax / (float)n);
        return;
    }
    ln->lambda = vsmp_log2f(lx > ly ? lx : ly);
}

/* Face coordinates' derivatives for a direction d and its derivative dd, on d's own face:
 * s = (sc / |ma| + 1) / 2, so ds = (dsc |ma| - sc d|ma|) / (2 ma^2) (the Vulkan cube formula). */
void vsmp_cube_derivs(const float d[3], const float dd[3], float out[3])
{
    vsmp_cube_face_derivs(vsmp_cube_face(d).face, d, dd, out);
}

void vsmp_cube_face_derivs(unsigned face, const float d[3], const float dd[3], float out[3])
{
    const facecoord f = {face, 0.0f, 0.0f};
    int axis = f.face / 2;
    float sgn = (f.face & 1) ? -1.0f : 1.0f;
    /* sc, tc as linear forms of the direction, per face (cube_face's table) */
    float sc, tc, dsc, dtc;
    switch (f.face) {
    case 0:
        sc = -d[2], dsc = -dd[2], tc = -d[1], dtc = -dd[1];
        break;
    case 1:
        sc = d[2], dsc = dd[2], tc = -d[1], dtc = -dd[1];
        break;
    case 2:
        sc = d[0], dsc = dd[0], tc = d[2], dtc = dd[2];
        break;
    case 3:
        sc = d[0], dsc = dd[0], tc = -d[2], dtc = -dd[2];
        break;
    case 4:
        sc = d[0], dsc = dd[0], tc = -d[1], dtc = -dd[1];
        break;
    default:
        sc = -d[0], dsc = -dd[0], tc = -d[1], dtc = -dd[1];
        break;
    }
    float ma = sgn * d[axis], dma = sgn * dd[axis];
    if (ma == 0.0f)
        ma = 1.0f;
    float den = 2.0f * ma * ma;
    out[0] = (dsc * ma - sc * dma) / den;
    out[1] = (dtc * ma - tc * dma) / den;
    out[2] = 0.0f;
}

/* Implicit LOD: one per 2x2 quad (lanes 4k..4k+3 = TL, TR, BL, BR), from all four lanes
 * whatever the mask (11.1, 11.2); lanes past simd copy lane 0 of the quad. CPS LOD compensation
 * (vsmp_cps_scaled) divides the x- and y-derivatives by the coarse-pixel size (cx, cy) before
 * the LOD computation (vsmp's reading of SEMANTICS 2). */
static void implicit_lod(const vsmp_plan *p, const vsmp_message *m, lane *ln, unsigned simd)
{
    bool cps = vsmp_cps_scaled(p, m);
    float cx = m->coarse[0] ? (float)m->coarse[0] : 1.0f;
    float cy = m->coarse[1] ? (float)m->coarse[1] : 1.0f;
    bool cube = p->s->d.type == VSMP_SURFTYPE_CUBE;
    for (unsigned q = 0; q < simd; q += 4) {
        float c[4][3];
        for (unsigned k = 0; k < 4; k++) {
            const lane *src = q + k < simd ? &ln[q + k] : &ln[q];
            memcpy(c[k], src->c, sizeof(c[k]));
        }
        float dx[3], dy[3];
        for (int a = 0; a < 3; a++) {
            dx[a] = c[1][a] - c[0][a];
            dy[a] = c[2][a] - c[0][a];
        }
        if (cube) { /* direction derivatives -> face coordinate derivatives at TL */
            float fx[3], fy[3];
            vsmp_cube_derivs(c[0], dx, fx);
            vsmp_cube_derivs(c[0], dy, fy);
            memcpy(dx, fx, sizeof(dx));
            memcpy(dy, fy, sizeof(dy));
        }
        if (cps)
            for (int a = 0; a < 3; a++) {
                dx[a] /= cx;
                dy[a] /= cy;
            }
        lane tmp;
        memset(&tmp, 0, sizeof(tmp));
        lod_from_derivs(p, dx, dy, &tmp);
        for (unsigned k = 0; k < 4 && q + k < simd; k++) {
            ln[q + k].lambda = tmp.lambda;
            ln[q + k].taps = tmp.taps;
            memcpy(ln[q + k].axis, tmp.axis, sizeof(tmp.axis));
        }
    }
}

static void grad_lod(const vsmp_plan *p, lane *ln)
{
    float dx[3], dy[3];
    for (int k = 0; k < 3; k++) {
        dx[k] = ln->grad[k][0];
        dy[k] = ln->grad[k][1];
    }
    if (p->s->d.type == VSMP_SURFTYPE_CUBE) {
        float fx[3], fy[3];
        vsmp_cube_derivs(ln->c, dx, fx);
        vsmp_cube_derivs(ln->c, dy, fy);
        memcpy(dx, fx, sizeof(dx));
        memcpy(dy, fy, sizeof(dy));
    }
    lod_from_derivs(p, dx, dy, ln);
}

/* A NaN LOD (NaN derivatives, infinite coordinates whose differences are inf - inf, a NaN lod
 * or bias operand, -inf + inf) is 0 from there on, the LOD op's G included, as D3D converts
 * NaN to an integer [vsmp]. Infinite LODs stay: the clamps bound them. */
static float lod_nan(float lambda)
{
    return lambda == lambda ? lambda : 0.0f;
}

typedef struct levels {
    unsigned l0, l1; /* relative to the view */
    float frac;      /* weight of l1 */
    bool magnify;
} levels;

/* 12.2: PreClamp, min/mag decision, clamps to the view, level choice. */
static levels select_levels(const vsmp_plan *p, float lambda, float *clamped)
{
    const vsmp_sampler_state *st = &p->st;
    levels lv = {0, 0, 0.0f, false};
    float lo = st->min_lod, hi = st->max_lod;
    if (st->lod_preclamp == VSMP_PRECLAMP_OGL)
        lambda = lambda < lo ? lo : lambda > hi ? hi : lambda;
    lv.magnify = !(lambda > 0.0f);
    if (st->lod_preclamp != VSMP_PRECLAMP_OGL)
        lambda = lambda < lo ? lo : lambda > hi ? hi : lambda;
    float top = (float)(p->nlev - 1);
    if (lambda > top)
        lambda = top;
    if (!(lambda >= 0.0f))
        lambda = 0.0f;
    if (clamped)
        *clamped = st->mip_filter == VSMP_MIPFILTER_NONE ? 0.0f : lambda;
    if (st->mip_filter == VSMP_MIPFILTER_NONE || (lv.magnify && st->mag_mipnone))
        return lv;
    if (st->mip_filter == VSMP_MIPFILTER_NEAREST) {
        float l = floorf(lambda + 0.5f);
        lv.l0 = lv.l1 = (unsigned)(l > top ? top : l);
        return lv;
    }
    float l = floorf(lambda);
    lv.l0 = (unsigned)l;
    lv.l1 = lv.l0 + 1 < p->nlev ? lv.l0 + 1 : lv.l0;
    lv.frac = lambda - l;
    return lv;
}

static void level_setup(const vsmp_plan *p, unsigned rel, const lane *ln, level_ctx *lc,
                        float fc[3])
{
    const vsmp_surface_desc *d = &p->s->d;
    lc->level = p->st.non_normalized ? p->base : p->base + rel;
    level_dims(p, lc->level, lc->size);
    float layer = nearbyintf(ln->layer);
    float nl = (float)(d->array_len - 1);
    layer = !(layer >= 0.0f) ? 0.0f : layer > nl ? nl : layer;
    if (d->type == VSMP_SURFTYPE_CUBE) {
        facecoord f = vsmp_cube_face(ln->c);
        lc->face = f.face;
        lc->slice_base = 6u * (uint32_t)layer;
        fc[0] = f.s, fc[1] = f.t, fc[2] = 0.0f;
    } else {
        lc->face = 0;
        lc->slice_base = (uint32_t)layer;
        memcpy(fc, ln->c, 3 * sizeof(float));
    }
}

/* Sample one level, anisotropically when the lane says so. */
static void sample_at(const vsmp_plan *p, unsigned rel, const lane *ln, bool linear,
                      vsmp_texel *out, bool *null_hit)
{
    level_ctx lc;
    float fc[3];
    level_setup(p, rel, ln, &lc, fc);
    lc.null_hit = null_hit;
    if (ln->taps <= 1) {
        sample_level(p, &lc, fc, ln->off, linear, ln->ref, out);
        return;
    }
    /* N taps spread evenly along the major axis, averaged [G] */
    float acc[4] = {0, 0, 0, 0};
    for (unsigned t = 0; t < ln->taps; t++) {
        float k = ((float)t + 0.5f) / (float)ln->taps - 0.5f;
        float c[3];
        for (int a = 0; a < 3; a++)
            c[a] = fc[a] + ln->axis[a] * k;
        vsmp_texel r;
        sample_level(p, &lc, c, ln->off, true, ln->ref, &r);
        for (int ch = 0; ch < 4; ch++)
            acc[ch] += r.f[ch];
    }
    for (int ch = 0; ch < 4; ch++)
        out->f[ch] = acc[ch] / (float)ln->taps;
}

static void store(vsmp_result *r, unsigned l, const vsmp_texel *t)
{
    for (int c = 0; c < 4; c++)
        r->c[c][l] = t->u[c];
}

/* Float results of sampling and LOD: a NaN is returned as the quiet NaN 0x7fc00000. Which of
 * several NaN operands an IEEE operation passes on is not fixed by C (compilers may swap the
 * operands of + and *), so without this the result words would depend on the compiler. */
static void store_float(vsmp_result *r, unsigned l, const vsmp_texel *t)
{
    for (int c = 0; c < 4; c++)
        r->c[c][l] = t->f[c] == t->f[c] ? t->u[c] : VSMP_NAN_BITS;
}

void vsmp_ref_sample(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    lane ln[VSMP_MAX_LANES];
    unsigned simd = m->simd;
    for (unsigned l = 0; l < simd; l++)
        read_lane(p, m, l, &ln[l]);
    bool implicit = p->lod == L_IMPLICIT || p->lod == L_BIAS;
    if (implicit && !p->st.non_normalized)
        implicit_lod(p, m, ln, simd);
    for (unsigned l = 0; l < simd; l++) {
        lane *x = &ln[l];
        switch (p->lod) {
        case L_IMPLICIT:
        case L_BIAS:
            if (p->st.non_normalized)
                x->lambda = 0.0f;
            break;
        case L_GRAD:
            if (!p->st.non_normalized)
                grad_lod(p, x);
            break;
        case L_EXPLICIT:
            x->lambda = x->lod;
            x->taps = 1;
            break;
        case L_ZERO:
            x->lambda = 0.0f;
            x->taps = 1;
            break;
        }
        x->lambda += p->st.lod_bias;
        if (p->lod == L_BIAS)
            x->lambda += clampf(x->bias, -16.0f, 16.0f);
        x->lambda = lod_nan(x->lambda);
        x->lambda_raw = x->lambda;
    }
    for (unsigned l = 0; l < simd; l++) {
        if (!(m->mask >> l & 1))
            continue;
        lane *x = &ln[l];
        vsmp_texel t;
        float clamped = 0.0f;
        levels lv = select_levels(p, x->lambda, &clamped);
        if (p->kind == K_LOD) {
            memset(&t, 0, sizeof(t));
            t.f[0] = clamped;
            t.f[1] = x->lambda_raw;
            store_float(r, l, &t);
            continue;
        }
        if (p->s->d.type == VSMP_SURFTYPE_NULL) {
            memset(&t, 0, sizeof(t));
            store(r, l, &t);
            continue;
        }
        unsigned filt = lv.magnify ? p->st.mag_filter : p->st.min_filter;
        bool linear = filt != VSMP_FILTER_NEAREST;
        /* integer formats take the nearest texel: never several anisotropic taps */
        if (filt != VSMP_FILTER_ANISOTROPIC || lv.magnify || p->s->fi->cls != VSMP_CLASS_FLOAT)
            x->taps = 1;
        bool hit = false;
        sample_at(p, lv.l0, x, linear, &t, &hit);
        if (lv.l1 != lv.l0 && p->s->fi->cls == VSMP_CLASS_FLOAT) {
            vsmp_texel t1;
            sample_at(p, lv.l1, x, linear, &t1, &hit);
            bool mn = p->st.reduction == VSMP_REDUCTION_MIN,
                 mx = p->st.reduction == VSMP_REDUCTION_MAX;
            if (p->st.reduction_enable && (mn || mx)) {
                /* min/max over every tap with a non-zero weight, both levels included (12.6) */
                if (lv.frac > 0.0f)
                    for (int c = 0; c < 4; c++)
                        t.f[c] = minmax(mn, t.f[c], t1.f[c]);
            } else {
                for (int c = 0; c < 4; c++)
                    t.f[c] = lerp(t.f[c], t1.f[c], lv.frac);
            }
        }
        if (p->compare && p->s->fi->depth)
            t.f[1] = 0.0f, t.f[2] = 0.0f, t.f[3] = 1.0f;
        if (hit)
            r->null_mask &= ~(1u << l);
        if (p->s->fi->cls == VSMP_CLASS_FLOAT)
            store_float(r, l, &t);
        else
            store(r, l, &t);
    }
}

/* The texel a load returns out of range (6): zero in every channel the format stores, the
 * missing ones filled as for any texel (G, B = 0, A = 1), as Vulkan's robustImageAccess2 has
 * it: (0, 0, 0, 0) for RGBA formats, (0, 0, 0, 1) for R16_FLOAT. */
static void zero_texel(const vsmp_format_info *fi, vsmp_texel *t)
{
    memset(t, 0, sizeof(*t));
    if (fi && !fi->ch[3].bits) {
        if (fi->cls == VSMP_CLASS_FLOAT)
            t->f[3] = 1.0f;
        else
            t->u[3] = 1;
    }
}

/* ld, ld_lz, load_l: integer texel addresses; out of the level, the array or the mip chain
 * they read the zero texel (6). */
void vsmp_ref_load(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    const vsmp_surface_desc *d = &p->s->d;
    for (unsigned l = 0; l < m->simd; l++) {
        if (!(m->mask >> l & 1))
            continue;
        vsmp_texel t;
        zero_texel(d->type == VSMP_SURFTYPE_NULL ? NULL : p->s->fi, &t);
        int32_t u = (int32_t)pu(m, VSMP_P_U, l), v = (int32_t)pu(m, VSMP_P_V, l);
        int32_t rr = (int32_t)pu(m, VSMP_P_R, l);
        uint32_t lod = p->op == VSMP_SUB_LD_LZ ? 0 : pu(m, VSMP_P_LOD, l);
        if (d->type == VSMP_SURFTYPE_NULL || lod >= p->nlev) {
            store(r, l, &t);
            continue;
        }
        unsigned level = p->base + lod;
        uint32_t sz[3];
        level_dims(p, level, sz);
        int64_t x = (int64_t)u + m->aoffimmi[0], y = 0, z = 0;
        uint32_t slice = 0;
        bool ok = true;
        switch (d->type) {
        case VSMP_SURFTYPE_1D:
        case VSMP_SURFTYPE_BUFFER: /* never an array */
            if (d->array)
                ok = v >= 0 && (uint32_t)v < d->array_len, slice = (uint32_t)v;
            break;
        case VSMP_SURFTYPE_2D:
        case VSMP_SURFTYPE_CUBE: {
            y = (int64_t)v + m->aoffimmi[1];
            uint32_t n = d->type == VSMP_SURFTYPE_CUBE ? 6 * d->array_len : d->array_len;
            if (d->array || d->type == VSMP_SURFTYPE_CUBE)
                ok = rr >= 0 && (uint32_t)rr < n, slice = (uint32_t)rr;
            break;
        }
        case VSMP_SURFTYPE_3D:
            y = (int64_t)v + m->aoffimmi[1];
            z = (int64_t)rr + m->aoffimmi[2];
            ok = z >= 0 && z < sz[2];
            slice = (uint32_t)z;
            break;
        case VSMP_SURFTYPE_NULL:
            break;
        }
        bool hit = false;
        if (ok && x >= 0 && x < sz[0] && y >= 0 && y < sz[1])
            vsmp_surface_load_sparse(p->s, level, slice, (uint32_t)x, (uint32_t)y, &t, &hit);
        if (hit)
            r->null_mask &= ~(1u << l);
        store(r, l, &t);
    }
}

/* resinfo and sampleinfo (8.2). */
void vsmp_ref_info(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    const vsmp_surface_desc *d = &p->s->d;
    for (unsigned l = 0; l < m->simd; l++) {
        if (!(m->mask >> l & 1))
            continue;
        uint32_t o[4] = {0, 0, 0, 0};
        if (d->type != VSMP_SURFTYPE_NULL && p->kind == K_SAMPLEINFO) {
            o[0] = d->samples;
        } else if (d->type != VSMP_SURFTYPE_NULL) {
            uint32_t lod = pu(m, VSMP_P_LOD, l);
            o[3] = p->nlev;
            uint32_t arr = d->array ? d->array_len : 0;
            if (lod < p->nlev) {
                uint32_t sz[3];
                level_dims(p, p->base + lod, sz);
                o[0] = sz[0];
                if (d->type != VSMP_SURFTYPE_1D)
                    o[1] = sz[1];
                if (d->type == VSMP_SURFTYPE_3D)
                    o[2] = sz[2];
            }
            if (d->type == VSMP_SURFTYPE_1D)
                o[1] = arr;
            else if (d->type == VSMP_SURFTYPE_2D)
                o[2] = arr;
            else if (d->type == VSMP_SURFTYPE_CUBE)
                o[2] = d->array_len;
        }
        for (int c = 0; c < 4; c++)
            r->c[c][l] = o[c];
    }
}

/* ld2dms_w and ld_mcs (SEMANTICS 4): planes hold the samples; the MCS maps sample -> plane. */
void vsmp_ref_load_ms(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    const vsmp_surface *s = p->s;
    const vsmp_surface_desc *d = &s->d;
    uint32_t n = d->samples > 1 ? d->samples : 1;
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    bool uw = m->mcs16;
    for (unsigned l = 0; l < m->simd; l++) {
        if (!(m->mask >> l & 1))
            continue;
        vsmp_texel t;
        memset(&t, 0, sizeof(t));
        int64_t x = (int64_t)(int32_t)pu(m, VSMP_P_U, l) + m->aoffimmi[0];
        int64_t y = (int64_t)(int32_t)pu(m, VSMP_P_V, l) + m->aoffimmi[1];
        int64_t layer = (int32_t)pu(m, VSMP_P_R, l);
        uint32_t lod = pu(m, VSMP_P_LOD, l);
        bool in = d->type != VSMP_SURFTYPE_NULL && lod == 0 && x >= 0 && x < d->width && y >= 0 &&
                  y < d->height && layer >= 0 && layer < d->array_len;
        if (p->kind == K_LDMCS) {
            uint64_t mcs = 0;
            if (in && s->mcs)
                vsmp_surface_get_mcs(s, (uint32_t)layer, (uint32_t)x, (uint32_t)y, &mcs);
            t.u[0] = (uint32_t)mcs;
            t.u[1] = (uint32_t)(mcs >> 32);
            store(r, l, &t);
            continue;
        }
        if (!in) {
            store(r, l, &t);
            continue;
        }
        uint64_t mcs;
        if (uw)
            mcs = (uint64_t)(pu(m, VSMP_P_MCS0, l) & 0xffff) |
                  (uint64_t)(pu(m, VSMP_P_MCS1, l) & 0xffff) << 16 |
                  (uint64_t)(pu(m, VSMP_P_MCS2, l) & 0xffff) << 32 |
                  (uint64_t)(pu(m, VSMP_P_MCS3, l) & 0xffff) << 48;
        else
            mcs = (uint64_t)pu(m, VSMP_P_MCSL, l) | (uint64_t)pu(m, VSMP_P_MCSH, l) << 32;
        uint32_t si = pu(m, VSMP_P_SI, l);
        if (si > n - 1)
            si = n - 1; /* "clamped to the number of samples on the surface" */
        uint32_t plane = si;
        if (d->mcs) {
            uint64_t clear = vsmp_mcs_clear(n);
            if ((mcs & clear) == clear) {
                t = d->clear_color;
                store(r, l, &t);
                continue;
            }
            plane = (uint32_t)(mcs >> (si * b)) & (n - 1);
        }
        bool hit = false;
        vsmp_surface_load_sparse(s, 0, (uint32_t)layer * n + plane, (uint32_t)x, (uint32_t)y, &t,
                                 &hit);
        if (hit)
            r->null_mask &= ~(1u << l);
        store(r, l, &t);
    }
}
