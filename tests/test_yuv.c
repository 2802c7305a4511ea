/* SPDX-License-Identifier: MIT */
/* YCrCb formats against hand-built memory: the byte order of the four packed 4:2:2 formats,
 * the NV12 / P016 planes with chroma at half resolution, R = Cr, G = Y, B = Cb, A = 1
 * (SEMANTICS 1.3), filtering of reconstructed texels, the media sampler on NV12 and P016,
 * residency of the chroma plane, and the surface rules. */
#include <math.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static bool is4(const vsmp_texel *t, float r, float g, float b, float a)
{
    return t->f[0] == r && t->f[1] == g && t->f[2] == b && t->f[3] == a;
}

static vsmp_surface *make(vsmp_format f, uint32_t w, uint32_t h)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = f, d.width = w, d.height = h;
    vsmp_surface *s = NULL;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "surface of format 0x%x", (unsigned)f);
    return s;
}

static uint8_t *mem(vsmp_surface *s)
{
    return (uint8_t *)vsmp_surface_get_desc(s)->data;
}

static void test_packed(void)
{
    /* two texels, one 4-byte block; Y0 = 0x10, Y1 = 0x20, Cb = 0x40, Cr = 0x80 placed as each
     * format's name says */
    static const struct {
        vsmp_format f;
        uint8_t bytes[4];
        const char *name;
    } k[] = {
        {VSMP_FORMAT_YCRCB_NORMAL, {0x10, 0x40, 0x20, 0x80}, "YUY2: Y0 Cb Y1 Cr"},
        {VSMP_FORMAT_YCRCB_SWAPUV, {0x10, 0x80, 0x20, 0x40}, "YVYU: Y0 Cr Y1 Cb"},
        {VSMP_FORMAT_YCRCB_SWAPY, {0x40, 0x10, 0x80, 0x20}, "UYVY: Cb Y0 Cr Y1"},
        {VSMP_FORMAT_YCRCB_SWAPUVY, {0x80, 0x10, 0x40, 0x20}, "VYUY: Cr Y0 Cb Y1"},
    };
    for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
        vsmp_surface *s = make(k[i].f, 3, 1); /* odd width: two blocks */
        CHECK(vsmp_surface_get_desc(s)->data_size == 8, "%s: 3 texels take 2 blocks", k[i].name);
        memcpy(mem(s), k[i].bytes, 4);
        vsmp_texel t;
        vsmp_surface_load(s, 0, 0, 0, 0, &t);
        CHECK(is4(&t, 0x80 / 255.0f, 0x10 / 255.0f, 0x40 / 255.0f, 1.0f),
              "%s texel 0: (Cr, Y0, Cb, 1)", k[i].name);
        vsmp_surface_load(s, 0, 0, 1, 0, &t);
        CHECK(is4(&t, 0x80 / 255.0f, 0x20 / 255.0f, 0x40 / 255.0f, 1.0f),
              "%s texel 1: (Cr, Y1, Cb, 1)", k[i].name);
        /* storing texel 2 writes its Y and the second block's Cb and Cr */
        vsmp_texel in = {{0x11 / 255.0f, 0x22 / 255.0f, 0x33 / 255.0f, 1.0f}};
        CHECK(vsmp_surface_store(s, 0, 0, 2, 0, &in) == VSMP_OK, "%s store", k[i].name);
        vsmp_surface_load(s, 0, 0, 2, 0, &t);
        CHECK(is4(&t, 0x11 / 255.0f, 0x22 / 255.0f, 0x33 / 255.0f, 1.0f), "%s store/load",
              k[i].name);
        CHECK(memcmp(mem(s), k[i].bytes, 4) == 0, "%s: the first block is untouched", k[i].name);
        vsmp_surface_free(s);
    }
    /* the stored bytes of YUY2: Y2 = 0x22 at byte 4, Cb 0x33 at 5, Cr 0x11 at 7 */
    vsmp_surface *s = make(VSMP_FORMAT_YCRCB_NORMAL, 4, 1);
    vsmp_texel a = {{0x11 / 255.0f, 0x22 / 255.0f, 0x33 / 255.0f, 1.0f}};
    vsmp_texel b = {{0x11 / 255.0f, 0x44 / 255.0f, 0x33 / 255.0f, 1.0f}};
    vsmp_surface_store(s, 0, 0, 2, 0, &a);
    vsmp_surface_store(s, 0, 0, 3, 0, &b);
    const uint8_t want[4] = {0x22, 0x33, 0x44, 0x11};
    CHECK(memcmp(mem(s) + 4, want, 4) == 0, "YUY2 bytes of block 1");
    vsmp_surface_free(s);
}

