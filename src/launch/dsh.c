/* SPDX-License-Identifier: MIT */
/*
 * Inline samplers from a kernel's dynamic state heap: the SAMPLER_STATEs IGC writes there for
 * OpenCL `__constant sampler_t` values (the patch-token text does not carry them). Only the
 * fields an OpenCL sampler can set are read (docs/LAUNCH.md section 1):
 *
 *   DW0 bits 16:14 min filter, 19:17 mag filter (0 nearest, 1 linear), 21:20 mip filter
 *   DW3 bits 2:0 TCZ, 5:3 TCY, 8:6 TCX address modes, bit 10 non-normalized coordinates
 *
 * (the SAMPLER_STATE layout of Gen9 to Xe-HPG; the address modes and mip filters have the
 * hardware's codes in vsmp_sampler_state). Border colour: (0, 0, 0, 0), OpenCL's.
 *
 * The heap is taken from what the user has (docs/LAUNCH.md section 1): the heap alone (`.dsh`),
 * IGC's program binary (`.progbin`: magic "CTNI") or ocloc's output (`.bin`: an ELF of type
 * 0xff04 whose section of type 0xff000005 holds that program binary). A zebin ELF (newer ocloc)
 * has no heap and is refused, saying what to give instead.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_internal.h"

static uint32_t dw(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t qw(const uint8_t *p)
{
    return dw(p) | (uint64_t)dw(p + 4) << 32;
}

vsmp_status vsmp_sampler_from_hw(const uint8_t state[16], vsmp_sampler_state *st)
{
    if (!state || !st)
        return VSMP_ERR_ARG;
    uint32_t d0 = dw(state), d3 = dw(state + 12);
    unsigned minf = d0 >> 14 & 7, magf = d0 >> 17 & 7, mip = d0 >> 20 & 3;
    unsigned tcz = d3 & 7, tcy = d3 >> 3 & 7, tcx = d3 >> 6 & 7;
    if (minf > 1 || magf > 1 || mip == 2)
        return VSMP_ERR_UNSUPPORTED; /* anisotropic, mono, or a reserved mip filter */
    vsmp_sampler_state_init(st);
    st->min_filter = minf ? VSMP_FILTER_LINEAR : VSMP_FILTER_NEAREST;
    st->mag_filter = magf ? VSMP_FILTER_LINEAR : VSMP_FILTER_NEAREST;
    st->mip_filter = (uint8_t)mip;
    st->address[0] = (uint8_t)tcx;
    st->address[1] = (uint8_t)tcy;
    st->address[2] = (uint8_t)tcz;
    st->non_normalized = (d3 >> 10 & 1) != 0;
    return VSMP_OK;
}

vsmp_status vsmp_sampler_from_cl_inline(uint32_t v, vsmp_sampler_state *st)
{
    vsmp_status s = vsmp_sampler_from_cl(v, st);
    if (s)
        return s;
    /* IGC's CImagesBI::CreateInlineSamplerAnnotations (OCLBIUtils.cpp): CLK_ADDRESS_NONE is
     * SAMPLER_TEXTURE_ADDRESS_MODE_CLAMP (clamp to edge) in all three directions */
    if ((v >> 1 & 7) == 0)
        st->address[0] = st->address[1] = st->address[2] = VSMP_TCM_CLAMP;
    /* and the mip filter is nearest in every SAMPLER_STATE IGC writes for one (DW0 bits 21:20
     * = 1), as an explicit LOD of cl_khr_mipmap_image needs: the inline sampler's mipmap
     * filter mode is CLK_FILTER_NEAREST */
    st->mip_filter = VSMP_MIPFILTER_NEAREST;
    return VSMP_OK;
}

