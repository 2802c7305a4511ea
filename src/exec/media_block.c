/* SPDX-License-Identifier: MIT */
/*
 * media_ld and media_st: the media block messages (MEDIA_LD.md, MEDIA_ST.md). A block of
 * Block_width bytes by Block_height rows at (X_offset bytes, Y_offset rows) of a 2D surface,
 * row i of it at byte i * pitch of the message's data (pitch: vsmp_media_pitch, 4 below 4 bytes,
 * else the width rounded up to a power of two). IGC lowers cl_intel_subgroups' image block
 * reads and writes (intel_sub_group_block_read/_write on image2d_t) to them.
 *
 * Out of bounds (docs/EXEC.md section 5.4): a read is clamped to the edge of the surface in x
 * and y, a whole texel at a time; a write drops the bytes of the texels outside. The texel is
 * the surface format's (a planar format's Y texel; plane 0 only). The offsets are signed.
 */
#include <string.h>

#include "exec_internal.h"
#include "rules.h"
#include "vsmp/format.h"
#include "vsmp/surface.h"

/* The value of an offset operand (x->g->v[k]) as a signed 32-bit integer: its type's bits, sign-
 * or zero-extended by the type; false when an indirect operand addresses outside the arena. */
static bool offset(vsmp_machine *m, const xvec *v, int32_t *out)
{
    uint64_t bits;
    if (v->cls == VSMP_VEC_IMMEDIATE) {
        bits = v->imm[0];
    } else {
        xscalar sc;
        memset(&sc, 0, sizeof(sc));
        sc.type = v->type;
        if (v->cls == VSMP_VEC_GENERAL)
            sc.kind = XS_DIRECT, sc.at = v->at;
        else
            sc.kind = XS_INDIRECT, sc.addr = v->word, sc.disp = v->disp;
        if (!vsmp_x_read_scalar(m, &sc, &bits))
            return false;
    }
    unsigned n = vsmp_type_size(v->type);
    if (n < 4 && vsmp_type_is_signed(v->type) && (bits >> (8 * n - 1) & 1u))
        bits |= ~0ull << (8 * n);
    else if (n < 4)
        bits &= (1ull << (8 * n)) - 1u;
    *out = (int32_t)(uint32_t)bits;
    return true;
}

/* The surface a media message names, with the texel size and the level's extent; NULL
 * (reported) when nothing is bound or the surface is not one these messages address. */
