/* SPDX-License-Identifier: MIT */
/*
 * The zebin reader (ocl/zebin.h) on zebins ocloc (IGC 1.0.12504) wrote for tgllp
 * (tests/ocl/KERNEL.tgllp.zebin.gz, SIMD32 as ocloc picks it), against what the same compiler wrote
 * for the same kernels as patch tokens (tests/corpus/k/KERNEL.tgllp.simd32.cos.gz): every argument
 * and the layout equal, the inline samplers equal to the SAMPLER_STATEs of the kernel's dynamic
 * state heap (.dsh.gz) where the corpus has it, the `.visaasm` text parsed. Then the refusals:
 * an unknown key, named with its line; another zeinfo version; malformed bindless arguments;
 * what is no zebin.
 * usage: test_ocl_zebin CORPUS_K_DIR ZEBIN_DIR
 */
#include <stdint.h>
#include <zlib.h>

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

static unsigned kernels_checked, samplers_checked;

static void check_kernel(const char *kdir, const vsmp_ocl_kernel *k)
{
    char path[1024];
    size_t n;
    snprintf(path, sizeof(path), "%s/%s.tgllp.simd%u.cos.gz", kdir, k->name, k->simd);
    char *text = gz_read(path, &n);
    CHECK(text, "%s: no corpus .cos", path);
    if (!text)
        return;
    vsmp_launch_iface *cos = NULL;
    CHECK(vsmp_launch_iface_parse(text, n, &cos, NULL) == VSMP_OK, "%s parses", path);
    free(text);
    if (!cos)
        return;
    const vsmp_launch_iface *z = k->iface;
    CHECK(!strcmp(vsmp_launch_iface_kernel(z), k->name) && vsmp_launch_iface_simd(z) == k->simd,
          "%s: name and SIMD", k->name);
    CHECK(vsmp_launch_iface_num_args(z) == vsmp_launch_iface_num_args(cos),
          "%s: %u arguments, .cos %u", k->name, vsmp_launch_iface_num_args(z),
          vsmp_launch_iface_num_args(cos));
    for (unsigned i = 0; i < vsmp_launch_iface_num_args(cos); i++) {
        const vsmp_launch_arg_info *x = vsmp_launch_iface_arg(z, i),
                                   *y = vsmp_launch_iface_arg(cos, i);
        CHECK(x && x->kind == y->kind && x->bti == y->bti && x->sampler == y->sampler &&
                  x->offset == y->offset && x->size == y->size && !strcmp(x->name, y->name) &&
                  !strcmp(x->type, y->type),
              "%s argument %u: zebin (%d bti %d smp %d off %d size %u %s %s), .cos (%d bti %d "
              "smp %d off %d size %u %s %s)",
              k->name, i, x ? x->kind : -9, x ? x->bti : -9, x ? x->sampler : -9,
              x ? x->offset : -9, x ? x->size : 0, x ? x->type : "", x ? x->name : "", y->kind,
              y->bti, y->sampler, y->offset, y->size, y->type, y->name);
        CHECK(!strcmp(k->args[i].name, y->name), "%s argument %u: meta name %s", k->name, i,
              k->args[i].name);
    }
    vsmp_launch_layout a, b;
    vsmp_launch_iface_get_layout(z, &a);
    vsmp_launch_iface_get_layout(cos, &b);
    /* the zeinfo gives no cross-thread size: the reader takes the end of the last value,
     * rounded to 32 bytes, where the .cos says DataParameterStreamSize (also a multiple of 32) */
    CHECK(a.cross_thread_offset == b.cross_thread_offset && a.barriers == b.barriers &&
              a.slm_size == b.slm_size && !memcmp(a.local_id, b.local_id, sizeof(a.local_id)) &&
              a.cross_thread_size <= b.cross_thread_size,
          "%s: layout zebin (%u, %u, %d, %u), .cos (%u, %u, %d, %u)", k->name,
          a.cross_thread_offset, a.cross_thread_size, a.barriers, a.slm_size, b.cross_thread_offset,
          b.cross_thread_size, b.barriers, b.slm_size);
    /* the inline samplers against IGC's own SAMPLER_STATEs */
    snprintf(path, sizeof(path), "%s/%s.tgllp.simd%u.dsh.gz", kdir, k->name, k->simd);
    char *dsh = gz_read(path, &n);
    if (dsh) {
        vsmp_sampler_state hw[VSMP_MAX_SAMPLER_STATES];
        bool set[VSMP_MAX_SAMPLER_STATES];
        CHECK(vsmp_launch_dsh_samplers(cos, dsh, n, hw, set, NULL) == VSMP_OK, "%s: .dsh", k->name);
        for (unsigned i = 0; i < VSMP_MAX_SAMPLER_STATES; i++) {
            const vsmp_sampler_state *s = vsmp_launch_iface_inline_sampler(z, i);
            CHECK(!s == !set[i], "%s: inline sampler %u in one only", k->name, i);
            if (s && set[i]) {
                samplers_checked++;
                CHECK(s->min_filter == hw[i].min_filter && s->mag_filter == hw[i].mag_filter &&
                          s->mip_filter == hw[i].mip_filter &&
                          !memcmp(s->address, hw[i].address, 3) &&
                          s->non_normalized == hw[i].non_normalized,
                      "%s: inline sampler %u: zeinfo (%u %u %u; %u %u %u; %d), heap (%u %u %u; "
                      "%u %u %u; %d)",
                      k->name, i, s->min_filter, s->mag_filter, s->mip_filter, s->address[0],
                      s->address[1], s->address[2], s->non_normalized, hw[i].min_filter,
                      hw[i].mag_filter, hw[i].mip_filter, hw[i].address[0], hw[i].address[1],
                      hw[i].address[2], hw[i].non_normalized);
            }
        }
        free(dsh);
    }
    vsmp_module *mod = NULL;
    CHECK(k->visaasm && vsmp_text_parse(k->visaasm, k->visaasm_size, VSMP_DIALECT_12504, &mod,
                                        NULL) == VSMP_OK,
          "%s: its .visaasm parses", k->name);
    vsmp_module_free(mod);
    vsmp_launch_iface_free(cos);
    kernels_checked++;
}

