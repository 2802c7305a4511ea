/* SPDX-License-Identifier: MIT */
/*
 * run_group, the handler of a run (exec_fast.c vsmp_x_group_fast), and its loop over the run's
 * instructions (run_span, threaded by their modes, GM_*): a part of exec_fast.c, included by it
 * after the modes and the handlers and helpers the loop calls, so compiled once with them.
 * exec_fast.c plans the runs; this file runs them.
 */

/* GM_COPY's move of @p lanes words, every one loaded before any is stored (dst and src may
 * overlap): SIMD8 and SIMD16 by 16-byte loads into registers, then their stores, SIMD1 by one
 * word's load and store (IGC's uniform values), not a libc memmove call and no array in
 * run_span's frame. */
static inline void copy_lanes(uint8_t *dst, const uint8_t *src, unsigned lanes)
{
    if (lanes == 1) {
        uint32_t v;
        memcpy(&v, src, 4);
        memcpy(dst, &v, 4);
        return;
    }
#if defined(__SSE2__)
    if (lanes == 8 || lanes == 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)src);
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(src + 16));
        if (lanes == 8) {
            _mm_storeu_si128((__m128i *)(void *)dst, a);
            _mm_storeu_si128((__m128i *)(void *)(dst + 16), b);
            return;
        }
        __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(src + 32));
        __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(src + 48));
        _mm_storeu_si128((__m128i *)(void *)dst, a);
        _mm_storeu_si128((__m128i *)(void *)(dst + 16), b);
        _mm_storeu_si128((__m128i *)(void *)(dst + 32), c);
        _mm_storeu_si128((__m128i *)(void *)(dst + 48), d);
        return;
    }
#endif
    memmove(dst, src, 4u * lanes);
}

/* GM_WIDEN's move of 16 lanes of 16-bit elements at src to 32-bit words at dst, each extended
 * by its type as prep() extends XS_W and XS_UW (@p sign: by its sign, else by zeros), every
 * element loaded before any word is stored (dst and src may overlap): no buffer of the lanes
 * and no kernel call. */
static inline void widen_lanes(uint8_t *dst, const uint8_t *src, bool sign)
{
#if defined(__SSE2__)
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)src);
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(src + 16));
    __m128i w[4];
    if (sign) { /* each element in the upper half of its word, shifted down by its sign */
        w[0] = _mm_srai_epi32(_mm_unpacklo_epi16(a, a), 16);
        w[1] = _mm_srai_epi32(_mm_unpackhi_epi16(a, a), 16);
        w[2] = _mm_srai_epi32(_mm_unpacklo_epi16(b, b), 16);
        w[3] = _mm_srai_epi32(_mm_unpackhi_epi16(b, b), 16);
    } else {
        __m128i z = _mm_setzero_si128();
        w[0] = _mm_unpacklo_epi16(a, z);
        w[1] = _mm_unpackhi_epi16(a, z);
        w[2] = _mm_unpacklo_epi16(b, z);
        w[3] = _mm_unpackhi_epi16(b, z);
    }
    for (unsigned i = 0; i < 4; i++)
        _mm_storeu_si128((__m128i *)(void *)(dst + 16 * i), w[i]);
#else
    uint32_t w[16];
    for (unsigned l = 0; l < 16; l++) {
        uint16_t h;
        memcpy(&h, src + 2 * l, 2);
        w[l] = sign ? (uint32_t)(int32_t)(int16_t)h : h;
    }
    memcpy(dst, w, 64);
#endif
}

/* The common cases of run_span's modes GM_K16M, GM_SEL, GM_SEL1, GM_CMP, GM_FCMP1 and GM_ICMP1,
 * one function each (inlined in run_span, and out of line for codegen.c's generated code:
 * vsmp_x_k16m_now and the others after run_span). @p keep is %cr0's keep bits, @p other whether
 * it rounds other than to nearest even. The first three return false, having done nothing, where
 * the member's lanes or rounding send it to its handler; a cmp always takes its case. */
static inline bool k16m_now(const vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other)
{
    if (group_lanes(m, y) != y->f.lmask || (y->f.flt && other))
        return false;
    const uint8_t *p[3];
    uint32_t v[3], r[16];
    for (unsigned i = 0; i < 3; i++) {
        const xsrc *o = &y->f.src[i];
        p[i] = o->p;
        if (!(o->v >> 16))
            continue;
        if (o->kind == XS_WORDS) { /* the region's lanes, modified (kernel_src) */
            memcpy(r, p[i], sizeof(r));
            mod_lanes(r, 16, o->v & 0xffu, o->v >> 8 & 0xffu);
            p[i] = (const uint8_t *)r;
            continue;
        }
        v[i] = x_ld(p[i], 4); /* read, modified once (kernel_src) */
        mod_lanes(&v[i], 1, o->v & 0xffu, o->v >> 8 & 0xffu);
        p[i] = (const uint8_t *)&v[i];
    }
    y->f.fn16(y->f.dst, p[0], p[1], p[2], y->f.arg | keep);
    return true;
}