static void test_planar(void)
{
    /* NV12 4x4: Y(x, y) = 16 y + x + 1; chroma pair (i, j) at row 4 + j, bytes 2i (Cb) and
     * 2i + 1 (Cr): Cb = 0x40 + 0x10 i + j, Cr = 0xc0 + 0x10 i + j */
    vsmp_surface *s = make(VSMP_FORMAT_PLANAR_420_8, 4, 4);
    CHECK(vsmp_surface_get_desc(s)->data_size == 24 && vsmp_surface_get_desc(s)->row_pitch[0] == 4,
          "NV12 4x4: 16 bytes of Y, 8 of CbCr, pitch 4");
    uint8_t *m = mem(s);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            m[y * 4 + x] = (uint8_t)(16 * y + x + 1);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            m[16 + 4 * j + 2 * i] = (uint8_t)(0x40 + 0x10 * i + j);
            m[16 + 4 * j + 2 * i + 1] = (uint8_t)(0xc0 + 0x10 * i + j);
        }
    CHECK(vsmp_surface_chroma(s, 3, 3) == m + 16 + 4 + 2, "chroma of texel (3, 3): pair (1, 1)");
    int bad = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            vsmp_texel t;
            vsmp_surface_load(s, 0, 0, (uint32_t)x, (uint32_t)y, &t);
            int i = x / 2, j = y / 2;
            bad += !is4(&t, (float)(0xc0 + 0x10 * i + j) / 255.0f, (float)(16 * y + x + 1) / 255.0f,
                        (float)(0x40 + 0x10 * i + j) / 255.0f, 1.0f);
        }
    CHECK(bad == 0, "NV12: every texel is (Cr(x/2, y/2), Y(x, y), Cb(x/2, y/2), 1) (%d wrong)",
          bad);

    /* 3D sampler, ld: integer texel coordinates through the same reconstruction */
    uint32_t lu[1] = {3}, lv[1] = {2}, lod[1] = {0};
    vsmp_message msg;
    memset(&msg, 0, sizeof(msg));
    msg.simd = 1, msg.mask = 1;
    msg.param[VSMP_P_U] = lu, msg.param[VSMP_P_V] = lv, msg.param[VSMP_P_LOD] = lod;
    vsmp_plan *p = NULL;
    vsmp_result r;
    CHECK(vsmp_plan_create(s, NULL, VSMP_SUB_LD, &p, NULL) == VSMP_OK, "ld plan on NV12");
    vsmp_plan_run(p, &msg, &r);
    CHECK(bf(r.c[0][0]) == 0xd1 / 255.0f && bf(r.c[1][0]) == 0x24 / 255.0f &&
              bf(r.c[2][0]) == 0x51 / 255.0f && bf(r.c[3][0]) == 1.0f,
          "ld (3, 2): Cr 0xd1, Y 0x24, Cb 0x51, A 1");
    vsmp_plan_free(p);

    /* linear filtering between texels (1, 0) and (2, 0): u = 2/4, v = 0.5/4; chroma is
     * replicated per texel first, so R = (0xc0 + 0xd0) / 2 / 255, G = (0x02 + 0x03) / 2 / 255 */
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP;
    float u = 0.5f, v = 0.125f;
    uint32_t ub, vb;
    memcpy(&ub, &u, 4), memcpy(&vb, &v, 4);
    memset(&msg, 0, sizeof(msg));
    msg.simd = 1, msg.mask = 1;
    msg.param[VSMP_P_U] = &ub, msg.param[VSMP_P_V] = &vb;
    CHECK(vsmp_plan_create(s, &st, VSMP_SUB_SAMPLE_LZ, &p, NULL) == VSMP_OK, "sample_lz plan");
    vsmp_plan_run(p, &msg, &r);
    CHECK(fabsf(bf(r.c[0][0]) - 0xc8 / 255.0f) < 1e-6f &&
              fabsf(bf(r.c[1][0]) - 2.5f / 255.0f) < 1e-6f &&
              fabsf(bf(r.c[2][0]) - 0x48 / 255.0f) < 1e-6f,
          "linear over reconstructed texels (%g %g %g)", bf(r.c[0][0]) * 255, bf(r.c[1][0]) * 255,
          bf(r.c[2][0]) * 255);
    vsmp_plan_free(p);

    /* store packs Y into the Y plane and Cb, Cr into the pair */
    vsmp_texel in = {{0x99 / 255.0f, 0x55 / 255.0f, 0x66 / 255.0f, 1.0f}};
    CHECK(vsmp_surface_store(s, 0, 0, 1, 3, &in) == VSMP_OK && m[13] == 0x55 && m[20] == 0x66 &&
              m[21] == 0x99,
          "NV12 store: Y at (1, 3), Cb, Cr at pair (0, 1)");

    /* the media sampler (SEMANTICS 1.3, NV12): R = Cr << 8, G = Y << 8, B = Cb << 8, A = 0xff00.
     * Nearest, u = 0, v = 0, du = 1/4, dv = 1/4: pixel p reads texel (p % 8, p / 8), clamped. */
    vsmp_sampler_state_init(&st);
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP;
    uint8_t out[256];
    size_t n = 0;
    CHECK(vsmp_media_sample_unorm(s, &st, 0.0f, 0.0f, 0.25f, 0.25f, 0xf, VSMP_UNORM_16_FULL, false,
                                  out, sizeof(out), &n) == VSMP_OK &&
              n == 256,
          "media sampler on NV12");
    bad = 0;
    for (unsigned px = 0; px < 32; px++) {
        unsigned x = px % 8 < 3 ? px % 8 : 3, y = px / 8;
        vsmp_texel t;
        vsmp_surface_load(s, 0, 0, x, y, &t); /* the bytes, by way of the checked unpack */
        unsigned cr = (unsigned)lrintf(t.f[0] * 255), yy = (unsigned)lrintf(t.f[1] * 255),
                 cb = (unsigned)lrintf(t.f[2] * 255);
        uint16_t got[4];
        for (int c = 0; c < 4; c++)
            got[c] = (uint16_t)(out[64 * c + 2 * px] | out[64 * c + 2 * px + 1] << 8);
        bad += got[0] != cr << 8 || got[1] != yy << 8 || got[2] != cb << 8 || got[3] != 0xff00;
    }
    CHECK(bad == 0, "NV12 media block: raw << 8 per channel, A 0xff00 (%d wrong)", bad);
    vsmp_surface_free(s);
}

