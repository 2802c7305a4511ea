/* SPDX-License-Identifier: MIT */
/*
 * The run-time switch of the machine's generated code (codegen.c, docs/CODEGEN.md 2.4): a bit of
 * the CPU levels (src/sample/cpu.c), on where the build has VSMP_CODEGEN, cleared by VSMP_CPU's
 * ",nocg" suffix ("avx512,nocg") and by a vsmp_cpu_set_mask mask without it. (Kept out of the
 * public vsmp/sampler.h for now: that header is read by every sampling kernel.)
 */
#ifndef VSMP_CODEGEN_H
#define VSMP_CODEGEN_H

#define VSMP_CPU_CODEGEN 0x200u

#endif