/* the predicate picks, it disables no lane */
static inline bool sel_now(const vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other)
{
    if (group_lanes(m, y) != y->f.lmask || (y->f.flt && other))
        return false;
    if (y->f.fn16) {
        call16(y, y->f.dst, (y->f.arg | keep) | group_pred(m, y) << XF_ARG_SHIFT);
    } else {
        xsrc src[3] = {y->f.src[0], y->f.src[1], {NULL, group_pred(m, y), XS_NONE}};
        y->f.fn(y->f.dst, src, y->lanes, y->f.arg | keep);
    }
    return true;
}

/* k_sel_any's one lane */
static inline bool sel1_now(const vsmp_machine *m, const xinst *y, uint32_t keep)
{
    if (group_lanes(m, y) != 1u)
        return false;
    put1(y->f.dst, group_pred(m, y) & 1u ? prep1(&y->f.src[0]) : prep1(&y->f.src[1]),
         y->f.arg | keep);
    return true;
}

/* the SIMD16 kernels' body on one lane (@p flt: GM_FCMP1, else GM_ICMP1) */
static inline void cmp1_now(const vsmp_machine *m, const xinst *y, uint32_t keep, bool flt)
{
    uint32_t en = group_lanes(m, y);
    uint32_t v[2] = {prep1(&y->f.src[0]), prep1(&y->f.src[1])}, t = 0;
    const uint8_t *a = (const uint8_t *)&v[0], *b = (const uint8_t *)&v[1];
    if (flt)
        k_fcmp16_k(&t, a, b, NULL, 1, y->f.arg | keep);
    else
        k_icmp16_k(&t, a, b, NULL, 1, y->f.arg | keep);
    put_pred(y, en, t & en);
}

static inline void cmp_now(const vsmp_machine *m, const xinst *y, uint32_t keep)
{
    uint32_t en = group_lanes(m, y), res = 0;
    if (y->f.fn16)
        call16(y, &res, y->f.arg | keep);
    else
        y->f.fn(&res, y->f.src, y->lanes, y->f.arg | keep);
    put_pred(y, en, res & en);
}

/* run_span's loop: a switch on each head's mode, and under GCC and Clang threaded besides (each
 * mode's end jumps to the next head's mode by its own indirect jump through rs_tab, the switch
 * taking only the run's first head). RS_NEXT(n) steps n heads on; RS_NEXT_CR0 one, reading %cr0
 * again after a member that writes it (in the modes that can have one: a cmp's dst is its
 * predicate, and chains and fused sequences have no such member). GCC would merge the modes'
 * identical ends back into one jump (cross-jumping; objdump -d shows one jmp * per mode without
 * it); a function with a computed goto is never inlined, so run_span is run_group's call. */
#if defined(__GNUC__) && !defined(__clang__)
#define RS_OWN_JUMPS __attribute__((optimize("no-crossjumping")))
#else
#define RS_OWN_JUMPS
#endif
/* (Blocks, not do-while: the switch's continue is the loop's.) */
#if defined(__GNUC__)
#define RS_GO goto *rs_tab[y->gmode]
#else
#define RS_GO continue
#endif
#define RS_NEXT(n)                                                                                 \
    {                                                                                              \
        if ((y += (n)) >= end)                                                                     \
            goto done;                                                                             \
        RS_GO;                                                                                     \
    }
#define RS_NEXT_CR0                                                                                \
    {                                                                                              \
        if (y->f.sets_cr0)                                                                         \
            goto reload;                                                                           \
        RS_NEXT(1);                                                                                \
    }

static vsmp_status run_group(vsmp_machine *m, xinst *x, xstep *s);
/* A goto (GM_GOTO) while no lane waits (run_span, between runs): where its lanes all go or none,
 * s->next set where exec_flow.c run_goto sets it (its target, or the instruction after it) and
 * true; false where its lanes part or no lane is on (run_goto then takes it). Its lanes are
 * vsmp_x_lanes' of its planned EM offset, exec size and plain predicate (NoMask for a scalar
 * goto, whose one predicate bit branches every active lane). */
static inline bool goto_now(const vsmp_machine *m, const xinst *z, xstep *s)
{
    uint32_t en = group_lanes(m, z), off = z->f.em_off;
    if (z->f.pred)
        en &= group_pred(m, z);
    uint32_t taken = z->lanes == 1 ? (en ? m->em : 0) : en << off;
    uint32_t active = z->lanes == 1 ? m->em : m->em & z->f.lmask << off;
    bool fwd = z->g->target > z->index;
    if (fwd ? (taken ? taken != m->em : !m->em) : (taken & active) != active && taken)
        return false;
    s->lanes = taken >> off;
    if (taken)
        s->next = z->g->target;
    return true;
}

