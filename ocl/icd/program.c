/* SPDX-License-Identifier: MIT */
/* Program objects: their source or binaries, their info and build info, their references, and
 * building: ocloc in a child process (ocl/ocloc.c) makes a zebin per device, whose kernels
 * (ocl/zebin.c: interfaces and vISA text) are parsed into vsmp modules (docs/OPENCL.md). */
#define _POSIX_C_SOURCE 200809L /* strdup, open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icd.h"
#include "ocloc.h"
#include "zebin.h"

struct _cl_program {
    vsmp_cl_head h;
    cl_context ctx;
    cl_uint ndev;
    cl_device_id dev[4];
    char *source;          /* NULL for a program made from binaries */
    unsigned char *bin[4]; /* per device: the zebin (NULL until built) */
    size_t bin_size[4];
    cl_build_status status[4];
    char *options[4]; /* the options of the last build */
    char *log[4];
    cl_uint kernels;         /* kernel objects made from it: it cannot be rebuilt while any exist */
    bool building;           /* a thread is building it (the lock released) */
    vsmp_ocl_program *op[4]; /* per device: the zebin's kernels */
    vsmp_module **mods[4];   /* per device and kernel: the kernel's vISA, parsed */
};

static bool program_ok(cl_program p)
{
    return vsmp_cl_is(p, VSMP_CL_PROGRAM);
}

static void built_free(cl_program p, cl_uint i)
{
    for (unsigned k = 0; p->op[i] && p->mods[i] && k < p->op[i]->nkernels; k++)
        vsmp_module_free(p->mods[i][k]);
    free(p->mods[i]);
    p->mods[i] = NULL;
    vsmp_ocl_program_free(p->op[i]);
    p->op[i] = NULL;
}

static void program_free(cl_program p)
{
    free(p->source);
    for (cl_uint i = 0; i < 4; i++) {
        built_free(p, i);
        free(p->bin[i]);
        free(p->options[i]);
        free(p->log[i]);
    }
    vsmp_cl_context_release(p->ctx);
    p->h.magic = VSMP_CL_DEAD;
    free(p);
}

/* Drop a reference to a program (the lock held); the last frees it. */
static void program_unref(void *obj)
{
    if (vsmp_cl_unref(obj))
        program_free(obj);
}