/* @p unsupported: the kernel the zebin holds that the launcher cannot run ("" none), and
 * @p why what its reason says. */
static void check_zebin(const char *kdir, const char *zdir, const char *name, unsigned nk,
                        const char *unsupported, const char *why)
{
    char path[1024];
    size_t n;
    snprintf(path, sizeof(path), "%s/%s.tgllp.zebin.gz", zdir, name);
    char *bin = gz_read(path, &n);
    CHECK(bin, "%s: unreadable", path);
    if (!bin)
        return;
    vsmp_ocl_program *p = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_ocl_zebin_read(bin, n, &p, &d);
    CHECK(st == VSMP_OK, "%s: %s (%s)", path, vsmp_status_str(st),
          d.count ? d.items[0].message : "");
    vsmp_diags_free(&d);
    if (p) {
        CHECK(p->nkernels == nk && !strcmp(p->zeinfo_version, "1.20"), "%s: %u kernels, %s", name,
              p->nkernels, p->zeinfo_version);
        for (unsigned i = 0; i < p->nkernels; i++) {
            const vsmp_ocl_kernel *k = &p->kernels[i];
            if (!strcmp(k->name, unsupported)) {
                CHECK(!k->iface && strstr(k->unsupported, why) && k->nargs && k->visaasm,
                      "%s: unsupported (\"%s\"), its %u arguments' information and text kept",
                      k->name, k->unsupported, k->nargs);
                continue;
            }
            CHECK(k->iface && !k->unsupported[0], "%s: %s", k->name, k->unsupported);
            if (k->iface)
                check_kernel(kdir, k);
        }
    }
    vsmp_ocl_program_free(p);
    /* every truncation of the file is refused or read, never a crash (ASan watches) */
    for (size_t cut = 0; cut < n; cut += n / 97 + 1) {
        p = NULL;
        st = vsmp_ocl_zebin_read(bin, cut, &p, NULL);
        CHECK(st != VSMP_OK || p, "%s cut at %zu", name, cut);
        vsmp_ocl_program_free(p);
    }
    free(bin);
}

