/* SPDX-License-Identifier: MIT */
/*
 * The zebin ELF read with elfutils' libelf: its `.ze_info` (zeinfo.c) and `.visaasm` sections.
 * The sections vsmp knows are listed below; any other stops the read, named (docs/LAUNCH.md
 * section 6).
 */
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "ocl_internal.h"
#include "zebin.h"

#define EM_INTEL_GT 205 /* e_machine of Intel's GPU binaries (ELF's EM_INTELGT) */

static vsmp_status zbad(vsmp_diags *d, vsmp_status st, const char *fmt, const char *what)
{
    vsmp_diags_add(d, VSMP_SEV_ERROR, "zebin", 0, 0, -1, fmt, what);
    return st;
}

typedef struct sect {
    const char *name;
    const char *data;
    size_t size;
} sect;

/* Sections that carry nothing vsmp runs (Gen code, symbols, the SPIR-V, notes, the build
 * options ocloc records when given some), or that matter only to the kernels that relocate to
 * them (program-scope constants and globals, their relocations: `.rel.text.KERNEL` marks that
 * kernel unsupported). */
static bool harmless(const char *n)
{
    return !strncmp(n, ".text.", 6) || !strcmp(n, ".symtab") || !strcmp(n, ".strtab") ||
           !strcmp(n, ".shstrtab") || !strcmp(n, ".spv") || !strncmp(n, ".note.", 6) ||
           !strcmp(n, "") || !strncmp(n, ".gtpin_info", 11) || !strcmp(n, ".misc.buildOptions") ||
           !strncmp(n, ".debug_", 7) || !strncmp(n, ".data.", 6) || !strcmp(n, ".bss") ||
           !strncmp(n, ".bss.", 5) || !strncmp(n, ".rel.", 5) || !strncmp(n, ".rela.", 6);
}

/* The kernel whose Gen code a relocation section patches (`.rel.text.K`, `.rela.text.K`), or
 * NULL. */
static const char *relocated_kernel(const char *n)
{
    if (!strncmp(n, ".rel.text.", 10))
        return n + 10;
    if (!strncmp(n, ".rela.text.", 11))
        return n + 11;
    return NULL;
}

/* The register bytes of the zebin's target from its `.note.intelgt.compat` notes (owner
 * "IntelGT"; type 2: the GFXCORE family, as ocloc 24.35 and 26.27 write it): 64 from Xe-HPC
 * (0x0c08) on: Xe2 0x0c09, Xe3 0x1e00; 32 before (Gen9 0x0c, Gen12LP 0x12, Xe-HPG 0x0c07) and
 * when there is no such note (IGC 1.0.12504's zebins for skl, tgllp and acm-g10). */
static unsigned note_grf(const char *p, size_t n)
{
    size_t at = 0;
    while (n - at >= 12) {
        uint32_t namesz, descsz, type;
        memcpy(&namesz, p + at, 4);
        memcpy(&descsz, p + at + 4, 4);
        memcpy(&type, p + at + 8, 4);
        size_t name = (namesz + 3u) & ~(size_t)3, desc = (descsz + 3u) & ~(size_t)3;
        if (namesz > 64 || descsz > 4096 || n - at - 12 < name + desc)
            break;
        if (type == 2 && descsz == 4 && namesz == 8 && !memcmp(p + at + 12, "IntelGT", 8)) {
            uint32_t core;
            memcpy(&core, p + at + 12 + name, 4);
            return core >= 0x0c08 ? 64 : 32;
        }
        at += 12 + name + desc;
    }
    return 32;
}

/* True when every relocation of section @p scn (`.rel.text.K`) patches the Gen code with the
 * cross-thread data's offset from r0 (symbol __INTEL_PATCH_CROSS_THREAD_OFFSET_OFF_R0, which
 * IGC 2.40 emits on DG2 and later with -emitCrossThreadOffR0Reloc; compute-runtime's zebin
 * linker writes the offset of the cross-thread data there): a fact of the Gen code's payload
 * loads, which the vISA kernel's .input declarations already give. Any other symbol reaches
 * program-scope data or functions. */