static vsmp_surface *media_surface(vsmp_machine *m, const xinst *x, unsigned *bpp, uint32_t *w,
                                   uint32_t *h, unsigned *level)
{
    uint32_t bti, named;
    bool bss;
    if (x->g->val[3]) { /* the typed 2D block: bti(...) or bss(...), a scalar at v[0] */
        int32_t v;
        if (!offset(m, &x->g->v[0], &v)) {
            vsmp_x_report(m, x->in, "exec-address",
                          "instruction %u: the surface operand lies outside the variables",
                          x->index);
            return NULL;
        }
        named = (uint32_t)v;
        bss = x->in->opnds[2].value == 2; /* AddrType bss */
        bti = bss ? vsmp_x_bindless(named) : named;
    } else {
        bti = vsmp_x_bti(m, x->g->target);
        named = m->surf_vals[x->g->target];
        bss = x->g->target == m->bss_word;
    }
    if (bti >= VSMP_MAX_BINDINGS || !m->bt[bti]) {
        vsmp_x_report(m, x->in, "exec-binding",
                      "instruction %u: surface %s holds %s %u, where no surface is bound", x->index,
                      x->g->val[3] ? "operand" : "variable",
                      bss ? "bindless offset" : "binding-table index", named);
        return NULL;
    }
    vsmp_surface *s = (vsmp_surface *)m->bt[bti]; /* media_st writes into it */
    const vsmp_surface_desc *d = vsmp_surface_get_desc(s);
    const vsmp_format_info *fi = vsmp_format_get(d->format);
    uint32_t dep, slices;
    if (d->type != VSMP_SURFTYPE_2D || !fi || fi->bc || fi->block_w != 1 || fi->block_h != 1 ||
        vsmp_surface_level_size(s, d->min_lod, w, h, &dep, &slices)) {
        vsmp_x_report(m, x->in, "exec-plan",
                      "instruction %u (%s): the surface bound at %u is not a 2D surface of "
                      "one texel per element (%s)",
                      x->index, vsmp_x_opname(x->in), bti, fi ? fi->name : "no format");
        return NULL;
    }
    *bpp = fi->bytes;
    *level = d->min_lod;
    return s;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Plan fields: val[0] width, val[1] height, val[2] pitch, val[3] the index of the X offset in
 * v[] (0: media_ld/st, whose target is the surface variable's word; 1: the typed 2D block,
 * whose surface is v[0]); the Y offset follows X; raw[val[3]] the data (its arena offset). */
static vsmp_status run_media(vsmp_machine *m, xinst *x, xstep *s)
{
    s->lanes = 0xffffffffu; /* a block message: no lanes */
    int32_t ox, oy;
    unsigned k0 = x->g->val[3];
    if (!offset(m, &x->g->v[k0], &ox) || !offset(m, &x->g->v[k0 + 1], &oy)) {
        vsmp_x_report(m, x->in, "exec-address",
                      "instruction %u: an indirect offset operand lies outside the variables",
                      x->index);
        return VSMP_ERR_INVALID;
    }
    unsigned bpp, level;
    uint32_t sw, sh;
    vsmp_surface *surf = media_surface(m, x, &bpp, &sw, &sh, &level);
    if (!surf)
        return VSMP_ERR_INVALID;
    unsigned bw = x->g->val[0], bh = x->g->val[1], pitch = x->g->val[2];
    bool store =
        x->in->opcode == VSMP_OPC_MEDIA_ST ||
        (x->in->opcode == VSMP_OPC_LSC_TYPED && x->in->subop == VSMP_SOP_LSC_TSTORE_BLOCK2D);
    uint8_t *data = m->arena + x->g->raw[k0 && store ? 1 : 0].var;
    if (store && ox % 4) {
        /* MEDIA_ST.md: "Its value must be dword-aligned" */
        vsmp_x_report(m, x->in, "exec-address",
                      "instruction %u: media_st X offset %d is not a multiple of 4", x->index,
                      (int)ox);
        return VSMP_ERR_INVALID;
    }
    for (unsigned i = 0; i < bh; i++) {
        int64_t row = (int64_t)oy + i;
        uint8_t *d = data + (size_t)i * pitch;
        if (store && (row < 0 || row >= (int64_t)sh))
            continue; /* the row lies outside: dropped */
        uint32_t y = (uint32_t)clamp64(row, 0, (int64_t)sh - 1);
        for (unsigned j = 0; j < bw; j++) {
            int64_t xb = (int64_t)ox + j;
            /* the texel holding byte xb, and the byte's place in it (floor division) */
            int64_t t = xb >= 0 ? xb / bpp : -((-xb + bpp - 1) / (int64_t)bpp);
            unsigned b = (unsigned)(xb - t * (int64_t)bpp);
            if (store) {
                if (t < 0 || t >= (int64_t)sw)
                    continue;
                uint8_t *p = vsmp_surface_texel(surf, level, 0, (uint32_t)t, y);
                p[b] = d[j];
            } else {
                const uint8_t *p =
                    vsmp_surface_texel(surf, level, 0, (uint32_t)clamp64(t, 0, (int64_t)sw - 1), y);
                d[j] = p[b];
            }
        }
        if (!store)
            memset(d + bw, 0, pitch - bw); /* the row's bytes past the block: zeros (vsmp) */
    }
    if (!store) {
        const vsmp_opnd *o = &x->in->opnds[k0 ? 6 : x->in->num_opnds - 1];
        s->dst_var = o->raw.var;
        s->dst_offset = o->raw.offset;
        s->dst_size = pitch * bh;
    }
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_media(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    vsmp_status st = vsmp_x_operands(m, x);
    if (st)
        return st;
    /* Modifiers Surface Plane Block_width Block_height X_offset Y_offset Dst/Src */
    unsigned val[5], nval = 0;
    for (unsigned i = 0; i < in->num_opnds && nval < 5; i++)
        if (in->opnds[i].kind == VSMP_OPND_VALUE)
            val[nval++] = in->opnds[i].value;
    if (nval != 5 || x->g->nv != 2 || x->g->nraw != 1) {
        vsmp_x_report(m, in, "exec-unsupported", "instruction %u: unexpected operand layout",
                      x->index);
        return VSMP_ERR_UNSUPPORTED;
    }
    const char *why;
    const char *rule = vsmp_rule_media(in->opcode, val[0], val[1], val[2], val[3], val[4], &why);
    if (rule) {
        vsmp_x_report(m, in, rule, "%s: (%u,%u) block, plane %u, surface %u, modifier %u: %s",
                      vsmp_x_opname(in), val[3], val[4], val[2], val[1], val[0], why);
        return VSMP_ERR_INVALID;
    }
    for (unsigned k = 0; k < 2; k++) {
        rule = vsmp_rule_media_offset(x->g->v[k].type, &why);
        if (rule) {
            vsmp_x_report(m, in, rule, "%s: the %c offset has type %s; %s", vsmp_x_opname(in),
                          k ? 'Y' : 'X', vsmp_type_name(x->g->v[k].type), why);
            return VSMP_ERR_INVALID;
        }
    }
    /* media_ld's "modified" (1) reads the surface as the kernel has modified it, which is
     * every read of the machine's memory; the field modes (top, bottom) are not implemented */
    bool st_op = in->opcode == VSMP_OPC_MEDIA_ST;
    if (val[0] > (st_op ? 0u : 1u) || val[2]) {
        vsmp_x_report(m, in, "exec-unsupported",
                      "instruction %u (%s): %s %u is not implemented by the machine", x->index,
                      vsmp_x_opname(in), val[2] ? "plane" : "modifier", val[2] ? val[2] : val[0]);
        return VSMP_ERR_UNSUPPORTED;
    }
    unsigned sv = val[1];
    if (sv != X_SURF_BSS &&
        (sv < VSMP_NUM_PREDEF_SURFS || sv - VSMP_NUM_PREDEF_SURFS >= m->r->num_surfaces)) {
        vsmp_x_report(m, in, "exec-surface", "instruction %u: surface %u is not a declared surface",
                      x->index, sv);
        return VSMP_ERR_UNSUPPORTED;
    }
    x->g->target = m->surf_base[sv];
    x->g->val[0] = val[3];
    x->g->val[1] = val[4];
    x->g->val[2] = vsmp_media_pitch(val[3]);
    x->g->val[3] = 0;
    x->g->nval = 4;
    x->run = run_media;
    return vsmp_x_raw_at(m, x, 0, x->g->val[2] * val[4]);
}

/* The typed 2D block load (LSC_TYPED.md, instructions-head, LOAD_BLOCK2D): "BlockWidth bytes"
 * by BlockHeight rows at (X bytes, Y rows) of the 2D surface named by bti(...) or bss(...), row
 * i of it at i * reg_pitch bytes of the data (reg_pitch: 4 below 4 bytes, else the width rounded
 * up to a power of two: vsmp_media_pitch), read and clamped as media_ld. Operands: l1 l3
 * addr_type width height surface dst x y src1. IGC 2.40 lowers intel_sub_group_block_read on an
 * image to it on Xe2/Xe3. The store has the same geometry; writes outside are dropped. */
vsmp_status vsmp_x_plan_tblock2d(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    if (in->num_opnds != 10) {
        vsmp_x_report(m, in, "exec-unsupported", "instruction %u: unexpected operand layout",
                      x->index);
        return VSMP_ERR_UNSUPPORTED;
    }
    const vsmp_opnd *o = in->opnds;
    const char *why, *rule = vsmp_rule_tblock2d(o[2].value, o[3].value, o[4].value, &why);
    if (rule) {
        vsmp_x_report(m, in, rule, "%s: %ux%u block: %s", vsmp_x_opname(in), o[3].value, o[4].value,
                      why);
        return VSMP_ERR_INVALID;
    }
    vsmp_status st = vsmp_x_operands(m, x);
    if (st)
        return st;
    if (x->g->nv != 3 || x->g->nraw != 2) {
        vsmp_x_report(m, in, "exec-unsupported", "instruction %u: unexpected operand layout",
                      x->index);
        return VSMP_ERR_UNSUPPORTED;
    }
    for (unsigned k = 1; k < 3; k++) {
        rule = vsmp_rule_media_offset(x->g->v[k].type, &why);
        if (rule) {
            vsmp_x_report(m, in, rule, "%s: the %c offset has type %s; %s", vsmp_x_opname(in),
                          k == 2 ? 'Y' : 'X', vsmp_type_name(x->g->v[k].type), why);
            return VSMP_ERR_INVALID;
        }
    }
    if (o[2].value == 3) { /* ss(...) */
        vsmp_x_report(m, in, "exec-unsupported",
                      "instruction %u (%s): ss(...) surfaces are not implemented", x->index,
                      vsmp_x_opname(in));
        return VSMP_ERR_UNSUPPORTED;
    }
    bool store = in->subop == VSMP_SOP_LSC_TSTORE_BLOCK2D;
    x->g->val[0] = o[3].value;
    x->g->val[1] = o[4].value;
    x->g->val[2] = vsmp_media_pitch(o[3].value);
    x->g->val[3] = 1;
    x->g->nval = 4;
    x->run = run_media;
    return vsmp_x_raw_at(m, x, store ? 1 : 0, x->g->val[2] * o[4].value);
}
