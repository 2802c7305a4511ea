/* SPDX-License-Identifier: MIT */
/*
 * Multisample surfaces with MCS (ld2dms_w in both forms, ld_mcs, sampleinfo, compression) and
 * sparse surfaces with the pixel null mask, against hand-computed values (SEMANTICS 3, 4).
 */
#include "testlib.h"
#include "vsmp/vsmp.h"

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static vsmp_surface *ms_surface(uint32_t samples, bool mcs, uint32_t w, uint32_t h, uint32_t layers)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R32_UINT;
    d.width = w, d.height = h, d.samples = samples, d.mcs = mcs;
    d.array = layers > 1, d.array_len = layers;
    d.clear_color.u[0] = 42, d.clear_color.u[3] = 1;
    vsmp_surface *s = NULL;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "%ux surface", samples);
    return s;
}

static void put(vsmp_surface *s, uint32_t slice, uint32_t x, uint32_t y, uint32_t v)
{
    vsmp_texel t = {{0}};
    t.u[0] = v, t.u[3] = 1;
    vsmp_surface_store(s, 0, slice, x, y, &t);
}

/* One ld2dms_w lane: sample si of pixel (x, y, layer) with the given MCS (UD or UW form). */
static vsmp_result ld2dms(const vsmp_surface *s, uint32_t x, uint32_t y, uint32_t layer,
                          uint32_t si, uint64_t mcs, bool uw)
{
    uint32_t u = x, v = y, r = layer, sv = si, lo = (uint32_t)mcs, hi = (uint32_t)(mcs >> 32);
    uint32_t m0 = (uint32_t)mcs & 0xffff, m1 = (uint32_t)(mcs >> 16) & 0xffff;
    uint32_t m2 = (uint32_t)(mcs >> 32) & 0xffff, m3 = (uint32_t)(mcs >> 48) & 0xffff;
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = 1, m.mask = 1;
    m.param[VSMP_P_U] = &u, m.param[VSMP_P_V] = &v, m.param[VSMP_P_R] = &r;
    m.param[VSMP_P_SI] = &sv;
    m.mcs16 = uw;
    /* both forms' operands are present: the flag alone selects the form */
    m.param[VSMP_P_MCSL] = &lo, m.param[VSMP_P_MCSH] = &hi;
    if (uw) {
        m.param[VSMP_P_MCS0] = &m0, m.param[VSMP_P_MCS1] = &m1;
        m.param[VSMP_P_MCS2] = &m2, m.param[VSMP_P_MCS3] = &m3;
    } else {
        static uint32_t junk = 0xffff;
        m.param[VSMP_P_MCS0] = m.param[VSMP_P_MCS1] = &junk;
        m.param[VSMP_P_MCS2] = m.param[VSMP_P_MCS3] = &junk;
    }
    vsmp_plan *p = NULL;
    vsmp_result res;
    memset(&res, 0, sizeof(res));
    CHECK(vsmp_plan_create(s, NULL, VSMP_SUB_LD2DMS_W, &p, NULL) == VSMP_OK, "ld2dms_w plan");
    vsmp_plan_run(p, &m, &res);
    vsmp_plan_free(p);
    return res;
}

static uint64_t ld_mcs(const vsmp_surface *s, uint32_t x, uint32_t y, uint32_t layer)
{
    uint32_t u = x, v = y, r = layer;
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = 1, m.mask = 1;
    m.param[VSMP_P_U] = &u, m.param[VSMP_P_V] = &v, m.param[VSMP_P_R] = &r;
    vsmp_plan *p = NULL;
    vsmp_result res;
    memset(&res, 0, sizeof(res));
    CHECK(vsmp_plan_create(s, NULL, VSMP_SUB_LD_MCS, &p, NULL) == VSMP_OK, "ld_mcs plan");
    vsmp_plan_run(p, &m, &res);
    vsmp_plan_free(p);
    CHECK(res.c[2][0] == 0 && res.c[3][0] == 0, "ld_mcs: B = A = 0");
    return res.c[0][0] | (uint64_t)res.c[1][0] << 32;
}

