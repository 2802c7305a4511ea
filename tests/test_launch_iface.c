/* SPDX-License-Identifier: MIT */
/*
 * Interfaces built with vsmp/launch_iface.h against the ones IGC's `.cos` gives for the same
 * kernels (tests/corpus/k, tgllp SIMD16), the facts typed from the `.cos` tokens:
 *  - lr_sum_max (two buffers, two __local arguments, the kernel's own __local int, barriers):
 *    every vsmp_launch_iface_arg equal, both launches give the same bytes, which are the per-group
 *    sum, maximum and last input worked out here from the inputs;
 *  - s2d_linear_norm (two images, a float scalar, an inline sampler): every argument equal; the
 *    built interface's own inline sampler gives the bytes the `.cos` launch gives with the
 *    sampler in the launch options;
 * and the builder's refusals (VSMP_ERR_ARG with a message, the interface unchanged).
 * usage: test_launch_iface CORPUS_K_DIR
 */
#include <stdint.h>
#include <zlib.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

static char *gz_read(const char *dir, const char *name, size_t *size)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s.gz", dir, name);
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

static vsmp_launch_iface *parse_cos(const char *dir, const char *name)
{
    size_t n;
    char *t = gz_read(dir, name, &n);
    vsmp_launch_iface *f = NULL;
    if (t)
        vsmp_launch_iface_parse(t, n, &f, NULL);
    free(t);
    return f;
}

static vsmp_module *parse_visaasm(const char *dir, const char *name)
{
    size_t n;
    char *t = gz_read(dir, name, &n);
    vsmp_module *m = NULL;
    if (t)
        vsmp_text_parse(t, n, VSMP_DIALECT_12504, &m, NULL);
    free(t);
    return m;
}

static vsmp_launch_arg_info arg(vsmp_arg_kind k, int32_t bti, int32_t smp, int32_t off,
                                uint32_t size, const char *type, const char *name)
{
    vsmp_launch_arg_info a;
    memset(&a, 0, sizeof(a));
    a.kind = k;
    a.bti = bti;
    a.sampler = smp;
    a.offset = off;
    a.size = size;
    snprintf(a.type, sizeof(a.type), "%s", type);
    snprintf(a.name, sizeof(a.name), "%s", name);
    return a;
}

static vsmp_status value(vsmp_launch_iface *f, vsmp_launch_value w, int32_t a, uint32_t src,
                         uint32_t off, uint32_t size)
{
    vsmp_launch_payload_value v = {w, a, src, off, size};
    return vsmp_launch_iface_add_value(f, &v, NULL);
}

/* The NDRange values of both kernels: x, y, z at offset, offset + 4, offset + 8. */
static void dims(vsmp_launch_iface *f, vsmp_launch_value w, uint32_t off)
{
    for (uint32_t k = 0; k < 3; k++)
        CHECK(value(f, w, -1, k, off + 4 * k, 4) == VSMP_OK, "value %d dim %u", (int)w, k);
}

static void same_args(const vsmp_launch_iface *a, const vsmp_launch_iface *b, const char *what)
{
    CHECK(vsmp_launch_iface_num_args(a) == vsmp_launch_iface_num_args(b), "%s: argument count",
          what);
    CHECK(vsmp_launch_iface_simd(a) == vsmp_launch_iface_simd(b), "%s: SIMD", what);
    CHECK(strcmp(vsmp_launch_iface_kernel(a), vsmp_launch_iface_kernel(b)) == 0, "%s: name", what);
    for (unsigned i = 0; i < vsmp_launch_iface_num_args(a); i++) {
        const vsmp_launch_arg_info *x = vsmp_launch_iface_arg(a, i),
                                   *y = vsmp_launch_iface_arg(b, i);
        CHECK(y && x->kind == y->kind && x->bti == y->bti && x->sampler == y->sampler &&
                  x->offset == y->offset && x->size == y->size && !strcmp(x->type, y->type) &&
                  !strcmp(x->name, y->name),
              "%s: argument %u: built (%d bti %d smp %d off %d size %u %s %s), .cos (%d bti %d "
              "smp %d off %d size %u %s %s)",
              what, i, x->kind, x->bti, x->sampler, x->offset, x->size, x->type, x->name,
              y ? y->kind : -9, y ? y->bti : -9, y ? y->sampler : -9, y ? y->offset : -9,
              y ? y->size : 0, y ? y->type : "", y ? y->name : "");
    }
    vsmp_launch_layout la, lb;
    CHECK(vsmp_launch_iface_get_layout(a, &la) == VSMP_OK &&
              vsmp_launch_iface_get_layout(b, &lb) == VSMP_OK,
          "%s: layouts", what);
    CHECK(la.cross_thread_offset == lb.cross_thread_offset &&
              la.cross_thread_size == lb.cross_thread_size && la.barriers == lb.barriers &&
              la.slm_size == lb.slm_size && !memcmp(la.local_id, lb.local_id, sizeof(la.local_id)),
          "%s: layout: built (%u, %u, %d, %u), .cos (%u, %u, %d, %u)", what, la.cross_thread_offset,
          la.cross_thread_size, la.barriers, la.slm_size, lb.cross_thread_offset,
          lb.cross_thread_size, lb.barriers, lb.slm_size);
}