/* A zeinfo read, its only kernel unsupported with a reason holding @p want. */
static void kernel_unsupported(const char *yaml, const char *want)
{
    vsmp_ocl_program *p = NULL;
    vsmp_status st = vsmp_ocl_zeinfo_read(yaml, strlen(yaml), &p, NULL);
    CHECK(st == VSMP_OK && p && p->nkernels == 1 && !p->kernels[0].iface &&
              strstr(p->kernels[0].unsupported, want),
          "\"%s\": %s, \"%s\"", want, vsmp_status_str(st), p ? p->kernels[0].unsupported : "");
    vsmp_ocl_program_free(p);
}

/* A zeinfo refused with @p st and a message holding @p want at line @p line. */
static void refused(const char *yaml, vsmp_status want_st, const char *want, uint32_t line)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_ocl_program *p = NULL;
    vsmp_status st = vsmp_ocl_zeinfo_read(yaml, strlen(yaml), &p, &d);
    CHECK(st == want_st && !p, "\"%s\": status %s", want, vsmp_status_str(st));
    CHECK(d.count && strstr(d.items[0].message, want) && d.items[0].line == line,
          "\"%s\" at line %u: got \"%s\" at line %u", want, line,
          d.count ? d.items[0].message : "(none)", d.count ? d.items[0].line : 0);
    vsmp_diags_free(&d);
    vsmp_ocl_program_free(p);
}

#define KERNEL_HEAD                                                                                \
    "version: '1.20'\n"                                                                            \
    "kernels:\n"                                                                                   \
    "  - name: k\n"                                                                                \
    "    execution_env:\n"                                                                         \
    "      simd_size: 16\n"