static bool only_cross_thread_relocs(Elf *e, Elf_Scn *scn, const GElf_Shdr *sh)
{
    static const char patch[] = "__INTEL_PATCH_CROSS_THREAD_OFFSET_OFF_R0";
    Elf_Scn *symscn = elf_getscn(e, sh->sh_link);
    GElf_Shdr symsh;
    Elf_Data *rd = elf_getdata(scn, NULL), *sd = symscn ? elf_getdata(symscn, NULL) : NULL;
    if (!rd || !sd || !gelf_getshdr(symscn, &symsh) || !sh->sh_entsize ||
        (sh->sh_type != SHT_REL && sh->sh_type != SHT_RELA))
        return false;
    size_t n = sh->sh_size / sh->sh_entsize;
    for (size_t i = 0; i < n; i++) {
        GElf_Rel r;
        GElf_Rela ra;
        uint64_t info;
        if (sh->sh_type == SHT_REL ? !gelf_getrel(rd, (int)i, &r) : !gelf_getrela(rd, (int)i, &ra))
            return false;
        info = sh->sh_type == SHT_REL ? r.r_info : ra.r_info;
        GElf_Sym sym;
        const char *name = gelf_getsym(sd, (int)GELF_R_SYM(info), &sym)
                               ? elf_strptr(e, symsh.sh_link, sym.st_name)
                               : NULL;
        if (!name || strcmp(name, patch))
            return false;
    }
    return true;
}

/* The `SimdSize=N` kernel attribute of a `.visaasm` text, 0 when it has none. */
static unsigned visa_simd(const char *t, size_t n)
{
    static const char attr[] = ".kernel_attr SimdSize=";
    for (size_t i = 0; i + sizeof(attr) - 1 < n; i++)
        if (!memcmp(t + i, attr, sizeof(attr) - 1)) {
            unsigned v = 0;
            for (size_t k = i + sizeof(attr) - 1; k < n && t[k] >= '0' && t[k] <= '9' && v < 1000;
                 k++)
                v = v * 10 + (unsigned)(t[k] - '0');
            return v;
        }
    return 0;
}

static vsmp_status attach(vsmp_ocl_kernel *k, const sect *s, vsmp_diags *d)
{
    if (k->visaasm)
        return zbad(d, VSMP_ERR_MALFORMED, "kernel %s: two .visaasm sections", k->name);
    unsigned simd = visa_simd(s->data, s->size);
    if (simd != k->simd) {
        vsmp_diags_add(d, VSMP_SEV_ERROR, "zebin", 0, 0, -1,
                       "kernel %s: its .visaasm section says SimdSize=%u, the zeinfo %u", k->name,
                       simd, k->simd);
        return VSMP_ERR_MALFORMED;
    }
    if (memchr(s->data, 0, s->size))
        return zbad(d, VSMP_ERR_MALFORMED, "kernel %s: a NUL byte in its .visaasm", k->name);
    k->visaasm = malloc(s->size + 1);
    if (!k->visaasm)
        return VSMP_ERR_NOMEM;
    memcpy(k->visaasm, s->data, s->size);
    k->visaasm[s->size] = 0;
    k->visaasm_size = s->size;
    return VSMP_OK;
}