static vsmp_surface *bytes_surface(void *mem, uint32_t n)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R8_UINT;
    d.width = n;
    d.height = 1;
    d.data = mem;
    d.data_size = n;
    vsmp_surface *s = NULL;
    vsmp_surface_create(&d, &s, NULL);
    return s;
}

/* lr_sum_max(__global const int *in, __global int *out, __local int *sum, __local int *mx),
 * from lr_sum_max.tgllp.simd16.cos */
static vsmp_launch_iface *build_lr_sum_max(void)
{
    vsmp_launch_iface *f = NULL;
    CHECK(vsmp_launch_iface_create("lr_sum_max", 16, &f, NULL) == VSMP_OK, "create");
    if (!f)
        return NULL;
    vsmp_launch_layout l;
    vsmp_launch_layout_init(&l);
    l.cross_thread_size = 96; /* DATA_PARAMETER_STREAM */
    l.barriers = true;        /* HasBarriers = 1 */
    l.slm_size = 32;          /* TotalInlineLocalMemorySize */
    CHECK(vsmp_launch_iface_set_layout(f, &l, NULL) == VSMP_OK, "layout");
    /* STATELESS_GLOBAL_MEMORY_OBJECT: SurfaceStateHeapOffset 0 and 64, pointers at 48 and 56 */
    vsmp_launch_arg_info a = arg(VSMP_ARG_BUFFER, 0, -1, 48, 8, "int*", "in");
    CHECK(vsmp_launch_iface_add_arg(f, 0, &a, NULL) == VSMP_OK, "in");
    a = arg(VSMP_ARG_BUFFER, 1, -1, 56, 8, "int*", "out");
    CHECK(vsmp_launch_iface_add_arg(f, 1, &a, NULL) == VSMP_OK, "out");
    a = arg(VSMP_ARG_LOCAL, -1, -1, -1, 0, "int*", "sum");
    CHECK(vsmp_launch_iface_add_arg(f, 2, &a, NULL) == VSMP_OK, "sum");
    a = arg(VSMP_ARG_LOCAL, -1, -1, -1, 0, "int*", "mx");
    CHECK(vsmp_launch_iface_add_arg(f, 3, &a, NULL) == VSMP_OK, "mx");
    /* SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES: offsets 32 and 40, 8 bytes, alignment 4 */
    CHECK(value(f, VSMP_VALUE_LOCAL_OFFSET, 2, 4, 32, 8) == VSMP_OK, "sum offset");
    CHECK(value(f, VSMP_VALUE_LOCAL_OFFSET, 3, 4, 40, 8) == VSMP_OK, "mx offset");
    dims(f, VSMP_VALUE_GLOBAL_OFFSET, 0);
    dims(f, VSMP_VALUE_LOCAL_SIZE, 12);
    dims(f, VSMP_VALUE_LOCAL_SIZE, 64);
    dims(f, VSMP_VALUE_ENQUEUED_LOCAL_SIZE, 76);
    return f;
}

