/* SPDX-License-Identifier: MIT */
#ifndef VSMP_SURFACE_H
#define VSMP_SURFACE_H

/**
 * @file surface.h
 * Surfaces described the way Intel's RENDER_SURFACE_STATE describes them: a type (1D, 2D, 3D,
 * CUBE, with the SurfaceArray bit), a format, the level-0 size, the array length, a mip chain
 * with SurfaceMinLOD / MIPCountLOD, and memory that the caller owns or vsmp allocates.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsmp/format.h"
#include "vsmp/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VSMP_MAX_LEVELS        15    /**< mip levels of a surface (MIPCountLOD is 4 bits) */
#define VSMP_MAX_SURFACE_DIM   16384 /**< largest width/height (Intel's 2D limit) */
#define VSMP_MAX_SURFACE_DEPTH 2048  /**< largest 3D depth and array length */
#define VSMP_MAX_SURFACE_BYTES ((size_t)1 << 34) /**< a surface vsmp will describe */
#define VSMP_MAX_BUFFER_TEXELS (1u << 27) /**< largest SURFTYPE_BUFFER width (27 bits of size) */

/** SURFTYPE values. Arrays are 1D/2D/CUBE with @c array set (SurfaceArray). */
typedef enum vsmp_surface_type {
    VSMP_SURFTYPE_1D = 0,
    VSMP_SURFTYPE_2D = 1,
    VSMP_SURFTYPE_3D = 2,
    VSMP_SURFTYPE_CUBE = 3,
    /** A run of texels without mips or layers (OpenCL's image1d_buffer_t): addressed like 1D,
     *  @c width up to VSMP_MAX_BUFFER_TEXELS, height, depth, levels and array length 1. */
    VSMP_SURFTYPE_BUFFER = 4,
    VSMP_SURFTYPE_NULL = 7,
} vsmp_surface_type;

/** A surface description (plain struct; vsmp_surface_desc_init() fills defaults). */
typedef struct vsmp_surface_desc {
    vsmp_surface_type type;
    bool array; /**< SurfaceArray: 1D array, 2D array, cube array */
    vsmp_format format;
    uint32_t width;         /**< level-0 width in texels */
    uint32_t height;        /**< level-0 height (1 for 1D) */
    uint32_t depth;         /**< level-0 depth (3D only; 1 otherwise) */
    uint32_t array_len;     /**< layers (1D/2D) or cubes (CUBE); 1 when not an array */
    uint32_t levels;        /**< mip levels present in memory, 1..15 */
    uint32_t min_lod;       /**< SurfaceMinLOD: the first level the sampler sees */
    uint32_t mip_count;     /**< MIPCountLOD + 1: levels the sampler sees (0 = levels - min_lod) */
    uint32_t samples;       /**< samples per pixel: 1, or 2, 4, 8, 16 (2D, one level) */
    bool mcs;               /**< multisample: compressed through an MCS plane (SEMANTICS 4) */
    vsmp_texel clear_color; /**< multisample with MCS: what a cleared pixel reads */
    /** Caller-owned memory, or NULL for vsmp-owned zeroed memory. */
    void *data;
    size_t data_size;
    /** Layout of caller memory per level: byte offset, row pitch, slice pitch (a slice is one
     *  layer, cube face or 3D depth slice). All zero = packed, levels in order. */
    size_t level_offset[VSMP_MAX_LEVELS];
    size_t row_pitch[VSMP_MAX_LEVELS];
    size_t slice_pitch[VSMP_MAX_LEVELS];
    /** Memory budget: the most bytes vsmp_surface_create() may allocate for this surface (its
     *  memory when vsmp owns it, the MCS plane, the residency map). 0 = no budget beyond
     *  VSMP_MAX_SURFACE_BYTES. Over it, creation fails with VSMP_ERR_NOMEM before allocating. */
    size_t max_memory;
    /** Zero (set by vsmp_surface_desc_init): room for later fields. */
    uint8_t reserved[16];
} vsmp_surface_desc;

typedef struct vsmp_surface vsmp_surface;

/** Fill @p d with a 1x1 2D R8G8B8A8_UNORM surface, one level, vsmp-owned memory. */
VSMP_API void vsmp_surface_desc_init(vsmp_surface_desc *d);

/**
 * Create a surface. Sizes are checked against Intel's limits and every size computation is
 * checked for overflow; caller memory must cover the layout.
 * @return VSMP_OK; VSMP_ERR_ARG (a field out of range, with a reason in @p diags if given);
 *         VSMP_ERR_NOMEM (over @c max_memory, or the allocation failed: the bytes needed are
 *         in @p diags, rule "memory").
 */
VSMP_API vsmp_status vsmp_surface_create(const vsmp_surface_desc *d, vsmp_surface **out,
                                         vsmp_diags *diags);
