/* SPDX-License-Identifier: MIT */
/*
 * Operands and instructions of the `.visaasm` text: the sampler messages (3D_SAMPLE, 3D_LOAD,
 * INFO, SAMPLE_UNORM) field by field, and every other opcode of the instruction table
 * (include/vsmp/opcodes.def) in the text form GenX_IR 12504 prints and parses (CISA.y), or in
 * vsmp's generic form for the instructions that have none (docs/TEXT.md).
 */
#include <stdlib.h>
#include <string.h>

#include "text_parse.h"

/* ---- operands ---- */

static bool op_in_dialect(parser *p, const vsmp_op_info *o)
{
    return p->dialect == VSMP_DIALECT_HEAD || (o->flags & VSMP_OPI_12504);
}

/* [(pred)] op[.pixel_null_mask][.cps][.divS].CH (mask, n) aoff [sampler] surface dst
 * [paired] params* */
static bool parse_sampler_inst(parser *p, vsmp_inst *in, const vsmp_op_info *o)
{
    in->opcode = o->opcode;
    in->subop = o->subop;
    bool smp = o->opcode == VSMP_OPC_3D_SAMPLE;
    const char *mods[3] = {"pixel_null_mask", "cps", "divS"};
    unsigned next = 0;
    bool divs = false;
    for (;;) {
        if (!expect(p, '.', "'.' and channels"))
            return false;
        const tok *t = cur(p);
        unsigned i;
        for (i = 0; i < 3; i++)
            if (is_word(t, mods[i]))
                break;
        if (i == 3)
            break;
        if (i < next || (!smp && i > 0)) {
            PERR(p, t, "syntax",
                 "modifier .%s is not allowed here (order: "
                 "%s.pixel_null_mask.cps.divS)",
                 mods[i], smp ? "" : "load only has ");
            return false;
        }
        next = i + 1;
        p->at++;
        if (i == 0)
            in->flags |= VSMP_OPF_PNM;
        else if (i == 1)
            in->flags |= VSMP_OPF_CPS;
        else
            divs = true;
    }
    if (smp) {
        if (p->dialect == VSMP_DIALECT_HEAD) {
            if (divs)
                in->flags |= VSMP_OPF_NONUNIFORM;
        } else {
            in->divs_text = divs ? VSMP_DIVS_PRESENT : VSMP_DIVS_ABSENT;
        }
    }
    if (!parse_channels(p, &in->channels) || !parse_exec(p, in) || !parse_vec(p, &in->aoffimmi))
        return false;
    if (smp && !parse_state(p, true, &in->sampler))
        return false;
    if (!parse_state(p, false, &in->surface) || !parse_raw(p, &in->dst))
        return false;
    if (p->dialect == VSMP_DIALECT_HEAD) {
        in->has_paired = true;
        if (!parse_raw(p, &in->paired))
            return false;
    }
    return parse_params(p, in);
}

static bool parse_info(parser *p, vsmp_inst *in, const vsmp_op_info *o)
{
    in->opcode = VSMP_OPC_3D_INFO;
    in->subop = o->subop;
    if (!expect(p, '.', "'.' and channels") || !parse_channels(p, &in->channels) ||
        !parse_exec(p, in) || !parse_state(p, false, &in->surface))
        return false;
    if (o->subop == VSMP_SUB_RESINFO && !parse_raw(p, &in->lod))
        return false;
    return parse_raw(p, &in->dst);
}

static bool parse_unorm(parser *p, vsmp_inst *in)
{
    in->opcode = VSMP_OPC_SAMPLE_UNORM;
    in->exec_size = 32;
    in->exec_code = 5;
    if (!expect(p, '.', "'.' and channels") || !parse_channels(p, &in->channels) ||
        !expect(p, '.', "'.' and an output format"))
        return false;
    const tok *a = cur(p);
    static const char *const fmts[4] = {"full", "downsampled", "full", "downsampled"};
    bool ok = a->kind == TK_INT && (a->ival == 16 || a->ival == 8) && p->at + 2 < p->ntok &&
              is_punct(a + 1, '-') && (a + 2)->kind == TK_IDENT;
    if (ok) {
        unsigned base = a->ival == 16 ? 0 : 2;
        if (is_word(a + 2, fmts[base]))
            in->unorm_fmt = (uint8_t)base;
        else if (is_word(a + 2, fmts[base + 1]))
            in->unorm_fmt = (uint8_t)(base + 1);
        else
            ok = false;
    }
    if (!ok) {
        PERR(p, a, "syntax",
             "expected an output format: 16-full, 16-downsampled, 8-full or "
             "8-downsampled");
        return false;
    }
    p->at += 3;
    if (!parse_state(p, true, &in->sampler) || !parse_state(p, false, &in->surface))
        return false;
    for (int i = 0; i < 4; i++)
        if (!parse_vec(p, &in->src[i]))
            return false;
    return parse_raw(p, &in->dst);
}

/* ---- labels ---- */

/* Block labels and subroutines have separate name spaces (GenX_IR keeps two maps); their
 * symbols carry a one-byte class prefix so that they never meet variable names. */
int64_t label_ref(parser *p, const char *s, size_t n, uint8_t cls, uint8_t kind)
{
    char key[VSMP_MAX_STRING + 2];
    if (n >= VSMP_MAX_STRING) {
        perr_at(p, cur(p)->line, cur(p)->col, "syntax", "label name too long");
        return -1;
    }
    key[0] = cls == C_F ? '\2' : '\1';
    memcpy(key + 1, s, n);
    sym *e = syms_find(&p->syms, key, n + 1);
    if (e)
        return e->id;
    vsmp_routine *k = p->k;
    if (k->num_labels >= 0xffff) {
        perr_at(p, cur(p)->line, cur(p)->col, "declarations", "too many labels");
        return -1;
    }
    uint32_t sidx;
    vsmp_label_decl *l = realloc(k->labels, (k->num_labels + 1) * sizeof(*l));
    if (!l) {
        p->nomem = true;
        return -1;
    }
    k->labels = l;
    if (!add_string(p, s, n, &sidx))
        return -1;
    l = &l[k->num_labels++];
    memset(l, 0, sizeof(*l));
    l->name = sidx;
    l->kind = kind;
    if (!syms_add(p, key, n + 1, cls, k->num_labels - 1)) {
        p->nomem = true;
        return -1;
    }
    return k->num_labels - 1;
}

static vsmp_inst *new_inst(parser *p, const tok *at)
{
    vsmp_inst *in = vsmp_routine_add_inst(p->k, &p->budget);
    if (!in) {
        p->nomem = true;
        return NULL;
    }
    in->line = at->line;
    in->column = at->col;
    return in;
}

bool parse_function(parser *p, const tok *name)
{
    const char *s = name->kind == TK_STRING ? name->s + 1 : name->s;
    size_t n = name->kind == TK_STRING ? name->len - 2 : name->len;
    int64_t id = label_ref(p, s, n, C_F, 1);
    if (id < 0)
        return false;
    vsmp_inst *in = new_inst(p, name);
    if (!in)
        return false;
    in->opcode = VSMP_OPC_SUBROUTINE;
    in->num_opnds = 1;
    in->opnds[0].kind = VSMP_OPND_LABEL;
    in->opnds[0].size = 2;
    in->opnds[0].value = (uint32_t)id;
    return true;
}

/* ---- generic instructions by family ---- */