static void test_refusals(void)
{
    /* a minimal kernel is read */
    vsmp_ocl_program *p = NULL;
    const char *ok = KERNEL_HEAD "    payload_arguments:\n"
                                 "      - arg_type: arg_byvalue\n"
                                 "        offset: 0\n"
                                 "        size: 4\n"
                                 "        arg_index: 0\n";
    CHECK(vsmp_ocl_zeinfo_read(ok, strlen(ok), &p, NULL) == VSMP_OK && p && p->nkernels == 1 &&
              p->kernels[0].nargs == 1 &&
              vsmp_launch_iface_arg(p->kernels[0].iface, 0)->kind == VSMP_ARG_SCALAR,
          "a minimal zeinfo");
    vsmp_ocl_program_free(p);
    /* a buffer both stateful and stateless (IGC writes both entries when the kernel uses both
     * ways, the pointer in the stateless one), its binding-table index from the table */
    const char *both = KERNEL_HEAD "    payload_arguments:\n"
                                   "      - arg_type: arg_bypointer\n"
                                   "        offset: 0\n"
                                   "        size: 0\n"
                                   "        arg_index: 0\n"
                                   "        addrmode: stateful\n"
                                   "        addrspace: global\n"
                                   "      - arg_type: arg_bypointer\n"
                                   "        offset: 32\n"
                                   "        size: 8\n"
                                   "        arg_index: 0\n"
                                   "        addrmode: stateless\n"
                                   "        addrspace: global\n"
                                   "    binding_table_indices:\n"
                                   "      - bti_value: 0\n"
                                   "        arg_index: 0\n";
    p = NULL;
    CHECK(vsmp_ocl_zeinfo_read(both, strlen(both), &p, NULL) == VSMP_OK && p, "both ways");
    const vsmp_launch_arg_info *ai = p ? vsmp_launch_iface_arg(p->kernels[0].iface, 0) : NULL;
    CHECK(ai && ai->kind == VSMP_ARG_BUFFER && ai->bti == 0 && ai->offset == 32 && ai->size == 8,
          "a buffer both ways: bti %d, pointer at %d (%u bytes)", ai ? ai->bti : -9,
          ai ? ai->offset : -9, ai ? ai->size : 0);
    /* no local IDs: the cross-thread data one GRF after r0 (IGC's unused per-thread GRF) */
    vsmp_launch_layout lay;
    CHECK(p && vsmp_launch_iface_get_layout(p->kernels[0].iface, &lay) == VSMP_OK &&
              lay.cross_thread_offset == 64 && !lay.local_id[0],
          "no local IDs: cross-thread data at %u", p ? lay.cross_thread_offset : 0);
    vsmp_ocl_program_free(p);
    refused(KERNEL_HEAD "      new_feature: 3\n", VSMP_ERR_MALFORMED,
            "execution_env.new_feature: a zeinfo key vsmp does not read", 6);
    refused(KERNEL_HEAD "    payload_arguments:\n"
                        "      - arg_type: arg_byvalue\n"
                        "        offset: 0\n"
                        "        size: 4\n"
                        "        arg_index: 0\n"
                        "        colour: red\n",
            VSMP_ERR_MALFORMED, "payload_arguments[].colour", 11);
    refused("version: '2.1'\nkernels: []\n", VSMP_ERR_UNSUPPORTED, "zeinfo version 2.1", 1);
    /* bindless arguments (zeinfo 1.73): an offset of 4 or 8 bytes, an inline_sampler entry
     * names an inline sampler */
    refused(KERNEL_HEAD "    payload_arguments:\n"
                        "      - arg_type: arg_bypointer\n"
                        "        offset: 0\n"
                        "        size: 12\n"
                        "        arg_index: 0\n"
                        "        addrmode: bindless\n"
                        "        addrspace: image\n",
            VSMP_ERR_MALFORMED, "argument 0: a bindless offset of 12 bytes (4 or 8;", 7);
    refused(KERNEL_HEAD "    payload_arguments:\n"
                        "      - arg_type: inline_sampler\n"
                        "        offset: 0\n"
                        "        size: 8\n"
                        "        addrmode: bindless\n"
                        "        addrspace: sampler\n"
                        "        sampler_index: 2\n",
            VSMP_ERR_MALFORMED, "inline_sampler 2: no inline_samplers[] entry", 7);
    kernel_unsupported(KERNEL_HEAD "    payload_arguments:\n"
                                   "      - arg_type: implicit_arg_buffer\n"
                                   "        offset: 0\n"
                                   "        size: 8\n",
                       "zeinfo line 7: kernel k: payload argument implicit_arg_buffer");
    /* execution_env.private_size (IGC 1.0.17791 and 2.40, kernels with private arrays): the
     * private bytes of a hardware thread, which per_thread_memory_buffers provides; read */
    {
        static const char y[] = KERNEL_HEAD "      private_size: 4096\n"
                                            "    per_thread_memory_buffers:\n"
                                            "      - type: global\n"
                                            "        usage: private_space\n"
                                            "        size: 256\n"
                                            "        is_simt_thread: true\n";
        vsmp_ocl_program *pp = NULL;
        CHECK(vsmp_ocl_zeinfo_read(y, strlen(y), &pp, NULL) == VSMP_OK && pp &&
                  pp->kernels[0].iface,
              "execution_env.private_size is read");
        vsmp_ocl_program_free(pp);
    }
    refused(KERNEL_HEAD "      private_size: -4\n", VSMP_ERR_MALFORMED, "private_size", 6);
    /* the scratch space: two slots add up (64 + 4096 bytes a hardware thread); past 2 MiB the
     * kernel is not launched */
    {
        static const char y[] = KERNEL_HEAD "    per_thread_memory_buffers:\n"
                                            "      - type: scratch\n"
                                            "        usage: spill_fill_space\n"
                                            "        size: 64\n"
                                            "      - type: scratch\n"
                                            "        usage: private_space\n"
                                            "        size: 4096\n"
                                            "        slot: 1\n";
        vsmp_ocl_program *sp = NULL;
        vsmp_launch_layout l;
        l.scratch_size = 0;
        CHECK(vsmp_ocl_zeinfo_read(y, strlen(y), &sp, NULL) == VSMP_OK && sp->kernels[0].iface &&
                  vsmp_launch_iface_get_layout(sp->kernels[0].iface, &l) == VSMP_OK &&
                  l.scratch_size == 4160,
              "scratch space: %u bytes", l.scratch_size);
        vsmp_ocl_program_free(sp);
    }
    kernel_unsupported(KERNEL_HEAD "    per_thread_memory_buffers:\n"
                                   "      - type: scratch\n"
                                   "        usage: single_space\n"
                                   "        size: 2097153\n",
                       "zeinfo line 7: per_thread_memory_buffers: 2097153 bytes of scratch space");
    refused(KERNEL_HEAD "    payload_arguments:\n"
                        "      - arg_type: global_size\n"
                        "        offset: 4090\n"
                        "        size: 12\n",
            VSMP_ERR_MALFORMED, "at most 4096", 7);
    refused(KERNEL_HEAD "    inline_samplers:\n"
                        "      - sampler_index: 0\n"
                        "        addrmode: wobble\n"
                        "        filtermode: nearest\n",
            VSMP_ERR_MALFORMED, "addrmode \"wobble\"", 8);
    kernel_unsupported("version: '1.20'\nkernels: [ {name: k, execution_env: {simd_size: 12}} ]\n",
                       "simd_size 12");
    refused("version: '1.20'\nkernels: [\n", VSMP_ERR_MALFORMED, "YAML", 3);
    refused(KERNEL_HEAD "      simd_size: 8\n", VSMP_ERR_MALFORMED, "key simd_size given twice", 6);
    refused("version: '1.20'\nx: &a [1, 2]\nkernels: [*a, *a]\n", VSMP_ERR_MALFORMED,
            "a node reached twice (a YAML alias)", 2);
    refused("version: '1.20'\nfunctions: []\nkernels: []\n", VSMP_ERR_MALFORMED,
            ".functions: a zeinfo key vsmp does not read", 2);

    /* what is no zebin */
    vsmp_diags d;
    vsmp_diags_init(&d);
    CHECK(vsmp_ocl_zebin_read("hello", 5, &p, &d) == VSMP_ERR_MALFORMED && !p && d.count &&
              strstr(d.items[0].message, "not an ELF file"),
          "not ELF: %s", d.count ? d.items[0].message : "(none)");
    vsmp_diags_free(&d);
}

