/* SPDX-License-Identifier: MIT */
/*
 * vsmp_sampler_from_hw on the SAMPLER_STATEs IGC wrote for three OpenCL inline samplers
 * (tests/corpus/cl/img_sample2d.cl, tgllp: the first 16 bytes of each kernel's sampler-state
 * array, copied from its dynamic state heap) and for CLK_ADDRESS_NONE (tests/launch/data), decoded
 * by hand in the comments; the CLK_ bits of an inline sampler mapped as IGC maps them.
 */
#include <stdint.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

int main(void)
{
    vsmp_sampler_state st;
    /* CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST:
     * DW0 = 0x00100000: min (16:14) 0, mag (19:17) 0 = nearest, mip (21:20) 1 = nearest;
     * DW3 = 0x00001800: TCZ, TCY, TCX (2:0, 5:3, 8:6) 0 = wrap; bit 10 clear: normalized */
    static const uint8_t near_norm[16] = {0x00, 0x00, 0x10, 0x00, 0x03, 0x00, 0x0e, 0x00,
                                          0x00, 0x00, 0x00, 0x00, 0x00, 0x18, 0x00, 0x00};
    CHECK(vsmp_sampler_from_hw(near_norm, &st) == VSMP_OK, "near_norm");
    CHECK(st.min_filter == VSMP_FILTER_NEAREST && st.mag_filter == VSMP_FILTER_NEAREST &&
              st.mip_filter == VSMP_MIPFILTER_NEAREST && st.address[0] == VSMP_TCM_WRAP &&
              st.address[1] == VSMP_TCM_WRAP && st.address[2] == VSMP_TCM_WRAP &&
              !st.non_normalized,
          "REPEAT, NEAREST, normalized");
    /* CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR:
     * DW0 = 0x00124000: bit 14 min 1, bit 17 mag 1 = linear, mip 1;
     * DW3 = 0x0007f892: 0x092 = 010 010 010: TCX = TCY = TCZ = 2 = clamp; bit 10 clear */
    static const uint8_t lin_norm[16] = {0x00, 0x40, 0x12, 0x00, 0x03, 0x00, 0x0e, 0x00,
                                         0x00, 0x00, 0x00, 0x00, 0x92, 0xf8, 0x07, 0x00};
    CHECK(vsmp_sampler_from_hw(lin_norm, &st) == VSMP_OK, "lin_norm");
    CHECK(st.min_filter == VSMP_FILTER_LINEAR && st.mag_filter == VSMP_FILTER_LINEAR &&
              st.address[0] == VSMP_TCM_CLAMP && st.address[1] == VSMP_TCM_CLAMP &&
              st.address[2] == VSMP_TCM_CLAMP && !st.non_normalized,
          "CLAMP_TO_EDGE, LINEAR");
    /* CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST:
     * DW3 = 0x00001d24: 0x124 = 100 100 100: all 4 = clamp to border; bit 10 (0x400) set:
     * non-normalized */
    static const uint8_t near_pix[16] = {0x00, 0x00, 0x10, 0x00, 0x03, 0x00, 0x0e, 0x00,
                                         0x00, 0x00, 0x00, 0x00, 0x24, 0x1d, 0x00, 0x00};
    CHECK(vsmp_sampler_from_hw(near_pix, &st) == VSMP_OK, "near_pix");
    CHECK(st.address[0] == VSMP_TCM_CLAMP_BORDER && st.address[1] == VSMP_TCM_CLAMP_BORDER &&
              st.address[2] == VSMP_TCM_CLAMP_BORDER && st.non_normalized &&
              st.border.f[0] == 0.0f && st.border.f[3] == 0.0f,
          "CLAMP, unnormalized, border 0");
    /* CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST, inline
     * (tests/launch/data/inline_none.cl, rd_none: bytes 64..79 of its heap):
     * DW0 = 0x00100000: nearest, mip 1; DW3 = 0x00001c92: 0x092 = 010 010 010: TCX = TCY =
     * TCZ = 2 = clamp (to edge), not clamp to border; bit 10 set: non-normalized */
    static const uint8_t none_pix[16] = {0x00, 0x00, 0x10, 0x00, 0x03, 0x00, 0x0e, 0x00,
                                         0x00, 0x00, 0x00, 0x00, 0x92, 0x1c, 0x00, 0x00};
    CHECK(vsmp_sampler_from_hw(none_pix, &st) == VSMP_OK, "none_pix");
    CHECK(st.address[0] == VSMP_TCM_CLAMP && st.address[1] == VSMP_TCM_CLAMP &&
              st.address[2] == VSMP_TCM_CLAMP && st.non_normalized &&
              st.min_filter == VSMP_FILTER_NEAREST,
          "IGC's inline CLK_ADDRESS_NONE: clamp to edge");
    /* the same value written in a launch description: as IGC programs it (0x10: NEAREST,
     * address 0: NONE, bit 0 clear: unnormalized) for an inline sampler; as the runtime does
     * (clamp to border) for a sampler_t argument */
    vsmp_sampler_state inl, arg;
    CHECK(vsmp_sampler_from_cl_inline(0x10, &inl) == VSMP_OK && inl.address[0] == VSMP_TCM_CLAMP &&
              inl.address[1] == VSMP_TCM_CLAMP && inl.address[2] == VSMP_TCM_CLAMP &&
              inl.non_normalized && inl.min_filter == st.min_filter &&
              inl.mag_filter == st.mag_filter,
          "inline NONE from the CLK_ bits: clamp to edge, as in IGC's heap");
    CHECK(vsmp_sampler_from_cl(0x10, &arg) == VSMP_OK && arg.address[0] == VSMP_TCM_CLAMP_BORDER &&
              arg.address[2] == VSMP_TCM_CLAMP_BORDER,
          "argument NONE: clamp to border");
    /* the other modes are the argument mapping's: CLAMP (4) to border, CLAMP_TO_EDGE (2) clamp */
    CHECK(vsmp_sampler_from_cl_inline(0x14, &inl) == VSMP_OK &&
              inl.address[0] == VSMP_TCM_CLAMP_BORDER,
          "inline CLAMP: clamp to border");
    CHECK(vsmp_sampler_from_cl_inline(0x12, &inl) == VSMP_OK && inl.address[0] == VSMP_TCM_CLAMP,
          "inline CLAMP_TO_EDGE: clamp");
    CHECK(vsmp_sampler_from_cl_inline(0x00, &inl) == VSMP_ERR_ARG, "inline without a filter");
    /* every SAMPLER_STATE IGC writes for an inline sampler has mip filter 1, nearest (DW0 bits
     * 21:20 of the four above): from the CLK_ bits too, or an explicit LOD (read_imagef with
     * lod, img_mip.cl) would read level 0. 0x23: normalized | CLAMP_TO_EDGE | LINEAR is lin_norm */
    CHECK(vsmp_sampler_from_hw(lin_norm, &st) == VSMP_OK &&
              vsmp_sampler_from_cl_inline(0x23, &inl) == VSMP_OK &&
              inl.mip_filter == VSMP_MIPFILTER_NEAREST && inl.mip_filter == st.mip_filter &&
              inl.min_filter == st.min_filter && inl.mag_filter == st.mag_filter &&
              inl.address[0] == st.address[0] && inl.non_normalized == st.non_normalized,
          "inline from the CLK_ bits: the heap's state, mip filter nearest");
    /* a min filter of 2 (anisotropic) is no OpenCL sampler */
    uint8_t aniso[16] = {0x00, 0x80, 0x00, 0x00};
    CHECK(vsmp_sampler_from_hw(aniso, &st) == VSMP_ERR_UNSUPPORTED, "anisotropic refused");
    CHECK(vsmp_sampler_from_hw(NULL, &st) == VSMP_ERR_ARG, "NULL");
    return t_finish();
}
