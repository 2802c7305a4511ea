/* SPDX-License-Identifier: MIT */
/* vsmp's x86-64 encoder: emit_x64.h. */
#include "emit_x64.h"

#include <string.h>

static void put(ex_buf *b, const uint8_t *s, size_t n)
{
    if (b->overflow || b->n + n > b->cap) {
        b->overflow = 1;
        return;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

static void byte(ex_buf *b, uint8_t v)
{
    put(b, &v, 1);
}

static void u32(ex_buf *b, uint32_t v)
{
    uint8_t s[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    put(b, s, 4);
}

/* REX with W, and R and B from the registers' fourth bits; none when it would be a bare 0x40 */
static void rex(ex_buf *b, int w, unsigned reg, unsigned base)
{
    uint8_t v = (uint8_t)(0x40u | (w ? 8u : 0u) | (reg >> 3 & 1u) << 2 | (base >> 3 & 1u));
    if (v != 0x40)
        byte(b, v);
}

/* ModRM (and SIB for rsp and r12) of reg and [base + disp]: disp8 where it fits, else disp32
 * (never mod 00, so rbp and r13 need no special case) */
static void mem(ex_buf *b, unsigned reg, unsigned base, int32_t disp)
{
    int d8 = disp >= -128 && disp <= 127;
    byte(b, (uint8_t)((d8 ? 0x40u : 0x80u) | (reg & 7u) << 3 | (base & 7u)));
    if ((base & 7u) == EX_RSP)
        byte(b, 0x24);
    if (d8)
        byte(b, (uint8_t)(int8_t)disp);
    else
        u32(b, (uint32_t)disp);
}

void vsmp_ex_endbr64(ex_buf *b)
{
    static const uint8_t s[] = {0xf3, 0x0f, 0x1e, 0xfa};
    put(b, s, sizeof s);
}

void vsmp_ex_push(ex_buf *b, unsigned r)
{
    rex(b, 0, 0, r);
    byte(b, (uint8_t)(0x50u + (r & 7u)));
}

void vsmp_ex_pop(ex_buf *b, unsigned r)
{
    rex(b, 0, 0, r);
    byte(b, (uint8_t)(0x58u + (r & 7u)));
}

void vsmp_ex_ret(ex_buf *b)
{
    byte(b, 0xc3);
}

void vsmp_ex_mov_rr(ex_buf *b, unsigned dst, unsigned src)
{
    rex(b, 1, src, dst);
    byte(b, 0x89);
    byte(b, (uint8_t)(0xc0u | (src & 7u) << 3 | (dst & 7u)));
}

void vsmp_ex_mov_imm(ex_buf *b, unsigned r, uint64_t imm)
{
    if (!imm) { /* xor r32, r32 */
        rex(b, 0, r, r);
        byte(b, 0x31);
        byte(b, (uint8_t)(0xc0u | (r & 7u) << 3 | (r & 7u)));
        return;
    }
    if (imm <= UINT32_MAX) {
        rex(b, 0, 0, r);
        byte(b, (uint8_t)(0xb8u + (r & 7u)));
        u32(b, (uint32_t)imm);
        return;
    }
    rex(b, 1, 0, r);
    byte(b, (uint8_t)(0xb8u + (r & 7u)));
    u32(b, (uint32_t)imm);
    u32(b, (uint32_t)(imm >> 32));
}

void vsmp_ex_lea(ex_buf *b, unsigned dst, unsigned base, int32_t disp)
{
    rex(b, 1, dst, base);
    byte(b, 0x8d);
    mem(b, dst, base, disp);
}

void vsmp_ex_load32(ex_buf *b, unsigned dst, unsigned base, int32_t disp)
{
    rex(b, 0, dst, base);
    byte(b, 0x8b);
    mem(b, dst, base, disp);
}

void vsmp_ex_load64(ex_buf *b, unsigned dst, unsigned base, int32_t disp)
{
    rex(b, 1, dst, base);
    byte(b, 0x8b);
    mem(b, dst, base, disp);
}

void vsmp_ex_store32(ex_buf *b, unsigned base, int32_t disp, unsigned src)
{
    rex(b, 0, src, base);
    byte(b, 0x89);
    mem(b, src, base, disp);
}

void vsmp_ex_store64(ex_buf *b, unsigned base, int32_t disp, unsigned src)
{
    rex(b, 1, src, base);
    byte(b, 0x89);
    mem(b, src, base, disp);
}

/* group 1 with imm32: 81 /ext id */
static void alu_imm(ex_buf *b, unsigned ext, unsigned r, uint32_t imm)
{
    rex(b, 0, 0, r);
    byte(b, 0x81);
    byte(b, (uint8_t)(0xc0u | ext << 3 | (r & 7u)));
    u32(b, imm);
}

void vsmp_ex_and_imm(ex_buf *b, unsigned r, uint32_t imm)
{
    alu_imm(b, 4, r, imm);
}

void vsmp_ex_or_imm(ex_buf *b, unsigned r, uint32_t imm)
{
    alu_imm(b, 1, r, imm);
}

void vsmp_ex_cmp_imm(ex_buf *b, unsigned r, uint32_t imm)
{
    alu_imm(b, 7, r, imm);
}

void vsmp_ex_cmp_mem(ex_buf *b, unsigned r, unsigned base, int32_t disp)
{
    rex(b, 0, r, base);
    byte(b, 0x3b);
    mem(b, r, base, disp);
}

/* F3 (REX) 0F op /r: movdqu's load (6F) and store (7F) */
static void movdqu(ex_buf *b, uint8_t op, unsigned xmm, unsigned base, int32_t disp)
{
    byte(b, 0xf3);
    rex(b, 0, xmm, base);
    byte(b, 0x0f);
    byte(b, op);
    mem(b, xmm, base, disp);
}

void vsmp_ex_movdqu_load(ex_buf *b, unsigned xmm, unsigned base, int32_t disp)
{
    movdqu(b, 0x6f, xmm, base, disp);
}

void vsmp_ex_movdqu_store(ex_buf *b, unsigned base, int32_t disp, unsigned xmm)
{
    movdqu(b, 0x7f, xmm, base, disp);
}

void vsmp_ex_test32(ex_buf *b, unsigned r, unsigned s)
{
    rex(b, 0, s, r);
    byte(b, 0x85);
    byte(b, (uint8_t)(0xc0u | (s & 7u) << 3 | (r & 7u)));
}

void vsmp_ex_test8(ex_buf *b, unsigned r, unsigned s)
{
    byte(b, 0x84);
    byte(b, (uint8_t)(0xc0u | (s & 3u) << 3 | (r & 3u)));
}

void vsmp_ex_sub_rsp(ex_buf *b, uint8_t imm)
{
    const uint8_t s[] = {0x48, 0x83, 0xec, imm};
    put(b, s, sizeof s);
}

void vsmp_ex_add_rsp(ex_buf *b, uint8_t imm)
{
    const uint8_t s[] = {0x48, 0x83, 0xc4, imm};
    put(b, s, sizeof s);
}

void vsmp_ex_call(ex_buf *b, uintptr_t target)
{
    intptr_t rel = (intptr_t)target - (intptr_t)(b->at + b->n + 5);
    if (rel >= INT32_MIN && rel <= INT32_MAX) {
        byte(b, 0xe8);
        u32(b, (uint32_t)(int32_t)rel);
        return;
    }
    vsmp_ex_mov_imm(b, EX_RAX, target);
    static const uint8_t s[] = {0xff, 0xd0}; /* call rax */
    put(b, s, sizeof s);
}

void vsmp_ex_call_mem(ex_buf *b, unsigned base, int32_t disp)
{
    rex(b, 0, 0, base);
    byte(b, 0xff);
    mem(b, 2, base, disp);
}

size_t vsmp_ex_jcc(ex_buf *b, unsigned cc)
{
    byte(b, 0x0f);
    byte(b, (uint8_t)(0x80u | cc));
    size_t at = b->n;
    u32(b, 0);
    return at;
}

size_t vsmp_ex_jmp(ex_buf *b)
{
    byte(b, 0xe9);
    size_t at = b->n;
    u32(b, 0);
    return at;
}

void vsmp_ex_patch(ex_buf *b, size_t at, size_t to)
{
    if (b->overflow)
        return;
    uint32_t rel = (uint32_t)(int32_t)((intptr_t)to - (intptr_t)(at + 4));
    uint8_t s[4] = {(uint8_t)rel, (uint8_t)(rel >> 8), (uint8_t)(rel >> 16), (uint8_t)(rel >> 24)};
    memcpy(b->p + at, s, 4);
}