static cl_program program_new(cl_context ctx, cl_int *err)
{
    cl_program p = calloc(1, sizeof *p);
    if (!p) {
        *err = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    vsmp_cl_head_init(&p->h, VSMP_CL_PROGRAM);
    p->ctx = ctx;
    for (cl_uint i = 0; i < 4; i++)
        p->status[i] = CL_BUILD_NONE;
    vsmp_cl_context_retain(ctx);
    *err = CL_SUCCESS;
    return p;
}

cl_program CL_API_CALL vsmp_clCreateProgramWithSource(cl_context context, cl_uint count,
                                                      const char **strings, const size_t *lengths,
                                                      cl_int *errcode_ret)
{
    cl_int err = CL_SUCCESS;
    if (!count || !strings)
        err = CL_INVALID_VALUE;
    size_t total = 0;
    for (cl_uint i = 0; !err && i < count; i++) {
        if (!strings[i])
            err = CL_INVALID_VALUE;
        else
            total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
    }
    if (err) {
        VSMP_CL_ERR(err);
        return NULL;
    }
    vsmp_cl_lock();
    cl_program p = NULL;
    if (!vsmp_cl_context_ok(context))
        err = CL_INVALID_CONTEXT;
    else
        p = program_new(context, &err);
    if (p && !(p->source = malloc(total + 1))) {
        program_free(p);
        p = NULL;
        err = CL_OUT_OF_HOST_MEMORY;
    }
    if (p) {
        size_t at = 0;
        for (cl_uint i = 0; i < count; i++) {
            size_t n = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
            memcpy(p->source + at, strings[i], n);
            at += n;
        }
        p->source[at] = '\0';
        p->ndev = context->ndev;
        memcpy(p->dev, context->dev, context->ndev * sizeof context->dev[0]);
    }
    vsmp_cl_unlock();
    VSMP_CL_ERR(err);
    return p;
}

cl_program CL_API_CALL vsmp_clCreateProgramWithBinary(cl_context context, cl_uint num_devices,
                                                      const cl_device_id *device_list,
                                                      const size_t *lengths,
                                                      const unsigned char **binaries,
                                                      cl_int *binary_status, cl_int *errcode_ret)
{
    cl_int err = CL_SUCCESS;
    if (!num_devices || !device_list || !lengths || !binaries || num_devices > 4) {
        VSMP_CL_ERR(CL_INVALID_VALUE);
        return NULL;
    }
    vsmp_cl_lock();
    cl_program p = NULL;
    if (!vsmp_cl_context_ok(context))
        err = CL_INVALID_CONTEXT;
    for (cl_uint i = 0; !err && i < num_devices; i++) {
        bool in = false;
        for (cl_uint j = 0; j < context->ndev; j++)
            in |= context->dev[j] == device_list[i];
        if (!in)
            err = CL_INVALID_DEVICE;
        else if (!lengths[i] || !binaries[i])
            err = CL_INVALID_VALUE;
    }
    if (!err)
        p = program_new(context, &err);
    for (cl_uint i = 0; p && i < num_devices; i++) {
        /* a zebin is an ELF file: anything else is no binary of this device */
        bool elf = lengths[i] >= 4 && !memcmp(binaries[i], "\177ELF", 4);
        if (binary_status)
            binary_status[i] = elf ? CL_SUCCESS : CL_INVALID_BINARY;
        if (!elf) {
            err = CL_INVALID_BINARY;
            continue;
        }
        if (!(p->bin[i] = malloc(lengths[i]))) {
            err = CL_OUT_OF_HOST_MEMORY;
            break;
        }
        memcpy(p->bin[i], binaries[i], lengths[i]);
        p->bin_size[i] = lengths[i];
        p->dev[i] = device_list[i];
    }
    if (p && err) {
        program_free(p);
        p = NULL;
    }
    if (p)
        p->ndev = num_devices;
    vsmp_cl_unlock();
    VSMP_CL_ERR(err);
    return p;
}

cl_int CL_API_CALL vsmp_clRetainProgram(cl_program program)
{
    return vsmp_cl_retain(program, VSMP_CL_PROGRAM, CL_INVALID_PROGRAM);
}

cl_int CL_API_CALL vsmp_clReleaseProgram(cl_program program)
{
    return vsmp_cl_release(program, VSMP_CL_PROGRAM, CL_INVALID_PROGRAM, program_unref);
}

/* The index of @p d in @p p's devices, or -1. */
static int device_index(cl_program p, cl_device_id d)
{
    for (cl_uint i = 0; i < p->ndev; i++)
        if (p->dev[i] == d)
            return (int)i;
    return -1;
}

/* Diagnostics as text (a build log's lines). */
static char *diags_text(const vsmp_diags *d, const char *file)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    vsmp_diags_print(d, file, f);
    fclose(f);
    return text;
}

/* Append @p more to *@p log (both malloc'd or NULL). */
static void log_append(char **log, const char *more)
{
    if (!more || !*more)
        return;
    size_t a = *log ? strlen(*log) : 0, b = strlen(more);
    char *n = realloc(*log, a + b + 1);
    if (!n)
        return;
    memcpy(n + a, more, b + 1);
    *log = n;
}

/* Whether build options @p options ask for OpenCL C 3.0: the last -cl-std= given is CL3.0. */
static bool cl_std_30(const char *options)
{
    bool is30 = false;
    for (const char *o = options; o && (o = strstr(o, "-cl-std=")) != NULL; o += 8) {
        if (o != options && o[-1] != ' ' && o[-1] != '\t')
            continue;
        is30 = strncmp(o + 8, "CL3.0", 5) == 0 && (o[13] == '\0' || o[13] == ' ' || o[13] == '\t');
    }
    return is30;
}