static void test_lr_sum_max(const char *dir)
{
    vsmp_launch_iface *cos = parse_cos(dir, "lr_sum_max.tgllp.simd16.cos");
    vsmp_module *mod = parse_visaasm(dir, "lr_sum_max.tgllp.simd16.visaasm");
    vsmp_launch_iface *b = build_lr_sum_max();
    CHECK(cos && mod && b, "lr_sum_max: corpus files read");
    if (!cos || !mod || !b)
        goto out;
    same_args(b, cos, "lr_sum_max");
    int32_t in[256], out[2][12];
    uint32_t s = 12345;
    for (int i = 0; i < 256; i++) {
        s = s * 1103515245u + 12345u;
        in[i] = (int32_t)(s >> 8) % 100000 - 50000;
    }
    for (int run = 0; run < 2; run++) {
        memset(out[run], 0xa5, sizeof(out[run]));
        vsmp_launch_arg args[4];
        memset(args, 0, sizeof(args));
        args[0].surface = bytes_surface(in, sizeof(in));
        args[1].surface = bytes_surface(out[run], sizeof(out[run]));
        args[2].size = args[3].size = 64 * 4;
        vsmp_ndrange nd = {1, {256, 1, 1}, {64, 1, 1}, {0, 0, 0}};
        vsmp_launch_options o;
        vsmp_launch_options_init(&o);
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_status st = vsmp_launch(mod, 0, run ? cos : b, &nd, args, 4, &o, &d);
        CHECK(st == VSMP_OK, "lr_sum_max %s launch: %s %s", run ? ".cos" : "built",
              vsmp_status_str(st), d.count ? d.items[0].message : "");
        vsmp_diags_free(&d);
        vsmp_surface_free(args[0].surface);
        vsmp_surface_free(args[1].surface);
    }
    CHECK(memcmp(out[0], out[1], sizeof(out[0])) == 0, "lr_sum_max: built and .cos differ");
    for (int g = 0; g < 4; g++) {
        int32_t sum = 0, mx = INT32_MIN;
        for (int i = 0; i < 64; i++) {
            sum += in[64 * g + i];
            mx = in[64 * g + i] > mx ? in[64 * g + i] : mx;
        }
        CHECK(out[0][3 * g] == sum && out[0][3 * g + 1] == mx &&
                  out[0][3 * g + 2] == in[64 * g + 63],
              "lr_sum_max group %d: (%d, %d, %d), want (%d, %d, %d)", g, out[0][3 * g],
              out[0][3 * g + 1], out[0][3 * g + 2], sum, mx, in[64 * g + 63]);
    }
out:
    vsmp_launch_iface_free(cos);
    vsmp_launch_iface_free(b);
    vsmp_module_free(mod);
}

/* s2d_linear_norm(__read_only image2d_t src, __write_only image2d_t dst, float scale) with
 * s_lin_norm = NORMALIZED | CLAMP_TO_EDGE | LINEAR, from s2d_linear_norm.tgllp.simd16.cos */
static vsmp_launch_iface *build_s2d_linear_norm(const vsmp_sampler_state *inl)
{
    vsmp_launch_iface *f = NULL;
    CHECK(vsmp_launch_iface_create("s2d_linear_norm", 16, &f, NULL) == VSMP_OK, "create");
    if (!f)
        return NULL;
    vsmp_launch_layout l;
    vsmp_launch_layout_init(&l);
    l.cross_thread_size = 64;
    CHECK(vsmp_launch_iface_set_layout(f, &l, NULL) == VSMP_OK, "layout");
    /* IMAGE_MEMORY_OBJECT: Offset 0 and 64; KERNEL_ARGUMENT 2 at 32, 4 bytes */
    vsmp_launch_arg_info a = arg(VSMP_ARG_IMAGE, 0, -1, -1, 0, "image2d_t", "src");
    CHECK(vsmp_launch_iface_add_arg(f, 0, &a, NULL) == VSMP_OK, "src");
    a = arg(VSMP_ARG_IMAGE, 1, -1, -1, 0, "image2d_t", "dst");
    CHECK(vsmp_launch_iface_add_arg(f, 1, &a, NULL) == VSMP_OK, "dst");
    a = arg(VSMP_ARG_SCALAR, -1, -1, 32, 4, "float", "scale");
    CHECK(vsmp_launch_iface_add_arg(f, 2, &a, NULL) == VSMP_OK, "scale");
    dims(f, VSMP_VALUE_GLOBAL_OFFSET, 0);
    dims(f, VSMP_VALUE_LOCAL_SIZE, 12);
    dims(f, VSMP_VALUE_ENQUEUED_LOCAL_SIZE, 36);
    CHECK(value(f, VSMP_VALUE_IMAGE_HEIGHT, 1, 0, 48, 4) == VSMP_OK, "height");
    CHECK(value(f, VSMP_VALUE_IMAGE_WIDTH, 1, 0, 52, 4) == VSMP_OK, "width");
    CHECK(vsmp_launch_iface_add_inline_sampler(f, 0, inl, NULL) == VSMP_OK, "inline sampler");
    return f;
}

