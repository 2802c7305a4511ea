# SPDX-License-Identifier: MIT
# The clinfo tier: Debian's clinfo through the ICD loader sees vsmp's platform and its three
# devices, and answers every query it makes without a crash.
# With -DBUILD_DIR and -DPREFIX, first `cmake --install BUILD_DIR --prefix PREFIX`, and clinfo -l
# then runs on the installed vendor file (OCL_ICD_VENDORS=PREFIX/etc/OpenCL/vendors).
# usage: cmake -DCLINFO=path -DICD=libvsmp_opencl.so [-DBUILD_DIR=d -DPREFIX=p]
#              [-DPRELOAD=sanitizer-runtime.so -DOCLOC_WRAPPER=ocloc_unpreloaded.sh] -P clinfo.cmake
# A sanitized ICD in the uninstrumented clinfo: the sanitizer runtime preloaded into clinfo (only:
# not into cmake, nor into ocloc, whose IGC dlopens with RTLD_DEEPBIND, which it refuses).
macro(preload)
  if(PRELOAD)
    set(ENV{LD_PRELOAD} "${PRELOAD}")
    set(ENV{ASAN_OPTIONS} "detect_leaks=0")
    set(ENV{VSMP_OCLOC} "${OCLOC_WRAPPER}")
  endif()
endmacro()
if(BUILD_DIR)
  file(REMOVE_RECURSE "${PREFIX}")
  execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc STREQUAL "0" OR NOT EXISTS "${PREFIX}/etc/OpenCL/vendors/vsmp.icd")
    message(FATAL_ERROR "cmake --install did not install etc/OpenCL/vendors/vsmp.icd:\n${out}")
  endif()
  file(READ "${PREFIX}/etc/OpenCL/vendors/vsmp.icd" icd)
  string(STRIP "${icd}" icd)
  if(NOT EXISTS "${icd}")
    message(FATAL_ERROR "the installed vsmp.icd names ${icd}, which is not there")
  endif()
  set(ENV{OCL_ICD_VENDORS} "${PREFIX}/etc/OpenCL/vendors")
  preload()
  execute_process(COMMAND ${CLINFO} -l RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out
                  TIMEOUT 120)
  string(FIND "${out}" "Platform #0: vsmp" at)
  if(NOT rc STREQUAL "0" OR at EQUAL -1)
    message(FATAL_ERROR "clinfo -l on the installed ICD (${rc}):\n${out}")
  endif()
  message(STATUS "installed: ${PREFIX}/etc/OpenCL/vendors/vsmp.icd -> ${icd}, listed by clinfo -l")
  file(REMOVE_RECURSE "${PREFIX}")
endif()
set(ENV{OCL_ICD_VENDORS} "${ICD}")
preload()
foreach(args "-l" "")
  separate_arguments(argv UNIX_COMMAND "${args}")
  execute_process(COMMAND ${CLINFO} ${argv} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc STREQUAL "0")
    message(FATAL_ERROR "clinfo ${args} failed (${rc}):\n${out}\n${err}")
  endif()
  if(args STREQUAL "-l")
    foreach(want "Platform #0: vsmp" "Device #0: vsmp tgllp" "Device #1: vsmp skl"
                 "Device #2: vsmp acm-g10")
      string(FIND "${out}" "${want}" at)
      if(at EQUAL -1)
        message(FATAL_ERROR "clinfo -l does not list \"${want}\":\n${out}")
      endif()
    endforeach()
  else()
    foreach(want "Platform Name                                   vsmp"
                 "Number of devices                                 3"
                 "Device Name                                     vsmp tgllp"
                 "Device Name                                     vsmp skl"
                 "Device Name                                     vsmp acm-g10"
                 "Max work group size                             512"
                 "Max work group size                             256"
                 "Max work group size                             1024"
                 "clCreateContextFromType(NULL, CL_DEVICE_TYPE_DEFAULT)  Success (1)")
      string(FIND "${out}" "${want}" at)
      if(at EQUAL -1)
        message(FATAL_ERROR "clinfo does not show \"${want}\":\n${out}")
      endif()
    endforeach()
    # clinfo builds a kernel to ask its preferred work-group multiple: ocloc ran, the zebin was
    # read and the kernel made (tgllp, the first device)
    if(NOT out MATCHES "Preferred work group size multiple \\(kernel\\) +(8|16|32)\n")
      message(FATAL_ERROR "clinfo could not build a kernel on vsmp tgllp:\n${out}")
    endif()
  endif()
  message(STATUS "clinfo ${args}: exit 0, platform and devices listed")
endforeach()
