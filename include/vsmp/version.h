/* SPDX-License-Identifier: MIT */
#ifndef VSMP_VERSION_H
#define VSMP_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

/* The only place the version lives; CMake reads it from here. */
#define VSMP_VERSION_MAJOR  0
#define VSMP_VERSION_MINOR  1
#define VSMP_VERSION_PATCH  0
#define VSMP_VERSION_STRING "0.1.0"
/** One comparable number: MAJOR * 10000 + MINOR * 100 + PATCH (0.1.0 is 100). */
#define VSMP_VERSION_NUMBER                                                                        \
    (VSMP_VERSION_MAJOR * 10000 + VSMP_VERSION_MINOR * 100 + VSMP_VERSION_PATCH)

#if defined(VSMP_BUILDING) && defined(__GNUC__)
#define VSMP_VERSION_API __attribute__((visibility("default")))
#else
#define VSMP_VERSION_API
#endif

/** @return the library's version string (may differ from VSMP_VERSION_STRING when a program
 *  runs against another build of the shared library). */
VSMP_VERSION_API const char *vsmp_version(void);
/** @return the library's VSMP_VERSION_NUMBER (compare it with the header's at run time). */
VSMP_VERSION_API unsigned vsmp_version_number(void);

#ifdef __cplusplus
}
#endif

#endif