static void test_s2d_linear_norm(const char *dir)
{
    vsmp_launch_iface *cos = parse_cos(dir, "s2d_linear_norm.tgllp.simd16.cos");
    vsmp_module *mod = parse_visaasm(dir, "s2d_linear_norm.tgllp.simd16.visaasm");
    vsmp_sampler_state inl;
    CHECK(vsmp_sampler_from_cl(1 | 2 | 0x20, &inl) == VSMP_OK, "sampler value");
    vsmp_launch_iface *b = build_s2d_linear_norm(&inl);
    CHECK(cos && mod && b, "s2d_linear_norm: corpus files read");
    if (!cos || !mod || !b)
        goto out;
    same_args(b, cos, "s2d_linear_norm");
    const vsmp_sampler_state *got = vsmp_launch_iface_inline_sampler(b, 0);
    CHECK(got && !memcmp(got, &inl, sizeof(inl)), "the inline sampler kept");
    CHECK(!vsmp_launch_iface_inline_sampler(b, 1) && !vsmp_launch_iface_inline_sampler(cos, 0),
          "no other inline sampler");
    uint8_t src[8 * 8 * 4];
    float dst[2][16 * 16 * 4];
    for (unsigned i = 0; i < sizeof(src); i++)
        src[i] = (uint8_t)(i * 37 + (i >> 3));
    for (int run = 0; run < 2; run++) {
        memset(dst[run], 0, sizeof(dst[run]));
        vsmp_surface_desc sd;
        vsmp_surface_desc_init(&sd);
        sd.format = VSMP_FORMAT_R8G8B8A8_UNORM;
        sd.width = sd.height = 8;
        sd.data = src;
        sd.data_size = sizeof(src);
        vsmp_launch_arg args[3];
        memset(args, 0, sizeof(args));
        vsmp_surface_create(&sd, &args[0].surface, NULL);
        sd.format = VSMP_FORMAT_R32G32B32A32_FLOAT;
        sd.width = sd.height = 16;
        sd.data = dst[run];
        sd.data_size = sizeof(dst[run]);
        vsmp_surface_create(&sd, &args[1].surface, NULL);
        float scale = 1.25f;
        memcpy(args[2].bytes, &scale, 4);
        args[2].size = 4;
        vsmp_ndrange nd = {2, {16, 16, 1}, {0, 0, 0}, {0, 0, 0}};
        vsmp_launch_options o;
        vsmp_launch_options_init(&o);
        if (run)
            o.inline_samplers[0] = &inl;
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_status st = vsmp_launch(mod, 0, run ? cos : b, &nd, args, 3, &o, &d);
        CHECK(st == VSMP_OK, "s2d_linear_norm %s launch: %s %s", run ? ".cos" : "built",
              vsmp_status_str(st), d.count ? d.items[0].message : "");
        vsmp_diags_free(&d);
        vsmp_surface_free(args[0].surface);
        vsmp_surface_free(args[1].surface);
    }
    CHECK(memcmp(dst[0], dst[1], sizeof(dst[0])) == 0, "s2d_linear_norm: built and .cos differ");
    /* texel (0, 0): uv = (0.5/16, 0.5/16) * 1.25 = 0.0390625 -> 0.3125 texels: inside the
     * first texel's half, CLAMP_TO_EDGE: exactly texel (0, 0) = src[0..3] / 255 */
    CHECK(dst[0][0] == src[0] / 255.0f && dst[0][3] == src[3] / 255.0f,
          "s2d_linear_norm (0, 0): %g %g, want %g %g", dst[0][0], dst[0][3], src[0] / 255.0f,
          src[3] / 255.0f);
out:
    vsmp_launch_iface_free(cos);
    vsmp_launch_iface_free(b);
    vsmp_module_free(mod);
}

/* A refusal: VSMP_ERR_ARG and a message holding @p want. */
static void refused(vsmp_status st, vsmp_diags *d, const char *want, const char *what)
{
    CHECK(st == VSMP_ERR_ARG, "%s: status %s", what, vsmp_status_str(st));
    CHECK(d->count == 1 && strstr(d->items[0].message, want), "%s: message \"%s\"", what,
          d->count ? d->items[0].message : "(none)");
    vsmp_diags_free(d);
    vsmp_diags_init(d);
}

