/* SPDX-License-Identifier: MIT */
/*
 * The table kernels' two forms (sample_avx2_lut8.c: sRGB, SNORM, X channels looked up in the
 * plan's tables): their rows' kernels look the channels up by gathers, their second form
 * (scalar_avx2_lut8.c) by scalar loads, for the cores whose gathers are slow. table.c's
 * gather_forms picks one per plan (docs/SAMPLING.md, "Gathers or scalar loads").
 */
#ifndef VSMP_LUT_FORMS_H
#define VSMP_LUT_FORMS_H

#include "sample_internal.h"

void vsmp_sample_flat_lut8_avx2_scalar(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_mip_lut8_avx2_scalar(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

#endif
