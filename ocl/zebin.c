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

/* ---- program-scope data (docs/LAUNCH.md section 6) ---- */

/* ELF relocation types of Intel's zebin (R_ZE_*): the symbol's address, 64 bits; its low and its
 * high 32 bits; the per-thread payload's size (Gen code only). */
enum { R_ZE_NONE, R_ZE_SYM_ADDR, R_ZE_SYM_ADDR_32, R_ZE_SYM_ADDR_32_HI, R_PER_THREAD_PAYLOAD };

/* The sections of program-scope data, in their order inside their buffer (0 __constant,
 * 1 __global); the string section holds printf's strings. */
static const struct {
    const char *name;
    int window;
} data_sects[] = {{".data.const", 0},
                  {".bss.const", 0},
                  {".data.const.string", 0},
                  {".data.global", 1},
                  {".bss.global", 1}};
#define NDATA   (sizeof(data_sects) / sizeof(data_sects[0]))
#define STRINGS 2 /* data_sects' printf strings */

typedef struct pdata {
    Elf *e;
    size_t shstr, nsec;
    size_t idx[NDATA];           /* section index of each (0: absent) */
    uint64_t off[NDATA];         /* its offset in its buffer */
    uint64_t size[NDATA];        /* its bytes */
    const uint8_t *bytes[NDATA]; /* NULL for .bss */
    uint64_t total[2];
    Elf_Data *sym; /* .symtab */
    size_t nsym, symstr;
} pdata;

static int data_of(const pdata *p, size_t shndx)
{
    for (size_t k = 0; k < NDATA; k++)
        if (p->idx[k] && p->idx[k] == shndx)
            return (int)k;
    return -1;
}

/* Symbol @p i: its name and, when it lies in a data section, which (else -1) and its address. */
static int symbol(const pdata *p, size_t i, GElf_Sym *sy, const char **name, uint64_t *addr)
{
    *name = NULL;
    if (!p->sym || i >= p->nsym || !gelf_getsym(p->sym, (int)i, sy))
        return -2;
    *name = elf_strptr(p->e, p->symstr, sy->st_name);
    int k = data_of(p, sy->st_shndx);
    if (k < 0)
        return -1;
    if (sy->st_value > p->size[k] || sy->st_size > p->size[k] - sy->st_value)
        return -2;
    static const uint64_t base[2] = {VSMP_LAUNCH_CONSTANT_ADDRESS, VSMP_LAUNCH_GLOBAL_ADDRESS};
    *addr = base[data_sects[k].window] + p->off[k] + sy->st_value;
    return k;
}

/* The relocations of section @p scn, one at a time: (offset, symbol, type, addend). */
static bool reloc_at(Elf_Data *rd, bool rela, size_t i, GElf_Rela *r)
{
    if (rela)
        return gelf_getrela(rd, (int)i, r) != NULL;
    GElf_Rel rl;
    if (!gelf_getrel(rd, (int)i, &rl))
        return false;
    r->r_offset = rl.r_offset;
    r->r_info = rl.r_info;
    r->r_addend = 0;
    return true;
}

static vsmp_status relocate_data(pdata *p, vsmp_launch_program *out, Elf_Scn *scn,
                                 const GElf_Shdr *sh, const char *name, vsmp_diags *d)
{
    int k = data_of(p, sh->sh_info);
    if (k < 0 || !p->bytes[k])
        return zbad(d, VSMP_ERR_MALFORMED, "section %s relocates no program-scope data", name);
    uint8_t *buf = data_sects[k].window ? out->global : out->constant;
    Elf_Data *rd = elf_getdata(scn, NULL);
    size_t es = sh->sh_type == SHT_RELA ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel);
    size_t n = rd && sh->sh_entsize ? rd->d_size / es : 0;
    for (size_t i = 0; i < n; i++) {
        GElf_Rela r;
        GElf_Sym sy;
        const char *sn;
        uint64_t addr = 0;
        if (!reloc_at(rd, sh->sh_type == SHT_RELA, i, &r))
            return zbad(d, VSMP_ERR_MALFORMED, "section %s: an unreadable relocation", name);
        unsigned type = (unsigned)GELF_R_TYPE(r.r_info);
        unsigned w = type == R_ZE_SYM_ADDR ? 8 : 4;
        if (type != R_ZE_SYM_ADDR && type != R_ZE_SYM_ADDR_32 && type != R_ZE_SYM_ADDR_32_HI)
            return zbad(d, VSMP_ERR_MALFORMED,
                        "section %s: a relocation of a type vsmp does not "
                        "apply to data",
                        name);
        if (r.r_offset > p->size[k] || w > p->size[k] - r.r_offset ||
            symbol(p, GELF_R_SYM(r.r_info), &sy, &sn, &addr) < 0)
            return zbad(d, VSMP_ERR_MALFORMED,
                        "section %s: a relocation outside its data or to a symbol that is no "
                        "program-scope data",
                        name);
        uint8_t *at = buf + p->off[k] + r.r_offset;
        uint64_t v = addr + (uint64_t)r.r_addend;
        if (sh->sh_type == SHT_REL) /* the addend is the bytes in place (ELF's REL) */
            for (unsigned b = 0; b < w; b++)
                v += (uint64_t)at[b] << (8 * b);
        if (type == R_ZE_SYM_ADDR_32_HI)
            v >>= 32;
        for (unsigned b = 0; b < w; b++)
            at[b] = (uint8_t)(v >> (8 * b));
        out->relocations++;
    }
    return VSMP_OK;
}

