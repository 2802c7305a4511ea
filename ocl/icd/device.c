/* SPDX-License-Identifier: MIT */
/* The platform, its devices (one per Intel target vsmp runs) and their clGet*Info answers.
 * The device facts and their sources are listed in docs/OPENCL.md. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sysconf */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "icd.h"
#include "vsmp/launch.h"
#include "vsmp/version.h"

#define PLATFORM_NAME     "vsmp"
#define CL_VERSION_STRING "OpenCL 3.0 vsmp " VSMP_VERSION_STRING
#define EXTENSIONS        VSMP_CL_EXTENSIONS
#define MAX_ALLOC_INTEL   4294959104ull /* Intel's CL_DEVICE_MAX_MEM_ALLOC_SIZE: 4 GiB - 8 KiB */

/* Facts of Intel's OpenCL runtime (compute-runtime 22.43 in AUB mode, docs/OPENCL.md). */
static const vsmp_cl_target targets[] = {
    {.name = "tgllp",
     .gfx_name = "Tiger Lake LP (Gen12LP)",
     .platform = "TGLLP",
     .pci_id = 0x9a49,
     .ip_version = 0xc0000,
     .slices = 1,
     .subslices_per_slice = 6,
     .eus_per_subslice = 16,
     .threads_per_eu = 7,
     .max_wg = 512,
     .wg_multiple = 64,
     .global_cache = 3932160,
     .intel_global = 13743894528ull,
     .image3d_max_wh = 2048,
     .image_pitch_align = 64,
     .correct_div_sqrt = false},
    {.name = "skl",
     .gfx_name = "Skylake (Gen9)",
     .platform = "SKL",
     .pci_id = 0x1912,
     .ip_version = 0x90000,
     .slices = 1,
     .subslices_per_slice = 3,
     .eus_per_subslice = 8,
     .threads_per_eu = 7,
     .max_wg = 256,
     .wg_multiple = 32,
     .global_cache = 786432,
     .intel_global = 13743894528ull,
     .image3d_max_wh = 16384,
     .image_pitch_align = 4,
     .correct_div_sqrt = true},
    {.name = "acm-g10",
     .gfx_name = "Alchemist ACM-G10 (Xe-HPG)",
     .platform = "DG2",
     .pci_id = 0x56a0,
     .ip_version = 0xc0701,
     .slices = 8,
     .subslices_per_slice = 4,
     .eus_per_subslice = 16,
     .threads_per_eu = 8,
     .max_wg = 1024,
     .wg_multiple = 64,
     .global_cache = 16777216,
     .intel_global = 27487789056ull,
     .image3d_max_wh = 16384,
     .image_pitch_align = 4,
     .correct_div_sqrt = true},
};
#define NTARGETS (sizeof targets / sizeof targets[0])

struct _cl_platform_id vsmp_cl_platform = {{&vsmp_cl_dispatch, VSMP_CL_PLATFORM, 0}};
static struct _cl_device_id devices[NTARGETS];
static pthread_once_t devices_once = PTHREAD_ONCE_INIT;

/* Global memory on this machine: half its RAM, at most what Intel reports for the target;
 * VSMP_CL_GLOBAL_MEM_MB lowers it (tests of the budget). */
static void devices_init(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    uint64_t half = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page / 2 : 1ull << 30;
    const char *env = getenv("VSMP_CL_GLOBAL_MEM_MB");
    if (env && *env) {
        char *end;
        unsigned long long mb = strtoull(env, &end, 10);
        if (*end == '\0' && mb > 0 && mb < (1ull << 40))
            half = mb << 20;
    }
    for (size_t i = 0; i < NTARGETS; i++) {
        devices[i].h = (vsmp_cl_head){&vsmp_cl_dispatch, VSMP_CL_DEVICE, 0};
        devices[i].t = &targets[i];
        devices[i].global_mem = half < targets[i].intel_global ? half : targets[i].intel_global;
        devices[i].max_alloc =
            devices[i].global_mem < MAX_ALLOC_INTEL ? devices[i].global_mem : MAX_ALLOC_INTEL;
    }
}

cl_uint vsmp_cl_num_devices(void)
{
    return NTARGETS;
}

cl_device_id vsmp_cl_device(cl_uint i)
{
    pthread_once(&devices_once, devices_init);
    return i < NTARGETS ? &devices[i] : NULL;
}

