/* SPDX-License-Identifier: MIT */
/*
 * vsmp's x86-64 encoder (emit_x64.c): the few instruction forms the per-run code generator
 * (src/exec/codegen.c, docs/CODEGEN.md 2.1) writes, each appended to a byte buffer. Registers are
 * numbered as the ISA numbers them (EX_RAX = 0 ... EX_R15 = 15); displacements are 32-bit.
 * tests/test_emit_x64.c checks every form's bytes against hand encodings.
 */
#ifndef VSMP_EMIT_X64_H
#define VSMP_EMIT_X64_H

#include <stddef.h>
#include <stdint.h>

enum {
    EX_RAX,
    EX_RCX,
    EX_RDX,
    EX_RBX,
    EX_RSP,
    EX_RBP,
    EX_RSI,
    EX_RDI,
    EX_R8,
    EX_R9,
    EX_R10,
    EX_R11,
    EX_R12,
    EX_R13,
    EX_R14,
    EX_R15
};
/* condition codes of jcc (the low nibble of 0F 8x) */
enum { EX_CC_E = 0x4, EX_CC_NE = 0x5 };

/* The buffer: code at p, n bytes written, cap bytes room; at = the address the code runs at
 * (for call rel32); overflow set when a form did not fit (nothing more is written). */
typedef struct ex_buf {
    uint8_t *p;
    size_t n, cap;
    uintptr_t at;
    int overflow;
} ex_buf;

void vsmp_ex_endbr64(ex_buf *b);
void vsmp_ex_push(ex_buf *b, unsigned r);
void vsmp_ex_pop(ex_buf *b, unsigned r);
void vsmp_ex_ret(ex_buf *b);
/* mov r64, r64 */
void vsmp_ex_mov_rr(ex_buf *b, unsigned dst, unsigned src);
/* r = imm: xor r32, r32 for 0, mov r32, imm32 below 2^32 (zero-extended), else mov r64, imm64 */
void vsmp_ex_mov_imm(ex_buf *b, unsigned r, uint64_t imm);
/* lea r64, [base + disp32] */
void vsmp_ex_lea(ex_buf *b, unsigned dst, unsigned base, int32_t disp);
/* mov r32, [base + disp32]; mov [base + disp32], r32; mov [base + disp32], r64 */
void vsmp_ex_load32(ex_buf *b, unsigned dst, unsigned base, int32_t disp);
void vsmp_ex_store32(ex_buf *b, unsigned base, int32_t disp, unsigned src);
void vsmp_ex_store64(ex_buf *b, unsigned base, int32_t disp, unsigned src);
void vsmp_ex_load64(ex_buf *b, unsigned dst, unsigned base, int32_t disp);
/* and r32, imm32; or r32, imm32; cmp r32, imm32; test r32, r32; test r8, r8 (r < 4) */
void vsmp_ex_and_imm(ex_buf *b, unsigned r, uint32_t imm);
void vsmp_ex_or_imm(ex_buf *b, unsigned r, uint32_t imm);
void vsmp_ex_cmp_imm(ex_buf *b, unsigned r, uint32_t imm);
void vsmp_ex_test32(ex_buf *b, unsigned r, unsigned s);
void vsmp_ex_test8(ex_buf *b, unsigned r, unsigned s);
/* cmp r32, [base + disp32] */
void vsmp_ex_cmp_mem(ex_buf *b, unsigned r, unsigned base, int32_t disp);
/* movdqu xmm, [base + disp32]; movdqu [base + disp32], xmm (xmm < 8) */
void vsmp_ex_movdqu_load(ex_buf *b, unsigned xmm, unsigned base, int32_t disp);
void vsmp_ex_movdqu_store(ex_buf *b, unsigned base, int32_t disp, unsigned xmm);
/* sub rsp, imm8; add rsp, imm8 */
void vsmp_ex_sub_rsp(ex_buf *b, uint8_t imm);
void vsmp_ex_add_rsp(ex_buf *b, uint8_t imm);
/* call target: call rel32 when it reaches, else mov rax, imm64; call rax */
void vsmp_ex_call(ex_buf *b, uintptr_t target);
/* call qword [base + disp32] */
void vsmp_ex_call_mem(ex_buf *b, unsigned base, int32_t disp);
/* jcc rel32 / jmp rel32 with the displacement 0: @return the displacement's offset in the
 * buffer, for ex_patch */
size_t vsmp_ex_jcc(ex_buf *b, unsigned cc);
size_t vsmp_ex_jmp(ex_buf *b);
/* point the jump whose displacement is at @p at to the buffer's offset @p to */
void vsmp_ex_patch(ex_buf *b, size_t at, size_t to);

#endif
