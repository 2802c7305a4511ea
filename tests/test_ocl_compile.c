/* SPDX-License-Identifier: MIT */
/*
 * ocloc in a child process (ocl/ocloc.h), with Debian's ocloc (intel-opencl-icd, required as
 * the corpus scripts require it):
 *  - tests/corpus/cl/img_sample2d.cl compiles to a zebin the reader reads, whose kernels and
 *    interfaces are those of the committed fixture tests/ocl/img_sample2d.tgllp.zebin.gz;
 *  - the second build of the same source comes from the cache (its log, changed in the cache
 *    file, comes back changed), a build with other options does not; VSMP_OCL_CACHE=0 and
 *    no_cache write nothing;
 *  - -options reach the compiler (-D), a failing source gives VSMP_ERR_SYNTAX with ocloc's log;
 *  - nothing is left in the temporary directory and the working directory gets no
 *    kernel.visaasm (IGC writes one into its working directory).
 * usage: test_ocl_compile CL_DIR ZEBIN_DIR SCRATCH_DIR (a directory run-PID is made there)
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "ocloc.h"
#include "testlib.h"
#include "vsmp/vsmp.h"
#include "zebin.h"

static char *gz_read(const char *path, size_t *size)
{
    gzFile g = gzopen(path, "rb");
    if (!g)
        return NULL;
    size_t cap = 1 << 20, n = 0;
    char *b = malloc(cap);
    int r;
    while (b && (r = gzread(g, b + n, (unsigned)(cap - n - 1))) > 0) {
        n += (size_t)r;
        if (n + 1 == cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb)
                free(b);
            b = nb;
        }
    }
    gzclose(g);
    if (b)
        b[n] = 0;
    *size = n;
    return b;
}

static unsigned count_files(const char *dir)
{
    DIR *d = opendir(dir);
    unsigned n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

/* Remove the files of @p dir, then it. */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[8200];
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.') {
            snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