static void test_mcs_values(void)
{
    /* entry i = i in log2(N) bits, little-endian (SEMANTICS 4.1) */
    CHECK(vsmp_mcs_identity(2) == 0x2 && vsmp_mcs_identity(4) == 0xe4 &&
              vsmp_mcs_identity(8) == 0xfac688 && vsmp_mcs_identity(16) == 0xfedcba9876543210ull,
          "identity MCS values");
    CHECK(vsmp_mcs_clear(2) == 0x3 && vsmp_mcs_clear(4) == 0xff && vsmp_mcs_clear(8) == 0xffffff &&
              vsmp_mcs_clear(16) == ~0ull,
          "cleared MCS values");
}

static void test_uncompressed(void)
{
    /* 4x without MCS: plane i holds sample i; the MCS operands are ignored */
    vsmp_surface *s = ms_surface(4, false, 2, 2, 1);
    for (uint32_t i = 0; i < 4; i++)
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 2; x++)
                put(s, i, x, y, 100 * i + 10 * y + x);
    CHECK(ld2dms(s, 1, 1, 0, 2, 0xffffffff, false).c[0][0] == 211, "sample 2 of (1, 1)");
    CHECK(ld2dms(s, 1, 0, 0, 9, 0, false).c[0][0] == 301, "sample index 9 clamps to 3");
    CHECK(ld2dms(s, 2, 0, 0, 0, 0, false).c[0][0] == 0 &&
              ld2dms(s, 2, 0, 0, 0, 0, false).c[3][0] == 0,
          "out of range: 0");
    CHECK(ld_mcs(s, 0, 0, 0) == 0, "ld_mcs without MCS: 0");
    /* sampleinfo reports the count */
    vsmp_plan *p = NULL;
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = 1, m.mask = 1;
    vsmp_result r;
    CHECK(vsmp_plan_create(s, NULL, VSMP_SUB_SAMPLEINFO, &p, NULL) == VSMP_OK, "sampleinfo");
    vsmp_plan_run(p, &m, &r);
    CHECK(r.c[0][0] == 4, "sampleinfo: 4 samples");
    vsmp_plan_free(p);
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    CHECK(vsmp_plan_create(s, &st, VSMP_SUB_SAMPLE, &p, NULL) == VSMP_ERR_UNSUPPORTED,
          "no filtered sampling of a multisample surface");
    vsmp_surface_free(s);
}

static void test_compressed_4x(void)
{
    vsmp_surface *s = ms_surface(4, true, 2, 1, 2);
    /* layer 1, pixel (1, 0): samples 5, 7, 5, 9 -> planes 5, 7, 9 and entries 0, 1, 0, 2:
     * MCS = 0 | 1 << 2 | 0 << 4 | 2 << 6 = 0x84 */
    static const uint32_t smp[4] = {5, 7, 5, 9};
    for (uint32_t i = 0; i < 4; i++) {
        put(s, 4 + i, 1, 0, smp[i]);
        put(s, 4 + i, 0, 0, 42); /* pixel (0, 0): every sample the clear colour */
        put(s, i, 0, 0, 3);      /* layer 0 (0, 0): all samples equal: MCS 0 */
    }
    CHECK(vsmp_surface_compress(s) == VSMP_OK, "compress");
    uint64_t mcs = ld_mcs(s, 1, 0, 1);
    CHECK(mcs == 0x84, "MCS of (5, 7, 5, 9): 0x%llx", (unsigned long long)mcs);
    CHECK(ld_mcs(s, 0, 0, 1) == 0xff, "a cleared pixel: MCS all ones");
    CHECK(ld_mcs(s, 0, 0, 0) == 0, "identical samples: MCS 0 (all in plane 0)");
    for (uint32_t i = 0; i < 4; i++) {
        CHECK(ld2dms(s, 1, 0, 1, i, mcs, false).c[0][0] == smp[i], "UD form, sample %u", i);
        CHECK(ld2dms(s, 1, 0, 1, i, mcs, true).c[0][0] == smp[i], "UW form, sample %u", i);
    }
    /* cleared: the clear colour, whatever the planes hold; 2x masks only its own bits */
    vsmp_result r = ld2dms(s, 0, 0, 1, 2, 0xff, false);
    CHECK(r.c[0][0] == 42 && r.c[3][0] == 1, "cleared pixel reads the clear colour");
    CHECK(ld2dms(s, 0, 0, 0, 3, 0, false).c[0][0] == 3, "MCS 0: every sample in plane 0");
    vsmp_surface_free(s);
    s = ms_surface(2, true, 1, 1, 1);
    put(s, 0, 0, 0, 11), put(s, 1, 0, 0, 12);
    CHECK(ld2dms(s, 0, 0, 0, 1, 0x2, false).c[0][0] == 12, "2x identity: sample 1 in plane 1");
    CHECK(ld2dms(s, 0, 0, 0, 1, 0xfffffff3, false).c[0][0] == 42,
          "2x clear test masks the MCS to its 2 bits");
    vsmp_surface_free(s);
}