vsmp_status vsmp_ocl_zebin_read(const void *data, size_t size, vsmp_ocl_program **out,
                                vsmp_diags *d)
{
    if (!out || (!data && size))
        return VSMP_ERR_ARG;
    *out = NULL;
    if (size > VSMP_OCL_MAX_ZEBIN)
        return zbad(d, VSMP_ERR_MALFORMED, "a zebin larger than %s", "64 MiB");
    if (elf_version(EV_CURRENT) == EV_NONE)
        return zbad(d, VSMP_ERR_UNSUPPORTED, "libelf: %s", elf_errmsg(-1));
    /* libelf reads from writable memory: a copy, which the sections point into */
    char *img = malloc(size ? size : 1);
    if (!img)
        return VSMP_ERR_NOMEM;
    memcpy(img, data, size);
    Elf *e = elf_memory(img, size);
    vsmp_status st = VSMP_OK;
    sect *vis = NULL, zeinfo = {0};
    const char **rel = NULL;
    size_t nrel = 0;
    vsmp_ocl_program *prog = NULL;
    size_t nvis = 0, nsec = 0, shstr = 0;
    unsigned grf = 32;
    GElf_Ehdr eh;
    if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh)) {
        st = zbad(d, VSMP_ERR_MALFORMED, "%s", "not an ELF file: no zebin");
        goto out;
    }
    if (gelf_getclass(e) != ELFCLASS64 || eh.e_machine != EM_INTEL_GT) {
        st = zbad(d, VSMP_ERR_MALFORMED, "not a zebin: %s",
                  "an ELF file that is not 64-bit Intel GT (e_machine 205)");
        goto out;
    }
    if (elf_getshdrnum(e, &nsec) || elf_getshdrstrndx(e, &shstr) || nsec > 4096) {
        st = zbad(d, VSMP_ERR_MALFORMED, "unreadable section headers (%s)", elf_errmsg(-1));
        goto out;
    }
    vis = calloc(nsec ? nsec : 1, sizeof(*vis));
    rel = calloc(nsec ? nsec : 1, sizeof(*rel));
    if (!vis || !rel) {
        st = VSMP_ERR_NOMEM;
        goto out;
    }
    for (Elf_Scn *scn = elf_nextscn(e, NULL); scn && !st; scn = elf_nextscn(e, scn)) {
        GElf_Shdr sh;
        const char *name = gelf_getshdr(scn, &sh) ? elf_strptr(e, shstr, sh.sh_name) : NULL;
        if (!name) {
            st = zbad(d, VSMP_ERR_MALFORMED, "a section without a name (%s)", elf_errmsg(-1));
            break;
        }
        bool is_vis = !strcmp(name, ".visaasm") || !strncmp(name, ".visaasm.", 9);
        if (!strcmp(name, ".note.intelgt.compat") && sh.sh_type != SHT_NOBITS) {
            Elf_Data *nd = elf_rawdata(scn, NULL);
            if (nd && nd->d_buf && nd->d_size == sh.sh_size)
                grf = note_grf(nd->d_buf, nd->d_size);
            continue;
        }
        if (!is_vis && strcmp(name, ".ze_info")) {
            if (relocated_kernel(name)) {
                if (!only_cross_thread_relocs(e, scn, &sh))
                    rel[nrel++] = name;
            } else if (!harmless(name))
                st = zbad(d, VSMP_ERR_MALFORMED, "section %s: a section vsmp does not read", name);
            continue;
        }
        Elf_Data *dat = elf_rawdata(scn, NULL);
        if (sh.sh_type == SHT_NOBITS || !dat || (sh.sh_size && !dat->d_buf) ||
            dat->d_size != sh.sh_size) {
            st = zbad(d, VSMP_ERR_MALFORMED, "section %s: its bytes lie outside the file", name);
            break;
        }
        sect s = {name, dat->d_buf, dat->d_size};
        if (is_vis) {
            vis[nvis++] = s;
        } else if (zeinfo.name) {
            st = zbad(d, VSMP_ERR_MALFORMED, "two %s sections", ".ze_info");
        } else {
            zeinfo = s;
        }
    }
    if (!st && !zeinfo.name)
        st = zbad(d, VSMP_ERR_MALFORMED, "no %s section: not a zebin", ".ze_info");
    if (!st)
        st = vsmp_ocl_zeinfo_read_all(zeinfo.data, zeinfo.size, grf, &prog, d);
    /* IGC 1.0.12504 names every kernel's section `.visaasm`, in the zeinfo's kernel order;
     * `.visaasm.NAME` names its kernel */
    size_t plain = 0;
    for (size_t i = 0; i < nvis; i++)
        plain += !strcmp(vis[i].name, ".visaasm");
    if (!st && plain && plain != nvis)
        st = zbad(d, VSMP_ERR_MALFORMED, "%s sections both named and unnamed", ".visaasm");
    if (!st && plain && plain != prog->nkernels) {
        vsmp_diags_add(d, VSMP_SEV_ERROR, "zebin", 0, 0, -1, "%zu .visaasm sections for %u kernels",
                       plain, prog->nkernels);
        st = VSMP_ERR_MALFORMED;
    }
    for (size_t i = 0; i < nvis && !st; i++) {
        vsmp_ocl_kernel *k = NULL;
        if (plain) {
            k = &prog->kernels[i];
        } else {
            const vsmp_ocl_kernel *c = vsmp_ocl_program_kernel(prog, vis[i].name + 9);
            if (!c) {
                st = zbad(d, VSMP_ERR_MALFORMED, "section %s: no such kernel", vis[i].name);
                break;
            }
            k = (vsmp_ocl_kernel *)c;
        }
        st = attach(k, &vis[i], d);
    }
    /* a kernel whose code is relocated (to program-scope data or functions): unsupported */
    for (size_t i = 0; i < nrel && !st; i++) {
        const vsmp_ocl_kernel *c = vsmp_ocl_program_kernel(prog, relocated_kernel(rel[i]));
        if (!c) {
            st = zbad(d, VSMP_ERR_MALFORMED, "section %s: no such kernel", rel[i]);
            break;
        }
        vsmp_ocl_kernel *k = (vsmp_ocl_kernel *)c;
        if (k->iface) {
            snprintf(k->unsupported, sizeof(k->unsupported),
                     "section %s: its code is relocated (to program-scope data or functions, "
                     "which the launcher does not provide)",
                     rel[i]);
            vsmp_launch_iface_free(k->iface);
            k->iface = NULL;
        }
    }
    if (st) {
        vsmp_ocl_program_free(prog);
    } else {
        vsmp_ocl_program_drop_void(prog);
        *out = prog;
    }
out:
    free(vis);
    free(rel);
    if (e)
        elf_end(e);
    free(img);
    return st;
}