bool vsmp_cl_device_valid(cl_device_id d)
{
    return d && d >= devices && d < devices + NTARGETS && d->h.magic == VSMP_CL_DEVICE;
}

cl_int vsmp_cl_info(size_t param_value_size, void *param_value, size_t *param_value_size_ret,
                    const void *value, size_t size)
{
    if (param_value) {
        if (param_value_size < size)
            return CL_INVALID_VALUE;
        if (size)
            memcpy(param_value, value, size);
    }
    if (param_value_size_ret)
        *param_value_size_ret = size;
    return CL_SUCCESS;
}

cl_ulong vsmp_cl_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (cl_ulong)ts.tv_sec * 1000000000u + (cl_ulong)ts.tv_nsec;
}

/* "name name ..." as cl_name_version entries */
static size_t name_versions(const char *list, cl_version ver, cl_name_version *out, size_t max)
{
    size_t n = 0;
    for (const char *p = list; *p;) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (!len)
            break;
        if (n < max) {
            memset(&out[n], 0, sizeof out[n]);
            memcpy(out[n].name, p,
                   len < CL_NAME_VERSION_MAX_NAME_SIZE ? len : CL_NAME_VERSION_MAX_NAME_SIZE - 1);
            out[n].version = ver;
        }
        n++;
        p += len;
    }
    return n;
}

static bool platform_ok(cl_platform_id p)
{
    return !p || p == &vsmp_cl_platform;
}

cl_int CL_API_CALL vsmp_clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms,
                                         cl_uint *num_platforms)
{
    if ((num_entries == 0 && platforms) || (!platforms && !num_platforms))
        return CL_INVALID_VALUE;
    if (platforms)
        platforms[0] = &vsmp_cl_platform;
    if (num_platforms)
        *num_platforms = 1;
    return CL_SUCCESS;
}

cl_int CL_API_CALL vsmp_clGetPlatformInfo(cl_platform_id platform, cl_platform_info param_name,
                                          size_t param_value_size, void *param_value,
                                          size_t *param_value_size_ret)
{
    if (!platform_ok(platform))
        return CL_INVALID_PLATFORM;
    const char *s = NULL;
    switch (param_name) {
    case CL_PLATFORM_PROFILE:
        s = "FULL_PROFILE";
        break;
    case CL_PLATFORM_VERSION:
        s = CL_VERSION_STRING;
        break;
    case CL_PLATFORM_NAME:
        s = PLATFORM_NAME;
        break;
    case CL_PLATFORM_VENDOR:
        s = "vsmp";
        break;
    case CL_PLATFORM_EXTENSIONS:
        s = EXTENSIONS;
        break;
    case CL_PLATFORM_ICD_SUFFIX_KHR:
        s = "VSMP";
        break;
    case CL_PLATFORM_NUMERIC_VERSION: {
        cl_version v = CL_MAKE_VERSION(3, 0, 0);
        return vsmp_cl_info(param_value_size, param_value, param_value_size_ret, &v, sizeof v);
    }
    case CL_PLATFORM_HOST_TIMER_RESOLUTION: {
        cl_ulong r = 1;
        return vsmp_cl_info(param_value_size, param_value, param_value_size_ret, &r, sizeof r);
    }
    case CL_PLATFORM_EXTENSIONS_WITH_VERSION: {
        cl_name_version nv[8];
        size_t n = name_versions(EXTENSIONS, CL_MAKE_VERSION(1, 0, 0), nv, 8);
        return vsmp_cl_info(param_value_size, param_value, param_value_size_ret, nv,
                            n * sizeof nv[0]);
    }
    default:
        return CL_INVALID_VALUE;
    }
    return vsmp_cl_info(param_value_size, param_value, param_value_size_ret, s, strlen(s) + 1);
}