static const char *cache_file(const char *dir, char *out, size_t cap)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    out[0] = 0;
    while (d && (e = readdir(d)))
        if (strstr(e->d_name, ".zc"))
            snprintf(out, cap, "%s/%s", dir, e->d_name);
    if (d)
        closedir(d);
    return out;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: test_ocl_compile CL_DIR ZEBIN_DIR SCRATCH_DIR\n");
        return 2;
    }
    char path[4096], cache[4200], tmp[4200], scratch[3000];
    /* a directory of this run's own: the cache starts empty */
    mkdir(argv[3], 0700);
    snprintf(scratch, sizeof(scratch), "%s/run-%ld", argv[3], (long)getpid());
    mkdir(scratch, 0700);
    snprintf(cache, sizeof(cache), "%s/cache", scratch);
    snprintf(tmp, sizeof(tmp), "%s/tmp", scratch);
    mkdir(tmp, 0700);
    setenv("TMPDIR", tmp, 1);
    unsetenv("VSMP_OCL_CACHE");
    CHECK(chdir(scratch) == 0, "chdir");
    snprintf(path, sizeof(path), "%s/img_sample2d.cl", argv[1]);
    size_t n;
    unsigned char *src = t_read(path, &n);
    CHECK(src, "%s", path);
    if (!src)
        return t_finish();

    /* 1. a build, read */
    vsmp_ocl_build b;
    vsmp_ocl_build_init(&b);
    b.cache_dir = cache;
    uint8_t *zb = NULL;
    size_t zn = 0;
    char *log = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_ocl_compile((const char *)src, n, &b, &zb, &zn, &log, &d);
    CHECK(st == VSMP_OK && zb && log, "compile: %s %s", vsmp_status_str(st),
          d.count ? d.items[0].message : "");
    vsmp_diags_free(&d);
    vsmp_ocl_program *p = NULL, *fix = NULL;
    CHECK(zb && vsmp_ocl_zebin_read(zb, zn, &p, NULL) == VSMP_OK, "the zebin reads");
    snprintf(path, sizeof(path), "%s/img_sample2d.tgllp.zebin.gz", argv[2]);
    size_t fn;
    char *fb = gz_read(path, &fn);
    CHECK(fb && vsmp_ocl_zebin_read(fb, fn, &fix, NULL) == VSMP_OK, "the fixture reads");
    if (p && fix) {
        CHECK(p->nkernels == fix->nkernels, "kernels %u, fixture %u", p->nkernels, fix->nkernels);
        for (unsigned i = 0; i < p->nkernels && i < fix->nkernels; i++) {
            const vsmp_ocl_kernel *x = &p->kernels[i], *y = &fix->kernels[i];
            CHECK(!strcmp(x->name, y->name) && x->simd == y->simd && x->nargs == y->nargs &&
                      x->visaasm_size == y->visaasm_size &&
                      !memcmp(x->visaasm, y->visaasm, x->visaasm_size),
                  "kernel %u (%s) as the fixture's", i, x->name);
            for (unsigned a = 0; a < x->nargs; a++)
                CHECK(!memcmp(vsmp_launch_iface_arg(x->iface, a),
                              vsmp_launch_iface_arg(y->iface, a), sizeof(vsmp_launch_arg_info)),
                      "%s argument %u as the fixture's", x->name, a);
        }
    }
    vsmp_ocl_program_free(p);
    vsmp_ocl_program_free(fix);
    free(fb);
    CHECK(count_files(tmp) == 0, "the temporary directory is left empty");
    CHECK(access("kernel.visaasm", F_OK) != 0, "no kernel.visaasm in the working directory");

    /* 2. the cache: one file; its log changed there comes back */
    char cf[4200];
    cache_file(cache, cf, sizeof(cf));
    CHECK(cf[0] && count_files(cache) == 1, "one cache file");
    size_t cn;
    unsigned char *cb = t_read(cf, &cn);
    size_t ln = log ? strlen(log) : 0;
    CHECK(cb && ln && cn > ln && !memcmp(cb + cn - ln, log, ln), "the log ends the cache file");
    if (cb && ln && cn > ln) {
        cb[cn - ln] = 'Z';
        FILE *f = fopen(cf, "wb");
        fwrite(cb, 1, cn, f);
        fclose(f);
    }
    uint8_t *zb2 = NULL;
    size_t zn2 = 0;
    char *log2 = NULL;
    st = vsmp_ocl_compile((const char *)src, n, &b, &zb2, &zn2, &log2, NULL);
    CHECK(st == VSMP_OK && zn2 == zn && !memcmp(zb, zb2, zn) && log2 && log2[0] == 'Z',
          "the second build came from the cache");
    free(zb2);
    free(log2);
    free(cb);
    /* other options: another key, another file */
    b.options = "-cl-fast-relaxed-math";
    st = vsmp_ocl_compile((const char *)src, n, &b, &zb2, &zn2, NULL, NULL);
    CHECK(st == VSMP_OK && count_files(cache) == 2, "other options: a second cache file (%u)",
          count_files(cache));
    free(zb2);
    /* no cache: nothing written */
    b.options = "-cl-mad-enable";
    b.no_cache = true;
    st = vsmp_ocl_compile((const char *)src, n, &b, &zb2, &zn2, NULL, NULL);
    CHECK(st == VSMP_OK && count_files(cache) == 2, "no_cache writes nothing");
    free(zb2);
    b.no_cache = false;
    setenv("VSMP_OCL_CACHE", "0", 1);
    st = vsmp_ocl_compile((const char *)src, n, &b, &zb2, &zn2, NULL, NULL);
    CHECK(st == VSMP_OK && count_files(cache) == 2, "VSMP_OCL_CACHE=0 writes nothing");
    free(zb2);
    unsetenv("VSMP_OCL_CACHE");

    /* 3. options reach the compiler; failures give the log */
    const char *needs_n = "#ifndef N\n#error N is not defined\n#endif\n"
                          "__kernel void k(__global int *a) { a[0] = N; }\n";
    b.options = "-DN=3";
    st = vsmp_ocl_compile(needs_n, strlen(needs_n), &b, &zb2, &zn2, NULL, NULL);
    CHECK(st == VSMP_OK, "-DN=3 reaches the compiler: %s", vsmp_status_str(st));
    free(zb2);
    b.options = NULL;
    vsmp_diags_init(&d);
    log2 = NULL;
    st = vsmp_ocl_compile(needs_n, strlen(needs_n), &b, &zb2, &zn2, &log2, &d);
    CHECK(st == VSMP_ERR_SYNTAX && !zb2 && log2 && strstr(log2, "N is not defined") && d.count &&
              strstr(d.items[0].message, "N is not defined"),
          "a failing build: %s, log %s", vsmp_status_str(st), log2 ? log2 : "(none)");
    free(log2);
    vsmp_diags_free(&d);
    CHECK(count_files(tmp) == 0, "the temporary directory is left empty");

    /* 4. no ocloc */
    b.ocloc = "/nonexistent/ocloc";
    vsmp_diags_init(&d);
    st = vsmp_ocl_compile(needs_n, strlen(needs_n), &b, &zb2, &zn2, NULL, &d);
    CHECK(st == VSMP_ERR_IO && d.count && strstr(d.items[0].message, "not found"), "no ocloc: %s",
          vsmp_status_str(st));
    vsmp_diags_free(&d);

    free(zb);
    free(log);
    free(src);
    remove_dir(cache);
    remove_dir(tmp);
    remove_dir(scratch);
    return t_finish();
}