static bool parse_common(parser *p, vsmp_inst *in, const vsmp_opcode_info *row, unsigned relop)
{
    const char *l = row->layout;
    bool sat = false;
    if (in->opcode == VSMP_OPC_FMINMAX) {
        if (!add_value(p, in, relop, 1))
            return false;
    } else if (in->opcode == VSMP_OPC_CMP) {
        int r = suffix(p, VSMP_NAMES(vsmp_relop_names), "'.' and a relation (eq, ne, gt, ...)");
        if (r < 0 || !add_value(p, in, (unsigned)r | relop, 1))
            return false;
    }
    unsigned bfn = 0;
    if (in->opcode == VSMP_OPC_BFN) {
        const tok *t;
        if (!expect(p, '.', "'.x' and the function table") ||
            !expect_ident(p, "x and the function table", &t))
            return false;
        char *end;
        char b[8] = {0};
        if (t->len < 2 || t->len > 4 || t->s[0] != 'x') {
            PERR(p, t, "syntax", "expected .xNN (the boolean function table in hex)");
            return false;
        }
        memcpy(b, t->s + 1, t->len - 1);
        unsigned long v = strtoul(b, &end, 16);
        if (*end || v > 0xff) {
            PERR(p, t, "syntax", "expected .xNN (the boolean function table in hex)");
            return false;
        }
        bfn = (unsigned)v;
    }
    if (is_punct(cur(p), '.') && p->at + 1 < p->ntok && is_word(&p->toks[p->at + 1], "sat")) {
        sat = true;
        p->at += 2;
    }
    if (!parse_exec(p, in))
        return false;
    for (; *l; l++) {
        if (*l == 'E' || *l == 'P' || *l == 'b')
            continue;
        bool dst = *l == 'D';
        vsmp_opnd *o = add_opnd(p, in, dst ? VSMP_OPND_VEC_DST : VSMP_OPND_VEC_SRC);
        if (!o)
            return false;
        bool ok;
        if (in->opcode == VSMP_OPC_CMP && dst)
            ok = parse_dst_vec(p, &o->vec);
        else
            ok = dst ? parse_dst_vec(p, &o->vec) : parse_src_vec(p, &o->vec);
        if (!ok)
            return false;
        if (dst && sat) {
            o->vec.mod = VSMP_MOD_SAT;
            sat = false;
        }
    }
    if (in->opcode == VSMP_OPC_BFN)
        return add_value(p, in, bfn, 1);
    return true;
}

static bool parse_flow(parser *p, vsmp_inst *in, const char *name, const tok *mn)
{
    switch (in->opcode) {
    case VSMP_OPC_CALL: {
        const tok *t;
        if (!parse_exec(p, in) || !expect_ident(p, "a subroutine", &t))
            return false;
        int64_t id = label_ref(p, t->s, t->len, C_F, strcmp(name, "fccall") ? 1 : 2);
        if (id < 0)
            return false;
        vsmp_opnd *o = add_opnd(p, in, VSMP_OPND_LABEL);
        if (!o)
            return false;
        o->size = 2;
        o->value = (uint32_t)id;
        return true;
    }
    case VSMP_OPC_JMP:
    case VSMP_OPC_GOTO:
        return parse_exec(p, in) && parse_layout_tail(p, in, "L");
    case VSMP_OPC_FRET:
        return parse_exec(p, in);
    case VSMP_OPC_FCALL: {
        const tok *t;
        uint32_t idx;
        int64_t a, r;
        if (!parse_exec(p, in) || !expect_ident(p, "a function name", &t) ||
            !add_string(p, t->s, t->len, &idx) || !add_value(p, in, idx, 2))
            return false;
        if ((a = parse_count(p, "argument size", 0, 255)) < 0 ||
            (r = parse_count(p, "return size", 0, 255)) < 0)
            return false;
        return add_value(p, in, (uint32_t)a, 1) && add_value(p, in, (uint32_t)r, 1);
    }
    case VSMP_OPC_IFCALL: {
        int64_t a, r;
        if (!parse_exec(p, in) || !add_vec(p, in, false))
            return false;
        if ((a = parse_count(p, "argument size", 0, 255)) < 0 ||
            (r = parse_count(p, "return size", 0, 255)) < 0)
            return false;
        return add_value(p, in, (uint32_t)a, 1) && add_value(p, in, (uint32_t)r, 1);
    }
    case VSMP_OPC_FADDR: {
        const tok *t = cur(p);
        uint32_t idx;
        if (t->kind != TK_IDENT && t->kind != TK_STRING) {
            PERR(p, t, "syntax", "expected a symbol name");
            return false;
        }
        p->at++;
        bool str = t->kind == TK_STRING;
        size_t n = str ? t->len - 2 : t->len;
        idx = 0; /* GenX_IR's addStringPool gives an empty name index 0 */
        return (!n || add_string(p, str ? t->s + 1 : t->s, n, &idx)) && add_value(p, in, idx, 2) &&
               add_vec(p, in, true);
    }
    case VSMP_OPC_SWITCHJMP: {
        if (!parse_exec(p, in) || !add_value(p, in, 0, 1) || !add_vec(p, in, false) ||
            !expect(p, '(', "'(' and labels"))
            return false;
        unsigned n = 0;
        do {
            if (n == 32) {
                PERR(p, cur(p), "syntax", "switchjmp takes at most 32 labels");
                return false;
            }
            if (!parse_layout_tail(p, in, "L"))
                return false;
            n++;
        } while (accept(p, ','));
        in->opnds[0].value = n;
        return expect(p, ')', "')'");
    }
    default:
        PERR(p, mn, "syntax", "%s has no text form here", name);
        return false;
    }
}

static bool parse_sync(parser *p, vsmp_inst *in, const char *name, const tok *mn)
{
    if (!strncmp(name, "fence_", 6)) {
        in->opcode = VSMP_OPC_FENCE;
        unsigned m = 0;
        if (!strcmp(name, "fence_sw"))
            return add_value(p, in, 0x80, 1);
        if (!strcmp(name, "fence_local"))
            m = 0x20;
        else if (strcmp(name, "fence_global") != 0) {
            PERR(p, mn, "syntax", "unknown fence %s", name);
            return false;
        }
        if (accept(p, '.')) {
            const tok *t;
            if (!expect_ident(p, "fence flags (E, I, S, C, R, L1)", &t))
                return false;
            for (size_t i = 0; i < t->len; i++) {
                const char *f = strchr("EISCR", t->s[i]);
                if (t->s[i] == 'L' && i + 1 < t->len && t->s[i + 1] == '1') {
                    m |= 0x40;
                    i++;
                } else if (f && t->s[i]) {
                    m |= 1u << (f - "EISCR");
                } else {
                    PERR(p, t, "syntax", "unknown fence flag '%c'", t->s[i]);
                    return false;
                }
            }
        }
        return add_value(p, in, m, 1);
    }
    switch (in->opcode) {
    case VSMP_OPC_WAIT:
        return add_vec(p, in, false);
    case VSMP_OPC_SBARRIER: {
        const tok *t;
        if (!expect(p, '.', "'.signal' or '.wait'") || !expect_ident(p, "signal or wait", &t))
            return false;
        if (!is_word(t, "signal") && !is_word(t, "wait")) {
            PERR(p, t, "syntax", "expected signal or wait");
            return false;
        }
        return add_value(p, in, is_word(t, "signal"), 1);
    }
    case VSMP_OPC_NBARRIER: {
        const tok *t;
        if (!expect(p, '.', "'.signal' or '.wait'") || !expect_ident(p, "signal or wait", &t))
            return false;
        bool sig = is_word(t, "signal");
        if (!sig && !is_word(t, "wait")) {
            PERR(p, t, "syntax", "expected signal or wait");
            return false;
        }
        if (!add_value(p, in, sig, 1) || !add_vec(p, in, false))
            return false;
        if (sig)
            return add_vec(p, in, false);
        vsmp_opnd *o = add_opnd(p, in, VSMP_OPND_VEC_SRC);
        if (!o)
            return false;
        o->vec.vclass = VSMP_VEC_IMMEDIATE;
        o->vec.imm_type = VSMP_TYPE_UB;
        return true;
    }
    default:
        return true; /* barrier, sampler_cache_flush, yield */
    }
}

/* sample / load of the old sampler: sample.CHANNELS [(8|16|32)] SAMPLER SURFACE U V R DST
 * (CISA.y SampleInstruction: no SIMD mode or 8 or 32 is SIMD8; only 16 sets bit 4) */
