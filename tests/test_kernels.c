/* SPDX-License-Identifier: MIT */
/*
 * Whole kernels as Intel's compiler writes them (tests/kernels/<platform>/): OpenCL C compiled
 * by ocloc (IGC 1.0.12504) for SKL, TGLLP and DG2, each with the `.visaasm` the compiler
 * dumped and the `.isa` the fixed GenX_IR 12504 assembles from it (the golden bytes).
 *
 *   read + write     = the golden file, byte for byte
 *   igc-dump/        = IGC's own dumped `.isa` files, corrupted by the 12504 emitter
 *                      (VISA_ENCODING.md 9.1): reported with an offset, never a crash
 */
#include <dirent.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

static unsigned kernels, insts;

static int has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && !strcmp(s + n - m, suf);
}

static void check_binary(const char *path)
{
    size_t n = 0;
    unsigned char *b = t_read(path, &n);
    CHECK(b != NULL, "%s: cannot read", path);
    if (!b)
        return;
    vsmp_diags dg;
    vsmp_diags_init(&dg);
    vsmp_module *m = NULL;
    vsmp_status st = vsmp_module_read(b, n, NULL, &m, &dg);
    CHECK(st == VSMP_OK, "%s: read: %d (%s)", path, st, dg.count ? dg.items[0].message : "");
    if (st == VSMP_OK) {
        size_t w = 0;
        vsmp_module_write(m, NULL, NULL, 0, &w, &dg);
        unsigned char *o = malloc(w ? w : 1);
        st = vsmp_module_write(m, NULL, o, w, &w, &dg);
        size_t i = 0;
        while (i < w && i < n && o[i] == b[i])
            i++;
        CHECK(st == VSMP_OK && w == n && i == n, "%s: written back differs at byte %zu", path, i);
        kernels++;
        for (uint32_t k = 0; k < m->num_kernels; k++)
            insts += m->kernels[k].num_insts;
        for (uint32_t k = 0; k < m->num_functions; k++)
            insts += m->functions[k].num_insts;
        free(o);
    }
    vsmp_module_free(m);
    vsmp_diags_free(&dg);
    free(b);
}

/* IGC's dumped .isa: the emitter dropped trailing operands, so decoding goes astray; vsmp must
 * say where and fail cleanly. */
static void check_corrupt(const char *path)
{
    size_t n = 0;
    unsigned char *b = t_read(path, &n);
    CHECK(b != NULL, "%s: cannot read", path);
    if (!b)
        return;
    vsmp_diags dg;
    vsmp_diags_init(&dg);
    vsmp_module *m = NULL;
    vsmp_status st = vsmp_module_read(b, n, NULL, &m, &dg);
    CHECK(st != VSMP_OK && m == NULL, "%s: a corrupted dump was accepted", path);
    CHECK(dg.errors >= 1 && dg.items[0].offset > 0 && (size_t)dg.items[0].offset < n,
          "%s: no diagnostic with an offset inside the file", path);
    vsmp_diags_free(&dg);
    free(b);
}

static void walk(const char *dir, void (*fn)(const char *))
{
    DIR *d = opendir(dir);
    CHECK(d != NULL, "cannot open %s", dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!has_suffix(e->d_name, ".isa"))
            continue;
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        fn(path);
    }
    closedir(d);
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : "tests/kernels";
    static const char *const platforms[] = {"skl", "tgllp", "dg2"};
    char dir[1024];
    for (size_t i = 0; i < sizeof(platforms) / sizeof(platforms[0]); i++) {
        snprintf(dir, sizeof(dir), "%s/%s", root, platforms[i]);
        walk(dir, check_binary);
    }
    snprintf(dir, sizeof(dir), "%s/igc-dump", root);
    walk(dir, check_corrupt);
    CHECK(kernels >= 30, "only %u kernels found under %s", kernels, root);
    printf("%u kernels, %u instructions\n", kernels, insts);
    return t_finish();
}
