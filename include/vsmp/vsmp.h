/* SPDX-License-Identifier: MIT */
#ifndef VSMP_VSMP_H
#define VSMP_VSMP_H

/**
 * @file vsmp.h
 * Umbrella header of vsmp, a C11 implementation of Intel's vISA sampler instructions.
 */

#include "vsmp/version.h"
#include "vsmp/status.h"
#include "vsmp/exec.h"
#include "vsmp/launch.h"
#include "vsmp/pool.h"
#include "vsmp/isa.h"
#include "vsmp/format.h"
#include "vsmp/surface.h"
#include "vsmp/sampler.h"

#endif