static bool parse_sample_old(parser *p, vsmp_inst *in)
{
    bool smp = in->opcode == VSMP_OPC_SAMPLE;
    uint8_t ch, state;
    if (!expect(p, '.', "'.' and channels") || !parse_channels(p, &ch))
        return false;
    unsigned simd16 = 0;
    if (is_punct(cur(p), '(')) {
        p->at++;
        int64_t n = parse_count(p, "the SIMD mode", 8, 32);
        if (n < 0 || !expect(p, ')', "')'"))
            return false;
        if (n != 8 && n != 16 && n != 32) {
            PERR(p, cur(p), "syntax", "SIMD mode can only be 8, 16 or 32");
            return false;
        }
        simd16 = n == 16;
    }
    if (!add_value(p, in, ch | simd16 << 4, 1))
        return false;
    if (smp && (!parse_state(p, true, &state) || !add_value(p, in, state, 1)))
        return false;
    if (!parse_state(p, false, &state) || !add_value(p, in, state, 1))
        return false;
    return parse_layout_tail(p, in, "rrrR");
}

/* avs.CHANNELS SURFACE SAMPLER U V DU DV U2D GROUP VBLOCK CNTRL V2D EXECMODE EIF DST (CISA.y
 * AVSInstruction); the binary holds channels, sampler, surface first */
static bool parse_avs(parser *p, vsmp_inst *in)
{
    uint8_t ch, surf, smp;
    if (!expect(p, '.', "'.' and channels") || !parse_channels(p, &ch) ||
        !parse_state(p, false, &surf) || !parse_state(p, true, &smp) || !add_value(p, in, ch, 1) ||
        !add_value(p, in, smp, 1) || !add_value(p, in, surf, 1) ||
        !parse_layout_tail(p, in, "vvvvvvv"))
        return false;
    const tok *t = cur(p);
    int cntrl = t->kind == TK_IDENT
                    ? vsmp_name_index(VSMP_NAMES(vsmp_avs_control_names), t->s, t->len)
                    : -1;
    if (cntrl < 0) {
        PERR(p, t, "syntax", "expected an AVS output control (AVS_16_FULL ...)");
        return false;
    }
    p->at++;
    if (!add_value(p, in, (unsigned)cntrl, 1) || !parse_layout_tail(p, in, "v"))
        return false;
    t = cur(p);
    int mode = t->kind == TK_IDENT
                   ? vsmp_name_index(VSMP_NAMES(vsmp_avs_exec_mode_names), t->s, t->len)
                   : -1;
    if (mode < 0) {
        PERR(p, t, "syntax", "expected an AVS exec mode (AVS_16x4 or AVS_16x8)");
        return false;
    }
    p->at++;
    return add_value(p, in, (unsigned)mode, 1) && parse_layout_tail(p, in, "vR");
}

static bool parse_dataport(parser *p, vsmp_inst *in, const vsmp_opcode_info *row)
{
    switch (in->opcode) {
    case VSMP_OPC_GATHER4_TYPED:
    case VSMP_OPC_SCATTER4_TYPED: {
        uint8_t ch;
        return expect(p, '.', "'.' and channels") && parse_channels(p, &ch) &&
               add_value(p, in, ch, 1) && parse_exec(p, in) && parse_surface_value(p, in) &&
               parse_layout_tail(p, in, row->layout + 4);
    }
    case VSMP_OPC_GATHER4_SCALED:
    case VSMP_OPC_SCATTER4_SCALED: {
        uint8_t ch;
        return expect(p, '.', "'.' and channels") && parse_channels(p, &ch) &&
               add_value(p, in, ch, 1) && add_value(p, in, 0, 2) && parse_exec(p, in) &&
               parse_surface_value(p, in) && parse_layout_tail(p, in, row->layout + 5);
    }
    case VSMP_OPC_GATHER_SCALED:
    case VSMP_OPC_SCATTER_SCALED: {
        int nb = suffix(p, VSMP_NAMES(vsmp_block_num_names), "'.' and a block count");
        return nb >= 0 && add_value(p, in, 0, 1) && add_value(p, in, (unsigned)nb, 1) &&
               parse_exec(p, in) && add_value(p, in, 0, 2) && parse_surface_value(p, in) &&
               parse_layout_tail(p, in, row->layout + 6);
    }
    case VSMP_OPC_DWORD_ATOMIC:
    case VSMP_OPC_3D_TYPED_ATOMIC:
        return parse_atomic_op(p, in) && parse_exec(p, in) && parse_surface_value(p, in) &&
               parse_layout_tail(p, in, row->layout + 4);
    case VSMP_OPC_QW_GATHER:
    case VSMP_OPC_QW_SCATTER: {
        int nb = suffix(p, VSMP_NAMES(vsmp_block_num_names), "'.' and a block count");
        return nb >= 0 && add_value(p, in, (unsigned)nb, 1) && parse_exec(p, in) &&
               parse_surface_value(p, in) && parse_layout_tail(p, in, row->layout + 4);
    }
    case VSMP_OPC_MEDIA_LD:
    case VSMP_OPC_MEDIA_ST: {
        /* media_ld.MOD (W,H) SURFACE [PLANE] X Y MSG (CISA.y MediaInstruction: the lexer takes
         * media_ld's modifier names for both; the plane is optional, 0..15) */
        bool st = in->opcode == VSMP_OPC_MEDIA_ST;
        int mod = suffix(p, VSMP_NAMES(vsmp_media_ld_mod_names), "'.' and a media modifier");
        int64_t w, h, plane = 0;
        if (mod < 0 || !expect(p, '(', "'(' and the block width") || !int_prim(p, &w) ||
            !expect(p, ',', "','") || !int_prim(p, &h) || !expect(p, ')', "')'"))
            return false;
        if (w < 0 || w > 255 || h < 0 || h > 255) {
            PERR(p, cur(p), "syntax", "media block size out of range");
            return false;
        }
        if (!add_value(p, in, (unsigned)mod, 1) || !parse_surface_value(p, in))
            return false;
        /* a bare integer is the plane; an immediate offset carries its ':type' */
        if (cur(p)->kind == TK_INT &&
            !(p->at + 1 < p->ntok && is_punct(&p->toks[p->at + 1], ':'))) {
            plane = parse_count(p, "the media plane", 0, 15);
            if (plane < 0)
                return false;
        }
        return add_value(p, in, (uint32_t)plane, 1) && add_value(p, in, (uint32_t)w, 1) &&
               add_value(p, in, (uint32_t)h, 1) && parse_layout_tail(p, in, st ? "vvr" : "vvR");
    }
    case VSMP_OPC_OWORD_LD:
    case VSMP_OPC_OWORD_ST:
    case VSMP_OPC_OWORD_LD_UNALIGNED: {
        bool st = in->opcode == VSMP_OPC_OWORD_ST, mod = false;
        if (!st && is_punct(cur(p), '.') && p->at + 1 < p->ntok &&
            is_word(&p->toks[p->at + 1], "mod")) {
            mod = true;
            p->at += 2;
        }
        int n = oword_code(p);
        if (n < 0 || !add_value(p, in, (unsigned)n, 1) || (!st && !add_value(p, in, mod, 1)))
            return false;
        return parse_surface_value(p, in) && parse_layout_tail(p, in, st ? "vr" : "vR");
    }
    case VSMP_OPC_GATHER:
    case VSMP_OPC_SCATTER: {
        bool g = in->opcode == VSMP_OPC_GATHER, mod = false;
        if (g && is_punct(cur(p), '.') && p->at + 1 < p->ntok &&
            is_word(&p->toks[p->at + 1], "mod")) {
            mod = true;
            p->at += 2;
        }
        static const char *const esz[3] = {"1", "2", "4"};
        int es = suffix(p, VSMP_NAMES(esz), "'.' and an element size (1, 2, 4)");
        vsmp_inst tmp;
        memset(&tmp, 0, sizeof(tmp));
        if (es < 0 || !parse_exec(p, &tmp))
            return false;
        unsigned sc = tmp.exec_size == 8 ? 0 : tmp.exec_size == 16 ? 1 : tmp.exec_size == 1 ? 2 : 3;
        if (sc == 3) {
            PERR(p, cur(p), "exec-size", "gather/scatter take 1, 8 or 16 elements");
            return false;
        }
        if (!add_value(p, in, (unsigned)es, 1) || (g && !add_value(p, in, mod, 1)) ||
            !add_value(p, in, sc | (unsigned)tmp.emask << 4, 1))
            return false;
        return parse_surface_value(p, in) && parse_layout_tail(p, in, g ? "vrR" : "vrr");
    }
    default:
        PERR(p, cur(p), "unsupported", "%s has no text form in vsmp", row->mnemonic);
        return false;
    }
}