static void test_all_counts(void)
{
    /* every sample count: compress arbitrary per-sample data, read every sample back through
     * ld_mcs + ld2dms_w (both forms): each sample must come back as written */
    static const uint32_t counts[] = {2, 8, 16};
    for (size_t c = 0; c < 3; c++) {
        uint32_t n = counts[c];
        vsmp_surface *s = ms_surface(n, true, 3, 2, 1);
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 3; x++)
                for (uint32_t i = 0; i < n; i++)
                    put(s, i, x, y, (i * 7 + x + 3 * y) % (n / 2 + 1));
        CHECK(vsmp_surface_compress(s) == VSMP_OK, "compress %ux", n);
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 3; x++) {
                uint64_t mcs = ld_mcs(s, x, y, 0);
                for (uint32_t i = 0; i < n; i++) {
                    uint32_t want = (i * 7 + x + 3 * y) % (n / 2 + 1);
                    CHECK(ld2dms(s, x, y, 0, i, mcs, false).c[0][0] == want &&
                              ld2dms(s, x, y, 0, i, mcs, true).c[0][0] == want,
                          "%ux pixel (%u, %u) sample %u", n, x, y, i);
                }
            }
        vsmp_surface_free(s);
    }
}

static void test_sparse(void)
{
    /* 256 x 128 RGBA8 = 128 KiB = 2 tiles: rows 0..63 tile 0, rows 64..127 tile 1 */
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.width = 256, d.height = 128;
    vsmp_surface *s = NULL;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "sparse surface");
    memset((void *)vsmp_surface_get_desc(s)->data, 0xff, vsmp_surface_get_desc(s)->data_size);
    CHECK(vsmp_surface_tile_count(s) == 2 && vsmp_surface_tile_of(s, 0, 0, 0, 63) == 0 &&
              vsmp_surface_tile_of(s, 0, 0, 0, 64) == 1,
          "tiles of 64 KiB");
    CHECK(vsmp_surface_set_resident(s, 1, false) == VSMP_OK, "unmap tile 1");
    CHECK(vsmp_surface_set_resident(s, 2, false) == VSMP_ERR_ARG, "no tile 2");
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP_BORDER;
    /* lanes: nearest row 10; row 70 (unmapped); row 63 (last mapped); off the surface (border) */
    float v[8] = {10.5f / 128, 70.5f / 128, 63.5f / 128, 1.5f, 0, 0, 0, 0};
    uint32_t ub[8], vb[8]; /* the message is 8 lanes: the engine reads every one */
    for (int l = 0; l < 8; l++) {
        float u = 0.5f;
        memcpy(&ub[l], &u, 4), memcpy(&vb[l], &v[l], 4);
    }
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = 8, m.mask = 0xf;
    m.param[VSMP_P_U] = ub, m.param[VSMP_P_V] = vb;
    vsmp_plan *p = NULL;
    vsmp_result r;
    vsmp_plan_create(s, &st, VSMP_SUB_SAMPLE_LZ, &p, NULL);
    vsmp_plan_run(p, &m, &r);
    CHECK(bf(r.c[0][0]) == 1.0f && bf(r.c[0][1]) == 0.0f && bf(r.c[3][1]) == 0.0f,
          "unmapped texels read zero bytes: (0, 0, 0, 0) for RGBA8");
    CHECK(r.null_mask == (0xffffffffu & ~2u), "only the lane that read tile 1 is cleared: 0x%x",
          r.null_mask);
    vsmp_plan_free(p);
    /* linear at the tile edge: y = 64.0 -> taps 63 (mapped) and 64 (unmapped), 0.5 each */
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    float edge = 0.5f;
    memcpy(&vb[0], &edge, 4);
    m.mask = 0x1;
    vsmp_plan_create(s, &st, VSMP_SUB_SAMPLE_LZ, &p, NULL);
    vsmp_plan_run(p, &m, &r);
    CHECK(bf(r.c[0][0]) == 0.5f && r.null_mask == 0xfffffffeu,
          "a filtered lane touching one null texel is cleared");
    vsmp_plan_free(p);
    /* ld: unmapped row -> zero and cleared; out of range -> zero, not cleared */
    uint32_t lu[2] = {5, 300}, lv[2] = {100, 0}, lod[2] = {0, 0};
    memset(&m, 0, sizeof(m));
    m.simd = 2, m.mask = 3;
    m.param[VSMP_P_U] = lu, m.param[VSMP_P_V] = lv, m.param[VSMP_P_LOD] = lod;
    vsmp_plan_create(s, NULL, VSMP_SUB_LD, &p, NULL);
    vsmp_plan_run(p, &m, &r);
    CHECK(r.c[0][0] == 0 && r.null_mask == 0xfffffffeu, "ld of a null texel; out of range is not");
    vsmp_plan_free(p);
    /* a texel's residency is that of its own 4 bytes: (255, 63) is the last texel of tile 0
     * (bytes 65532..65535) and stays mapped while tile 1 is not */
    lu[0] = 255, lv[0] = 63;
    m.mask = 1;
    vsmp_plan_create(s, NULL, VSMP_SUB_LD, &p, NULL);
    vsmp_plan_run(p, &m, &r);
    CHECK(bf(r.c[0][0]) == 1.0f && r.null_mask == 0xffffffffu,
          "the last texel of a mapped tile is mapped (0x%x)", r.null_mask);
    vsmp_plan_free(p);
    /* the surface's last texel (bytes 131068..131071) is in tile 1: unmapped */
    lu[0] = 255, lv[0] = 127;
    vsmp_plan_create(s, NULL, VSMP_SUB_LD, &p, NULL);
    vsmp_plan_run(p, &m, &r);
    CHECK(r.c[0][0] == 0 && r.null_mask == 0xfffffffeu, "the surface's last texel, unmapped");
    vsmp_plan_free(p);
    CHECK(vsmp_surface_set_resident(s, 1, true) == VSMP_OK, "map tile 1 again");
    vsmp_plan_create(s, NULL, VSMP_SUB_LD, &p, NULL);
    vsmp_plan_run(p, &m, &r);
    CHECK(bf(r.c[0][0]) == 1.0f && r.null_mask == 0xffffffffu, "mapped again");
    vsmp_plan_free(p);
    vsmp_surface_free(s);
}

int main(void)
{
    test_mcs_values();
    test_uncompressed();
    test_compressed_4x();
    test_all_counts();
    test_sparse();
    return t_finish();
}