static void test_p016(void)
{
    /* P016 2x2: Y words 0x1234, 0x5678 / 0x9abc, 0xdef0; one pair: Cb 0x4000, Cr 0xc000. P010
     * keeps its 10 bits in 15:6, which is the same surface read as 16-bit UNORM. */
    vsmp_surface *s = make(VSMP_FORMAT_PLANAR_420_16, 2, 2);
    CHECK(vsmp_surface_get_desc(s)->data_size == 12, "P016 2x2: 8 bytes of Y, one 4-byte pair");
    uint8_t *m = mem(s);
    const uint16_t y[4] = {0x1234, 0x5678, 0x9abc, 0xdef0};
    for (int i = 0; i < 4; i++)
        m[2 * i] = (uint8_t)y[i], m[2 * i + 1] = (uint8_t)(y[i] >> 8);
    m[8] = 0x00, m[9] = 0x40, m[10] = 0x00, m[11] = 0xc0;
    vsmp_texel t;
    vsmp_surface_load(s, 0, 0, 1, 1, &t);
    CHECK(is4(&t, 0xc000 / 65535.0f, 0xdef0 / 65535.0f, 0x4000 / 65535.0f, 1.0f),
          "P016 texel (1, 1)");
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP;
    uint8_t out[128];
    size_t n = 0;
    /* G only, pixel p reads (p % 8 clamped to 1, p / 8 clamped to 1): 16-bit sources give
     * round(f * 65535) = the stored word */
    CHECK(vsmp_media_sample_unorm(s, &st, 0.0f, 0.0f, 0.5f, 0.5f, 0x2, VSMP_UNORM_16_FULL, false,
                                  out, sizeof(out), &n) == VSMP_OK &&
              n == 64,
          "media sampler on P016, G only");
    int bad = 0;
    for (unsigned px = 0; px < 32; px++) {
        unsigned x = px % 8 ? 1 : 0, yy = px / 8 ? 1 : 0;
        bad += (out[2 * px] | out[2 * px + 1] << 8) != y[2 * yy + x];
    }
    CHECK(bad == 0, "P016 media block: the stored Y words (%d wrong)", bad);
    vsmp_surface_free(s);
}