/* printf.cl's zebin (IGC 1.0.12504, tgllp): `printf("lane %d value %f\n", ...)` puts its format
 * string, 18 bytes with the NUL, in .data.const.string as symbol ".str" (readelf -s), the only
 * program-scope data, and the kernel's code relocates to it (.rel.text.pf_hello): the program's
 * __constant buffer holds the string at offset 0, and the interface the string at
 * VSMP_LAUNCH_CONSTANT_ADDRESS, with its real newline (no escape). */
static void check_printf(const char *zdir)
{
    char path[1024];
    size_t n;
    snprintf(path, sizeof(path), "%s/printf.tgllp.zebin.gz", zdir);
    char *bin = gz_read(path, &n);
    vsmp_ocl_program *p = NULL;
    if (!bin || vsmp_ocl_zebin_read(bin, n, &p, NULL) || p->nkernels != 1) {
        CHECK(0, "%s: read", path);
        free(bin);
        vsmp_ocl_program_free(p);
        return;
    }
    static const char want[] = "lane %d value %f\n";
    CHECK(p->data.constant_size == sizeof(want) && !memcmp(p->data.constant, want, sizeof(want)) &&
              !p->data.global,
          "the program's __constant data: %zu bytes", p->data.constant_size);
    const vsmp_launch_iface *f = p->kernels[0].iface;
    const char *s = f ? vsmp_launch_iface_printf_string(f, 0) : NULL;
    CHECK(s && !strcmp(s, want), "pf_hello's printf string: \"%s\"", s ? s : "(none)");
    CHECK(f && !vsmp_launch_iface_printf_string(f, 1), "pf_hello: one printf string");
    vsmp_ocl_program_free(p);
    free(bin);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_ocl_zebin CORPUS_K_DIR ZEBIN_DIR\n");
        return 2;
    }
    check_zebin(argv[1], argv[2], "img_sample2d", 4, "", "");
    check_zebin(argv[1], argv[2], "local_reduce", 2, "", "");
    check_zebin(argv[1], argv[2], "buf_arith", 2, "", "");
    /* vec_vload has a private_base_stateless entry but no private memory: zero */
    check_zebin(argv[1], argv[2], "vector", 3, "", "");
    /* printf: its format string a symbol of .data.const.string; the zeinfo also has
     * Intel_Symbol_Table_Void_Program, left out */
    check_zebin(argv[1], argv[2], "printf", 1, "", "");
    check_printf(argv[2]);
    printf("%u kernels, %u inline samplers compared\n", kernels_checked, samplers_checked);
    CHECK(kernels_checked == 12 && samplers_checked == 3, "everything compared");
    test_refusals();
    return t_finish();
}