/** Free a surface (its memory too when vsmp owns it). NULL is allowed. */
VSMP_API void vsmp_surface_free(vsmp_surface *s);
/** @return the description the surface was created with (layout fields filled in). */
VSMP_API const vsmp_surface_desc *vsmp_surface_get_desc(const vsmp_surface *s);
/** Size of @p level (absolute level number): width, height, depth (3D) and slices. */
VSMP_API vsmp_status vsmp_surface_level_size(const vsmp_surface *s, unsigned level, uint32_t *w,
                                             uint32_t *h, uint32_t *d, uint32_t *slices);
/** Address of a texel (of the 4x4 block holding it, for block-compressed formats); @p slice is
 *  the layer, cube face (6 * cube + face) or 3D z. @return NULL when out of range. */
VSMP_API void *vsmp_surface_texel(const vsmp_surface *s, unsigned level, uint32_t slice, uint32_t x,
                                  uint32_t y);
/** Planar formats: address of the Cb,Cr pair of texel (x, y) (the chroma plane starts at row
 *  @c height of the surface, with the same row pitch). @return NULL for other formats. */
VSMP_API void *vsmp_surface_chroma(const vsmp_surface *s, uint32_t x, uint32_t y);
/** Store (pack) / load (unpack) one texel (packed 4:2:2 and planar: its Y, and the Cb and Cr
 *  it shares with its neighbours). @return VSMP_OK, VSMP_ERR_ARG when out of range,
 *  VSMP_ERR_UNSUPPORTED to store into a block-compressed format (write its memory instead). */
VSMP_API vsmp_status vsmp_surface_store(vsmp_surface *s, unsigned level, uint32_t slice, uint32_t x,
                                        uint32_t y, const vsmp_texel *t);
VSMP_API vsmp_status vsmp_surface_load(const vsmp_surface *s, unsigned level, uint32_t slice,
                                       uint32_t x, uint32_t y, vsmp_texel *t);
/** Fill levels 1.. from level 0 with a 2x2(x2) box filter (float classes; integer classes take
 *  the top-left texel). */
VSMP_API vsmp_status vsmp_surface_generate_mips(vsmp_surface *s);

/* ---- multisample surfaces ----
 * Samples live in planes: slice = layer * samples + plane (ISL's ARRAY layout). Without MCS,
 * plane i holds sample i. With MCS, each pixel has an MCS element whose entry i (log2(samples)
 * bits, little-endian) names the plane holding sample i; all ones means "cleared". */

/** MCS element of pixel (x, y) of @p layer. @return VSMP_OK or VSMP_ERR_ARG. */
VSMP_API vsmp_status vsmp_surface_set_mcs(vsmp_surface *s, uint32_t layer, uint32_t x, uint32_t y,
                                          uint64_t mcs);
VSMP_API vsmp_status vsmp_surface_get_mcs(const vsmp_surface *s, uint32_t layer, uint32_t x,
                                          uint32_t y, uint64_t *mcs);
/** The MCS value meaning "every sample in its own plane" (2x 0x2, 4x 0xE4, 8x 0xFAC688, 16x
 *  0xFEDCBA9876543210) and the cleared value (all entries ones), for @p samples. */
VSMP_API uint64_t vsmp_mcs_identity(uint32_t samples);
VSMP_API uint64_t vsmp_mcs_clear(uint32_t samples);
/**
 * Compress an MCS surface whose planes hold per-sample data (plane i = sample i): equal samples
 * share a plane (in order of first appearance), pixels whose samples all equal the clear colour
 * become cleared. @return VSMP_OK or VSMP_ERR_ARG (not an MCS surface).
 */
VSMP_API vsmp_status vsmp_surface_compress(vsmp_surface *s);

/* ---- sparse surfaces ----
 * The surface's memory is divided into 64 KiB tiles (by byte offset in its layout). A
 * non-resident tile reads as zero bytes and clears the pixel null mask bit of every lane that
 * fetched from it (SEMANTICS 3). Every tile is resident until said otherwise. */
#define VSMP_TILE_BYTES 65536u
/** Number of tiles of the surface's memory. */
VSMP_API size_t vsmp_surface_tile_count(const vsmp_surface *s);
/** Mark a tile resident or not. @return VSMP_OK, VSMP_ERR_ARG, VSMP_ERR_NOMEM. */
VSMP_API vsmp_status vsmp_surface_set_resident(vsmp_surface *s, size_t tile, bool resident);
/** The tile holding texel (level, slice, x, y) (SIZE_MAX when out of range). */
VSMP_API size_t vsmp_surface_tile_of(const vsmp_surface *s, unsigned level, uint32_t slice,
                                     uint32_t x, uint32_t y);

#ifdef __cplusplus
}
#endif

#endif
