/* SPDX-License-Identifier: MIT */
#ifndef VSMP_OCL_INTERNAL_H
#define VSMP_OCL_INTERNAL_H

/* Between the files of vsmp_ocl. */

#include "zebin.h"

/* vsmp_ocl_zeinfo_read_grf, keeping every kernel of the zeinfo in its order (the zebin's unnamed
 * .visaasm sections follow that order). */
vsmp_status vsmp_ocl_zeinfo_read_all(const char *yaml, size_t size, unsigned grf,
                                     vsmp_ocl_program **out, vsmp_diags *diags);

/* Drop the kernel IGC adds to carry a program's symbol table (Intel_Symbol_Table_Void_Program). */
void vsmp_ocl_program_drop_void(vsmp_ocl_program *p);

#endif
