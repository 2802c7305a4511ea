/* SPDX-License-Identifier: MIT */
/* Sampler state defaults and plans: an operation is analysed once, then runs whole messages. */
#include <stddef.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "plan_kernel.h"
#include "sample_internal.h"

void vsmp_sampler_state_init(vsmp_sampler_state *s)
{
    memset(s, 0, sizeof(*s));
    s->min_filter = s->mag_filter = VSMP_FILTER_NEAREST;
    s->mip_filter = VSMP_MIPFILTER_NONE;
    s->max_aniso = 16;
    s->address[0] = s->address[1] = s->address[2] = VSMP_TCM_WRAP;
    s->shadow_func = VSMP_PREFILTEROP_ALWAYS;
    s->max_lod = 14.0f;
    s->lod_preclamp = VSMP_PRECLAMP_OGL;
}

/* s4.8 and u4.8 fields of SAMPLER_STATE: value = raw / 256 */
static float fixed_lod(float x, float lo, float hi, bool truncate)
{
    if (!(x == x))
        x = 0.0f;
    x = x < lo ? lo : x > hi ? hi : x;
    float raw = x * 256.0f;
    raw = truncate ? truncf(raw) : nearbyintf(raw);
    return raw / 256.0f;
}

void vsmp_sampler_state_quantize(vsmp_sampler_state *s, vsmp_lod_rounding rounding)
{
    if (!s)
        return;
    s->lod_bias = fixed_lod(s->lod_bias, -16.0f, 4095.0f / 256.0f, false);
    s->min_lod = fixed_lod(s->min_lod, 0.0f, 14.0f, rounding == VSMP_LOD_ROUND_TRUNCATE);
    s->max_lod = fixed_lod(s->max_lod, 0.0f, 14.0f, rounding == VSMP_LOD_ROUND_TRUNCATE);
}

static vsmp_status bad(vsmp_diags *d, const char *what)
{
    vsmp_diags_add(d, VSMP_SEV_ERROR, "plan", 0, 0, -1, "%s", what);
    return VSMP_ERR_ARG;
}

static vsmp_status check_state(const vsmp_sampler_state *st, vsmp_diags *d)
{
    if (st->min_filter > VSMP_FILTER_ANISOTROPIC || st->mag_filter > VSMP_FILTER_ANISOTROPIC)
        return bad(d, "unknown min/mag filter");
    if (st->mip_filter != VSMP_MIPFILTER_NONE && st->mip_filter != VSMP_MIPFILTER_NEAREST &&
        st->mip_filter != VSMP_MIPFILTER_LINEAR)
        return bad(d, "unknown mip filter");
    for (int a = 0; a < 3; a++)
        if (st->address[a] > VSMP_TCM_MIRROR_101)
            return bad(d, "unknown address mode");
    if (st->shadow_func > VSMP_PREFILTEROP_GEQUAL || st->reduction > VSMP_REDUCTION_MAX)
        return bad(d, "unknown shadow function or reduction");
    if (st->max_aniso < 2 || st->max_aniso > 16)
        return bad(d, "max_aniso must be 2..16");
    if (!(st->min_lod == st->min_lod) || !(st->max_lod == st->max_lod) ||
        !(st->lod_bias == st->lod_bias))
        return bad(d, "LOD bias and clamps must be numbers");
    if (st->lod_preclamp != VSMP_PRECLAMP_NONE && st->lod_preclamp != VSMP_PRECLAMP_OGL)
        return bad(d, "LOD PreClamp must be NONE or OGL");
    return VSMP_OK;
}

/* Whether a message's CPS flag and coarse size can scale its derivatives (vsmp_cps_scaled): the
 * implicit-LOD operations only. */
static bool cps_applies(const vsmp_plan *p)
{
    return (p->kind == K_SAMPLE || p->kind == K_LOD) && (p->lod == L_IMPLICIT || p->lod == L_BIAS);
}

vsmp_status vsmp_plan_create(const vsmp_surface *surf, const vsmp_sampler_state *st, unsigned op,
                             vsmp_plan **out, vsmp_diags *diags)
{
    return vsmp_plan_create_cpu(surf, st, op, vsmp_cpu_effective(), out, diags);
}