static bool parse_svm(parser *p, vsmp_inst *in, const char *name, const tok *mn)
{
    in->opcode = VSMP_OPC_SVM;
    if (!strcmp(name, "svm_block_ld") || !strcmp(name, "svm_block_st")) {
        bool st = name[10] == 's';
        in->subop = st ? VSMP_SOP_SVM_BLOCK_ST : VSMP_SOP_SVM_BLOCK_LD;
        if (in->pred) {
            PERR(p, mn, "syntax", "%s takes no predicate", name);
            return false;
        }
        unsigned un = 0;
        if (is_punct(cur(p), '.') && p->at + 1 < p->ntok &&
            is_word(&p->toks[p->at + 1], "unaligned")) {
            un = 8;
            p->at += 2;
        }
        int n = oword_code(p);
        return n >= 0 && add_value(p, in, (unsigned)n | un, 1) &&
               parse_layout_tail(p, in, st ? "vr" : "vR");
    }
    if (!strcmp(name, "svm_gather") || !strcmp(name, "svm_scatter")) {
        bool g = name[4] == 'g';
        in->subop = g ? VSMP_SOP_SVM_GATHER : VSMP_SOP_SVM_SCATTER;
        int bs = suffix(p, VSMP_NAMES(vsmp_svm_block_size_names), "'.' and a block size");
        int nb = bs < 0 ? -1 : suffix(p, VSMP_NAMES(vsmp_block_num_names), "'.' and a count");
        return nb >= 0 && add_value(p, in, (unsigned)bs, 1) && add_value(p, in, (unsigned)nb, 1) &&
               parse_exec(p, in) && parse_layout_tail(p, in, g ? "rR" : "rr");
    }
    if (!strcmp(name, "svm_atomic")) {
        in->subop = VSMP_SOP_SVM_ATOMIC;
        if (!parse_atomic_op(p, in) || !parse_exec(p, in))
            return false;
        /* text: address dst src0 src1; binary: address src0 src1 dst */
        if (!parse_layout_tail(p, in, "rRrr"))
            return false;
        vsmp_opnd d = in->opnds[2];
        in->opnds[2] = in->opnds[3];
        in->opnds[3] = in->opnds[4];
        in->opnds[4] = d;
        return true;
    }
    if (!strcmp(name, "svm_gather4scaled") || !strcmp(name, "svm_scatter4scaled")) {
        bool g = name[4] == 'g';
        in->subop = g ? VSMP_SOP_SVM_GATHER4_SCALED : VSMP_SOP_SVM_SCATTER4_SCALED;
        uint8_t ch;
        return expect(p, '.', "'.' and channels") && parse_channels(p, &ch) &&
               add_value(p, in, ch, 1) && add_value(p, in, 0, 2) && parse_exec(p, in) &&
               parse_layout_tail(p, in, g ? "vrR" : "vrr");
    }
    PERR(p, mn, "unsupported", "unknown SVM instruction %s", name);
    return false;
}

/* lsc_load.ugm[.l1.l3] (M1, 16)  dst:d32x4  flat[0x4*src0+0x10]:a64  (stores: addr data;
 * atomics: dst addr src1 src2) */
static bool lsc_data(parser *p, vsmp_raw *r, unsigned *dsize, unsigned *order, unsigned *elems,
                     unsigned *cmask, bool quad, bool want_shape)
{
    if (!parse_lsc_raw(p, r))
        return false;
    if (!want_shape)
        return true;
    const tok *t;
    if (!expect(p, ':', "':' and a data size") || !expect_ident(p, "a data size", &t))
        return false;
    /* d32x4t: size, then elements, then t */
    size_t n = t->len, sz = 0;
    while (sz < n && (t->s[sz] != 'x' || sz == 0) && t->s[sz] != 't')
        sz++;
    int ds = vsmp_name_index(VSMP_NAMES(vsmp_lsc_dsize_names), t->s, sz);
    if (ds < 0) { /* d8c32 and friends contain no x; d8u32 is today's spelling */
        ds = vsmp_name_index(VSMP_NAMES(vsmp_lsc_dsize_names), t->s, n);
        if (ds < 0)
            ds = vsmp_name_index(VSMP_NAMES(vsmp_lsc_dsize_names_u), t->s, n);
        sz = ds < 0 ? sz : n;
    }
    if (ds < 0) {
        PERR(p, t, "syntax", "unknown LSC data size '%.*s'", (int)n, t->s);
        return false;
    }
    *dsize = (unsigned)ds;
    *order = 1;
    *elems = 1;
    *cmask = 1;
    size_t rest = n - sz;
    if (rest && t->s[n - 1] == 't') {
        *order = 2;
        rest--;
    }
    if (rest) {
        int e = vsmp_name_index(VSMP_NAMES(vsmp_lsc_elems_names), t->s + sz, rest);
        if (e < 1) {
            PERR(p, t, "syntax", "unknown LSC vector size in '%.*s'", (int)n, t->s);
            return false;
        }
        *elems = (unsigned)e;
    }
    if (quad) {
        const tok *m;
        if (!expect(p, '.', "'.' and a channel mask") || !expect_ident(p, "xyzw", &m))
            return false;
        unsigned cm = 0;
        for (size_t i = 0; i < m->len; i++) {
            const char *f = strchr("xyzw", m->s[i]);
            if (!f || !m->s[i]) {
                PERR(p, m, "syntax", "channel mask letters are x, y, z, w");
                return false;
            }
            cm |= 1u << (f - "xyzw");
        }
        *cmask = cm;
    }
    /* GenX_IR keeps the element count and the channel mask in one union and writes it twice */
    if (quad)
        *elems = *cmask;
    else
        *cmask = *elems;
    return true;
}

/* the address model and its surface: flat, bti(0x7B), ss(VAR(0,0)) */
static bool lsc_model(parser *p, vsmp_opnd *type, vsmp_opnd *surf)
{
    const tok *t;
    if (!expect_ident(p, "an address model (flat, bti, bss, ss, arg)", &t))
        return false;
    int at = vsmp_name_index(VSMP_NAMES(vsmp_lsc_addr_names), t->s, t->len);
    if (at < 0) {
        PERR(p, t, "syntax", "unknown LSC address model '%.*s'", (int)t->len, t->s);
        return false;
    }
    type->value = (unsigned)at;
    surf->kind = VSMP_OPND_VEC_SRC;
    surf->vec.vclass = VSMP_VEC_IMMEDIATE;
    surf->vec.imm_type = VSMP_TYPE_UD;
    if (at >= 2 && at <= 4) {
        if (!expect(p, '(', "'(' and a surface"))
            return false;
        const tok *s = cur(p);
        if (s->kind == TK_INT) {
            surf->vec.imm = (uint32_t)s->ival;
            p->at++;
        } else {
            const tok *name;
            uint32_t id;
            int64_t row = 0, col = 0;
            if (!expect_ident(p, "a surface variable", &name) ||
                !find_sym(p, name, C_G, "general variable", &id))
                return false;
            if (accept(p, '(') && (!int_expr(p, &row) || !expect(p, ',', "','") ||
                                   !int_expr(p, &col) || !expect(p, ')', "')'")))
                return false;
            surf->vec.vclass = VSMP_VEC_GENERAL;
            surf->vec.var = id;
            surf->vec.row = (uint8_t)row;
            surf->vec.col = (uint8_t)col;
            surf->vec.region = 0x0121;
        }
        if (!expect(p, ')', "')'"))
            return false;
    }
    return true;
}

