/* SPDX-License-Identifier: MIT */
/* CPU levels: what the machine has, lowered by the API mask and the VSMP_CPU variable; and the
 * texel-load form (VSMP_CPU_INTEL, VSMP_CPU_SLOW_GATHER, VSMP_LOADS). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "sample_internal.h"
#include "../exec/codegen.h"

static atomic_uint g_mask = ~0u;

#if defined(VSMP_HAVE_AVX2) && (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <cpuid.h>

/* CPUID.1:ECX bit 29 (clang's __builtin_cpu_supports does not know "f16c") */
static bool has_f16c(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c >> 29 & 1);
}
/* AVX-512 F, DQ, BW and VL (CPUID.(7,0):EBX bits 16, 17, 30, 31), and the OS saving their
 * state: XSAVE enabled (CPUID.1:ECX OSXSAVE, bit 27) and XCR0 (XGETBV 0) with SSE, AVX, the
 * opmask registers, the upper halves of ZMM0-15 and ZMM16-31 (bits 1, 2, 5, 6, 7). */
static bool has_avx512(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c >> 27 & 1) || __get_cpuid_max(0, NULL) < 7)
        return false;
    __cpuid_count(7, 0, a, b, c, d);
    const unsigned need = 1u << 16 | 1u << 17 | 1u << 30 | 1u << 31;
    if ((b & need) != need)
        return false;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return (lo & 0xe6u) == 0xe6u;
}
/* CPUID leaf 0's vendor string "GenuineIntel" (EBX, EDX, ECX). */
static bool is_intel(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(0, &a, &b, &c, &d) && b == signature_INTEL_ebx && d == signature_INTEL_edx &&
           c == signature_INTEL_ecx;
}
#define VSMP_X86 1
#endif

static unsigned detect(void)
{
    unsigned f = VSMP_CPU_C;
#ifdef VSMP_CODEGEN
    f |= VSMP_CPU_CODEGEN;
#endif
#ifdef VSMP_X86
    __builtin_cpu_init(); /* avx2 also says the OS saves the YMM registers */
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && has_f16c())
        f |= VSMP_CPU_AVX2;
#ifdef VSMP_HAVE_AVX512
    if ((f & VSMP_CPU_AVX2) && has_avx512())
        f |= VSMP_CPU_AVX512;
#endif
#endif
    return f;
}

/* What the CPU has does not change: asked once (CPUID can cost microseconds in a virtual
 * machine, and plans and machines are made per launch). 0 = not asked yet. */
static atomic_uint g_flags;

unsigned vsmp_cpu_flags(void)
{
    unsigned f = atomic_load_explicit(&g_flags, memory_order_relaxed);
    if (!f) {
        f = detect();
        atomic_store_explicit(&g_flags, f, memory_order_relaxed);
    }
    return f;
}

void vsmp_cpu_set_mask(unsigned mask)
{
    atomic_store(&g_mask, mask);
}

/* VSMP_CPU names the highest level to use: "ref" (or "none": the reference only), "c", "avx2",
 * "avx512", with code generation unless ",nocg" follows. Unknown names leave every level on. */
static unsigned env_mask(void)
{
    const char *e = getenv("VSMP_CPU");
    if (!e || !*e)
        return ~0u;
    size_t n = strlen(e);
    unsigned cg = VSMP_CPU_CODEGEN;
    if (n >= 5 && !strcmp(e + n - 5, ",nocg"))
        n -= 5, cg = 0;
    if ((n == 3 && !strncmp(e, "ref", 3)) || (n == 4 && !strncmp(e, "none", 4)))
        return 0;
    if (n == 1 && e[0] == 'c')
        return VSMP_CPU_C | cg;
    if (n == 4 && !strncmp(e, "avx2", 4))
        return VSMP_CPU_C | VSMP_CPU_AVX2 | cg;
    if (n == 6 && !strncmp(e, "avx512", 6))
        return VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512 | cg;
    return ~0u & ~(cg ? 0u : VSMP_CPU_CODEGEN);
}

/* The load-form bits (sample_internal.h): VSMP_LOADS ("gather", "scalar"; anything else: the
 * CPU's), else VSMP_CPU_INTEL on an Intel core, VSMP_CPU_SLOW_GATHER on an x86 core of another
 * vendor without AVX-512 (whatever level runs: the bit describes the core; Zen 3 and Zen 4 are
 * both AMD family 25, and of the two only Zen 4, whose gathers are fast, has AVX-512); the CPU
 * is asked once. */
static atomic_uint g_load_bits; /* 1 | those bits, 0 = not asked yet */

static unsigned load_bits(void)
{
    const char *e = getenv("VSMP_LOADS");
    if (e && !strcmp(e, "gather"))
        return VSMP_CPU_GATHER;
    if (e && !strcmp(e, "scalar"))
        return VSMP_CPU_SCALAR;
    unsigned v = atomic_load_explicit(&g_load_bits, memory_order_relaxed);
    if (!v) {
        v = 1;
#ifdef VSMP_X86
        if (is_intel())
            v |= VSMP_CPU_INTEL;
        else if (!has_avx512())
            v |= VSMP_CPU_SLOW_GATHER;
#endif
        atomic_store_explicit(&g_load_bits, v, memory_order_relaxed);
    }
    return v & (VSMP_CPU_INTEL | VSMP_CPU_SLOW_GATHER);
}

unsigned vsmp_cpu_effective(void)
{
    return (vsmp_cpu_flags() & atomic_load(&g_mask) & env_mask()) | load_bits();
}