/* Build for device @p dev (the lock released): compile the source, or take the binary; read the
 * zebin's kernels and parse their vISA. Results in the out-parameters (the caller installs them);
 * the log is ocloc's, then vsmp's diagnostics. */
static cl_int build_one(const char *source, const char *options, cl_device_id dev,
                        unsigned char **bin, size_t *bin_size, vsmp_ocl_program **op,
                        vsmp_module ***mods, char **log)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    cl_int err = CL_SUCCESS;
    if (source) {
        vsmp_ocl_build b;
        vsmp_ocl_build_init(&b);
        b.device = dev->t->name;
        b.options = options;
        /* the compiler defines only the extensions and features the device lists */
        b.internal_options = cl_std_30(options) ? VSMP_CL_COMPILER_EXT_30 : VSMP_CL_COMPILER_EXT;
        uint8_t *z = NULL;
        size_t zs = 0;
        char *olog = NULL;
        vsmp_status st = vsmp_ocl_compile(source, strlen(source), &b, &z, &zs, &olog, &d);
        log_append(log, olog);
        bool had_log = olog && *olog;
        free(olog);
        if (st) {
            if (!had_log) {
                char *t = diags_text(&d, "ocloc");
                log_append(log, t);
                free(t);
            }
            vsmp_diags_free(&d);
            return st == VSMP_ERR_NOMEM ? CL_OUT_OF_HOST_MEMORY : CL_BUILD_PROGRAM_FAILURE;
        }
        *bin = z;
        *bin_size = zs;
    }
    vsmp_status st = vsmp_ocl_zebin_read(*bin, *bin_size, op, &d);
    if (!st) {
        *mods = calloc((*op)->nkernels ? (*op)->nkernels : 1, sizeof **mods);
        if (!*mods)
            st = VSMP_ERR_NOMEM;
    }
    for (unsigned k = 0; !st && k < (*op)->nkernels; k++) {
        const vsmp_ocl_kernel *kk = &(*op)->kernels[k];
        if (!kk->visaasm) {
            vsmp_diags_add(&d, VSMP_SEV_ERROR, "zebin", 0, 0, -1,
                           "kernel %s has no .visaasm section", kk->name);
            st = VSMP_ERR_MALFORMED;
            break;
        }
        st = vsmp_text_parse(kk->visaasm, kk->visaasm_size, VSMP_DIALECT_12504, &(*mods)[k], &d);
        if (!st && kk->unsupported[0]) {
            /* the program builds (its other kernels may run); enqueuing this one fails */
            char line[sizeof kk->unsupported + 160];
            snprintf(line, sizeof line, "vsmp cannot run kernel %s: %s\n", kk->name,
                     kk->unsupported);
            log_append(log, line);
        }
    }
    if (st) {
        char *t = diags_text(&d, "vsmp");
        log_append(log, "vsmp cannot run this program:\n");
        log_append(log, t);
        free(t);
        err = st == VSMP_ERR_NOMEM ? CL_OUT_OF_HOST_MEMORY
              : source             ? CL_BUILD_PROGRAM_FAILURE
                                   : CL_INVALID_BINARY;
    }
    vsmp_diags_free(&d);
    return err;
}

