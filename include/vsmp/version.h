/* SPDX-License-Identifier: MIT */
#ifndef VSMP_VERSION_H
#define VSMP_VERSION_H

/* The only place the version lives; CMake reads it from here. */
#define VSMP_VERSION_MAJOR 0
#define VSMP_VERSION_MINOR 1
#define VSMP_VERSION_PATCH 0
#define VSMP_VERSION_STRING "0.1.0"

#endif