static void test_refusals(void)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_launch_iface *f = NULL;
    refused(vsmp_launch_iface_create("k", 12, &f, &d), &d, "SIMD width 12", "SIMD 12");
    CHECK(!f, "no interface after a refusal");
    refused(vsmp_launch_iface_create("", 16, &f, &d), &d, "kernel name", "empty name");
    char longname[200];
    memset(longname, 'k', sizeof(longname) - 1);
    longname[sizeof(longname) - 1] = 0;
    refused(vsmp_launch_iface_create(longname, 16, &f, &d), &d, "kernel name", "long name");
    CHECK(vsmp_launch_iface_create("k", 8, &f, &d) == VSMP_OK && f, "create");
    if (!f)
        return;
    vsmp_launch_layout l;
    vsmp_launch_layout_init(&l);
    l.cross_thread_offset = 48;
    refused(vsmp_launch_iface_set_layout(f, &l, &d), &d, "multiple of 32", "offset 48");
    l.cross_thread_offset = 64; /* SIMD8, three IDs: they end at 128 */
    refused(vsmp_launch_iface_set_layout(f, &l, &d), &d, "the end of the local IDs", "overlap");
    l.cross_thread_offset = 0;
    l.cross_thread_size = 8192;
    refused(vsmp_launch_iface_set_layout(f, &l, &d), &d, "at most 4096", "size 8192");
    l.cross_thread_size = 64;
    CHECK(vsmp_launch_iface_set_layout(f, &l, &d) == VSMP_OK, "layout");

    vsmp_launch_arg_info a = arg(VSMP_ARG_IMAGE, 300, -1, -1, 0, "image2d_t", "im");
    refused(vsmp_launch_iface_add_arg(f, 0, &a, &d), &d, "binding-table index 300", "bti 300");
    a = arg(VSMP_ARG_IMAGE, 2, -1, 8, 0, "image2d_t", "im");
    refused(vsmp_launch_iface_add_arg(f, 0, &a, &d), &d, "offset or size", "image offset");
    a = arg(VSMP_ARG_BUFFER, 1, -1, 60, 8, "int*", "p");
    refused(vsmp_launch_iface_add_arg(f, 0, &a, &d), &d, "past the cross-thread data",
            "pointer past 64");
    a = arg(VSMP_ARG_BUFFER, 1, -1, 8, 2, "int*", "p");
    refused(vsmp_launch_iface_add_arg(f, 0, &a, &d), &d, "4 or 8 bytes", "pointer of 2 bytes");
    a = arg(VSMP_ARG_NONE, -1, -1, -1, 0, "", "");
    refused(vsmp_launch_iface_add_arg(f, 0, &a, &d), &d, "no argument kind", "kind none");
    a = arg(VSMP_ARG_SCALAR, -1, -1, 16, 4, "int", "n");
    refused(vsmp_launch_iface_add_arg(f, 64, &a, &d), &d, "at most 64", "index 64");
    memset(a.name, 'x', sizeof(a.name));
    refused(vsmp_launch_iface_add_arg(f, 0, &a, &d), &d, "NUL-terminated", "name unterminated");
    a = arg(VSMP_ARG_SCALAR, -1, -1, 16, 4, "int", "n");
    CHECK(vsmp_launch_iface_add_arg(f, 0, &a, &d) == VSMP_OK, "scalar");
    refused(vsmp_launch_iface_add_arg(f, 0, &a, &d), &d, "given twice", "argument twice");
    a = arg(VSMP_ARG_SAMPLER, -1, 3, -1, 0, "sampler_t", "s");
    CHECK(vsmp_launch_iface_add_arg(f, 2, &a, &d) == VSMP_OK, "sampler at index 2");
    CHECK(vsmp_launch_iface_num_args(f) == 3 && vsmp_launch_iface_arg(f, 1)->kind == VSMP_ARG_NONE,
          "argument 1 skipped: none");

    vsmp_launch_payload_value v = {VSMP_VALUE_IMAGE_WIDTH, 0, 0, 20, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "no image argument", "width of a scalar");
    v = (vsmp_launch_payload_value){VSMP_VALUE_GLOBAL_SIZE, -1, 3, 20, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "dimension 3", "dimension 3");
    v = (vsmp_launch_payload_value){VSMP_VALUE_GLOBAL_SIZE, -1, 0, 62, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "past the cross-thread data", "past 64");
    v = (vsmp_launch_payload_value){VSMP_VALUE_GLOBAL_SIZE, -1, 0, 20, 8};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "8 bytes", "8-byte size");
    v = (vsmp_launch_payload_value){VSMP_VALUE_WORK_DIM, 0, 0, 20, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "belongs to none", "work dim with arg");
    v = (vsmp_launch_payload_value){(vsmp_launch_value)99, -1, 0, 20, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "no such kind", "kind 99");
    v = (vsmp_launch_payload_value){VSMP_VALUE_SAMPLER_ADDRESS, 0, 0, 20, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "no sampler_t argument",
            "sampler address of a scalar");
    v = (vsmp_launch_payload_value){VSMP_VALUE_SAMPLER_NORMALIZED, 2, 0, 20, 8};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "8 bytes", "8-byte sampler value");
    v = (vsmp_launch_payload_value){VSMP_VALUE_SAMPLER_SNAP_WA, 2, 0, 20, 4};
    CHECK(vsmp_launch_iface_add_value(f, &v, &d) == VSMP_OK, "snap workaround of the sampler");
    v = (vsmp_launch_payload_value){VSMP_VALUE_ARG_BYTES, 0, 2046, 20, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "inside its 2048 bytes", "bytes past 2048");
    a = arg(VSMP_ARG_LOCAL, -1, -1, -1, 0, "int*", "l");
    CHECK(vsmp_launch_iface_add_arg(f, 3, &a, &d) == VSMP_OK, "local");
    v = (vsmp_launch_payload_value){VSMP_VALUE_LOCAL_OFFSET, 3, 3, 24, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "alignment 3", "alignment 3");
    v.source = 4;
    CHECK(vsmp_launch_iface_add_value(f, &v, &d) == VSMP_OK, "local offset");
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "has one already", "local offset twice");
    /* bindless state offsets: of a buffer or image with a binding-table index; of a sampler
     * state 0..255; 4 or 8 bytes */
    v = (vsmp_launch_payload_value){VSMP_VALUE_BINDLESS_SURFACE, 0, 0, 8, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "no buffer or image", "bindless scalar");
    v = (vsmp_launch_payload_value){VSMP_VALUE_BINDLESS_SAMPLER, -1, 256, 8, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "sampler state 256", "sampler 256");
    v = (vsmp_launch_payload_value){VSMP_VALUE_BINDLESS_SAMPLER, 2, 0, 8, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "belongs to none", "sampler with arg");
    v = (vsmp_launch_payload_value){VSMP_VALUE_BINDLESS_SAMPLER, -1, 3, 8, 2};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "4 or 8", "sampler offset of 2 bytes");
    v.size = 8;
    CHECK(vsmp_launch_iface_add_value(f, &v, &d) == VSMP_OK, "bindless sampler 3, 8 bytes");

    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    refused(vsmp_launch_iface_add_inline_sampler(f, 3, &st, &d), &d, "argument 2",
            "inline sampler at an argument's index");
    refused(vsmp_launch_iface_add_inline_sampler(f, 256, &st, &d), &d, "index 0..255",
            "inline sampler 256");
    CHECK(vsmp_launch_iface_add_inline_sampler(f, 0, &st, &d) == VSMP_OK, "inline sampler 0");
    refused(vsmp_launch_iface_add_inline_sampler(f, 0, &st, &d), &d, "twice", "inline twice");
    /* the layout cannot shrink below the values already there (the local offset at 24..27) */
    l.cross_thread_size = 24;
    refused(vsmp_launch_iface_set_layout(f, &l, &d), &d, "reach byte 28", "shrink");
    vsmp_launch_layout g;
    CHECK(vsmp_launch_iface_get_layout(f, &g) == VSMP_OK && g.cross_thread_size == 64 &&
              g.cross_thread_offset == 32 + 3 * 32,
          "the refusals changed nothing: size %u, offset %u", g.cross_thread_size,
          g.cross_thread_offset);
    /* program-scope symbols (faddr): in the __constant or __global window, once each; a printf
     * string by address is the interface's string 0 */
    const uint64_t cb = VSMP_LAUNCH_CONSTANT_ADDRESS;
    CHECK(vsmp_launch_iface_add_symbol(f, ".str", cb + 16, 6, "hi %d", &d) == VSMP_OK &&
              vsmp_launch_iface_printf_string(f, 0) &&
              !strcmp(vsmp_launch_iface_printf_string(f, 0), "hi %d"),
          "a printf string symbol");
    CHECK(vsmp_launch_iface_add_symbol(f, "g", VSMP_LAUNCH_GLOBAL_ADDRESS, 4, NULL, &d) == VSMP_OK,
          "a __global symbol");
    refused(vsmp_launch_iface_add_symbol(f, "g", VSMP_LAUNCH_GLOBAL_ADDRESS + 4, 4, NULL, &d), &d,
            "given twice", "a symbol twice");
    refused(vsmp_launch_iface_add_symbol(f, "x", 0x1000, 4, NULL, &d), &d,
            "outside the program's __constant and __global data", "a symbol outside");
    refused(vsmp_launch_iface_add_symbol(f, "", cb, 4, NULL, &d), &d, "1..255 bytes",
            "an empty symbol name");
    /* another interface of the same kernel (a .zeinfo's) takes the symbols of this one (its
     * zebin's): names, addresses, printf strings */
    vsmp_launch_iface *h = NULL;
    CHECK(vsmp_launch_iface_create("k", 16, &h, NULL) == VSMP_OK, "a second interface");
    CHECK(!vsmp_launch_iface_printf_string(h, 0), "no printf string before");
    CHECK(vsmp_launch_iface_add_symbols_of(h, f, &d) == VSMP_OK &&
              vsmp_launch_iface_printf_string(h, 0) &&
              !strcmp(vsmp_launch_iface_printf_string(h, 0), "hi %d"),
          "the symbols and the printf string copied");
    refused(vsmp_launch_iface_add_symbols_of(h, f, &d), &d, "given twice", "the symbols twice");
    vsmp_launch_iface_free(h);
    l.scratch_size = VSMP_LAUNCH_MAX_SCRATCH + 1;
    l.cross_thread_size = 64;
    refused(vsmp_launch_iface_set_layout(f, &l, &d), &d, "scratch space of", "scratch over 2 MiB");
    /* the program's data by base address (zeinfo const_base, global_base): once each, 4 or 8
     * bytes, bound at source - 1 when source > 0, at no argument's index; its bindless state
     * offset at the same index */
    a = arg(VSMP_ARG_IMAGE, 5, -1, -1, 0, "image2d_t", "im");
    CHECK(vsmp_launch_iface_add_arg(f, 4, &a, &d) == VSMP_OK, "image at binding-table index 5");
    v = (vsmp_launch_payload_value){VSMP_VALUE_CONSTANT_BASE, -1, 6, 32, 8};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "is argument 4's", "const base at 5");
    v.source = 257;
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "binding-table index 256",
            "const base at 256");
    v = (vsmp_launch_payload_value){VSMP_VALUE_CONSTANT_BASE, 0, 0, 32, 8};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "belongs to none", "const base with arg");
    v = (vsmp_launch_payload_value){VSMP_VALUE_CONSTANT_BASE, -1, 0, 32, 2};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "4 or 8", "const base of 2 bytes");
    v = (vsmp_launch_payload_value){VSMP_VALUE_CONSTANT_BASE, -1, 0, 60, 8};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "past the cross-thread data",
            "const base past 64");
    v = (vsmp_launch_payload_value){VSMP_VALUE_CONSTANT_BASE, -1, 8, 32, 8};
    CHECK(vsmp_launch_iface_add_value(f, &v, &d) == VSMP_OK, "const base, bound at 7");
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "given twice", "const base twice");
    v = (vsmp_launch_payload_value){VSMP_VALUE_CONSTANT_BINDLESS, -1, 9, 40, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "and 7 already",
            "bindless const base at another index");
    v = (vsmp_launch_payload_value){VSMP_VALUE_GLOBAL_BINDLESS, -1, 5, 40, 4};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "is argument 4's",
            "bindless global base at an image's index");
    v.source = 9;
    CHECK(vsmp_launch_iface_add_value(f, &v, &d) == VSMP_OK, "bindless global base at 9");
    v = (vsmp_launch_payload_value){VSMP_VALUE_GLOBAL_BASE, -1, 1, 48, 8};
    refused(vsmp_launch_iface_add_value(f, &v, &d), &d, "and 9 already",
            "global base at 0 after 9");
    vsmp_launch_iface_free(f);
    vsmp_diags_free(&d);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_launch_iface CORPUS_K_DIR\n");
        return 2;
    }
    test_lr_sum_max(argv[1]);
    test_s2d_linear_norm(argv[1]);
    test_refusals();
    return t_finish();
}