/* A kernel's code relocations (`.rel.text.K`): the symbols its faddr names, given to its
 * interface; a relocation to anything but program-scope data (a function) makes it unsupported. */
static vsmp_status relocate_kernel(pdata *p, vsmp_ocl_kernel *k, Elf_Scn *scn, const GElf_Shdr *sh,
                                   const char *name, vsmp_diags *d)
{
    Elf_Data *rd = elf_getdata(scn, NULL);
    size_t es = sh->sh_type == SHT_RELA ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel);
    size_t n = rd && sh->sh_entsize ? rd->d_size / es : 0;
    bool *seen = calloc(p->nsym ? p->nsym : 1, 1);
    if (!seen)
        return VSMP_ERR_NOMEM;
    vsmp_status st = VSMP_OK;
    for (size_t i = 0; i < n && !st && k->iface; i++) {
        GElf_Rela r;
        GElf_Sym sy;
        const char *sn;
        uint64_t addr = 0;
        if (!reloc_at(rd, sh->sh_type == SHT_RELA, i, &r)) {
            st = zbad(d, VSMP_ERR_MALFORMED, "section %s: an unreadable relocation", name);
            break;
        }
        size_t si = GELF_R_SYM(r.r_info);
        if (GELF_R_TYPE(r.r_info) == R_PER_THREAD_PAYLOAD || (si < p->nsym && seen[si]))
            continue;
        int kk = symbol(p, si, &sy, &sn, &addr);
        if (kk == -2) {
            st = zbad(d, VSMP_ERR_MALFORMED,
                      "section %s: a relocation to no symbol or to one "
                      "outside its section",
                      name);
            break;
        }
        /* the cross-thread data's offset from r0 (IGC 2.40 on DG2 and later, with
         * -emitCrossThreadOffR0Reloc; compute-runtime's zebin linker writes it into the Gen
         * code): a fact of the Gen code's payload loads, which the vISA kernel's .input
         * declarations already give */
        if (kk == -1 && sn && !strcmp(sn, "__INTEL_PATCH_CROSS_THREAD_OFFSET_OFF_R0")) {
            seen[si] = true;
            continue;
        }
        if (kk == -1) {
            snprintf(k->unsupported, sizeof(k->unsupported),
                     "section %s: its code is relocated to %s, which is no program-scope data "
                     "(functions: the launcher does not provide them)",
                     name, sn ? sn : "a symbol");
            vsmp_launch_iface_free(k->iface);
            k->iface = NULL;
            break;
        }
        seen[si] = true;
        /* a printf string: its text, up to its NUL inside the section */
        char *text = NULL;
        if (kk == STRINGS) {
            const uint8_t *b = p->bytes[kk] + sy.st_value;
            size_t len = (size_t)(p->size[kk] - sy.st_value);
            const uint8_t *z = memchr(b, 0, len);
            if (!z) {
                st = zbad(d, VSMP_ERR_MALFORMED, "printf string %s: no NUL in its section",
                          sn ? sn : "?");
                break;
            }
            text = (char *)b;
        }
        vsmp_diags bd;
        vsmp_diags_init(&bd);
        vsmp_status as =
            vsmp_launch_iface_add_symbol(k->iface, sn ? sn : "", addr, sy.st_size, text, &bd);
        if (as == VSMP_ERR_NOMEM) {
            st = as;
        } else if (as) {
            /* more symbols than an interface holds: this kernel alone is not launched */
            snprintf(k->unsupported, sizeof(k->unsupported), "section %s: %s", name,
                     bd.count ? bd.items[0].message : "a symbol the interface does not take");
            vsmp_launch_iface_free(k->iface);
            k->iface = NULL;
        }
        vsmp_diags_free(&bd);
    }
    free(seen);
    return st;
}

/* Lay out the program-scope data, apply its relocations, and give each kernel the symbols its
 * code relocates to. */