static vsmp_status dsh_err(vsmp_diags *d, uint32_t line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static vsmp_status dsh_err(vsmp_diags *d, uint32_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags_vadd(d, VSMP_SEV_ERROR, "launch.dsh", line, 0, -1, fmt, ap);
    va_end(ap);
    return VSMP_ERR_MALFORMED;
}

#define PROGBIN_MAGIC 0x494e5443u /* "CTNI" */

/* The kernel's dynamic state heap in IGC's program binary: a header of 7 dwords (magic,
 * version, device, pointer size, kernels, stepping, program patch-list size) and the program's
 * patch list, then per kernel a 40-byte header (checksum, 64-bit shader hash, and the sizes of
 * the name, the patch list, the kernel, general, dynamic and surface state heaps and the
 * unpadded kernel), its name, the four heaps in that order and its patch list. */
static vsmp_status from_progbin(const vsmp_launch_iface *f, const uint8_t *b, size_t size,
                                const uint8_t **heap, size_t *heap_size, vsmp_diags *d)
{
    if (size < 28 || dw(b) != PROGBIN_MAGIC)
        return dsh_err(d, 0, "the program binary is shorter than its header");
    uint32_t nk = dw(b + 16);
    uint64_t o = 28 + (uint64_t)dw(b + 24);
    for (uint32_t k = 0; k < nk; k++) {
        if (o + 40 > size)
            return dsh_err(d, 0, "the program binary ends inside kernel %u's header (at %llu)", k,
                           (unsigned long long)o);
        const uint8_t *h = b + o;
        uint32_t sum = dw(h); /* then the shader hash (8 bytes) */
        uint64_t nsz = dw(h + 12), pl = dw(h + 16), kh = dw(h + 20), gsh = dw(h + 24),
                 dsh = dw(h + 28), ssh = dw(h + 32);
        uint64_t name_at = o + 40, dsh_at = name_at + nsz + kh + gsh, end = dsh_at + dsh + ssh + pl;
        if (end > size)
            return dsh_err(d, 0,
                           "the program binary ends inside kernel %u (its sizes reach %llu "
                           "of %zu bytes)",
                           k, (unsigned long long)end, size);
        char name[sizeof(f->kernel)];
        size_t nl = nsz < sizeof(name) - 1 ? (size_t)nsz : sizeof(name) - 1;
        memcpy(name, b + name_at, nl);
        name[nl] = 0;
        if (strcmp(name, f->kernel) == 0) {
            if (f->has_checksum && sum != f->checksum)
                return dsh_err(d, f->dsh_line,
                               "the program binary's kernel %s has checksum %08x; the interface's "
                               "binary header says CheckSum = %08x: another compilation",
                               f->kernel, sum, f->checksum);
            *heap = b + dsh_at;
            *heap_size = (size_t)dsh;
            return VSMP_OK;
        }
        o = end;
    }
    return dsh_err(d, 0, "the program binary has no kernel %s (%u kernels)", f->kernel, nk);
}

/* ocloc's output: an ELF64 of type 0xff04 (an OpenCL executable) whose section of type
 * 0xff000005 is the device binary, IGC's program binary. A zebin (ELF type 0xff11..0xff13, or
 * machine 205: Intel GT) has no dynamic state heap. */
/* The program binary inside ocloc's ELF (.bin): @p pb, @p pb_size. */
static vsmp_status elf_progbin(const uint8_t *b, size_t size, const uint8_t **pb, size_t *pb_size,
                               vsmp_diags *d)
{
    if (size < 64 || b[4] != 2 || b[5] != 1)
        return dsh_err(d, 0, "an ELF file that is not 64-bit little-endian");
    unsigned type = b[16] | b[17] << 8, machine = b[18] | b[19] << 8;
    if ((type >= 0xff11 && type <= 0xff13) || machine == 205)
        return dsh_err(d, 0,
                       "a zebin (ocloc's newer output) holds no dynamic state heap: give IGC's "
                       "program binary (the .progbin IGC_ShaderDumpEnable=1 writes beside the "
                       ".cos), the kernel's .dsh, or the samplers as \"inline_samplers\"");
    if (type != 0xff04)
        return dsh_err(d, 0, "an ELF file of type 0x%x, not ocloc's OpenCL binary (0xff04)", type);
    uint64_t shoff = qw(b + 0x28);
    unsigned shentsize = b[0x3a] | b[0x3b] << 8, shnum = b[0x3c] | b[0x3d] << 8;
    if (shentsize < 64 || shoff > size || (uint64_t)shnum * shentsize > size - shoff)
        return dsh_err(d, 0, "the ELF section headers are past the end of the file");
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *s = b + shoff + (uint64_t)i * shentsize;
        uint64_t off = qw(s + 24), sz = qw(s + 32);
        if (dw(s + 4) != 0xff000005u)
            continue;
        if (off > size || sz > size - off)
            return dsh_err(d, 0, "the ELF device-binary section is past the end of the file");
        *pb = b + off;
        *pb_size = (size_t)sz;
        return VSMP_OK;
    }
    return dsh_err(d, 0, "the ELF file has no OpenCL device binary (section type 0xff000005)");
}

