/* SPDX-License-Identifier: MIT */
/*
 * vsmp's x86-64 encoder (src/exec/x86/emit_x64.c, the per-run code generator's): every form
 * against its bytes encoded by hand from the Intel SDM's opcode tables (REX.W/R/B, ModRM, SIB
 * for rsp and r12, disp8 or disp32), the register choices the generator makes and the others
 * that take a REX bit; then the jumps' patching and the buffer's overflow.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "testlib.h"
#include "x86/emit_x64.h"

static uint8_t mem[64];

static ex_buf fresh(uintptr_t at)
{
    memset(mem, 0xcc, sizeof mem);
    return (ex_buf){mem, 0, sizeof mem, at, 0};
}

static void same(const ex_buf *b, const uint8_t *want, size_t n, const char *what)
{
    bool ok = !b->overflow && b->n == n && !memcmp(b->p, want, n);
    CHECK(ok, "%s: %zu bytes", what, b->n);
    if (!ok) {
        for (size_t i = 0; i < b->n; i++)
            fprintf(stderr, "%02x ", b->p[i]);
        fprintf(stderr, "\n");
    }
}

#define FORM(call, ...)                                                                            \
    do {                                                                                           \
        static const uint8_t want_[] = {__VA_ARGS__};                                              \
        ex_buf b_ = fresh(0x10000);                                                                \
        ex_buf *b = &b_;                                                                           \
        call;                                                                                      \
        same(b, want_, sizeof want_, #call);                                                       \
    } while (0)

static void test_forms(void)
{
    FORM(vsmp_ex_endbr64(b), 0xf3, 0x0f, 0x1e, 0xfa);
    FORM(vsmp_ex_push(b, EX_RBP), 0x55);
    FORM(vsmp_ex_push(b, EX_R12), 0x41, 0x54);
    FORM(vsmp_ex_pop(b, EX_RBX), 0x5b);
    FORM(vsmp_ex_pop(b, EX_R15), 0x41, 0x5f);
    FORM(vsmp_ex_ret(b), 0xc3);
    FORM(vsmp_ex_mov_rr(b, EX_RBP, EX_RSP), 0x48, 0x89, 0xe5);
    FORM(vsmp_ex_mov_rr(b, EX_RBX, EX_RDI), 0x48, 0x89, 0xfb);
    FORM(vsmp_ex_mov_rr(b, EX_R12, EX_RSI), 0x49, 0x89, 0xf4);
    FORM(vsmp_ex_mov_rr(b, EX_R15, EX_RCX), 0x49, 0x89, 0xcf);
    FORM(vsmp_ex_mov_rr(b, EX_R14, EX_R9), 0x4d, 0x89, 0xce);
    FORM(vsmp_ex_mov_rr(b, EX_RDI, EX_RBX), 0x48, 0x89, 0xdf);
    FORM(vsmp_ex_mov_imm(b, EX_RCX, 0), 0x31, 0xc9);
    FORM(vsmp_ex_mov_imm(b, EX_R8, 0), 0x45, 0x31, 0xc0);
    FORM(vsmp_ex_mov_imm(b, EX_R8, 0x80), 0x41, 0xb8, 0x80, 0x00, 0x00, 0x00);
    FORM(vsmp_ex_mov_imm(b, EX_RAX, 0xffffffffu), 0xb8, 0xff, 0xff, 0xff, 0xff);
    FORM(vsmp_ex_mov_imm(b, EX_RAX, 0x123456789aull), 0x48, 0xb8, 0x9a, 0x78, 0x56, 0x34, 0x12,
         0x00, 0x00, 0x00);
    FORM(vsmp_ex_mov_imm(b, EX_R9, 0x8000000000000001ull), 0x49, 0xb9, 0x01, 0x00, 0x00, 0x00, 0x00,
         0x00, 0x00, 0x80);
    FORM(vsmp_ex_lea(b, EX_RDI, EX_R12, 0x40), 0x49, 0x8d, 0x7c, 0x24, 0x40);
    FORM(vsmp_ex_lea(b, EX_RSI, EX_R13, 0x1000), 0x49, 0x8d, 0xb5, 0x00, 0x10, 0x00, 0x00);
    FORM(vsmp_ex_lea(b, EX_RDX, EX_R14, -8), 0x49, 0x8d, 0x56, 0xf8);
    FORM(vsmp_ex_lea(b, EX_R9, EX_R12, 128), 0x4d, 0x8d, 0x8c, 0x24, 0x80, 0x00, 0x00, 0x00);
    FORM(vsmp_ex_lea(b, EX_RCX, EX_RBP, 0), 0x48, 0x8d, 0x4d, 0x00);
    FORM(vsmp_ex_load32(b, EX_RAX, EX_RBX, 0x10), 0x8b, 0x43, 0x10);
    FORM(vsmp_ex_load32(b, EX_RAX, EX_R12, 0x200), 0x41, 0x8b, 0x84, 0x24, 0x00, 0x02, 0x00, 0x00);
    FORM(vsmp_ex_load64(b, EX_RDX, EX_RSP, 0), 0x48, 0x8b, 0x54, 0x24, 0x00);
    FORM(vsmp_ex_store32(b, EX_RDX, 0, EX_RAX), 0x89, 0x42, 0x00);
    FORM(vsmp_ex_store64(b, EX_RSP, 0, EX_R8), 0x4c, 0x89, 0x44, 0x24, 0x00);
    FORM(vsmp_ex_and_imm(b, EX_RAX, 0xffff), 0x81, 0xe0, 0xff, 0xff, 0x00, 0x00);
    FORM(vsmp_ex_or_imm(b, EX_R8, 0x104), 0x41, 0x81, 0xc8, 0x04, 0x01, 0x00, 0x00);
    FORM(vsmp_ex_load32(b, EX_R8, EX_RSP, 8), 0x44, 0x8b, 0x44, 0x24, 0x08);
    FORM(vsmp_ex_store32(b, EX_RSP, 8, EX_RAX), 0x89, 0x44, 0x24, 0x08);
    FORM(vsmp_ex_cmp_imm(b, EX_RAX, 0x4b1), 0x81, 0xf8, 0xb1, 0x04, 0x00, 0x00);
    FORM(vsmp_ex_cmp_imm(b, EX_R10, 1), 0x41, 0x81, 0xfa, 0x01, 0x00, 0x00, 0x00);
    FORM(vsmp_ex_cmp_mem(b, EX_RAX, EX_RSP, 16), 0x3b, 0x44, 0x24, 0x10);
    FORM(vsmp_ex_movdqu_load(b, 0, EX_R12, 0x40), 0xf3, 0x41, 0x0f, 0x6f, 0x44, 0x24, 0x40);
    FORM(vsmp_ex_movdqu_store(b, EX_R12, 0x100, 3), 0xf3, 0x41, 0x0f, 0x7f, 0x9c, 0x24, 0x00, 0x01,
         0x00, 0x00);
    FORM(vsmp_ex_movdqu_load(b, 2, EX_RSI, 16), 0xf3, 0x0f, 0x6f, 0x56, 0x10);
    FORM(vsmp_ex_test32(b, EX_RAX, EX_RAX), 0x85, 0xc0);
    FORM(vsmp_ex_test8(b, EX_RAX, EX_RAX), 0x84, 0xc0);
    FORM(vsmp_ex_sub_rsp(b, 8), 0x48, 0x83, 0xec, 0x08);
    FORM(vsmp_ex_add_rsp(b, 8), 0x48, 0x83, 0xc4, 0x08);
    FORM(vsmp_ex_call_mem(b, EX_R13, 0x28), 0x41, 0xff, 0x55, 0x28);
    FORM(vsmp_ex_call_mem(b, EX_RAX, 0x1000), 0xff, 0x90, 0x00, 0x10, 0x00, 0x00);
    /* at 0x10000: call 0x11000 is e8 and 0x11000 - 0x10005; one 2^40 away goes through rax */
    FORM(vsmp_ex_call(b, 0x11000), 0xe8, 0xfb, 0x0f, 0x00, 0x00);
    FORM(vsmp_ex_call(b, 0x8000), 0xe8, 0xfb, 0x7f, 0xff, 0xff);
    FORM(vsmp_ex_call(b, 0x10000000000ull), 0x48, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00,
         0x00, 0xff, 0xd0);
}

static void test_jumps(void)
{
    /* jne over a ret to the byte after it; jmp back to the start */
    ex_buf b = fresh(0);
    size_t j = vsmp_ex_jcc(&b, EX_CC_NE);
    vsmp_ex_ret(&b);
    vsmp_ex_patch(&b, j, b.n);
    size_t k = vsmp_ex_jmp(&b);
    vsmp_ex_patch(&b, k, 0);
    static const uint8_t want[] = {0x0f, 0x85, 0x01, 0x00, 0x00, 0x00,
                                   0xc3, 0xe9, 0xf4, 0xff, 0xff, 0xff};
    same(&b, want, sizeof want, "jne +1; ret; jmp 0");
    ex_buf e = fresh(0);
    e.cap = 3;
    vsmp_ex_push(&e, EX_RBP);
    vsmp_ex_endbr64(&e); /* does not fit: nothing written, the buffer marked */
    vsmp_ex_ret(&e);
    CHECK(e.overflow && e.n == 1 && mem[0] == 0x55 && mem[1] == 0xcc, "overflow: %zu bytes", e.n);
}

int main(void)
{
    test_forms();
    test_jumps();
    return t_finish();
}
