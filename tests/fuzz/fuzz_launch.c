/* SPDX-License-Identifier: MIT */
/* Fuzz target: the kernel-interface reader (IGC's patch-token text dump), then a launch with it.
 * Whatever the reader accepts answers every query within its own bounds; whatever it refuses
 * comes with a diagnostic. An accepted interface whose kernel name and SIMD width are those of a
 * committed kernel (the corpus's tgllp kernels, tests/launch/data) is launched with that kernel
 * over a small NDRange, every argument bound as the interface says (buffers of 4 KiB, 8x8
 * images, zero scalars, 256 bytes of __local memory, a nearest clamp-to-edge sampler for every
 * sampler state), at most 2^16 instructions a thread: the launch must succeed or fail with a
 * diagnostic, never crash or read out of bounds. */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef VSMP_FUZZ_SRC
/* The kernels parsed so far, by name and width (a failed read is kept too, as NULL). */
typedef struct kernel_entry {
    char name[128];
    unsigned simd;
    vsmp_module *mod;
} kernel_entry;

static kernel_entry kernels[64];
static unsigned nkernels;

static char *read_gz(const char *path, size_t *size)
{
    char cmd[1024];
    snprintf(cmd, sizeof(cmd), "gzip -dc '%s' 2>/dev/null", path);
    FILE *p = popen(cmd, "r");
    if (!p)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *b = malloc(cap);
    while (b && (got = fread(b + n, 1, cap - n, p)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb)
                free(b);
            b = nb;
        }
    }
    pclose(p);
    if (!b || !n) {
        free(b);
        return NULL;
    }
    *size = n;
    return b;
}

static const vsmp_module *kernel_for(const char *name, unsigned simd)
{
    for (unsigned i = 0; i < nkernels; i++)
        if (kernels[i].simd == simd && strcmp(kernels[i].name, name) == 0)
            return kernels[i].mod;
    for (const char *c = name; *c; c++) /* a name that is no file name: nothing to launch */
        if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
              (*c >= '0' && *c <= '9')))
            return NULL;
    if (nkernels == sizeof(kernels) / sizeof(kernels[0]) || strlen(name) >= 100)
        return NULL;
    static const char *const dirs[] = {"/tests/corpus/k/", "/tests/launch/data/"};
    vsmp_module *mod = NULL;
    for (size_t d = 0; d < 2 && !mod; d++) {
        char path[512];
        snprintf(path, sizeof(path), "%s%s%s.tgllp.simd%u.visaasm.gz", VSMP_FUZZ_SRC, dirs[d], name,
                 simd);
        size_t n = 0;
        char *text = read_gz(path, &n);
        if (!text)
            continue;
        vsmp_diags dg;
        vsmp_diags_init(&dg);
        if (vsmp_text_parse(text, n, VSMP_DIALECT_12504, &mod, &dg))
            mod = NULL;
        vsmp_diags_free(&dg);
        free(text);
    }
    kernel_entry *e = &kernels[nkernels++];
    snprintf(e->name, sizeof(e->name), "%s", name);
    e->simd = simd;
    e->mod = mod;
    return mod;
}

/* Launch @p f with its kernel, every argument bound as the interface says. */
static void launch(const vsmp_launch_iface *f)
{
    const vsmp_module *mod = kernel_for(vsmp_launch_iface_kernel(f), vsmp_launch_iface_simd(f));
    if (!mod)
        return;
    static vsmp_launch_arg args[VSMP_LAUNCH_MAX_ARGS];
    static uint8_t mem[VSMP_LAUNCH_MAX_ARGS][4096];
    static vsmp_sampler_state smp;
    memset(args, 0, sizeof(args));
    vsmp_sampler_from_cl(0x12, &smp); /* unnormalized, CLAMP_TO_EDGE, NEAREST */
    unsigned n = vsmp_launch_iface_num_args(f);
    bool ok = true;
    for (unsigned i = 0; i < n && ok; i++) {
        const vsmp_launch_arg_info *a = vsmp_launch_iface_arg(f, i);
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        switch (a->kind) {
        case VSMP_ARG_BUFFER:
        case VSMP_ARG_IMAGE:
            memset(mem[i], 0x3c, sizeof(mem[i]));
            d.format =
                a->kind == VSMP_ARG_BUFFER ? VSMP_FORMAT_R8_UINT : VSMP_FORMAT_R8G8B8A8_UNORM;
            d.width = a->kind == VSMP_ARG_BUFFER ? 4096 : 8;
            d.height = a->kind == VSMP_ARG_BUFFER ? 1 : 8;
            d.data = mem[i];
            d.data_size = sizeof(mem[i]);
            ok = vsmp_surface_create(&d, &args[i].surface, NULL) == VSMP_OK;
            break;
        case VSMP_ARG_SAMPLER:
            args[i].sampler = smp;
            break;
        case VSMP_ARG_SCALAR:
            args[i].size = a->size;
            break;
        case VSMP_ARG_LOCAL:
            args[i].size = 256;
            break;
        case VSMP_ARG_NONE:
            break;
        }
    }
    vsmp_launch_options o;
    vsmp_launch_options_init(&o);
    o.max_steps = 1 << 16;
    for (unsigned s = 0; s < VSMP_MAX_SAMPLER_STATES; s++)
        o.inline_samplers[s] = &smp;
    vsmp_ndrange nd = {.dims = 2, .global = {16, 2, 1}, .local = {16, 1, 1}};
    vsmp_diags dg;
    vsmp_diags_init(&dg);
    vsmp_status st = ok ? vsmp_launch(mod, 0, f, &nd, args, n, &o, &dg) : VSMP_OK;
    if (st != VSMP_OK && st != VSMP_ERR_NOMEM && dg.count == 0)
        abort(); /* a failed launch without a diagnostic */
    vsmp_diags_free(&dg);
    for (unsigned i = 0; i < n; i++)
        vsmp_surface_free(args[i].surface);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    vsmp_launch_iface *f = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_launch_iface_parse((const char *)data, size, &f, &d);
    if (st == VSMP_OK) {
        unsigned simd = vsmp_launch_iface_simd(f), n = vsmp_launch_iface_num_args(f);
        if ((simd != 8 && simd != 16 && simd != 32) || n > VSMP_LAUNCH_MAX_ARGS ||
            !vsmp_launch_iface_kernel(f) || vsmp_launch_iface_arg(f, n) ||
            vsmp_launch_iface_num_sampler_states(f) > VSMP_MAX_SAMPLER_STATES)
            abort();
        for (unsigned i = 0; i < n; i++) {
            const vsmp_launch_arg_info *a = vsmp_launch_iface_arg(f, i);
            if (!a || a->bti >= VSMP_MAX_BINDINGS || a->sampler >= VSMP_MAX_SAMPLER_STATES ||
                strlen(a->type) >= sizeof(a->type) || strlen(a->name) >= sizeof(a->name) ||
                (a->kind == VSMP_ARG_SCALAR && (a->size == 0 || a->size > 64)))
                abort();
        }
#ifdef VSMP_FUZZ_SRC
        launch(f);
#endif
    } else if (st != VSMP_ERR_NOMEM && d.count == 0) {
        abort(); /* a refusal without a diagnostic */
    }
    vsmp_launch_iface_free(f);
    vsmp_diags_free(&d);
    return 0;
}