/* ":a32" after an address */
static bool lsc_asize(parser *p, vsmp_opnd *o)
{
    const tok *t;
    if (!expect(p, ':', "':' and an address size") || !expect_ident(p, "an address size", &t))
        return false;
    int as = vsmp_name_index(VSMP_NAMES(vsmp_lsc_asize_names), t->s, t->len);
    if (as < 0) {
        PERR(p, t, "syntax", "unknown LSC address size '%.*s'", (int)t->len, t->s);
        return false;
    }
    o->value = (unsigned)as;
    return true;
}

static bool lsc_addr(parser *p, vsmp_inst *in, vsmp_opnd *o, vsmp_raw *src0)
{
    /* o: the 16 LSC fields; o[3] type, o[4] scale, o[5] offset, o[6] addr size, o[11] surface */
    if (!lsc_model(p, &o[3], &o[11]))
        return false;
    if (!expect(p, '[', "'[' and an address"))
        return false;
    o[4].value = 1;
    if (cur(p)->kind == TK_INT && p->at + 1 < p->ntok && is_punct(&p->toks[p->at + 1], '*')) {
        o[4].value = (uint32_t)cur(p)->ival & 0xffff;
        p->at += 2;
    }
    if (!parse_lsc_raw(p, src0))
        return false;
    if (is_punct(cur(p), '+') || is_punct(cur(p), '-')) {
        bool neg = is_punct(cur(p), '-');
        p->at++;
        int64_t v;
        if (!int_prim(p, &v))
            return false;
        o[5].value = (uint32_t)(neg ? -v : v);
    }
    bool strided =
        in->subop == VSMP_SOP_LSC_LOAD_STRIDED || in->subop == VSMP_SOP_LSC_STORE_STRIDED;
    if (strided && accept(p, ',')) { /* the pitch; left out, parse_lsc gives the default */
        const tok *t = cur(p);
        int64_t v;
        if (!int_prim(p, &v))
            return false;
        if (v < 0 || v > 0xffffffffll) {
            PERR(p, t, "range", "an LSC pitch is a 32-bit unsigned value");
            return false;
        }
        o[14].kind = VSMP_OPND_VEC_SRC;
        o[14].vec.vclass = VSMP_VEC_IMMEDIATE;
        o[14].vec.imm_type = VSMP_TYPE_UD;
        o[14].vec.imm = (uint32_t)v;
    }
    return expect(p, ']', "']'") && lsc_asize(p, &o[6]);
}

/* lsc_load_block2d.tgm  DST:64x1  bss(V)[X,Y] (stores: address then SRC:WxH), the typed 2D block
 * (LSC_TYPED.md, instructions-head; IGC 2.40's text has no exec size, it is always SIMD1); the
 * fields: l1 l3 atype width height surface dst x y src1 */
static bool tblock2d_shape(parser *p, vsmp_opnd *w, vsmp_opnd *h)
{
    const tok *t;
    if (!expect(p, ':', "':' and the block shape WIDTHxHEIGHT") ||
        !expect_ident(p, "a block shape WIDTHxHEIGHT (64x1)", &t))
        return false;
    unsigned long long v[2] = {0, 0};
    size_t i = 0;
    int k = 0;
    for (; k < 2; k++) {
        size_t start = i;
        while (i < t->len && t->s[i] >= '0' && t->s[i] <= '9' && v[k] < 100000)
            v[k] = v[k] * 10 + (unsigned)(t->s[i++] - '0');
        if (i == start || (k == 0 && (i >= t->len || t->s[i++] != 'x')))
            break;
    }
    if (k < 2 || i != t->len || v[0] > 0xffff || v[1] > 0xffff) {
        PERR(p, t, "syntax", "a typed 2D block shape is WIDTHxHEIGHT (16-bit each), not '%.*s'",
             (int)t->len, t->s);
        return false;
    }
    w->value = (uint32_t)v[0];
    h->value = (uint32_t)v[1];
    return true;
}

static bool tblock2d_coord(parser *p, vsmp_opnd *o)
{
    o->kind = VSMP_OPND_VEC_SRC;
    o->vec.vclass = VSMP_VEC_IMMEDIATE;
    o->vec.imm_type = VSMP_TYPE_UD;
    if (cur(p)->kind == TK_INT) {
        if (cur(p)->ival > 0xffffffffull) {
            PERR(p, cur(p), "range", "a block coordinate is a 32-bit value");
            return false;
        }
        o->vec.imm = (uint32_t)cur(p)->ival;
        p->at++;
        return true;
    }
    const tok *name;
    uint32_t id;
    if (!expect_ident(p, "a block coordinate (a variable or an immediate)", &name) ||
        !find_sym(p, name, C_G, "general variable", &id))
        return false;
    o->vec.vclass = VSMP_VEC_GENERAL;
    o->vec.var = id;
    o->vec.region = 0x0121;
    return true;
}

/* An LSC message's optional ".L1.L3" cache options into @p l1 and @p l3 (left as they are when
 * the mnemonic has none). */
static bool lsc_cache(parser *p, vsmp_opnd *l1, vsmp_opnd *l3)
{
    if (!is_punct(cur(p), '.'))
        return true;
    int c1 = suffix(p, VSMP_NAMES(vsmp_lsc_cache_names), "'.' and an L1 cache option");
    int c3 = c1 < 0 ? -1 : suffix(p, VSMP_NAMES(vsmp_lsc_cache_names), "an L3 cache option");
    if (c3 < 0)
        return false;
    l1->value = (unsigned)c1;
    l3->value = (unsigned)c3;
    return true;
}

static bool parse_lsc_tblock2d(parser *p, vsmp_inst *in)
{
    bool store = in->subop == VSMP_SOP_LSC_TSTORE_BLOCK2D;
    in->num_opnds = 10;
    in->exec_code = 0;
    in->exec_size = 1;
    in->emask = 8; /* (M1_NM, 1): the page's "always SIMD1" */
    vsmp_opnd *o = in->opnds;
    memset(o, 0, 10 * sizeof(*o));
    for (int i = 0; i < 5; i++)
        o[i].kind = VSMP_OPND_VALUE;
    o[0].size = o[1].size = o[2].size = 1;
    o[3].size = o[4].size = 2;
    o[6].kind = VSMP_OPND_RAW_DST;
    o[9].kind = VSMP_OPND_RAW_SRC;
    if (!lsc_cache(p, &o[0], &o[1]))
        return false;
    if (is_punct(cur(p), '(')) {
        PERR(p, cur(p), "syntax", "a typed 2D block message has no execution size (always SIMD1)");
        return false;
    }
    if (!store && (!parse_lsc_raw(p, &o[6].raw) || !tblock2d_shape(p, &o[3], &o[4])))
        return false;
    if (!lsc_model(p, &o[2], &o[5]) || !expect(p, '[', "'[' and the block's X, Y") ||
        !tblock2d_coord(p, &o[7]) || !expect(p, ',', "',' and the block's Y") ||
        !tblock2d_coord(p, &o[8]) || !expect(p, ']', "']' (a typed 2D block has two addresses)"))
        return false;
    return !store || (parse_lsc_raw(p, &o[9].raw) && tblock2d_shape(p, &o[3], &o[4]));
}

/* lsc_load_quad.tgm (M1, 16)  dst:d32.x  bti(0x7B)[U, V, R, LOD]:a32 (stores: addr data;
 * atomics: dst addr src1 src2); one to four addresses, those left out %null (CISA.y of GenX_IR
 * 12504 and 1.0.17791: LscTypedAddrOperand); the typed fields: l1 l3 atype asize dsize order elems
 * cmask surface dst u v r lod src1 src2 */
