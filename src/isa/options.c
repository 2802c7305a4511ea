/* SPDX-License-Identifier: MIT */
/* Defaults of the codec, parser, printer and validator options (isa.h). */
#include <string.h>

#include "vsmp/isa.h"

void vsmp_read_options_init(vsmp_read_options *o)
{
    memset(o, 0, sizeof(*o));
    o->max_memory = VSMP_DEFAULT_MAX_MEMORY;
}

void vsmp_text_options_init(vsmp_text_options *o)
{
    memset(o, 0, sizeof(*o));
    o->dialect = VSMP_DIALECT_AUTO;
    o->max_memory = VSMP_DEFAULT_MAX_MEMORY;
}

void vsmp_write_options_init(vsmp_write_options *o)
{
    memset(o, 0, sizeof(*o));
}

void vsmp_print_options_init(vsmp_print_options *o)
{
    memset(o, 0, sizeof(*o));
    o->dialect = VSMP_DIALECT_12504;
}

void vsmp_check_options_init(vsmp_check_options *o)
{
    memset(o, 0, sizeof(*o));
    o->platform = VSMP_PLATFORM_TGLLP;
}