/* The instructions of x's run (run_group): one step, and x->group - 1 more counted; then the
 * steps the run loop (machine.c run_from) would take next, taken here the same way while they
 * are runs, labels, gotos, jmps (GM_BRANCH: handlers that end no thread and stop at no
 * barrier) and rets (GM_RET: a subroutine's return, or the thread's end, s->end set, which the
 * run loop then takes as its own ret's) and no lane waits for a goto's target: each is a step,
 * counted, checked against the step limit before it is taken (one that would pass it goes back
 * to the run loop, which reports it), with %ce0 set to the EM before it. A loop whose gotos
 * keep every lane together runs from its head to its back edge and round again in this one
 * call, its runs one after the other with no return, no entry and no new read of %cr0 between
 * them (but after a handler); a straight-line kernel's thread (its subroutine label, one run,
 * ret) is one step of the run loop. */
RS_OWN_JUMPS static vsmp_status run_span(vsmp_machine *m, xinst *x, xstep *s)
{
    xinst *end = x + x->group, *y = x;
    /* %cr0's keep bits for every kernel's arg, and whether it rounds other than to nearest
     * even; both again whenever %cr0 may have changed */
    uint32_t c0 = cr0(m), keep = keep_bits(c0), other = c0 & XF_CR0_ROUND, en;
    vsmp_status st;
#ifdef VSMP_CODEGEN
    bool cg_try = true; /* the run's generated code not yet tried */
#endif
#if defined(__GNUC__)
    static const void *const rs_tab[] = {
        [GM_CALL] = &&call,   [GM_CHAIN] = &&chain, [GM_CHAIN1] = &&chain1, [GM_CHAINW] = &&chain,
        [GM_K16] = &&k16,     [GM_K] = &&k,         [GM_K16M] = &&k16m,     [GM_COPY] = &&copy,
        [GM_COPYS] = &&copys, [GM_WIDEN] = &&widen, [GM_SEL] = &&sel,       [GM_SEL1] = &&sel1,
        [GM_CMP] = &&cmp,     [GM_FCMP1] = &&cmp1,  [GM_ICMP1] = &&cmp1,    [GM_MOVS] = &&movs,
        [GM_LABEL] = &&label, [GM_BRANCH] = &&call, [GM_GOTO] = &&call,     [GM_FUSED] = &&fused,
        [GM_RET] = &&call};
    _Static_assert(sizeof rs_tab / sizeof rs_tab[0] == GM_COUNT, "the last mode has no label");
#endif
    for (;;) {
#ifdef VSMP_CODEGEN
        /* the run's generated code (codegen.c), while %cr0 rounds to nearest even, runs its
         * members from the first while each takes its common case: the run done, a handler's
         * fault at member k (k before it), or the rest here from member k. Where it ran any
         * member %cr0 is read again, before the run's end too: a member may have written it,
         * and the next run in this span reads it */
        if (cg_try && m->cgf) {
            cg_try = false;
            vsmp_cg_fn f = m->cgf[x->index];
            if (!f)
                f = vsmp_cg_build(m, x);
            vsmp_status cst = VSMP_OK;
            uint32_t k = f == vsmp_cg_none || other ? 0 : f(m, s, &cst, (uint64_t)c0 << 32 | keep);
            if (cst) {
                m->steps += k;
                return cst;
            }
            if (k) {
                c0 = cr0(m);
                keep = keep_bits(c0), other = c0 & XF_CR0_ROUND;
            }
            if (k == x->group)
                goto done;
            y = x + k;
        }
#endif
        switch (y->gmode) {
        case GM_CHAINW:
        case GM_CHAIN:
        chain: /* every member's lanes and rounding as the first's; if they fail, the first
                  alone and the others as their own GM_K16 */
            if (group_lanes(m, y) == y->f.lmask && !other) {
                (y->gmode == GM_CHAIN ? m->fast->chain16 : m->fast->chain_fmadw)(y, y->chain, keep);
                RS_NEXT(y->chain);
            }
            /* fall through */
        case GM_K16:
        k16:
            en = group_lanes(m, y);
            if (en != y->f.lmask || (y->f.flt && other))
                goto call;
            call16(y, y->f.dst, y->f.arg | keep);
            RS_NEXT_CR0;
        case GM_COPYS:
        copys: /* every member's lanes as the first's: its copies one after the other; if they
                  fail, the first alone and the others as their own GM_COPY */
            if (group_lanes(m, y) == y->f.lmask) {
                for (const xinst *z = y, *e = y + y->chain; z < e; z++)
                    copy_lanes(z->f.dst, z->f.src[0].p, y->lanes);
                RS_NEXT(y->chain);
            }
            /* fall through */
        case GM_COPY:
        copy: /* what k_imov and put store: every word read before any is written */
            if (group_lanes(m, y) != y->f.lmask)
                goto call;
            copy_lanes(y->f.dst, y->f.src[0].p, y->lanes);
            RS_NEXT_CR0;
        case GM_WIDEN:
        widen: /* what k_imov's prep and put store */
            if (group_lanes(m, y) != y->f.lmask)
                goto call;
            widen_lanes(y->f.dst, y->f.src[0].p, y->f.src[0].kind == XS_W);
            RS_NEXT_CR0;
        case GM_K16M:
        k16m:
            if (!k16m_now(m, y, keep, other))
                goto call;
            RS_NEXT_CR0;
        case GM_CHAIN1:
        chain1:
            if (group_lanes(m, y) == y->f.lmask && !other) {
                m->fast->chain1(y, y->chain, keep);
                RS_NEXT(y->chain);
            }
            /* fall through */
        case GM_K:
        k:
            en = group_lanes(m, y);
            if (en != y->f.lmask || (y->f.flt && other))
                goto call;
            y->f.fn(y->f.dst, y->f.src, y->lanes, y->f.arg | keep);
            RS_NEXT_CR0;
        case GM_SEL:
        sel: /* the predicate picks, it disables no lane */
            if (!sel_now(m, y, keep, other))
                goto call;
            RS_NEXT_CR0;
        case GM_SEL1:
        sel1: /* k_sel_any's one lane */
            if (!sel1_now(m, y, keep))
                goto call;
            RS_NEXT_CR0;
        case GM_FCMP1:
        case GM_ICMP1:
        cmp1: /* the SIMD16 kernels' body on one lane */
            cmp1_now(m, y, keep, y->gmode == GM_FCMP1);
            RS_NEXT(1);
        case GM_CMP:
        cmp:
            cmp_now(m, y, keep);
            RS_NEXT(1);
        case GM_MOVS:
        movs:
            if (group_lanes(m, y))
                movs_now(y);
            RS_NEXT_CR0;
        case GM_LABEL:
        label:
            RS_NEXT(1);
        case GM_FUSED:
        fused: /* its members in one call, or the first alone through its handler */
            if (!m->fast->fused[y->fuse].fn(m, y, keep, other))
                goto call;
            RS_NEXT(y->chain);
        default:
        call:
            st = (y != x ? y->run : y->own)(m, y, s);
            if (st) {
                m->steps += (uint32_t)(y - x); /* the run's instructions before this one */
                return st;
            }
            /* fall through: the handler may have written %cr0 */
        reload:
            c0 = cr0(m);
            keep = keep_bits(c0), other = c0 & XF_CR0_ROUND;
            RS_NEXT(1);
        }
    done:
        m->steps += x->group - 1u;
        s->next = x->index + x->group;
        for (bool ran = false;;) {
            uint32_t pc = s->next;
            if (pc >= m->nx || m->waiting)
                return VSMP_OK;
            xinst *z = &m->x[pc];
            if (z->run == run_group) {
                if (m->steps + z->group > m->opt.max_steps)
                    return VSMP_OK;
                m->steps++;
                x_st(m->arena + m->vars[15].at, m->em, 4);
                x = y = z;
                end = x + x->group;
#ifdef VSMP_CODEGEN
                cg_try = true;
#endif
                if (ran) { /* the handler may have written %cr0 */
                    c0 = cr0(m);
                    keep = keep_bits(c0), other = c0 & XF_CR0_ROUND;
                }
                break;
            }
            if ((z->gmode != GM_BRANCH && z->gmode != GM_GOTO && z->gmode != GM_LABEL &&
                 z->gmode != GM_RET) ||
                m->steps >= m->opt.max_steps)
                return VSMP_OK;
            m->steps++;
            x_st(m->arena + m->vars[15].at, m->em, 4);
            s->next = pc + 1;
            if (z->gmode == GM_GOTO && goto_now(m, z, s))
                continue;
            st = z->run(m, z, s);
            if (st || s->end) /* a ret that ends the thread: the run loop ends it */
                return st;
            ran = true;
        }
    }
}
#undef RS_GO
#undef RS_NEXT
#undef RS_NEXT_CR0
#undef RS_OWN_JUMPS

/* A run, and after it the steps the run loop would take next while they are runs, labels,
 * gotos, jmps and rets (run_span); through the run's own handler while tracing, while a lane waits
 * or where the run would pass the step limit. */
VSMP_HOT static vsmp_status run_group(vsmp_machine *m, xinst *x, xstep *s)
{
    if (m->opt.trace || m->waiting || m->steps + x->group - 1u > m->opt.max_steps)
        return x->own(m, x, s);
    return run_span(m, x, s);
}