cl_int CL_API_CALL vsmp_clGetDeviceIDs(cl_platform_id platform, cl_device_type device_type,
                                       cl_uint num_entries, cl_device_id *devs,
                                       cl_uint *num_devices)
{
    if (!platform_ok(platform))
        return CL_INVALID_PLATFORM;
    const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                                 CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
    if (device_type != CL_DEVICE_TYPE_ALL && (device_type & ~known))
        return CL_INVALID_DEVICE_TYPE;
    if ((num_entries == 0 && devs) || (!devs && !num_devices))
        return CL_INVALID_VALUE;
    /* every device is a GPU; the default device is the first (tgllp) */
    cl_uint n = 0;
    if (device_type == CL_DEVICE_TYPE_ALL || (device_type & CL_DEVICE_TYPE_GPU))
        n = NTARGETS;
    else if (device_type & CL_DEVICE_TYPE_DEFAULT)
        n = 1;
    if (!n)
        return CL_DEVICE_NOT_FOUND;
    for (cl_uint i = 0; devs && i < n && i < num_entries; i++)
        devs[i] = vsmp_cl_device(i);
    if (num_devices)
        *num_devices = n;
    return CL_SUCCESS;
}

cl_int CL_API_CALL vsmp_clGetDeviceInfo(cl_device_id device, cl_device_info param_name,
                                        size_t param_value_size, void *param_value,
                                        size_t *param_value_size_ret)
{
    pthread_once(&devices_once, devices_init);
    if (!vsmp_cl_device_valid(device))
        return CL_INVALID_DEVICE;
    const vsmp_cl_target *t = device->t;
    union {
        cl_uint u;
        cl_bool b;
        cl_ulong ul;
        size_t sz;
        size_t sizes[3];
        cl_bitfield bits;
        cl_device_type type;
        cl_platform_id platform;
        cl_device_id dev;
        cl_version ver;
        cl_name_version nv[16];
        cl_device_partition_property part[1];
        cl_uchar uuid[CL_UUID_SIZE_KHR];
        char str[256];
    } v;
    size_t size = 0;
    const char *s = NULL;
    memset(&v, 0, sizeof v);
#define U(x)    (v.u = (cl_uint)(x), size = sizeof v.u)
#define B(x)    (v.b = (x) ? CL_TRUE : CL_FALSE, size = sizeof v.b)
#define UL(x)   (v.ul = (cl_ulong)(x), size = sizeof v.ul)
#define SZ(x)   (v.sz = (size_t)(x), size = sizeof v.sz)
#define BITS(x) (v.bits = (cl_bitfield)(x), size = sizeof v.bits)
    switch (param_name) {
    case CL_DEVICE_TYPE:
        v.type = CL_DEVICE_TYPE_GPU, size = sizeof v.type;
        break;
    case CL_DEVICE_VENDOR_ID:
        U(0x8086);
        break;
    case CL_DEVICE_MAX_COMPUTE_UNITS:
        U(t->slices * t->subslices_per_slice * t->eus_per_subslice);
        break;
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
        U(3);
        break;
    case CL_DEVICE_MAX_WORK_ITEM_SIZES:
        v.sizes[0] = v.sizes[1] = v.sizes[2] = t->max_wg, size = sizeof v.sizes;
        break;
    case CL_DEVICE_MAX_WORK_GROUP_SIZE:
        SZ(t->max_wg);
        break;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
        U(16);
        break;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
        U(8);
        break;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
        U(4);
        break;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
        U(1);
        break;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
        U(0);
        break; /* no cl_khr_fp64, cl_khr_fp16 */
    case CL_DEVICE_MAX_CLOCK_FREQUENCY:
        U(0);
        break; /* as Intel's runtime without a GPU */
    case CL_DEVICE_ADDRESS_BITS:
        U(64);
        break;
    /* images: the limits of Intel's runtime (docs/OPENCL.md) */
    case CL_DEVICE_IMAGE_SUPPORT:
        B(true);
        break;
    case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
    case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
        U(128);
        break;
    case CL_DEVICE_MAX_SAMPLERS:
        U(16);
        break;
    case CL_DEVICE_IMAGE2D_MAX_WIDTH:
    case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
        SZ(16384);
        break;
    case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
        SZ(t->image3d_max_wh);
        break;
    case CL_DEVICE_IMAGE3D_MAX_DEPTH:
        SZ(2048);
        break;
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
        SZ(268434944);
        break;
    case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
        SZ(2048);
        break;
    /* 2D images from buffers (cl_khr_image2d_from_buffer) are not offered: 0 */
    case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
    case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
        U(0);
        break;
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
        UL(device->max_alloc);
        break;
    case CL_DEVICE_MAX_PARAMETER_SIZE:
        SZ(2048);
        break;
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
        U(1024);
        break;
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
        U(128);
        break;
    case CL_DEVICE_SINGLE_FP_CONFIG:
        BITS(CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
             CL_FP_ROUND_TO_INF | CL_FP_FMA |
             (t->correct_div_sqrt ? CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT : 0));
        break;
    case CL_DEVICE_DOUBLE_FP_CONFIG:
    case CL_DEVICE_HALF_FP_CONFIG:
        BITS(0);
        break;
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
        U(CL_READ_WRITE_CACHE);
        break;
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
        U(64);
        break;
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
        UL(t->global_cache);
        break;
    case CL_DEVICE_GLOBAL_MEM_SIZE:
        UL(device->global_mem);
        break;
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
        UL(device->max_alloc);
        break;
    case CL_DEVICE_MAX_CONSTANT_ARGS:
        U(8);
        break;
    case CL_DEVICE_LOCAL_MEM_TYPE:
        U(CL_LOCAL);
        break;
    case CL_DEVICE_LOCAL_MEM_SIZE:
        UL(65536);
        break;
    case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
        B(false);
        break;
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
        SZ(1);
        break;
    case CL_DEVICE_ENDIAN_LITTLE:
        B(true);
        break;
    case CL_DEVICE_AVAILABLE:
        B(true);
        break;
    case CL_DEVICE_COMPILER_AVAILABLE:
        B(true); /* ocloc, run as a child process */
        break;
    case CL_DEVICE_LINKER_AVAILABLE:
        B(false);
        break; /* clCompileProgram/clLinkProgram: no */
    case CL_DEVICE_EXECUTION_CAPABILITIES:
        BITS(CL_EXEC_KERNEL);
        break;
    case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES:
        BITS(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
        break;
    case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
    case CL_DEVICE_SVM_CAPABILITIES:
    case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
    case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
    case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
        BITS(0);
        break;
    case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
    case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
    case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
    case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
    case CL_DEVICE_MAX_PIPE_ARGS:
    case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
    case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
    case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
    case CL_DEVICE_MAX_NUM_SUB_GROUPS:
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
    case CL_DEVICE_REFERENCE_COUNT:
        U(param_name == CL_DEVICE_REFERENCE_COUNT ? 1 : 0);
        break;
    case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
    case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
        SZ(0); /* __opencl_c_program_scope_global_variables is not offered */
        break;
    case CL_DEVICE_PIPE_SUPPORT:
    case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
    case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
    case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
    case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
    case CL_DEVICE_HOST_UNIFIED_MEMORY:
        B(param_name == CL_DEVICE_HOST_UNIFIED_MEMORY);
        break;
    case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
        B(true);
        break;
    case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
        SZ(t->wg_multiple);
        break;
    case CL_DEVICE_PRINTF_BUFFER_SIZE:
        SZ(VSMP_LAUNCH_PRINTF_SIZE);
        break;
    case CL_DEVICE_PLATFORM:
        v.platform = &vsmp_cl_platform, size = sizeof v.platform;
        break;
    case CL_DEVICE_PARENT_DEVICE:
        v.dev = NULL, size = sizeof v.dev;
        break;
    case CL_DEVICE_PARTITION_PROPERTIES:
    case CL_DEVICE_PARTITION_TYPE:
        size = 0; /* none: an empty answer, as Intel's runtime gives for a root device */
        break;
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
        BITS(0);
        break;
    case CL_DEVICE_NAME:
        snprintf(v.str, sizeof v.str, "vsmp %s", t->name);
        s = v.str;
        break;
    case CL_DEVICE_VENDOR:
        s = "Intel(R) Corporation";
        break;
    case CL_DRIVER_VERSION:
        s = VSMP_VERSION_STRING;
        break;
    case CL_DEVICE_PROFILE:
        s = "FULL_PROFILE";
        break;
    case CL_DEVICE_VERSION:
        s = CL_VERSION_STRING;
        break;
    case CL_DEVICE_OPENCL_C_VERSION:
        s = "OpenCL C 1.2 ";
        break;
    case CL_DEVICE_EXTENSIONS:
        s = EXTENSIONS;
        break;
    case CL_DEVICE_BUILT_IN_KERNELS:
        s = "";
        break;
    case CL_DEVICE_IL_VERSION:
        s = "";
        break;
    case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
        s = "v0000-00-00-00";
        break;
    case CL_DEVICE_NUMERIC_VERSION:
        v.ver = CL_MAKE_VERSION(3, 0, 0), size = sizeof v.ver;
        break;
    case CL_DEVICE_EXTENSIONS_WITH_VERSION:
        size = name_versions(EXTENSIONS, CL_MAKE_VERSION(1, 0, 0), v.nv, 16) * sizeof v.nv[0];
        break;
    case CL_DEVICE_OPENCL_C_ALL_VERSIONS: {
        static const cl_version vers[] = {CL_MAKE_VERSION(1, 0, 0), CL_MAKE_VERSION(1, 1, 0),
                                          CL_MAKE_VERSION(1, 2, 0), CL_MAKE_VERSION(3, 0, 0)};
        for (size_t i = 0; i < 4; i++) {
            strcpy(v.nv[i].name, "OpenCL C");
            v.nv[i].version = vers[i];
        }
        size = 4 * sizeof v.nv[0];
        break;
    }
    case CL_DEVICE_OPENCL_C_FEATURES:
        size =
            name_versions(VSMP_CL_C_FEATURES, CL_MAKE_VERSION(3, 0, 0), v.nv, 16) * sizeof v.nv[0];
        break;
    case CL_DEVICE_ILS_WITH_VERSION:
    case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
        size = 0;
        break;
    case CL_DEVICE_UUID_KHR:
    case CL_DRIVER_UUID_KHR:
        /* vendor 0x8086 and the PCI id, as Intel's runtime lays its device UUID out; the driver
         * UUID names vsmp and its version */
        if (param_name == CL_DEVICE_UUID_KHR) {
            v.uuid[0] = 0x86, v.uuid[1] = 0x80, v.uuid[4] = (cl_uchar)t->pci_id;
            v.uuid[5] = (cl_uchar)(t->pci_id >> 8);
        } else {
            memcpy(v.uuid, "vsmp " VSMP_VERSION_STRING, sizeof "vsmp " VSMP_VERSION_STRING - 1);
        }
        size = CL_UUID_SIZE_KHR;
        break;
    case CL_DEVICE_LUID_VALID_KHR:
        B(false);
        break;
    case CL_DEVICE_LUID_KHR:
        size = CL_LUID_SIZE_KHR;
        break;
    case CL_DEVICE_NODE_MASK_KHR:
        U(0);
        break;
    default:
        return CL_INVALID_VALUE;
    }
#undef U
#undef B
#undef UL
#undef SZ
#undef BITS
    if (s)
        return vsmp_cl_info(param_value_size, param_value, param_value_size_ret, s, strlen(s) + 1);
    return vsmp_cl_info(param_value_size, param_value, param_value_size_ret, &v, size);
}

cl_int CL_API_CALL vsmp_clRetainDevice(cl_device_id device)
{
    return vsmp_cl_device_valid(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL vsmp_clReleaseDevice(cl_device_id device)
{
    return vsmp_cl_device_valid(device) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL vsmp_clCreateSubDevices(cl_device_id in_device,
                                           const cl_device_partition_property *properties,
                                           cl_uint num_devices, cl_device_id *out_devices,
                                           cl_uint *num_devices_ret)
{
    (void)properties, (void)num_devices, (void)out_devices, (void)num_devices_ret;
    /* CL_DEVICE_PARTITION_MAX_SUB_DEVICES is 0 */
    return vsmp_cl_device_valid(in_device) ? CL_INVALID_VALUE : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL vsmp_clGetDeviceAndHostTimer(cl_device_id device, cl_ulong *device_timestamp,
                                                cl_ulong *host_timestamp)
{
    if (!vsmp_cl_device_valid(device))
        return CL_INVALID_DEVICE;
    if (!device_timestamp || !host_timestamp)
        return CL_INVALID_VALUE;
    *device_timestamp = *host_timestamp = vsmp_cl_now();
    return CL_SUCCESS;
}

cl_int CL_API_CALL vsmp_clGetHostTimer(cl_device_id device, cl_ulong *host_timestamp)
{
    if (!vsmp_cl_device_valid(device))
        return CL_INVALID_DEVICE;
    if (!host_timestamp)
        return CL_INVALID_VALUE;
    *host_timestamp = vsmp_cl_now();
    return CL_SUCCESS;
}
