/* SPDX-License-Identifier: MIT */
/* Block-compressed formats against hand-decoded blocks (the BC1-BC5 block layouts: RGB565
 * endpoints with 2-bit indices, 4-bit explicit alpha, 8-bit endpoints with 3-bit indices). */
#include <math.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

static const vsmp_format_info *F(vsmp_format f)
{
    return vsmp_format_get(f);
}

static void texel(vsmp_format f, const uint8_t *b, unsigned x, unsigned y, vsmp_texel *t)
{
    vsmp_format_unpack_block(F(f), b, x, y, t);
}

static bool eq4(const vsmp_texel *t, float r, float g, float b, float a)
{
    return t->f[0] == r && t->f[1] == g && t->f[2] == b && t->f[3] == a;
}

int main(void)
{
    vsmp_texel t;
    /* BC1, c0 = 0xf800 (red) > c1 = 0x001f (blue): 4 colours. Indices (2 bits, texel 0 lowest):
     * texel 0 -> 0, texel 1 -> 1, texel 2 -> 2, texel 3 -> 3: 0b11100100 = 0xe4 */
    const uint8_t bc1[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0x00, 0x00, 0x00};
    texel(VSMP_FORMAT_BC1_UNORM, bc1, 0, 0, &t);
    CHECK(eq4(&t, 1, 0, 0, 1), "BC1 index 0: c0");
    texel(VSMP_FORMAT_BC1_UNORM, bc1, 1, 0, &t);
    CHECK(eq4(&t, 0, 0, 1, 1), "BC1 index 1: c1");
    texel(VSMP_FORMAT_BC1_UNORM, bc1, 2, 0, &t);
    CHECK(eq4(&t, 2.0f / 3.0f, 0, 1.0f / 3.0f, 1), "BC1 index 2: (2 c0 + c1) / 3");
    texel(VSMP_FORMAT_BC1_UNORM, bc1, 3, 0, &t);
    CHECK(eq4(&t, 1.0f / 3.0f, 0, 2.0f / 3.0f, 1), "BC1 index 3: (c0 + 2 c1) / 3");
    texel(VSMP_FORMAT_BC1_UNORM, bc1, 0, 1, &t);
    CHECK(eq4(&t, 1, 0, 0, 1), "BC1 row 1 uses the next index byte (0 -> c0)");
    /* c0 <= c1: 3 colours and transparent black */
    const uint8_t bc1b[8] = {0x1f, 0x00, 0x00, 0xf8, 0xe4, 0x00, 0x00, 0x00};
    texel(VSMP_FORMAT_BC1_UNORM, bc1b, 2, 0, &t);
    CHECK(eq4(&t, 0.5f, 0, 0.5f, 1), "BC1 3-colour index 2: (c0 + c1) / 2");
    texel(VSMP_FORMAT_BC1_UNORM, bc1b, 3, 0, &t);
    CHECK(eq4(&t, 0, 0, 0, 0), "BC1 3-colour index 3: transparent black");
    /* green 565: 0x07e0 -> G 63/63 */
    const uint8_t bc1g[8] = {0xe0, 0x07, 0xe0, 0x07, 0, 0, 0, 0};
    texel(VSMP_FORMAT_BC1_UNORM, bc1g, 1, 1, &t);
    CHECK(eq4(&t, 0, 1, 0, 1), "BC1 green endpoint");
    /* sRGB: decoded after interpolation: index 2 of red/blue -> srgb(2/3), srgb(1/3) */
    texel(VSMP_FORMAT_BC1_UNORM_SRGB, bc1, 2, 0, &t);
    CHECK(fabsf(t.f[0] - 0.40197778f) < 1e-6f && fabsf(t.f[2] - 0.09084171f) < 1e-6f,
          "BC1 sRGB after interpolation: %.8f %.8f", t.f[0], t.f[2]);
    /* BC2: 4-bit alpha per texel (texel 0 lowest), then a BC1 block in 4-colour mode */
    uint8_t bc2[16] = {0x0f, 0x50, 0, 0, 0, 0, 0, 0};
    memcpy(bc2 + 8, bc1b, 8); /* c0 <= c1, but BC2 always interpolates 4 colours */
    texel(VSMP_FORMAT_BC2_UNORM, bc2, 0, 0, &t);
    CHECK(t.f[3] == 1.0f && t.f[2] == 1.0f, "BC2 texel 0: alpha 15/15, colour c0 = blue");
    texel(VSMP_FORMAT_BC2_UNORM, bc2, 3, 0, &t);
    CHECK(t.f[3] == 5.0f / 15.0f && t.f[0] == 2.0f / 3.0f && t.f[2] == 1.0f / 3.0f,
          "BC2 texel 3: alpha 5/15, index 3 interpolated (not transparent)");
    /* BC4: r0 = 255 > r1 = 0: 8 values; indices 3 bits from bit 16: texel 0 -> 2, texel 1 -> 7
     * bits: 010 111 = 0b111010 = 0x3a */
    const uint8_t bc4[8] = {255, 0, 0x3a, 0, 0, 0, 0, 0};
    texel(VSMP_FORMAT_BC4_UNORM, bc4, 0, 0, &t);
    CHECK(t.f[0] == (6.0f * 1.0f + 0.0f) / 7.0f && t.f[1] == 0 && t.f[3] == 1,
          "BC4 index 2: (6 r0 + r1) / 7");
    texel(VSMP_FORMAT_BC4_UNORM, bc4, 1, 0, &t);
    CHECK(t.f[0] == (1.0f * 1.0f + 6.0f * 0.0f) / 7.0f, "BC4 index 7: (r0 + 6 r1) / 7");
    /* r0 <= r1: 6 values, index 6 -> 0, index 7 -> 1; texel 0 -> 6, texel 1 -> 7: 0b111110 */
    const uint8_t bc4b[8] = {0, 255, 0x3e, 0, 0, 0, 0, 0};
    texel(VSMP_FORMAT_BC4_UNORM, bc4b, 0, 0, &t);
    CHECK(t.f[0] == 0.0f, "BC4 6-value mode: index 6 is 0");
    texel(VSMP_FORMAT_BC4_UNORM, bc4b, 1, 0, &t);
    CHECK(t.f[0] == 1.0f, "BC4 6-value mode: index 7 is 1");
    /* BC4 SNORM: -128 reads as -127 -> -1; 6-value mode extremes are -1 and 1 */
    const uint8_t bc4s[8] = {0x80, 0x7f, 0x00, 0, 0, 0, 0, 0};
    texel(VSMP_FORMAT_BC4_SNORM, bc4s, 0, 0, &t);
    CHECK(t.f[0] == -1.0f, "BC4 SNORM endpoint -128 -> -1");
    /* BC5: two BC4 blocks, R then G */
    uint8_t bc5[16];
    memcpy(bc5, bc4, 8);
    memcpy(bc5 + 8, bc4b, 8);
    texel(VSMP_FORMAT_BC5_UNORM, bc5, 1, 0, &t);
    CHECK(t.f[0] == 1.0f / 7.0f && t.f[1] == 1.0f && t.f[2] == 0 && t.f[3] == 1, "BC5 R and G");
    /* BC3: a BC4-style alpha block, then the colour block */
    uint8_t bc3[16];
    memcpy(bc3, bc4, 8);
    memcpy(bc3 + 8, bc1, 8);
    texel(VSMP_FORMAT_BC3_UNORM, bc3, 1, 0, &t);
    CHECK(eq4(&t, 0, 0, 1, 1.0f / 7.0f), "BC3: colour c1, alpha (r0 + 6 r1) / 7");

    /* A BC1 surface: 8x4 = two blocks; sampling reads through the blocks */
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_BC1_UNORM, d.width = 8, d.height = 4;
    uint8_t mem[16];
    memcpy(mem, bc1g, 8);
    memcpy(mem + 8, bc1, 8);
    d.data = mem, d.data_size = sizeof(mem);
    vsmp_surface *s = NULL;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "BC1 surface");
    d.data_size = 15;
    vsmp_surface *s2 = NULL;
    CHECK(vsmp_surface_create(&d, &s2, NULL) == VSMP_ERR_ARG, "too little memory for 2 blocks");
    CHECK(vsmp_surface_load(s, 0, 0, 6, 0, &t) == VSMP_OK &&
              eq4(&t, 2.0f / 3.0f, 0, 1.0f / 3.0f, 1),
          "texel (6, 0) = block 1, texel (2, 0)");
    CHECK(vsmp_surface_store(s, 0, 0, 0, 0, &t) == VSMP_ERR_UNSUPPORTED, "no packing into BC");
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    float u = 6.5f / 8.0f, v = 0.5f / 4.0f;
    uint32_t ub, vb;
    memcpy(&ub, &u, 4), memcpy(&vb, &v, 4);
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = 1, m.mask = 1;
    m.param[VSMP_P_U] = &ub, m.param[VSMP_P_V] = &vb;
    vsmp_plan *p = NULL;
    vsmp_result r;
    CHECK(vsmp_plan_create(s, &st, VSMP_SUB_SAMPLE_LZ, &p, NULL) == VSMP_OK, "plan");
    vsmp_plan_run(p, &m, &r);
    float got;
    memcpy(&got, &r.c[0][0], 4);
    CHECK(got == 2.0f / 3.0f, "sample_lz through a BC1 block");
    vsmp_plan_free(p);
    vsmp_surface_free(s);
    return t_finish();
}