cl_int CL_API_CALL vsmp_clBuildProgram(cl_program program, cl_uint num_devices,
                                       const cl_device_id *device_list, const char *options,
                                       void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                       void *user_data)
{
    if ((num_devices == 0) != (device_list == NULL) || (!pfn_notify && user_data))
        return CL_INVALID_VALUE;
    vsmp_cl_lock();
    cl_int err = program_ok(program) ? CL_SUCCESS : CL_INVALID_PROGRAM;
    for (cl_uint i = 0; !err && i < num_devices; i++)
        if (device_index(program, device_list[i]) < 0)
            err = CL_INVALID_DEVICE;
    if (!err && (program->kernels || program->building))
        err = CL_INVALID_OPERATION;
    for (cl_uint i = 0; !err && !program->source && i < program->ndev; i++)
        if (!program->bin[i] && (!num_devices || device_index(program, program->dev[i]) >= 0))
            err = CL_INVALID_BINARY; /* made from binaries: none for a device asked for */
    if (err) {
        vsmp_cl_unlock();
        return err;
    }
    program->building = true;
    program->h.refs++;
    cl_int result = CL_SUCCESS;
    for (cl_uint i = 0; i < program->ndev; i++) {
        if (num_devices) {
            bool asked = false;
            for (cl_uint j = 0; j < num_devices; j++)
                asked |= device_list[j] == program->dev[i];
            if (!asked)
                continue;
        }
        free(program->options[i]);
        program->options[i] = options ? strdup(options) : NULL;
        free(program->log[i]);
        program->log[i] = NULL;
        program->status[i] = CL_BUILD_IN_PROGRESS;
        built_free(program, i);
        unsigned char *bin = program->source ? NULL : program->bin[i];
        size_t bin_size = program->source ? 0 : program->bin_size[i];
        char *src = program->source, *log = NULL;
        cl_device_id dev = program->dev[i];
        vsmp_ocl_program *op = NULL;
        vsmp_module **mods = NULL;
        vsmp_cl_unlock();
        cl_int e = build_one(src, options, dev, &bin, &bin_size, &op, &mods, &log);
        vsmp_cl_lock();
        if (program->source && bin) {
            free(program->bin[i]);
            program->bin[i] = bin;
            program->bin_size[i] = bin_size;
        }
        program->op[i] = op;
        program->mods[i] = mods;
        if (e) {
            built_free(program, i);
            if (program->source) { /* no binary for a failed build */
                free(program->bin[i]);
                program->bin[i] = NULL;
                program->bin_size[i] = 0;
            }
        }
        program->log[i] = log;
        program->status[i] = e ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
        if (e && !result)
            result = e;
    }
    program->building = false;
    program_unref(program);
    vsmp_cl_unlock();
    if (pfn_notify)
        pfn_notify(program, user_data);
    return result;
}

bool vsmp_cl_program_ok(cl_program p)
{
    return program_ok(p);
}

cl_context vsmp_cl_program_context(cl_program p)
{
    return p->ctx;
}

cl_int vsmp_cl_program_index(cl_program p, cl_device_id d)
{
    return device_index(p, d);
}

/* Count kernel objects made from @p p (they hold it). */
void vsmp_cl_program_kernels(cl_program p, int delta)
{
    p->kernels = (cl_uint)((int)p->kernels + delta);
    if (delta > 0)
        p->h.refs++;
    else
        program_unref(p);
}

/* The built kernels of @p p for device index @p i, or NULL (the lock held; kernel.c). */
const vsmp_ocl_program *vsmp_cl_program_built(cl_program p, cl_uint i, vsmp_module *const **mods)
{
    if (i >= p->ndev || p->status[i] != CL_BUILD_SUCCESS || !p->op[i])
        return NULL;
    *mods = p->mods[i];
    return p->op[i];
}

