/* SPDX-License-Identifier: MIT */
/* The version of the library a program runs against (version.h holds the numbers). */
#include "vsmp/version.h"

const char *vsmp_version(void)
{
    return VSMP_VERSION_STRING;
}

unsigned vsmp_version_number(void)
{
    return VSMP_VERSION_NUMBER;
}
