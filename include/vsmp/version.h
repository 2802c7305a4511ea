/* SPDX-License-Identifier: MIT */
#ifndef VSMP_VERSION_H
#define VSMP_VERSION_H

/* The only place the version lives; CMake reads it from here. */
#define VSMP_VERSION_MAJOR  0
#define VSMP_VERSION_MINOR  1
#define VSMP_VERSION_PATCH  0
#define VSMP_VERSION_STRING "0.1.0"

/** @return the library's version string (may differ from VSMP_VERSION_STRING when a program
 *  runs against another build of the shared library). */
#if defined(VSMP_BUILDING) && defined(__GNUC__)
__attribute__((visibility("default")))
#endif
const char *
vsmp_version(void);

#endif
