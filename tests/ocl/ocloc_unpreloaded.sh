#!/bin/sh
# SPDX-License-Identifier: MIT
# ocloc without the sanitizer runtime the sanitized OpenCL tier preloads into clinfo (IGC loads
# its libraries with RTLD_DEEPBIND, which the sanitizer refuses): VSMP_OCLOC names this script.
unset LD_PRELOAD
exec ocloc "$@"