static bool parse_lsc_typed(parser *p, vsmp_inst *in, const char *name, const tok *mn)
{
    const vsmp_opcode_info *sub = vsmp_subop_by_mnemonic(VSMP_OPC_LSC_TYPED, name);
    if (!sub) {
        PERR(p, mn, "unsupported", "%s has no typed (tgm) form", name);
        return false;
    }
    in->opcode = VSMP_OPC_LSC_TYPED;
    in->subop = sub->subop;
    if (sub->subop == VSMP_SOP_LSC_TLOAD_BLOCK2D || sub->subop == VSMP_SOP_LSC_TSTORE_BLOCK2D)
        return parse_lsc_tblock2d(p, in);
    in->num_opnds = 16;
    vsmp_opnd *o = in->opnds;
    memset(o, 0, 16 * sizeof(*o));
    for (int i = 0; i < 8; i++) {
        o[i].kind = VSMP_OPND_VALUE;
        o[i].size = 1;
    }
    o[9].kind = VSMP_OPND_RAW_DST;
    for (int i = 10; i < 16; i++)
        o[i].kind = VSMP_OPND_RAW_SRC;
    if (!lsc_cache(p, &o[0], &o[1]))
        return false;
    if (!parse_exec(p, in))
        return false;
    bool load = in->subop <= 3, store = in->subop >= 4 && in->subop <= 7;
    bool quad = in->subop == VSMP_SOP_LSC_TLOAD_QUAD || in->subop == VSMP_SOP_LSC_TSTORE_QUAD;
    unsigned ds = 0, ord = 0, el = 0, cm = 0;
    if (!store && !lsc_data(p, &o[9].raw, &ds, &ord, &el, &cm, quad, true))
        return false;
    if (!lsc_model(p, &o[2], &o[8]) || !expect(p, '[', "'[' and the U, V, R, LOD addresses"))
        return false;
    for (int i = 10; i < 14; i++) {
        if (i > 10 && is_punct(cur(p), ']'))
            break; /* the rest are %null */
        if ((i > 10 && !expect(p, ',', "',' or ']' after an address")) ||
            !parse_lsc_raw(p, &o[i].raw))
            return false;
    }
    if (!expect(p, ']', "']' (at most four addresses: U, V, R, LOD)") || !lsc_asize(p, &o[3]))
        return false;
    if (store && !lsc_data(p, &o[14].raw, &ds, &ord, &el, &cm, quad, true))
        return false;
    if (!load && !store && (!parse_lsc_raw(p, &o[14].raw) || !parse_lsc_raw(p, &o[15].raw)))
        return false;
    o[4].value = ds;
    o[5].value = ord;
    o[6].value = el;
    o[7].value = cm;
    return true;
}

static bool parse_lsc(parser *p, vsmp_inst *in, const char *name, const tok *mn)
{
    const vsmp_opcode_info *sub = vsmp_subop_by_mnemonic(VSMP_OPC_LSC_UNTYPED, name);
    int sfid = suffix(p, VSMP_NAMES(vsmp_lsc_sfid_names), "'.' and an SFID (ugm, slm, ...)");
    if (sfid < 0)
        return false;
    if (!strcmp(name, "lsc_fence")) {
        in->opcode = VSMP_OPC_LSC_FENCE;
        int op = suffix(p, VSMP_NAMES(vsmp_lsc_fence_op_names), "'.' and a fence operation");
        int sc = op < 0 ? -1 : suffix(p, VSMP_NAMES(vsmp_lsc_scope_names), "'.' and a scope");
        in->exec_code = 0;
        in->exec_size = 1;
        in->emask = 8; /* (M1_NM, 1), as GenX_IR builds it */
        return sc >= 0 && add_value(p, in, (unsigned)sfid, 1) &&
               add_value(p, in, (unsigned)op, 1) && add_value(p, in, (unsigned)sc, 1);
    }
    if (sfid == 2)
        return parse_lsc_typed(p, in, name, mn);
    bool strided = sub && (sub->subop == VSMP_SOP_LSC_LOAD_STRIDED ||
                           sub->subop == VSMP_SOP_LSC_STORE_STRIDED);
    if (!sub || (!strided && strcmp(sub->layout, "EPbbbbwdbbbbbvRrrr") != 0)) {
        PERR(p, mn, "unsupported",
             "%s has no text form in vsmp (write it in the generic form, docs/TEXT.md)", name);
        return false;
    }
    in->opcode = VSMP_OPC_LSC_UNTYPED;
    in->subop = sub->subop;
    in->num_opnds = 16;
    vsmp_opnd *o = in->opnds;
    memset(o, 0, 16 * sizeof(*o));
    static const uint8_t sizes[11] = {1, 1, 1, 1, 2, 4, 1, 1, 1, 1, 1};
    for (int i = 0; i < 11; i++) {
        o[i].kind = VSMP_OPND_VALUE;
        o[i].size = sizes[i];
    }
    o[12].kind = VSMP_OPND_RAW_DST;
    o[13].kind = o[14].kind = o[15].kind = VSMP_OPND_RAW_SRC;
    o[0].value = (unsigned)sfid;
    if (!lsc_cache(p, &o[1], &o[2]))
        return false;
    if (!parse_exec(p, in))
        return false;
    bool load = in->subop <= 3, store = in->subop >= 4 && in->subop <= 7;
    bool quad = in->subop == VSMP_SOP_LSC_LOAD_QUAD || in->subop == VSMP_SOP_LSC_STORE_QUAD;
    unsigned ds = 0, ord = 0, el = 0, cm = 0;
    if (store) {
        if (!lsc_addr(p, in, o, &o[13].raw) ||
            !lsc_data(p, &o[strided ? 15 : 14].raw, &ds, &ord, &el, &cm, quad, true))
            return false;
    } else {
        if (!lsc_data(p, &o[12].raw, &ds, &ord, &el, &cm, quad, true) ||
            !lsc_addr(p, in, o, &o[13].raw))
            return false;
        if (!load && (!parse_lsc_raw(p, &o[14].raw) || !parse_lsc_raw(p, &o[15].raw)))
            return false;
    }
    o[7].value = ds;
    o[8].value = ord;
    o[9].value = el;
    o[10].value = cm;
    if (strided) {
        /* GenX_IR stores no channel mask for strided messages, and a pitch left out as the
         * size of one lane's data (d32x2: 8) */
        o[10].value = 0;
        if (o[14].kind != VSMP_OPND_VEC_SRC) {
            static const uint8_t bytes[5] = {0, 1, 2, 4, 8};
            static const uint8_t count[9] = {0, 1, 2, 3, 4, 8, 16, 32, 64};
            if (ds > 4 || el > 8) {
                PERR(p, mn, "syntax", "%s needs its pitch ('[addr, PITCH]') for this data size",
                     name);
                return false;
            }
            o[14].kind = VSMP_OPND_VEC_SRC;
            o[14].vec.vclass = VSMP_VEC_IMMEDIATE;
            o[14].vec.imm_type = VSMP_TYPE_UD;
            o[14].vec.imm = (uint32_t)bytes[ds] * count[el];
        }
    }
    return true;
}

/* vsmp's generic form: mnemonic[.subop] [(mask, size)] operands in layout order, values as
 * integers (docs/TEXT.md); for instructions GenX_IR 12504's text has no form for. */
