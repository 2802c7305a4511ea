/* SPDX-License-Identifier: MIT */
/*
 * Whole kernels as Intel's compiler writes them (tests/kernels/<platform>/): OpenCL C compiled
 * by ocloc (IGC 1.0.12504) for SKL, TGLLP and DG2, each with the `.visaasm` the compiler
 * dumped and the `.isa` the fixed GenX_IR 12504 assembles from it (the golden bytes).
 *
 *   read + write     = the golden file, byte for byte
 *   asm(.visaasm)    = the golden kernel object (Gen binary aside: vsmp does not compile)
 *   print + parse    = the golden kernel object again (the printer's text means the same)
 *   check            = no error on correct compiler output (the kernel's own platform)
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

/* Serialise without Gen binaries; NULL on failure. */
static unsigned char *write_nogen(const vsmp_module *m, size_t *size)
{
    vsmp_write_options wo;
    vsmp_write_options_init(&wo);
    wo.drop_gen = true;
    size_t w = 0;
    vsmp_module_write(m, &wo, NULL, 0, &w, NULL);
    unsigned char *o = malloc(w ? w : 1);
    if (o && vsmp_module_write(m, &wo, o, w, &w, NULL) != VSMP_OK) {
        free(o);
        return NULL;
    }
    *size = w;
    return o;
}

static size_t first_diff(const unsigned char *a, size_t na, const unsigned char *b, size_t nb)
{
    size_t i = 0;
    while (i < na && i < nb && a[i] == b[i])
        i++;
    return i;
}

static unsigned asm_same, text_same, checked;
static vsmp_platform cur_platform;

static void check_text(const char *path, const vsmp_module *golden)
{
    size_t gn = 0;
    unsigned char *g = write_nogen(golden, &gn);
    CHECK(g != NULL, "%s: cannot write the golden module", path);
    if (!g)
        return;
    /* the compiler's own text */
    char src[1024];
    snprintf(src, sizeof(src), "%.*svisaasm", (int)(strlen(path) - 3), path);
    size_t tn = 0;
    unsigned char *t = t_read(src, &tn);
    CHECK(t != NULL, "%s: missing", src);
    vsmp_diags dg;
    vsmp_diags_init(&dg);
    vsmp_module *m = NULL;
    if (t) {
        vsmp_status st = vsmp_text_parse((const char *)t, tn, VSMP_DIALECT_12504, &m, &dg);
        CHECK(st == VSMP_OK, "%s: parse: %s (line %u)", src, dg.count ? dg.items[0].message : "",
              dg.count ? dg.items[0].line : 0);
        if (st == VSMP_OK) {
            size_t an = 0;
            unsigned char *a = write_nogen(m, &an);
            size_t d = a ? first_diff(a, an, g, gn) : 0;
            CHECK(a && an == gn && d == gn, "%s: asm differs from GenX_IR at byte %zu", src, d);
            asm_same += a && an == gn && d == gn;
            free(a);
        }
        vsmp_module_free(m);
        m = NULL;
    }
    /* our printer's text of the golden module */
    size_t pn = vsmp_text_print(golden, NULL, NULL, 0, NULL);
    char *pt = malloc(pn + 1);
    if (pt) {
        vsmp_text_print(golden, NULL, pt, pn + 1, NULL);
        vsmp_diags_free(&dg);
        vsmp_diags_init(&dg);
        vsmp_status st = vsmp_text_parse(pt, pn, VSMP_DIALECT_12504, &m, &dg);
        CHECK(st == VSMP_OK, "%s: printed text does not parse: %s (line %u)", path,
              dg.count ? dg.items[0].message : "", dg.count ? dg.items[0].line : 0);
        if (st == VSMP_OK) {
            size_t an = 0;
            unsigned char *a = write_nogen(m, &an);
            size_t d = a ? first_diff(a, an, g, gn) : 0;
            CHECK(a && an == gn && d == gn, "%s: print+parse differs at byte %zu", path, d);
            text_same += a && an == gn && d == gn;
            free(a);
        }
        vsmp_module_free(m);
    }
    free(pt);
    free(t);
    free(g);
    vsmp_diags_free(&dg);
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
        check_text(path, m);
        vsmp_diags cd;
        vsmp_diags_init(&cd);
        vsmp_check_options co;
        vsmp_check_options_init(&co);
        co.platform = cur_platform;
        st = vsmp_module_check(m, &co, &cd);
        CHECK(st == VSMP_OK && cd.errors == 0, "%s: %zu validator errors on compiler output: %s",
              path, cd.errors, cd.count ? cd.items[0].message : "");
        checked += st == VSMP_OK;
        vsmp_diags_free(&cd);
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
        int n = snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        if (n < 0 || (size_t)n >= sizeof(path))
            continue; /* a path too long for the buffer: not one of the test's kernels */
        fn(path);
    }
    closedir(d);
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : "tests/kernels";
    static const char *const platforms[] = {"skl", "tgllp", "dg2"};
    static const vsmp_platform pids[] = {VSMP_PLATFORM_SKL, VSMP_PLATFORM_TGLLP, VSMP_PLATFORM_DG2};
    char dir[1024];
    for (size_t i = 0; i < sizeof(platforms) / sizeof(platforms[0]); i++) {
        cur_platform = pids[i];
        snprintf(dir, sizeof(dir), "%s/%s", root, platforms[i]);
        walk(dir, check_binary);
    }
    snprintf(dir, sizeof(dir), "%s/igc-dump", root);
    walk(dir, check_corrupt);
    CHECK(kernels >= 30, "only %u kernels found under %s", kernels, root);
    printf("%u kernels, %u instructions; asm = GenX_IR on %u, print+parse on %u, no validator "
           "error on %u\n",
           kernels, insts, asm_same, text_same, checked);
    return t_finish();
}