static vsmp_status from_elf(const vsmp_launch_iface *f, const uint8_t *b, size_t size,
                            const uint8_t **heap, size_t *heap_size, vsmp_diags *d)
{
    const uint8_t *pb = NULL;
    size_t pbs = 0;
    vsmp_status st = elf_progbin(b, size, &pb, &pbs, d);
    return st ? st : from_progbin(f, pb, pbs, heap, heap_size, d);
}

static vsmp_status prog_err(vsmp_diags *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static vsmp_status prog_err(vsmp_diags *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags_vadd(d, VSMP_SEV_ERROR, "launch.program", 0, 0, -1, fmt, ap);
    va_end(ap);
    return VSMP_ERR_MALFORMED;
}

/* Program-scope data: the patch tokens of the program's own list (IGC's patch_list.h):
 * 41 ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO {type, index, size} and 42
 * ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO {index, size}, each followed by its
 * bytes; 47 GLOBAL_POINTER_ and 48 CONSTANT_POINTER_PROGRAM_BINARY_INFO {index, offset (64-bit),
 * buffer type (0 global, 1 constant), buffer index}: the pointer at that offset of the global
 * (constant) data holds an offset into the buffer of that type, to which its base is added. */
vsmp_status vsmp_launch_program_read(const void *data, size_t size, vsmp_launch_program *out,
                                     vsmp_diags *d)
{
    if (!out || (!data && size))
        return VSMP_ERR_ARG;
    memset(out, 0, sizeof(*out));
    const uint8_t *b = data;
    vsmp_status st = VSMP_OK;
    if (size >= 4 && memcmp(b, "\177ELF", 4) == 0) {
        st = elf_progbin(b, size, &b, &size, d);
        if (st)
            return st;
    }
    if (size < 28 || dw(b) != PROGBIN_MAGIC)
        return prog_err(d, "not IGC's program binary (magic CTNI)");
    uint32_t ptr_size = dw(b + 12) == 4 ? 4 : 8;
    uint64_t end = 28 + (uint64_t)dw(b + 24), o = 28;
    if (end > size)
        return prog_err(d, "the program patch list runs past the end of the binary (%llu bytes)",
                        (unsigned long long)end);
    /* the relocations come after the data they patch: keep them for a second pass */
    uint64_t rel_at[256];
    unsigned nrel = 0;
    while (o < end && !st) {
        if (o + 8 > end) {
            st = prog_err(d, "a patch token cut off at byte %llu", (unsigned long long)o);
            break;
        }
        uint32_t tok = dw(b + o), tsz = dw(b + o + 4);
        if (tsz < 8 || tsz > end - o) {
            st = prog_err(d, "a patch token of a bad size at byte %llu", (unsigned long long)o);
            break;
        }
        if (tok == 41 || tok == 42) {
            bool glob = tok == 41;
            if (tsz < (glob ? 20u : 16u)) {
                st = prog_err(d, "a program-scope data token too short at byte %llu",
                              (unsigned long long)o);
                break;
            }
            uint32_t idx = dw(b + o + (glob ? 12 : 8)), n = dw(b + o + (glob ? 16 : 12));
            uint8_t **dst = glob ? &out->global : &out->constant;
            size_t *dn = glob ? &out->global_size : &out->constant_size;
            if (idx != 0 || *dst) {
                st = prog_err(d,
                              "a second buffer of program-scope data (index %llu): one of "
                              "each is read",
                              (unsigned long long)idx);
                break;
            }
            if (n > end - o - tsz) {
                st = prog_err(d, "program-scope data running past the patch list at byte %llu",
                              (unsigned long long)o);
                break;
            }
            *dst = malloc(n ? n : 1);
            if (!*dst) {
                st = VSMP_ERR_NOMEM;
                break;
            }
            memcpy(*dst, b + o + tsz, n);
            *dn = n;
            o += tsz + n;
            continue;
        }
        if (tok == 47 || tok == 48) {
            if (tsz < 28) {
                st = prog_err(d, "a pointer relocation token too short at byte %llu",
                              (unsigned long long)o);
                break;
            }
            if (nrel == sizeof(rel_at) / sizeof(rel_at[0])) {
                st = prog_err(d, "more than 256 pointer relocations (at byte %llu)",
                              (unsigned long long)o);
                break;
            }
            rel_at[nrel++] = o;
        }
        o += tsz;
    }
    for (unsigned i = 0; i < nrel && !st; i++) {
        const uint8_t *t = b + rel_at[i];
        bool in_glob = dw(t) == 47;
        uint64_t at = qw(t + 12);
        uint32_t type = dw(t + 20);
        uint8_t *buf = in_glob ? out->global : out->constant;
        size_t n = in_glob ? out->global_size : out->constant_size;
        uint64_t base = type == 0 ? VSMP_LAUNCH_GLOBAL_ADDRESS : VSMP_LAUNCH_CONSTANT_ADDRESS;
        if (dw(t + 8) || dw(t + 24) || type > 1 || !buf || at > n || n - at < ptr_size) {
            st = prog_err(d, "a pointer relocation outside the program-scope data at byte %llu",
                          (unsigned long long)rel_at[i]);
            break;
        }
        uint64_t v = ptr_size == 8 ? qw(buf + at) : dw(buf + at);
        v += base;
        for (uint32_t k = 0; k < ptr_size; k++)
            buf[at + k] = (uint8_t)(v >> (8 * k));
        out->relocations++;
    }
    if (st)
        vsmp_launch_program_free(out);
    return st;
}

void vsmp_launch_program_free(vsmp_launch_program *p)
{
    if (!p)
        return;
    free(p->constant);
    free(p->global);
    memset(p, 0, sizeof(*p));
}

vsmp_status vsmp_launch_dsh_samplers(const vsmp_launch_iface *f, const void *data, size_t size,
                                     vsmp_sampler_state *out, bool *set, vsmp_diags *d)
{
    if (!f || (!data && size) || !out || !set)
        return VSMP_ERR_ARG;
    memset(set, 0, VSMP_MAX_SAMPLER_STATES * sizeof(bool));
    const uint8_t *b = data, *dsh = b;
    vsmp_status st = VSMP_OK;
    if (size >= 4 && dw(b) == PROGBIN_MAGIC)
        st = from_progbin(f, b, size, &dsh, &size, d);
    else if (size >= 4 && memcmp(b, "\177ELF", 4) == 0)
        st = from_elf(f, b, size, &dsh, &size, d);
    if (st)
        return st;
    if (f->dsh_size >= 0 && (uint64_t)size != (uint64_t)f->dsh_size)
        return dsh_err(d, f->dsh_line,
                       "the dynamic state heap has %zu bytes; the interface's binary header says "
                       "DynamicStateHeapSize = %ld",
                       size, f->dsh_size);
    if (!f->sampler_count)
        return VSMP_OK;
    if (f->sampler_array_offset < 0 || f->sampler_count > VSMP_MAX_SAMPLER_STATES ||
        (uint64_t)f->sampler_array_offset + 16u * f->sampler_count > size)
        return dsh_err(d, f->sampler_line,
                       "the dynamic state heap (%zu bytes) does not hold the %u sampler states "
                       "at %ld",
                       size, f->sampler_count, f->sampler_array_offset);
    for (unsigned i = 0; i < f->sampler_count; i++) {
        bool arg = false;
        for (unsigned a = 0; a < f->nargs; a++)
            arg |= f->args[a].kind == VSMP_ARG_SAMPLER && f->args[a].sampler == (int32_t)i;
        if (arg)
            continue;
        const uint8_t *p = dsh + f->sampler_array_offset + 16u * i;
        if (vsmp_sampler_from_hw(p, &out[i])) {
            vsmp_diags_add(d, VSMP_SEV_ERROR, "launch.dsh", 0, 0, -1,
                           "sampler state %u of the dynamic state heap is no OpenCL sampler", i);
            return VSMP_ERR_UNSUPPORTED;
        }
        set[i] = true;
    }
    return VSMP_OK;
}