static bool parse_generic_form(parser *p, vsmp_inst *in, const vsmp_opcode_info *row)
{
    const char *l = row->layout;
    if (!strcmp(l, "*") && in->opcode != VSMP_OPC_3D_RT_WRITE) {
        PERR(p, cur(p), "unsupported", "%s has no text form in vsmp", row->mnemonic);
        return false;
    }
    if (in->opcode == VSMP_OPC_3D_RT_WRITE)
        l = "EP+";
    if (row->gate && vsmp_ver(p->m->major, p->m->minor) < row->gate)
        l = row->layout_before_gate;
    if (!strcmp(l, "S")) {
        int64_t sv;
        if (!expect(p, '.', "'.' and a sub-operation number") || !int_prim(p, &sv))
            return false;
        const vsmp_opcode_info *sub = vsmp_subop_info_get(in->opcode, (unsigned)sv);
        if (sv < 0 || sv > 255 || !sub) {
            PERR(p, cur(p), "syntax", "unknown sub-operation %lld", (long long)sv);
            return false;
        }
        in->subop = (uint8_t)sv;
        l = sub->layout;
    }
    if (strchr(l, 'E') && !parse_exec(p, in))
        return false;
    for (; *l; l++) {
        switch (*l) {
        case 'E':
        case 'P':
            break;
        case 'b':
        case 'w':
        case 'd':
        case 'i': {
            int64_t v;
            if (!int_prim(p, &v))
                return false;
            unsigned size = *l == 'b' ? 1 : *l == 'w' ? 2 : 4;
            if (*l == 'i' && vsmp_ver(p->m->major, p->m->minor) < 304)
                size = 2;
            if (v < 0 || (size < 4 && v >> (8 * size)) || v > 0xffffffffLL) {
                PERR(p, cur(p), "syntax", "value out of range for its %u-byte field", size);
                return false;
            }
            if (!add_value(p, in, (uint32_t)v, (uint8_t)size))
                return false;
            break;
        }
        case '+':
            while (p->at < p->ntok) {
                const tok *t = cur(p);
                bool raw = t->kind == TK_IDENT && p->at + 1 < p->ntok &&
                           is_punct(&p->toks[p->at + 1], '.');
                if (!(raw ? add_raw(p, in, false) : add_vec(p, in, false)))
                    return false;
            }
            return true;
        default: {
            char one[2] = {*l, 0};
            if (!parse_layout_tail(p, in, one))
                return false;
            break;
        }
        }
    }
    return true;
}

static bool parse_misc(parser *p, vsmp_inst *in, const char *name, const tok *mn)
{
    switch (in->opcode) {
    case VSMP_OPC_RAW_SEND: {
        int64_t ex, ns, nd;
        if (!add_value(p, in, !strcmp(name, "raw_sendc"), 1) || !parse_exec(p, in) ||
            !int_prim(p, &ex))
            return false;
        if ((ns = parse_count(p, "source count", 0, 255)) < 0 ||
            (nd = parse_count(p, "destination count", 0, 255)) < 0)
            return false;
        return add_value(p, in, (uint32_t)ex, 4) && add_value(p, in, (uint32_t)ns, 1) &&
               add_value(p, in, (uint32_t)nd, 1) && parse_layout_tail(p, in, "vrR");
    }
    case VSMP_OPC_LIFETIME: {
        const tok *t, *v;
        if (!expect(p, '.', "'.start' or '.end'") || !expect_ident(p, "start or end", &t) ||
            !expect_ident(p, "a variable", &v))
            return false;
        if (!is_word(t, "start") && !is_word(t, "end")) {
            PERR(p, t, "syntax", "expected start or end");
            return false;
        }
        sym *s = syms_find(&p->syms, v->s, v->len);
        if (!s || (s->cls != C_G && s->cls != C_A && s->cls != C_P)) {
            PERR(p, v, "undeclared", "%.*s: undefined variable", (int)v->len, v->s);
            return false;
        }
        unsigned cls = s->cls == C_G   ? VSMP_VEC_GENERAL
                       : s->cls == C_A ? VSMP_VEC_ADDRESS
                                       : VSMP_VEC_PREDICATE;
        unsigned props = (is_word(t, "end") ? 1u : 0u) | cls << 4;
        return add_value(p, in, props, 1) &&
               add_value(p, in, s->id, vsmp_ver(p->m->major, p->m->minor) >= 304 ? 4 : 2);
    }
    case VSMP_OPC_FILE: {
        const tok *t = cur(p);
        uint32_t idx;
        if (t->kind != TK_STRING) {
            PERR(p, t, "syntax", "expected a file name string");
            return false;
        }
        p->at++;
        idx = 0; /* an empty name is index 0, as in GenX_IR's addStringPool */
        return (t->len == 2 || add_string(p, t->s + 1, t->len - 2, &idx)) &&
               add_value(p, in, idx, vsmp_ver(p->m->major, p->m->minor) >= 304 ? 4 : 2);
    }
    case VSMP_OPC_LOC: {
        int64_t v;
        return int_prim(p, &v) && add_value(p, in, (uint32_t)v, 4);
    }
    case VSMP_OPC_3D_URB_WRITE: {
        /* [(P)] urb_write_3d (exec) NUM_OUT GLOBAL_OFFSET CHANNEL_MASK HANDLE PER_SLOT DATA
         * (CISA.y URBWriteInstruction); the binary holds the channel mask first. A value after
         * the exec size tells it from the generic form, which has the raw mask there. */
        if (!parse_exec(p, in))
            return false;
        int64_t nout, goff;
        if ((nout = parse_count(p, "the output count", 0, 255)) < 0)
            return false;
        if (cur(p)->kind != TK_INT) { /* generic form: NUM_OUT MASK GOFF HANDLE PSO DATA */
            return add_value(p, in, (uint32_t)nout, 1) && parse_layout_tail(p, in, "r") &&
                   (goff = parse_count(p, "the global offset", 0, 0xffff)) >= 0 &&
                   add_value(p, in, (uint32_t)goff, 2) && parse_layout_tail(p, in, "rrr");
        }
        if ((goff = parse_count(p, "the global offset", 0, 0xffff)) < 0)
            return false;
        return add_value(p, in, (uint32_t)nout, 1) && parse_layout_tail(p, in, "r") &&
               add_value(p, in, (uint32_t)goff, 2) && parse_layout_tail(p, in, "rrr");
    }
    case VSMP_OPC_DPAS:
    case VSMP_OPC_DPASW: {
        /* dpas.W.A.DEPTH.COUNT (exec) DST SRC0 SRC1 SRC2 (CISA.l's DPAS_OP token); without the
         * '.' it is the generic form */
        if (!is_punct(cur(p), '.'))
            return parse_generic_form(p, in, vsmp_opcode_info_get(in->opcode));
        int w = suffix(p, VSMP_NAMES(vsmp_dpas_precision_names), "'.' and a precision");
        int a =
            w < 0 ? -1 : suffix(p, VSMP_NAMES(vsmp_dpas_precision_names), "'.' and a precision");
        if (a < 0)
            return false;
        if ((w == 12) != (a == 12)) {
            PERR(p, cur(p), "syntax", "tf32 pairs only with tf32");
            return false;
        }
        int64_t d, n;
        if (!expect(p, '.', "'.' and the depth") || (d = parse_count(p, "the depth", 1, 8)) < 0 ||
            !expect(p, '.', "'.' and the repeat count") ||
            (n = parse_count(p, "the repeat count", 1, 8)) < 0)
            return false;
        if (d != 1 && d != 2 && d != 4 && d != 8) {
            PERR(p, cur(p), "syntax", "the depth is 1, 2, 4 or 8");
            return false;
        }
        if (!parse_exec(p, in) || !parse_layout_tail(p, in, "Rrr"))
            return false;
        /* src2: VAR(row,col), the region <1;1,0> implied (CISA.y VecSrcOpndSimple) */
        const tok *vt;
        uint32_t id;
        int64_t row, col;
        if (!expect_ident(p, "a general variable", &vt) ||
            !find_sym(p, vt, C_G, "general variable", &id) || !expect(p, '(', "'(' row, column") ||
            !int_expr(p, &row) || !expect(p, ',', "','") || !int_expr(p, &col) ||
            !expect(p, ')', "')'"))
            return false;
        if (row < 0 || row > 255 || col < 0 || col > 255) {
            PERR(p, vt, "syntax", "row or column offset out of range (0..255)");
            return false;
        }
        vsmp_opnd *o = add_opnd(p, in, VSMP_OPND_VEC_SRC);
        if (!o)
            return false;
        o->vec.vclass = VSMP_VEC_GENERAL;
        o->vec.var = id;
        o->vec.row = (uint8_t)row;
        o->vec.col = (uint8_t)col;
        o->vec.region = 0x0122; /* <1;1,0> */
        return add_value(p, in,
                         (uint32_t)w | (uint32_t)a << 8 | (uint32_t)d << 16 | (uint32_t)n << 24, 4);
    }
    default:
        (void)mn;
        return parse_generic_form(p, in, vsmp_opcode_info_get(in->opcode));
    }
}

