/* SPDX-License-Identifier: MIT */
/* The media sampler (SAMPLE_UNORM) against hand-computed blocks (SEMANTICS 1): the 8x4 pixel
 * order, the 16-bit conversion of 8-bit texels (raw << 8), the channel packing, and the
 * documented-hardware layouts. */
#include "testlib.h"
#include "vsmp/vsmp.h"

static uint16_t uw(const uint8_t *b, size_t i)
{
    return (uint16_t)(b[2 * i] | b[2 * i + 1] << 8);
}

int main(void)
{
    /* 16x16 RGBA8: texel (x, y) = (16 x, 16 y, 0x80, 0xff) */
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.width = d.height = 16;
    vsmp_surface *s = NULL;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "surface");
    uint8_t *mem = (uint8_t *)vsmp_surface_get_desc(s)->data;
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            uint8_t *t = mem + (y * 16 + x) * 4;
            t[0] = (uint8_t)(16 * x), t[1] = (uint8_t)(16 * y), t[2] = 0x80, t[3] = 0xff;
        }
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP;
    /* cassian's sample32 set-up: u = 2/16, v = 4/16, du = 1/16, dv = 2/16: pixel p reads texel
     * (2 + p % 8, 4 + 2 (p / 8)) */
    uint8_t out[256];
    size_t n = 0;
    CHECK(vsmp_media_sample_unorm(s, &st, 2.0f / 16, 4.0f / 16, 1.0f / 16, 2.0f / 16, 0xf,
                                  VSMP_UNORM_16_FULL, false, out, sizeof(out), &n) == VSMP_OK &&
              n == 256,
          "RGBA 16-bit full: 4 x 32 UW");
    int bad = 0;
    for (unsigned p = 0; p < 32; p++) {
        unsigned x = 2 + p % 8, y = 4 + 2 * (p / 8);
        bad += uw(out, p) != (16 * x) << 8;
        bad += uw(out, 32 + p) != (16 * y) << 8;
        bad += uw(out, 64 + p) != 0x8000;
        bad += uw(out, 96 + p) != 0xff00;
    }
    CHECK(bad == 0, "every pixel: raw8 << 8 in block order (%d wrong)", bad);
    /* GA only: G in elements 0..31, A in 32..63; the format bits are ignored without hw */
    CHECK(vsmp_media_sample_unorm(s, &st, 2.0f / 16, 4.0f / 16, 1.0f / 16, 2.0f / 16, 0xa,
                                  VSMP_UNORM_8_DOWNSAMPLED, false, out, sizeof(out),
                                  &n) == VSMP_OK &&
              n == 128 && uw(out, 0) == (64 << 8) && uw(out, 32) == 0xff00,
          "GA, disabled channels skipped, 8-downsampled bits ignored");
    CHECK(vsmp_media_sample_unorm(s, &st, 0, 0, 0, 0, 0xf, VSMP_UNORM_16_FULL, false, out, 100,
                                  &n) == VSMP_ERR_SPACE &&
              n == 256,
          "too small a buffer: the size needed");
    CHECK(vsmp_media_sample_unorm(s, &st, 0, 0, 0, 0, 0, VSMP_UNORM_16_FULL, false, out,
                                  sizeof(out), &n) == VSMP_ERR_ARG,
          "channel mask 0 refused");
    /* documented-hardware layouts */
    CHECK(vsmp_media_sample_unorm(s, &st, 2.0f / 16, 4.0f / 16, 1.0f / 16, 2.0f / 16, 0xf,
                                  VSMP_UNORM_8_FULL, true, out, sizeof(out), &n) == VSMP_OK &&
              n == 128 && out[1] == 48 && out[32 + 8] == 96 && out[64] == 0x80 && out[96] == 0xff,
          "8-bit full: high bytes, 32 per channel");
    CHECK(vsmp_media_sample_unorm(s, &st, 2.0f / 16, 4.0f / 16, 1.0f / 16, 2.0f / 16, 0xf,
                                  VSMP_UNORM_16_DOWNSAMPLED, true, out, sizeof(out),
                                  &n) == VSMP_OK &&
              n == 192 && uw(out, 1) == (16 * 4) << 8 && uw(out, 16) == (16 * 4) << 8 &&
              uw(out, 48) == 0x8000 && uw(out, 64) == 0xff00,
          "16-bit downsampled: R even pixels (16), G 32, B even (16), A 32");
    memset(out, 0xee, sizeof(out));
    CHECK(vsmp_media_sample_unorm(s, &st, 2.0f / 16, 4.0f / 16, 1.0f / 16, 2.0f / 16, 0x5,
                                  VSMP_UNORM_8_DOWNSAMPLED, true, out, sizeof(out),
                                  &n) == VSMP_OK &&
              n == 32 && out[0] == 32 && out[1] == 64 && out[16] == 0x80,
          "8-bit downsampled: R (even pixels) and B share one 32-byte unit");
    memset(out, 0xee, sizeof(out));
    CHECK(vsmp_media_sample_unorm(s, &st, 2.0f / 16, 4.0f / 16, 1.0f / 16, 2.0f / 16, 0x4,
                                  VSMP_UNORM_8_DOWNSAMPLED, true, out, sizeof(out),
                                  &n) == VSMP_OK &&
              n == 32 && out[0] == 0xee && out[16] == 0x80,
          "8-bit downsampled, B alone: the R half is not written");
    /* linear filtering between texels 0x00 and 0x10 (R of x = 0, 1): halfway -> 8 * 256 */
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    CHECK(vsmp_media_sample_unorm(s, &st, 1.0f / 16, 0.5f / 16, 0, 0, 0x1, VSMP_UNORM_16_FULL,
                                  false, out, sizeof(out), &n) == VSMP_OK &&
              uw(out, 0) == 0x0800,
          "linear: round(f * 65280): 0x%04x", uw(out, 0));
    vsmp_surface_free(s);
    return t_finish();
}