vsmp_status vsmp_plan_create_cpu(const vsmp_surface *surf, const vsmp_sampler_state *st,
                                 unsigned op, unsigned cpu, vsmp_plan **out, vsmp_diags *diags)
{
    if (!surf || !out)
        return VSMP_ERR_ARG;
    vsmp_plan p;
    memset(&p, 0, sizeof(p));
    p.s = surf;
    p.op = op;
    p.base = surf->d.min_lod;
    p.nlev = surf->d.mip_count;
    switch ((unsigned)surf->d.type) {
    case VSMP_SURFTYPE_1D:
    case VSMP_SURFTYPE_BUFFER:
        p.dims = 1;
        break;
    case VSMP_SURFTYPE_3D:
        p.dims = 3;
        break;
    default:
        p.dims = 2;
        break;
    }
    const vsmp_op_info *oi = vsmp_op_find(VSMP_OPC_3D_SAMPLE, op, false);
    bool ms = surf->d.samples > 1;
    if (op == VSMP_SUB_LD2DMS_W || op == VSMP_SUB_LD_MCS) {
        p.kind = op == VSMP_SUB_LD2DMS_W ? K_LD2DMS : K_LDMCS;
        p.run = vsmp_ref_load_ms;
    } else if (ms && op != VSMP_SUB_RESINFO && op != VSMP_SUB_SAMPLEINFO) {
        vsmp_diags_add(diags, VSMP_SEV_ERROR, "plan", 0, 0, -1,
                       "a multisample surface is read with ld2dms_w, ld_mcs and INFO only");
        return VSMP_ERR_UNSUPPORTED;
    } else if (op == VSMP_SUB_RESINFO || op == VSMP_SUB_SAMPLEINFO) {
        p.kind = op == VSMP_SUB_RESINFO ? K_RESINFO : K_SAMPLEINFO;
        p.run = vsmp_ref_info;
    } else if (op == VSMP_SUB_LD || op == VSMP_SUB_LD_LZ || op == VSMP_SUB_LD_L) {
        p.kind = K_LD;
        p.run = vsmp_ref_load;
    } else if (oi) {
        if (!st)
            return bad(diags, "sampling operations need a sampler state");
        vsmp_status s = check_state(st, diags);
        if (s)
            return s;
        p.st = *st;
        p.kind = op == VSMP_SUB_LOD ? K_LOD : K_SAMPLE;
        p.compare = (oi->flags & VSMP_OPI_COMPARE) != 0;
        p.po = (oi->flags & VSMP_OPI_PO) != 0;
        switch (op) {
        case VSMP_SUB_SAMPLE_B:
        case VSMP_SUB_SAMPLE_B_C:
        case VSMP_SUB_SAMPLE_PO_B:
            p.lod = L_BIAS;
            break;
        case VSMP_SUB_SAMPLE_L:
        case VSMP_SUB_SAMPLE_L_C:
        case VSMP_SUB_SAMPLE_PO_L:
        case VSMP_SUB_SAMPLE_PO_L_C:
            p.lod = L_EXPLICIT;
            break;
        case VSMP_SUB_SAMPLE_LZ:
        case VSMP_SUB_SAMPLE_C_LZ:
        case VSMP_SUB_SAMPLE_PO_LZ:
        case VSMP_SUB_SAMPLE_PO_C_LZ:
            p.lod = L_ZERO;
            break;
        case VSMP_SUB_SAMPLE_D:
        case VSMP_SUB_SAMPLE_D_C:
        case VSMP_SUB_SAMPLE_PO_D:
            p.lod = L_GRAD;
            break;
        default:
            p.lod = L_IMPLICIT;
            break;
        }
        if (surf->d.type == VSMP_SURFTYPE_CUBE)
            p.seamless = st->seamless_cube ||
                         (st->address[0] == VSMP_TCM_CUBE && st->address[1] == VSMP_TCM_CUBE &&
                          st->address[2] == VSMP_TCM_CUBE);
        p.run = vsmp_ref_sample;
    } else {
        return bad(diags, "not a sampling, load or INFO operation");
    }
    p.cpu = cpu;
    vsmp_plan *np = malloc(sizeof(*np));
    if (!np)
        return VSMP_ERR_NOMEM;
    *np = p;
    vsmp_fast_select(np);
    np->plain = !np->fast ? np->run : cps_applies(np) ? NULL : np->fast;
    *out = np;
    return VSMP_OK;
}

void vsmp_plan_free(vsmp_plan *p)
{
    free(p);
}

bool vsmp_cps_scaled(const vsmp_plan *p, const vsmp_message *m)
{
    return cps_applies(p) && (m->cps || p->st.cps_lod_compensation) &&
           (m->coarse[0] > 1 || m->coarse[1] > 1);
}

/* Whether a message has immediate offsets: its three bytes tested as one word (the byte after
 * them masked off). */
static inline bool has_offsets(const vsmp_message *m)
{
    static const uint8_t three[4] = {0xff, 0xff, 0xff, 0};
    uint32_t w, mask;
    memcpy(&w, (const uint8_t *)m + offsetof(vsmp_message, aoffimmi), 4);
    memcpy(&mask, three, 4);
    return (w & mask) != 0;
}

/* vsmp_plan_kernel, whose message has immediate offsets if @p offsets: fast paths take neither
 * those nor CPS-scaled derivatives */
static inline vsmp_kernel kernel_of(const vsmp_plan *p, const vsmp_message *m, bool offsets)
{
    if (!offsets && p->plain)
        return p->plain;
    return p->fast && !offsets && !vsmp_cps_scaled(p, m) ? p->fast : p->run;
}

vsmp_kernel vsmp_plan_kernel(const vsmp_plan *p, const vsmp_message *m)
{
    return kernel_of(p, m, has_offsets(m));
}

vsmp_status vsmp_plan_run(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (!p || !m || !r || m->simd < 1 || m->simd > VSMP_MAX_LANES)
        return VSMP_ERR_ARG;
    bool offsets = has_offsets(m);
    if (offsets)
        for (int a = 0; a < 3; a++)
            if (m->aoffimmi[a] < -8 || m->aoffimmi[a] > 7)
                return VSMP_ERR_ARG;
    vsmp_kernel_call(kernel_of(p, m, offsets), p, m, r);
    return VSMP_OK;
}