/* RAW_SENDS: raw_sends[c].FFID.[eot.]N0.N1.ND (mask, size) exdesc desc src0 src1 dst */
static bool parse_raw_sends(parser *p, vsmp_inst *in, const char *name)
{
    int64_t f[5];
    unsigned mod = !strcmp(name, "raw_sendsc") ? 1 : 0, n = 0;
    while (n < 4 && accept(p, '.')) {
        if (is_word(cur(p), "eot")) {
            mod |= 2;
            p->at++;
            continue;
        }
        if (!int_prim(p, &f[n]))
            return false;
        n++;
    }
    if (n != 4) {
        PERR(p, cur(p), "syntax", "expected raw_sends.FFID.N0.N1.ND");
        return false;
    }
    bool ffid = vsmp_ver(p->m->major, p->m->minor) >= 306;
    if (!add_value(p, in, mod, 1) || !parse_exec(p, in) || !add_value(p, in, (uint32_t)f[1], 1) ||
        !add_value(p, in, (uint32_t)f[2], 1) || !add_value(p, in, (uint32_t)f[3], 1) ||
        (ffid && !add_value(p, in, (uint32_t)f[0], 1)))
        return false;
    return parse_layout_tail(p, in, "vvrrR");
}

/* Every opcode other than the sampler messages, RET and LABEL. @return false on error. */
static bool parse_generic(parser *p, vsmp_inst *in, const char *name, const tok *mn,
                          const tok *first)
{
    const vsmp_opcode_info *row = NULL;
    unsigned extra = 0;
    if (!strcmp(name, "min") || !strcmp(name, "max")) {
        row = vsmp_opcode_info_get(VSMP_OPC_FMINMAX);
        extra = name[1] == 'a';
    } else if (!strcmp(name, "cmpn")) {
        row = vsmp_opcode_info_get(VSMP_OPC_CMP);
        extra = 0x80;
    } else if (!strncmp(name, "fence_", 6)) {
        row = vsmp_opcode_info_get(VSMP_OPC_FENCE);
    } else if (!strcmp(name, "raw_sendc")) {
        row = vsmp_opcode_info_get(VSMP_OPC_RAW_SEND);
    } else if (!strcmp(name, "raw_sends") || !strcmp(name, "raw_sendsc")) {
        in->opcode = VSMP_OPC_RAW_SENDS;
        return parse_raw_sends(p, in, name);
    } else if (!strcmp(name, "fccall")) {
        row = vsmp_opcode_info_get(VSMP_OPC_CALL);
    } else if (!strcmp(name, "FILE")) {
        row = vsmp_opcode_info_get(VSMP_OPC_FILE);
    } else if (!strcmp(name, "LOC")) {
        row = vsmp_opcode_info_get(VSMP_OPC_LOC);
    } else if (!strcmp(name, "add3") && is_punct(cur(p), '.') && p->at + 1 < p->ntok &&
               is_word(&p->toks[p->at + 1], "o")) {
        p->at += 2;
        row = vsmp_opcode_info_get(VSMP_OPC_ADD3O);
    } else if (!strncmp(name, "svm_", 4)) {
        return parse_svm(p, in, name, mn);
    } else if (!strncmp(name, "lsc_", 4) && strcmp(name, "lsc_untyped") != 0 &&
               strcmp(name, "lsc_typed") != 0) {
        return parse_lsc(p, in, name, mn);
    } else {
        row = vsmp_opcode_by_mnemonic(name);
    }
    if (!row || !strcmp(name, "label") || !strcmp(name, "func")) {
        PERR(p, mn, "unsupported", "unknown instruction '%s'", name);
        return false;
    }
    in->opcode = row->opcode;
    if (in->pred && !strchr(row->layout, 'P') && strcmp(row->layout, "S") != 0 &&
        in->opcode != VSMP_OPC_3D_RT_WRITE) {
        PERR(p, first, "syntax", "%s takes no predicate", name);
        return false;
    }
    switch (row->family) {
    case VSMP_FAM_ARITH:
    case VSMP_FAM_LOGIC:
    case VSMP_FAM_MOV:
    case VSMP_FAM_CMP:
    case VSMP_FAM_ADDR:
        return parse_common(p, in, row, extra);
    case VSMP_FAM_FLOW:
    case VSMP_FAM_SIMDCF:
        return parse_flow(p, in, name, mn);
    case VSMP_FAM_SYNC:
        return parse_sync(p, in, name, mn);
    case VSMP_FAM_DATAPORT:
        /* media_ld/st: GenX_IR's form starts with '.' and the modifier; vsmp's generic form
         * (written before the form was implemented) with the modifier's value */
        if (in->opcode == VSMP_OPC_3D_RT_WRITE ||
            ((in->opcode == VSMP_OPC_MEDIA_LD || in->opcode == VSMP_OPC_MEDIA_ST) &&
             !is_punct(cur(p), '.')))
            return parse_generic_form(p, in, row);
        return parse_dataport(p, in, row);
    case VSMP_FAM_MISC:
        if (in->opcode == VSMP_OPC_RAW_SEND && strcmp(name, "raw_sendc") != 0)
            name = "raw_send";
        return parse_misc(p, in, name, mn);
    default:
        /* the old sample/load: GenX_IR's form starts with '.' and the channels */
        if ((in->opcode == VSMP_OPC_SAMPLE || in->opcode == VSMP_OPC_LOAD) && is_punct(cur(p), '.'))
            return parse_sample_old(p, in);
        if (in->opcode == VSMP_OPC_AVS && is_punct(cur(p), '.'))
            return parse_avs(p, in);
        return parse_generic_form(p, in, row);
    }
}

static bool parse_in(parser *p, const tok *first, vsmp_inst *in);

bool parse_instruction(parser *p)
{
    const tok *first = cur(p);
    /* parsed in place: the slot is given back when the line fails */
    vsmp_inst *in = vsmp_routine_add_inst(p->k, &p->budget);
    if (!in)
        return !(p->nomem = true);
    if (!parse_in(p, first, in)) {
        p->k->num_insts--;
        return false;
    }
    return true;
}

static bool parse_in(parser *p, const tok *first, vsmp_inst *in)
{
    in->line = first->line;
    in->column = first->col;
    if (!parse_pred(p, in))
        return false;
    const tok *mn;
    if (!expect_ident(p, "an instruction", &mn))
        return false;
    char name[32] = {0};
    if (mn->len < sizeof(name))
        memcpy(name, mn->s, mn->len);
    bool ok;
    const vsmp_op_info *o = vsmp_op_by_mnemonic(name);
    if (o && op_in_dialect(p, o)) {
        if (o->opcode == VSMP_OPC_3D_INFO) {
            if (in->pred) {
                PERR(p, first, "syntax", "%s takes no predicate", name);
                return false;
            }
            ok = parse_info(p, in, o);
        } else {
            ok = parse_sampler_inst(p, in, o);
        }
    } else if (o) {
        PERR(p, mn, "dialect",
             "'%s' is not in GenX_IR 12504's syntax; use the newer dialect "
             "(--syntax=head)",
             name);
        return false;
    } else if (strcmp(name, "sample_unorm") == 0) {
        if (in->pred) {
            PERR(p, first, "syntax", "sample_unorm takes no predicate");
            return false;
        }
        ok = parse_unorm(p, in);
    } else if (strcmp(name, "ret") == 0) {
        in->opcode = VSMP_OPC_RET;
        ok = parse_exec(p, in);
    } else {
        ok = parse_generic(p, in, name, mn, first);
    }
    if (!ok)
        return false;
    if (p->at < p->ntok) {
        char b[64];
        PERR(p, cur(p), "syntax", "unexpected %s after the instruction",
             tok_desc(cur(p), b, sizeof(b)));
        return false;
    }
    return true;
}