static vsmp_status program_data(Elf *e, size_t shstr, size_t nsec, vsmp_ocl_program *prog,
                                vsmp_diags *d)
{
    pdata p = {.e = e, .shstr = shstr, .nsec = nsec};
    for (Elf_Scn *scn = elf_nextscn(e, NULL); scn; scn = elf_nextscn(e, scn)) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            continue;
        const char *name = elf_strptr(e, shstr, sh.sh_name);
        if (name && sh.sh_type == SHT_SYMTAB && !strcmp(name, ".symtab")) {
            if (p.sym)
                return zbad(d, VSMP_ERR_MALFORMED, "two %s sections", ".symtab");
            p.sym = elf_getdata(scn, NULL);
            p.nsym = p.sym && sh.sh_entsize ? p.sym->d_size / sizeof(Elf64_Sym) : 0;
            p.symstr = sh.sh_link;
        }
        for (size_t k = 0; name && k < NDATA; k++) {
            if (strcmp(name, data_sects[k].name))
                continue;
            if (p.idx[k])
                return zbad(d, VSMP_ERR_MALFORMED, "two %s sections", name);
            Elf_Data *dat = sh.sh_type == SHT_NOBITS ? NULL : elf_rawdata(scn, NULL);
            if (sh.sh_type != SHT_NOBITS &&
                (!dat || dat->d_size != sh.sh_size || (sh.sh_size && !dat->d_buf)))
                return zbad(d, VSMP_ERR_MALFORMED, "section %s: its bytes lie outside the file",
                            name);
            /* the bound: a buffer's sections together, each padded to 16 */
            int w = data_sects[k].window;
            if (sh.sh_size > VSMP_OCL_MAX_ZEBIN ||
                p.total[w] + sh.sh_size + 16 > VSMP_OCL_MAX_ZEBIN)
                return zbad(d, VSMP_ERR_MALFORMED, "program-scope data over %s", "64 MiB");
            p.idx[k] = elf_ndxscn(scn);
            p.size[k] = sh.sh_size;
            p.bytes[k] = dat ? dat->d_buf : NULL;
            p.total[w] += sh.sh_size + 16;
        }
    }
    /* the buffers are laid out by their section order above, whatever the file's order */
    uint64_t tot[2] = {0, 0};
    for (size_t k = 0; k < NDATA; k++) {
        if (!p.idx[k])
            continue;
        int w = data_sects[k].window;
        p.off[k] = (tot[w] + 15) & ~(uint64_t)15;
        tot[w] = p.off[k] + p.size[k];
    }
    /* allocated to whole rows of VSMP_OCL_DATA_ROW bytes, zeros past the data (a buffer
     * surface's layout) */
    vsmp_launch_program *out = &prog->data;
    size_t row = VSMP_OCL_DATA_ROW;
    if (tot[0] && !(out->constant = calloc((size_t)(tot[0] + row - 1) / row * row, 1)))
        return VSMP_ERR_NOMEM;
    if (tot[1] && !(out->global = calloc((size_t)(tot[1] + row - 1) / row * row, 1)))
        return VSMP_ERR_NOMEM;
    out->constant_size = (size_t)tot[0];
    out->global_size = (size_t)tot[1];
    for (size_t k = 0; k < NDATA; k++)
        if (p.bytes[k] && p.size[k])
            memcpy((data_sects[k].window ? out->global : out->constant) + p.off[k], p.bytes[k],
                   (size_t)p.size[k]);
    vsmp_status st = VSMP_OK;
    for (Elf_Scn *scn = elf_nextscn(e, NULL); scn && !st; scn = elf_nextscn(e, scn)) {
        GElf_Shdr sh;
        const char *name = gelf_getshdr(scn, &sh) ? elf_strptr(e, shstr, sh.sh_name) : NULL;
        if (!name || (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA))
            continue;
        const char *kn = relocated_kernel(name);
        if (!kn) {
            if (!strncmp(name, ".rel.data.", 10) || !strncmp(name, ".rela.data.", 11))
                st = relocate_data(&p, out, scn, &sh, name, d);
            continue;
        }
        const vsmp_ocl_kernel *c = vsmp_ocl_program_kernel(prog, kn);
        if (!c) {
            if (strcmp(kn, "Intel_Symbol_Table_Void_Program"))
                st = zbad(d, VSMP_ERR_MALFORMED, "section %s: no such kernel", name);
            continue;
        }
        st = relocate_kernel(&p, (vsmp_ocl_kernel *)c, scn, &sh, name, d);
    }
    return st;
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
    if (!vis) {
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
            if (!relocated_kernel(name) && !harmless(name))
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
    /* program-scope data, and what each kernel's code relocates to */
    if (!st)
        st = program_data(e, shstr, nsec, prog, d);
    if (st) {
        vsmp_ocl_program_free(prog);
    } else {
        vsmp_ocl_program_drop_void(prog);
        *out = prog;
    }
out:
    free(vis);
    if (e)
        elf_end(e);
    free(img);
    return st;
}
