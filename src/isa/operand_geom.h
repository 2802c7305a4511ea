/* SPDX-License-Identifier: MIT */
/*
 * Operand geometry of the sampler instructions: how many bytes each parameter reads and where
 * each channel and the pixel null mask land in <dst>. One home for these rules, read by the
 * validator (bounds checks) and the machine (src/exec/, the writeback). Not installed.
 */
#ifndef VSMP_OPERAND_GEOM_H
#define VSMP_OPERAND_GEOM_H

#include <stdbool.h>
#include <stdint.h>

#include "vsmp/isa.h"

/* GRF rows taken by @p lanes elements of @p tsize bytes: ceil(lanes * tsize / grf)
 * (3D_SAMPLE.md Notes: "Each channel's return data start in the next GRF"; SEMANTICS 0.3). */
unsigned vsmp_geom_rows(unsigned lanes, unsigned tsize, unsigned grf_bytes);

/* Where a 3D_SAMPLE / 3D_LOAD / INFO writes its result, relative to <dst>'s byte offset. */
typedef struct vsmp_dst_geom {
    unsigned tsize;            /* bytes per returned element: 2 (HF, W, UW) or 4 */
    unsigned channels;         /* enabled channels (popcount of the RGBA mask) */
    unsigned rows_per_channel; /* vsmp_geom_rows(lanes, tsize, grf) */
    uint32_t channel_stride;   /* bytes from one enabled channel to the next */
    bool null_mask;            /* the pixel null mask GRF follows the data (Op bit 8) */
    uint32_t null_mask_at;     /* byte offset of its first DWord */
    uint32_t bytes;            /* bytes the response spans: whole GRFs, null-mask GRF included */
} vsmp_dst_geom;

/*
 * Geometry of a sampler instruction's <dst>. @p dst_tsize is the size of <dst>'s declared type;
 * INFO always returns 32-bit UD (INFO.md), whatever is passed. @p lanes is the exec size.
 */
void vsmp_geom_sampler_dst(const vsmp_inst *in, unsigned lanes, unsigned dst_tsize,
                           unsigned grf_bytes, vsmp_dst_geom *g);

/* Bytes a parameter (or INFO's LOD) of @p lanes elements of @p tsize bytes reads. */
uint32_t vsmp_geom_param_bytes(unsigned lanes, unsigned tsize);

/* Bytes SAMPLE_UNORM's <dst> must hold: 32 UW per enabled channel (SAMPLE_UNORM.md: "must have
 * 32 * num_enabled_channels elements"; the finalizer's response length, SEMANTICS 1.1). */
uint32_t vsmp_geom_unorm_dst_bytes(unsigned channels);

#endif