static void test_rules(void)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_PLANAR_420_8, d.width = d.height = 8;
    vsmp_surface *s = NULL;
    d.levels = 2;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "planar: one level");
    d.levels = 1, d.array = true, d.array_len = 2;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "planar: no arrays");
    d.array = false, d.array_len = 1, d.type = VSMP_SURFTYPE_3D;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "planar: 2D only");
    d.type = VSMP_SURFTYPE_2D, d.format = VSMP_FORMAT_YCRCB_SWAPY, d.samples = 4;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "YCrCb: single-sampled");
    d.samples = 1, d.levels = 2;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "packed 4:2:2 with mips");
    CHECK(vsmp_surface_generate_mips(s) == VSMP_ERR_UNSUPPORTED,
          "no generated mips for YCrCb (chroma would mix pairs)");
    vsmp_surface_free(s);
    vsmp_format f;
    CHECK(vsmp_format_find("planar_420_8", &f) == VSMP_OK && f == VSMP_FORMAT_PLANAR_420_8 &&
              vsmp_format_get(f)->planes == 2 && vsmp_format_get(f)->yuv,
          "PLANAR_420_8 by name: two planes, YCrCb");
}

static void test_sparse_chroma(void)
{
    /* NV12 256x256: the Y plane is exactly tile 0, the chroma plane tile 1 */
    vsmp_surface *s = make(VSMP_FORMAT_PLANAR_420_8, 256, 256);
    memset(mem(s), 0x80, vsmp_surface_get_desc(s)->data_size);
    CHECK(vsmp_surface_tile_count(s) == 2, "NV12 256x256: two tiles");
    vsmp_surface_set_resident(s, 1, false);
    uint32_t lu[1] = {7}, lv[1] = {9}, lod[1] = {0};
    vsmp_message msg;
    memset(&msg, 0, sizeof(msg));
    msg.simd = 1, msg.mask = 1;
    msg.param[VSMP_P_U] = lu, msg.param[VSMP_P_V] = lv, msg.param[VSMP_P_LOD] = lod;
    vsmp_plan *p = NULL;
    vsmp_result r;
    vsmp_plan_create(s, NULL, VSMP_SUB_LD, &p, NULL);
    vsmp_plan_run(p, &msg, &r);
    CHECK(r.null_mask == 0xfffffffeu && bf(r.c[0][0]) == 0.0f && bf(r.c[1][0]) == 0.0f &&
              bf(r.c[3][0]) == 1.0f,
          "a texel whose chroma is unmapped reads zero and clears the lane's bit");
    vsmp_plan_free(p);
    vsmp_surface_free(s);
}

int main(void)
{
    test_packed();
    test_planar();
    test_p016();
    test_rules();
    test_sparse_chroma();
    return t_finish();
}
