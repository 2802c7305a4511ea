/* SPDX-License-Identifier: MIT */
/*
 * The rules the validator and the machine share: each answers NULL when the rule holds, or the
 * rule's id (docs/VALIDATION.md) with its words in *why. The validator (validate.c) turns an
 * answer into a diagnostic; the machine's planner (src/exec/) refuses the instruction under the
 * same id and words. Not installed.
 */
#ifndef VSMP_RULES_H
#define VSMP_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "vsmp/isa.h"

/* Rule `type`: an operand of type t and class vclass (vsmp_vec_class) of an instruction of this
 * opcode, by the types column of the instruction table; addc and subb take integers of 32 bits
 * or less. Predicate operands are not typed. */
const char *vsmp_rule_opnd_type(unsigned opcode, unsigned t, unsigned vclass, const char **why);

/* Rule `operand-decl`: a vector operand names what the routine declares (5_operands.md). A
 * general operand a pre-defined variable (ids below 21) or a declared one (32 on); an address
 * operand and an indirect operand a declared address variable and, by their offset ("the offset,
 * in number of elements, applied on the address variable"), one of its elements; a predicate
 * operand a declared predicate; a state operand class 0 (surface) or 1 (sampler), a pre-defined
 * surface, S31 (bindless) or a declared variable of that class and, for a declared one, one of
 * its elements. Immediates have nothing to declare. */
const char *vsmp_rule_vec_decl(const vsmp_routine *r, const vsmp_vec *v, const char **why);

/* Rule `operand-class`: the classes (bits 1 << vsmp_vec_class) the destination (dst) or source
 * srcpos of an instruction of this opcode takes, by the opnds column of the instruction table;
 * and the check of one operand's class against them (*why: "cannot be an immediate"). */
unsigned vsmp_opnd_classes(unsigned opcode, bool dst, unsigned srcpos);
const char *vsmp_rule_opnd_class(unsigned opcode, bool dst, unsigned srcpos, unsigned vclass,
                                 const char **why);

/* Rules `exec-size`, `exec-mask`: the execution size is 1 to 32 lanes (the binary form's codes
 * give 1, 2, 4, 8, 16, 32), and with the mask's channel offset (4 * (emask & 7)) fits the 32
 * channels. */
const char *vsmp_rule_exec_fit(unsigned lanes, unsigned emask, const char **why);

/* A flag copy (mov of a predicate): scalar (`exec-size`), unpredicated (`predicate`), without
 * .sat (`operand-class`), into an integer of 32 bits or less (`type`; dst_type < 0: not known). */
const char *vsmp_rule_flag_copy(unsigned lanes, bool predicated, bool sat, int dst_type,
                                const char **why);

/* The element (in elements of the operand's type, from its first) of the last element a region
 * <vs;w,hs> reaches over `lanes` lanes: a destination, or a source without a width (w 0), steps
 * by hs; a source by rows of w. Both the validator's `operand-bounds` and the machine's operand
 * planning measure an operand with it. */
uint64_t vsmp_region_last(unsigned vs, unsigned w, unsigned hs, bool dst, unsigned lanes);

/* Rules `dst-type` and `param-type` of the sampler messages (3D_SAMPLE.md, 3D_LOAD.md, INFO.md):
 * the types a dst of 3D_SAMPLE/3D_LOAD (HF, F, W, UW, D, UD) and of INFO (UD) may have, and the
 * types a parameter of sampling (F, HF) and of a load or INFO (UD, D, UW, W) may have. The
 * platform's narrowing (F only before ICLLP) is the validator's. */
const char *vsmp_rule_sampler_dst(unsigned opcode, unsigned t, const char **why);
const char *vsmp_rule_sampler_param(bool load, unsigned t, const char **why);

/* Rule `media-block` of media_ld and media_st (MEDIA_LD.md, MEDIA_ST.md and GenX_IR's
 * IsaVerification): the modifier (media_ld 0..5, media_st 0..3), the surface (not T0, shared
 * local memory, nor T5: "It must be a 2D surface"), the plane 0..3, the block width and height
 * 1..64 bytes and rows, and the block in one transaction: its register pitch (vsmp_media_pitch)
 * times its height at most 256 bytes (the pages' width/height table). Rule `type`: the X and Y
 * offsets are integers of 32 bits or less (the pages: UD). */
const char *vsmp_rule_media(unsigned opcode, unsigned mod, unsigned surface, unsigned plane,
                            unsigned width, unsigned height, const char **why);
const char *vsmp_rule_media_offset(unsigned t, const char **why);
/* the typed 2D block's address type, width and height (LSC_TYPED.md, instructions-head) */
const char *vsmp_rule_tblock2d(unsigned addr_type, unsigned width, unsigned height,
                               const char **why);
/* The register pitch of a media block row: 4 below 4 bytes, else the width rounded up to a
 * power of two ("reg_pitch = block_width < 4 ? 4 : nextPowerOf2(block_width)"). */
unsigned vsmp_media_pitch(unsigned width);

#endif