static cl_int program_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_program program = obj;
    switch (param_name) {
    case CL_PROGRAM_REFERENCE_COUNT:
        return VSMP_CL_VALUE(a, cl_uint, program->h.refs);
    case CL_PROGRAM_CONTEXT:
        return VSMP_CL_VALUE(a, cl_context, program->ctx);
    case CL_PROGRAM_NUM_DEVICES:
        return VSMP_CL_VALUE(a, cl_uint, program->ndev);
    case CL_PROGRAM_DEVICES:
        return vsmp_cl_bytes(a, program->dev, program->ndev * sizeof program->dev[0]);
    case CL_PROGRAM_SOURCE: {
        const char *s = program->source ? program->source : "";
        return vsmp_cl_bytes(a, s, strlen(s) + 1);
    }
    case CL_PROGRAM_IL:
        return vsmp_cl_bytes(a, "", 0);
    case CL_PROGRAM_BINARY_SIZES:
        return vsmp_cl_value(a, program->bin_size, program->ndev * sizeof(size_t));
    case CL_PROGRAM_BINARIES: {
        /* an array of pointers the application allocated, one per device (NULL: skipped) */
        size_t size = program->ndev * sizeof(unsigned char *);
        if (a->param_value && a->param_value_size < size)
            return CL_INVALID_VALUE;
        for (cl_uint i = 0; a->param_value && i < program->ndev; i++) {
            unsigned char *to = ((unsigned char **)a->param_value)[i];
            if (to && program->bin[i])
                memcpy(to, program->bin[i], program->bin_size[i]);
        }
        if (a->param_value_size_ret)
            *a->param_value_size_ret = size;
        a->done = true;
        return CL_SUCCESS;
    }
    case CL_PROGRAM_NUM_KERNELS:
    case CL_PROGRAM_KERNEL_NAMES: {
        const vsmp_ocl_program *op = NULL;
        for (cl_uint i = 0; !op && i < program->ndev; i++)
            if (program->status[i] == CL_BUILD_SUCCESS)
                op = program->op[i];
        if (!op)
            return CL_INVALID_PROGRAM_EXECUTABLE;
        if (param_name == CL_PROGRAM_NUM_KERNELS)
            return VSMP_CL_VALUE(a, size_t, op->nkernels);
        /* "name;name" */
        size_t need = 1;
        for (unsigned k = 0; k < op->nkernels; k++)
            need += strlen(op->kernels[k].name) + 1;
        char *names = a->heap = calloc(1, need);
        if (!names)
            return CL_OUT_OF_HOST_MEMORY;
        for (unsigned k = 0; k < op->nkernels; k++) {
            if (k)
                strcat(names, ";");
            strcat(names, op->kernels[k].name);
        }
        return vsmp_cl_bytes(a, names, strlen(names) + 1);
    }
    case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
    case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
        return VSMP_CL_VALUE(a, cl_bool, CL_FALSE);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetProgramInfo(cl_program program, cl_program_info param_name,
                                         size_t param_value_size, void *param_value,
                                         size_t *param_value_size_ret)
{
    return vsmp_cl_get_info(program, VSMP_CL_PROGRAM, CL_INVALID_PROGRAM, program_answer,
                            param_name, param_value_size, param_value, param_value_size_ret);
}

static cl_int build_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_program program = obj;
    int i = device_index(program, (cl_device_id)a->key);
    if (i < 0)
        return CL_INVALID_DEVICE;
    switch (param_name) {
    case CL_PROGRAM_BUILD_STATUS:
        return VSMP_CL_VALUE(a, cl_build_status, program->status[i]);
    case CL_PROGRAM_BUILD_OPTIONS:
    case CL_PROGRAM_BUILD_LOG: {
        const char *s = param_name == CL_PROGRAM_BUILD_LOG ? program->log[i] : program->options[i];
        s = s ? s : "";
        return vsmp_cl_bytes(a, s, strlen(s) + 1);
    }
    case CL_PROGRAM_BINARY_TYPE:
        return VSMP_CL_VALUE(a, cl_program_binary_type,
                             program->bin[i] ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                                             : CL_PROGRAM_BINARY_TYPE_NONE);
    case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
        return VSMP_CL_VALUE(a, size_t, 0);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetProgramBuildInfo(cl_program program, cl_device_id device,
                                              cl_program_build_info param_name,
                                              size_t param_value_size, void *param_value,
                                              size_t *param_value_size_ret)
{
    return vsmp_cl_get_info_key(program, VSMP_CL_PROGRAM, CL_INVALID_PROGRAM, build_answer, device,
                                param_name, param_value_size, param_value, param_value_size_ret);
}
