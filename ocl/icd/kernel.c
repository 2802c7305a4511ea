/* SPDX-License-Identifier: MIT */
/* Kernel objects, their arguments (checked against the zeinfo's interface), their info, and
 * clEnqueueNDRangeKernel through vsmp_launch on every core (docs/OPENCL.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icd.h"
#include "zebin.h"

typedef struct kernel_arg {
    bool set;
    cl_mem mem;                               /* buffers and images (NULL: a NULL buffer) */
    uint32_t smp_bits;                        /* samplers: their sampler_t bits, taken when set */
    uint8_t bytes[VSMP_LAUNCH_MAX_ARG_BYTES]; /* scalars */
    uint32_t size; /* scalars: bytes; __local: bytes of shared local memory */
} kernel_arg;

struct _cl_kernel {
    vsmp_cl_head h;
    cl_program prog;
    char name[128];
    unsigned nargs;
    int first; /* the program's first device index built with this kernel */
    kernel_arg args[VSMP_LAUNCH_MAX_ARGS];
};

static bool kernel_ok(cl_kernel k)
{
    return vsmp_cl_is(k, VSMP_CL_KERNEL);
}

/* Kernel @p name of program @p p for its device index @p i, with its module. */
static const vsmp_ocl_kernel *find(cl_program p, cl_uint i, const char *name, vsmp_module **mod)
{
    vsmp_module *const *mods;
    const vsmp_ocl_program *op = vsmp_cl_program_built(p, i, &mods);
    for (unsigned k = 0; op && k < op->nkernels; k++)
        if (!strcmp(op->kernels[k].name, name)) {
            if (mod)
                *mod = mods[k];
            return &op->kernels[k];
        }
    return NULL;
}

/* The kernel's description for its first built device (argument kinds are the same on every
 * device: the same source). */
static const vsmp_ocl_kernel *desc(cl_kernel k)
{
    return find(k->prog, (cl_uint)k->first, k->name, NULL);
}

/* Argument @p i of the kernel's interface; an argument the compiler left out of it (unused:
 * no payload, no binding) is VSMP_ARG_NONE, also past the interface's last argument. */
static const vsmp_launch_arg_info *arg_info(const vsmp_ocl_kernel *d, unsigned i)
{
    static const vsmp_launch_arg_info none = {
        .kind = VSMP_ARG_NONE, .bti = -1, .sampler = -1, .offset = -1};
    const vsmp_launch_arg_info *ai = vsmp_launch_iface_arg(d->iface, i);
    return ai ? ai : &none;
}

/* The size OpenCL gives a built-in scalar or vector type named @p t ("char", "uint4", "float3":
 * a 3-vector is the size of a 4-vector); 0 for any other type (a struct, a typedef). */
static size_t scalar_size(const char *t)
{
    static const struct {
        const char *name;
        size_t size;
    } base[] = {{"char", 1},   {"uchar", 1},     {"short", 2},    {"ushort", 2},
                {"int", 4},    {"uint", 4},      {"float", 4},    {"long", 8},
                {"ulong", 8},  {"double", 8},    {"half", 2},     {"bool", 1},
                {"size_t", 8}, {"ptrdiff_t", 8}, {"intptr_t", 8}, {"uintptr_t", 8}};
    if (!strncmp(t, "unsigned ", 9))
        t += 9; /* "unsigned char": the size of "char" */
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
        size_t n = strlen(base[i].name);
        if (strncmp(t, base[i].name, n))
            continue;
        const char *v = t + n;
        if (!*v)
            return base[i].size;
        long w = strtol(v, (char **)&v, 10);
        if (*v)
            continue; /* "int_t...": another name */
        if (w == 2 || w == 4 || w == 8 || w == 16)
            return base[i].size * (size_t)w;
        if (w == 3)
            return base[i].size * 4;
    }
    return 0;
}

/* clSetKernelArg for an argument the kernel does not use (the compiler dropped it): the value is
 * checked by what kernels_misc_info says the argument is, and otherwise ignored. Without that
 * information any value of a non-zero size is taken. */
static cl_int unused_arg(const vsmp_ocl_kernel *d, unsigned i, size_t size, const void *value)
{
    if (!d->has_arg_meta)
        return size ? CL_SUCCESS : CL_INVALID_ARG_SIZE;
    const vsmp_ocl_arg_meta *m = &d->args[i];
    if (!strcmp(m->address_qualifier, "__local"))
        return value ? CL_INVALID_ARG_VALUE : size ? CL_SUCCESS : CL_INVALID_ARG_SIZE;
    if (!strcmp(m->type_name, "sampler_t")) {
        if (size != sizeof(cl_sampler))
            return CL_INVALID_ARG_SIZE;
        return value && *(const cl_sampler *)value &&
                       (*(const cl_sampler *)value)->h.magic == VSMP_CL_SAMPLER
                   ? CL_SUCCESS
                   : CL_INVALID_SAMPLER;
    }
    bool image = strstr(m->type_name, "image") != NULL;
    if (image || strchr(m->type_name, '*')) {
        if (size != sizeof(cl_mem))
            return CL_INVALID_ARG_SIZE;
        cl_mem mem = value ? *(const cl_mem *)value : NULL;
        if (!mem)
            return image ? CL_INVALID_ARG_VALUE : CL_SUCCESS;
        return vsmp_cl_mem_ok(mem) ? CL_SUCCESS : CL_INVALID_MEM_OBJECT;
    }
    return !size ? CL_INVALID_ARG_SIZE : !value ? CL_INVALID_ARG_VALUE : CL_SUCCESS;
}

static cl_kernel kernel_new(cl_program program, const char *name, cl_int *err)
{
    int first = -1;
    cl_uint ndev = 0;
    for (cl_uint i = 0; i < 4; i++) {
        vsmp_module *const *mods;
        if (vsmp_cl_program_built(program, i, &mods)) {
            ndev++;
            if (first < 0)
                first = (int)i;
        }
    }
    if (!ndev) {
        *err = CL_INVALID_PROGRAM_EXECUTABLE;
        return NULL;
    }
    const vsmp_ocl_kernel *d = find(program, (cl_uint)first, name, NULL);
    if (!d) {
        *err = CL_INVALID_KERNEL_NAME;
        return NULL;
    }
    cl_kernel k = calloc(1, sizeof *k);
    if (!k) {
        *err = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    vsmp_cl_head_init(&k->h, VSMP_CL_KERNEL);
    k->prog = program;
    snprintf(k->name, sizeof k->name, "%s", name);
    /* every argument of the kernel, those the compiler dropped from the interface included */
    k->nargs = vsmp_launch_iface_num_args(d->iface);
    if (d->nargs > k->nargs)
        k->nargs = d->nargs;
    k->first = first;
    vsmp_cl_program_kernels(program, 1);
    *err = CL_SUCCESS;
    return k;
}

cl_kernel CL_API_CALL vsmp_clCreateKernel(cl_program program, const char *kernel_name,
                                          cl_int *errcode_ret)
{
    if (!kernel_name) {
        VSMP_CL_ERR(CL_INVALID_VALUE);
        return NULL;
    }
    vsmp_cl_lock();
    cl_int err = CL_SUCCESS;
    cl_kernel k = NULL;
    if (!vsmp_cl_program_ok(program))
        err = CL_INVALID_PROGRAM;
    else
        k = kernel_new(program, kernel_name, &err);
    vsmp_cl_unlock();
    VSMP_CL_ERR(err);
    return k;
}

cl_int CL_API_CALL vsmp_clCreateKernelsInProgram(cl_program program, cl_uint num_kernels,
                                                 cl_kernel *kernels, cl_uint *num_kernels_ret)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_program_ok(program) ? CL_SUCCESS : CL_INVALID_PROGRAM;
    const vsmp_ocl_program *op = NULL;
    for (cl_uint i = 0; !err && !op && i < 4; i++) {
        vsmp_module *const *mods;
        op = vsmp_cl_program_built(program, i, &mods);
    }
    if (!err && !op)
        err = CL_INVALID_PROGRAM_EXECUTABLE;
    if (!err && kernels && num_kernels < op->nkernels)
        err = CL_INVALID_VALUE;
    for (unsigned i = 0; !err && kernels && i < op->nkernels; i++) {
        kernels[i] = kernel_new(program, op->kernels[i].name, &err);
        while (err && i--) { /* undo the ones made */
            kernels[i]->h.magic = VSMP_CL_DEAD;
            vsmp_cl_program_kernels(program, -1);
            free(kernels[i]);
        }
    }
    if (!err && num_kernels_ret)
        *num_kernels_ret = op->nkernels;
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clRetainKernel(cl_kernel kernel)
{
    return vsmp_cl_retain(kernel, VSMP_CL_KERNEL, CL_INVALID_KERNEL);
}

static void kernel_unref(void *obj)
{
    cl_kernel k = obj;
    if (!vsmp_cl_unref(k))
        return;
    vsmp_cl_program_kernels(k->prog, -1);
    free(k);
}

cl_int CL_API_CALL vsmp_clReleaseKernel(cl_kernel kernel)
{
    return vsmp_cl_release(kernel, VSMP_CL_KERNEL, CL_INVALID_KERNEL, kernel_unref);
}

static uint32_t sampler_bits(cl_sampler s);

/* clSetKernelArg: the value checked against the argument's kind and size (the zeinfo's). */
cl_int CL_API_CALL vsmp_clSetKernelArg(cl_kernel kernel, cl_uint arg_index, size_t arg_size,
                                       const void *arg_value)
{
    vsmp_cl_lock();
    cl_int err = kernel_ok(kernel) ? CL_SUCCESS : CL_INVALID_KERNEL;
    if (!err && arg_index >= kernel->nargs)
        err = CL_INVALID_ARG_INDEX;
    const vsmp_ocl_kernel *d = err ? NULL : desc(kernel);
    const vsmp_launch_arg_info *ai = err ? NULL : arg_info(d, arg_index);
    kernel_arg a = {.set = true};
    if (!err) {
        switch (ai->kind) {
        case VSMP_ARG_BUFFER:
        case VSMP_ARG_IMAGE:
            if (arg_size != sizeof(cl_mem)) {
                err = CL_INVALID_ARG_SIZE;
                break;
            }
            a.mem = arg_value ? *(const cl_mem *)arg_value : NULL;
            if (!a.mem && ai->kind == VSMP_ARG_IMAGE)
                err = CL_INVALID_ARG_VALUE;
            else if (a.mem && (!vsmp_cl_mem_ok(a.mem) ||
                               a.mem->ctx != vsmp_cl_program_context(kernel->prog)))
                err = CL_INVALID_MEM_OBJECT;
            else if (a.mem &&
                     (ai->kind == VSMP_ARG_BUFFER) != (a.mem->type == CL_MEM_OBJECT_BUFFER))
                err = CL_INVALID_ARG_VALUE; /* an image for a buffer, or the reverse */
            break;
        case VSMP_ARG_SAMPLER:
            if (arg_size != sizeof(cl_sampler))
                err = CL_INVALID_ARG_SIZE;
            else if (!arg_value || !*(const cl_sampler *)arg_value ||
                     (*(const cl_sampler *)arg_value)->h.magic != VSMP_CL_SAMPLER)
                err = CL_INVALID_SAMPLER;
            else /* the sampler's state, not the handle: it may be released before a launch */
                a.smp_bits = sampler_bits(*(const cl_sampler *)arg_value);
            break;
        case VSMP_ARG_LOCAL:
            if (arg_value)
                err = CL_INVALID_ARG_VALUE;
            else if (!arg_size || arg_size > 65536) /* CL_DEVICE_LOCAL_MEM_SIZE */
                err = CL_INVALID_ARG_SIZE;
            else
                a.size = (uint32_t)arg_size;
            break;
        case VSMP_ARG_SCALAR: {
            /* the OpenCL size of the argument's type when kernels_misc_info names a built-in
             * one, else the size the interface gives (VSMP_LAUNCH_MAX_ARG_BYTES at most). IGC
             * passes char and short (and their 2-vectors) in 4 bytes: the value is padded with
             * zeros to the interface's size, as Intel's runtime copies it into a zeroed payload */
            size_t want = d->has_arg_meta ? scalar_size(d->args[arg_index].type_name) : 0;
            if (!want)
                want = ai->size;
            if ((want && arg_size != want) || !arg_size || arg_size > sizeof a.bytes ||
                (ai->size && arg_size > ai->size))
                err = CL_INVALID_ARG_SIZE;
            else if (!arg_value)
                err = CL_INVALID_ARG_VALUE;
            else {
                memcpy(a.bytes, arg_value, arg_size);
                a.size = ai->size > arg_size ? ai->size : (uint32_t)arg_size;
            }
            break;
        }
        case VSMP_ARG_NONE: /* not in the interface: unused */
            err = unused_arg(d, arg_index, arg_size, arg_value);
            break;
        }
    }
    if (!err)
        kernel->args[arg_index] = a;
    vsmp_cl_unlock();
    return err;
}

static cl_int kernel_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_kernel kernel = obj;
    const vsmp_ocl_kernel *d = desc(kernel);
    switch (param_name) {
    case CL_KERNEL_FUNCTION_NAME:
        return vsmp_cl_bytes(a, kernel->name, strlen(kernel->name) + 1);
    case CL_KERNEL_NUM_ARGS:
        return VSMP_CL_VALUE(a, cl_uint, kernel->nargs);
    case CL_KERNEL_REFERENCE_COUNT:
        return VSMP_CL_VALUE(a, cl_uint, kernel->h.refs);
    case CL_KERNEL_CONTEXT:
        return VSMP_CL_VALUE(a, cl_context, vsmp_cl_program_context(kernel->prog));
    case CL_KERNEL_PROGRAM:
        return VSMP_CL_VALUE(a, cl_program, kernel->prog);
    case CL_KERNEL_ATTRIBUTES:
        if (d->required_local_size[0])
            snprintf((char *)a->v.bytes, sizeof a->v.bytes, "reqd_work_group_size(%u,%u,%u)",
                     d->required_local_size[0], d->required_local_size[1],
                     d->required_local_size[2]);
        else
            a->v.bytes[0] = '\0';
        return vsmp_cl_bytes(a, a->v.bytes, strlen((char *)a->v.bytes) + 1);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetKernelInfo(cl_kernel kernel, cl_kernel_info param_name,
                                        size_t param_value_size, void *param_value,
                                        size_t *param_value_size_ret)
{
    return vsmp_cl_get_info(kernel, VSMP_CL_KERNEL, CL_INVALID_KERNEL, kernel_answer, param_name,
                            param_value_size, param_value, param_value_size_ret);
}

static cl_int arg_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_kernel kernel = obj;
    cl_uint arg_index = *(const cl_uint *)a->key;
    if (arg_index >= kernel->nargs)
        return CL_INVALID_ARG_INDEX;
    const vsmp_ocl_kernel *d = desc(kernel);
    if (!d->has_arg_meta)
        return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    const vsmp_ocl_arg_meta *m = &d->args[arg_index];
    switch (param_name) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
        return VSMP_CL_VALUE(
            a, cl_kernel_arg_address_qualifier,
            !strcmp(m->address_qualifier, "__global")     ? CL_KERNEL_ARG_ADDRESS_GLOBAL
            : !strcmp(m->address_qualifier, "__local")    ? CL_KERNEL_ARG_ADDRESS_LOCAL
            : !strcmp(m->address_qualifier, "__constant") ? CL_KERNEL_ARG_ADDRESS_CONSTANT
                                                          : CL_KERNEL_ARG_ADDRESS_PRIVATE);
    case CL_KERNEL_ARG_ACCESS_QUALIFIER:
        return VSMP_CL_VALUE(
            a, cl_kernel_arg_access_qualifier,
            !strcmp(m->access_qualifier, "__read_only")    ? CL_KERNEL_ARG_ACCESS_READ_ONLY
            : !strcmp(m->access_qualifier, "__write_only") ? CL_KERNEL_ARG_ACCESS_WRITE_ONLY
            : !strcmp(m->access_qualifier, "__read_write") ? CL_KERNEL_ARG_ACCESS_READ_WRITE
                                                           : CL_KERNEL_ARG_ACCESS_NONE);
    case CL_KERNEL_ARG_TYPE_QUALIFIER:
        return VSMP_CL_VALUE(
            a, cl_kernel_arg_type_qualifier,
            (strstr(m->type_qualifiers, "const") ? CL_KERNEL_ARG_TYPE_CONST : 0) |
                (strstr(m->type_qualifiers, "volatile") ? CL_KERNEL_ARG_TYPE_VOLATILE : 0) |
                (strstr(m->type_qualifiers, "restrict") ? CL_KERNEL_ARG_TYPE_RESTRICT : 0) |
                (strstr(m->type_qualifiers, "pipe") ? CL_KERNEL_ARG_TYPE_PIPE : 0));
    case CL_KERNEL_ARG_TYPE_NAME:
        return vsmp_cl_bytes(a, m->type_name, strlen(m->type_name) + 1);
    case CL_KERNEL_ARG_NAME:
        return vsmp_cl_bytes(a, m->name, strlen(m->name) + 1);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetKernelArgInfo(cl_kernel kernel, cl_uint arg_index,
                                           cl_kernel_arg_info param_name, size_t param_value_size,
                                           void *param_value, size_t *param_value_size_ret)
{
    return vsmp_cl_get_info_key(kernel, VSMP_CL_KERNEL, CL_INVALID_KERNEL, arg_answer, &arg_index,
                                param_name, param_value_size, param_value, param_value_size_ret);
}

static cl_int work_group_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_kernel kernel = obj;
    cl_device_id device = (cl_device_id)a->key;
    /* NULL: the program's device, when it has only one */
    if (!device) {
        cl_uint ndev = 0;
        for (cl_uint t = 0; t < vsmp_cl_num_devices(); t++)
            if (vsmp_cl_program_index(kernel->prog, vsmp_cl_device(t)) >= 0)
                ndev++, device = vsmp_cl_device(t);
        if (ndev != 1)
            device = NULL;
    }
    int i = device ? vsmp_cl_program_index(kernel->prog, device) : -1;
    if (i < 0)
        return CL_INVALID_DEVICE;
    const vsmp_ocl_kernel *d = find(kernel->prog, (cl_uint)i, kernel->name, NULL);
    if (!d)
        return CL_INVALID_PROGRAM_EXECUTABLE; /* not built for this device */
    switch (param_name) {
    case CL_KERNEL_WORK_GROUP_SIZE:
        return VSMP_CL_VALUE(a, size_t, device->t->max_wg);
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
        size_t sizes[3];
        for (int j = 0; j < 3; j++)
            sizes[j] = d->required_local_size[j];
        return vsmp_cl_value(a, sizes, sizeof sizes);
    }
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
        return VSMP_CL_VALUE(a, size_t, d->simd);
    case CL_KERNEL_LOCAL_MEM_SIZE: {
        vsmp_launch_layout l;
        vsmp_launch_iface_get_layout(d->iface, &l);
        cl_ulong slm = l.slm_size;
        for (unsigned n = 0; n < kernel->nargs; n++) {
            const vsmp_launch_arg_info *ai = arg_info(d, n);
            if (ai->kind == VSMP_ARG_LOCAL && kernel->args[n].set)
                slm += kernel->args[n].size;
        }
        return VSMP_CL_VALUE(a, cl_ulong, slm);
    }
    case CL_KERNEL_PRIVATE_MEM_SIZE:
        return VSMP_CL_VALUE(a, cl_ulong, 0);
    }
    return CL_INVALID_VALUE; /* CL_KERNEL_GLOBAL_WORK_SIZE: built-in kernels only */
}

cl_int CL_API_CALL vsmp_clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device,
                                                 cl_kernel_work_group_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret)
{
    return vsmp_cl_get_info_key(kernel, VSMP_CL_KERNEL, CL_INVALID_KERNEL, work_group_answer,
                                device, param_name, param_value_size, param_value,
                                param_value_size_ret);
}

/* ---- NDRange ---- */

typedef struct ndrange_cmd {
    vsmp_module *mod;
    vsmp_launch_program *data; /* the program's __constant and __global data (its own) */
    const vsmp_launch_iface *iface;
    cl_program prog; /* held: the module and interface are its */
    vsmp_platform platform;
    vsmp_ndrange nd;
    unsigned nargs;
    kernel_arg args[VSMP_LAUNCH_MAX_ARGS]; /* memory objects held */
    vsmp_launch_arg_info info[VSMP_LAUNCH_MAX_ARGS];
} ndrange_cmd;

static void ndrange_free(cl_event ev)
{
    ndrange_cmd *c = ev->u.cmd;
    for (unsigned i = 0; i < c->nargs; i++)
        if (c->args[i].mem)
            vsmp_cl_mem_release(c->args[i].mem);
    vsmp_cl_program_kernels(c->prog, -1);
    free(c);
}

/* A buffer as a surface (the launcher maps the whole surface at the buffer's SVM address, and a
 * kernel reaches any of its data_size bytes, stateless or through its binding-table index): up
 * to 256 MiB, rows of 16384 bytes of R8_UINT; past that, rows of 16384 texels of
 * R32G32B32A32_UINT (256 KiB), which reach 4 GiB in 16384 rows, so every buffer of
 * CL_DEVICE_MAX_MEM_ALLOC_SIZE (4 GiB - 8 KiB at most) binds. A small buffer that is not a whole
 * number of rows runs on a copy padded to one, written back after the launch; a large one is
 * described by its whole rows and reaches its last partial row through data_size, uncopied. */
#define BUF_ROWS     16384u
#define BUF_R8_BYTES ((size_t)BUF_ROWS * 16384u) /* 256 MiB */

static vsmp_status buffer_surface(cl_mem m, unsigned arg, vsmp_surface **out, uint8_t **bounce,
                                  vsmp_diags *diags)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    uint8_t *data = m->data;
    *bounce = NULL;
    if (m->size > BUF_R8_BYTES) {
        size_t row = (size_t)16384 * 16, h = m->size / row;
        if (h > BUF_ROWS) { /* past 4 GiB: only a buffer over the device's limit */
            vsmp_diags_add(diags, VSMP_SEV_ERROR, "buffer-size", 0, 0, -1,
                           "argument %u: a buffer of %zu bytes; vsmp binds at most 4 GiB", arg,
                           m->size);
            return VSMP_ERR_UNSUPPORTED;
        }
        d.format = VSMP_FORMAT_R32G32B32A32_UINT;
        d.width = 16384;
        d.height = (uint32_t)h;
        d.data = data;
        d.data_size = m->size;
        return vsmp_surface_create(&d, out, diags);
    }
    size_t w = m->size < 16384 ? m->size : 16384, h = (m->size + w - 1) / w;
    if (w * h != m->size) {
        if (!(*bounce = calloc(w, h)))
            return VSMP_ERR_NOMEM;
        memcpy(*bounce, m->data, m->size);
        data = *bounce;
    }
    d.format = VSMP_FORMAT_R8_UINT;
    d.width = (uint32_t)w;
    d.height = (uint32_t)h;
    d.data = data;
    d.data_size = w * h;
    return vsmp_surface_create(&d, out, diags);
}

static vsmp_status image_surface(cl_mem m, vsmp_surface **out)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = m->vf->format;
    d.width = (uint32_t)m->desc.image_width;
    switch (m->type) {
    case CL_MEM_OBJECT_IMAGE1D:
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
        d.type = VSMP_SURFTYPE_1D;
        break;
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        d.type = VSMP_SURFTYPE_1D, d.array = true;
        d.array_len = (uint32_t)m->desc.image_array_size;
        break;
    case CL_MEM_OBJECT_IMAGE2D:
        d.type = VSMP_SURFTYPE_2D, d.height = (uint32_t)m->desc.image_height;
        break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        d.type = VSMP_SURFTYPE_2D, d.array = true, d.height = (uint32_t)m->desc.image_height;
        d.array_len = (uint32_t)m->desc.image_array_size;
        break;
    default:
        d.type = VSMP_SURFTYPE_3D, d.height = (uint32_t)m->desc.image_height;
        d.depth = (uint32_t)m->desc.image_depth;
        break;
    }
    d.data = m->data;
    d.data_size = m->size;
    d.row_pitch[0] = m->row_pitch;
    d.slice_pitch[0] = m->slice_pitch;
    return vsmp_surface_create(&d, out, NULL);
}

/* A surface over @p size bytes of program-scope data allocated in whole rows (zebin.h). */
static vsmp_status data_surface(uint8_t *mem, size_t size, vsmp_surface **out)
{
    *out = NULL;
    if (!mem)
        return VSMP_OK;
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R8_UINT;
    d.type = VSMP_SURFTYPE_2D;
    d.width = size < VSMP_OCL_DATA_ROW ? (uint32_t)(size ? size : 1) : VSMP_OCL_DATA_ROW;
    d.height = (uint32_t)((size + d.width - 1) / d.width);
    d.height = d.height ? d.height : 1;
    d.data = mem;
    d.data_size = (size_t)d.width * d.height;
    return vsmp_surface_create(&d, out, NULL);
}

/* An OpenCL sampler as the sampler_t bits vsmp_sampler_from_cl reads. */
static uint32_t sampler_bits(cl_sampler s)
{
    uint32_t addr = s->addressing == CL_ADDRESS_CLAMP_TO_EDGE     ? 1
                    : s->addressing == CL_ADDRESS_CLAMP           ? 2
                    : s->addressing == CL_ADDRESS_REPEAT          ? 3
                    : s->addressing == CL_ADDRESS_MIRRORED_REPEAT ? 4
                                                                  : 0;
    return (s->normalized ? 1u : 0u) | addr << 1 | (s->filter == CL_FILTER_LINEAR ? 2u : 1u) << 4;
}

static cl_int run_ndrange(cl_event ev)
{
    ndrange_cmd *c = ev->u.cmd;
    /* on the heap: a by-value argument may have VSMP_LAUNCH_MAX_ARG_BYTES, and this runs on
     * the caller's thread, whose stack may be small */
    vsmp_launch_arg *args = calloc(VSMP_LAUNCH_MAX_ARGS, sizeof *args);
    if (!args)
        return CL_OUT_OF_HOST_MEMORY;
    uint8_t *bounce[VSMP_LAUNCH_MAX_ARGS] = {0};
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = VSMP_OK;
    cl_int code = CL_INVALID_OPERATION; /* what a failed launch gives the command */
    for (unsigned i = 0; !st && i < c->nargs; i++) {
        const kernel_arg *a = &c->args[i];
        switch (c->info[i].kind) {
        case VSMP_ARG_BUFFER:
            if (a->mem && (st = buffer_surface(a->mem, i, &args[i].surface, &bounce[i], &d)) ==
                              VSMP_ERR_UNSUPPORTED)
                code = CL_OUT_OF_RESOURCES; /* a buffer vsmp cannot bind */
            break;
        case VSMP_ARG_IMAGE:
            st = image_surface(a->mem, &args[i].surface);
            break;
        case VSMP_ARG_SAMPLER:
            st = vsmp_sampler_from_cl(a->smp_bits, &args[i].sampler);
            args[i].sampler_bits = a->smp_bits; /* the sampler payload values' source */
            break;
        case VSMP_ARG_SCALAR:
            memcpy(args[i].bytes, a->bytes, sizeof args[i].bytes);
            args[i].size = a->size;
            break;
        case VSMP_ARG_LOCAL:
            args[i].size = a->size;
            break;
        case VSMP_ARG_NONE:
            break;
        }
    }
    /* the program's data, kept from launch to launch; a printf buffer when the kernel prints
     * (its output goes to stdout when the kernel ends, as Intel's runtime prints it) */
    vsmp_surface *cs = NULL, *gs = NULL, *ps = NULL;
    uint8_t *pbuf = NULL;
    if (!st && c->data)
        st = data_surface(c->data->constant, c->data->constant_size, &cs);
    if (!st && c->data)
        st = data_surface(c->data->global, c->data->global_size, &gs);
    if (!st && vsmp_launch_iface_printf_string(c->iface, 0)) {
        pbuf = malloc(VSMP_LAUNCH_PRINTF_SIZE);
        st = pbuf ? VSMP_OK : VSMP_ERR_NOMEM;
        if (!st) {
            vsmp_launch_printf_init(pbuf, VSMP_LAUNCH_PRINTF_SIZE);
            st = data_surface(pbuf, VSMP_LAUNCH_PRINTF_SIZE, &ps);
        }
    }
    if (!st) {
        vsmp_launch_options o;
        vsmp_launch_options_init(&o);
        o.platform = c->platform;
        o.workers = 0; /* every core */
        o.program_constant = cs;
        o.program_global = gs;
        o.printf_buffer = ps;
        st = vsmp_launch(c->mod, 0, c->iface, &c->nd, args, c->nargs, &o, &d);
    }
    if (!st && ps) {
        char *text = NULL;
        vsmp_status pst =
            vsmp_launch_printf_format(c->iface, pbuf, VSMP_LAUNCH_PRINTF_SIZE, 0, &text, &d);
        if (text)
            fputs(text, stdout);
        fflush(stdout);
        free(text);
        if (pst)
            vsmp_diags_print(&d, vsmp_launch_iface_kernel(c->iface), stderr);
    }
    vsmp_surface_free(cs);
    vsmp_surface_free(gs);
    vsmp_surface_free(ps);
    free(pbuf);
    for (unsigned i = 0; i < c->nargs; i++) {
        if (bounce[i]) {
            if (!st)
                memcpy(c->args[i].mem->data, bounce[i], c->args[i].mem->size);
            free(bounce[i]);
        }
        vsmp_surface_free(args[i].surface);
    }
    free(args);
    if (st) {
        /* why the command failed, for the person running the program */
        fprintf(stderr, "vsmp: kernel %s: %s\n", vsmp_launch_iface_kernel(c->iface),
                vsmp_status_str(st));
        vsmp_diags_print(&d, vsmp_launch_iface_kernel(c->iface), stderr);
    }
    vsmp_diags_free(&d);
    return st == VSMP_OK ? CL_SUCCESS : st == VSMP_ERR_NOMEM ? CL_OUT_OF_HOST_MEMORY : code;
}

cl_int CL_API_CALL vsmp_clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel kernel,
                                               cl_uint work_dim, const size_t *global_work_offset,
                                               const size_t *global_work_size,
                                               const size_t *local_work_size, cl_uint n,
                                               const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_queue_ok(q) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
    if (!err && !kernel_ok(kernel))
        err = CL_INVALID_KERNEL;
    if (!err && vsmp_cl_program_context(kernel->prog) != q->ctx)
        err = CL_INVALID_CONTEXT;
    int di = err ? -1 : vsmp_cl_program_index(kernel->prog, q->dev);
    vsmp_module *mod = NULL;
    const vsmp_ocl_kernel *d = di < 0 ? NULL : find(kernel->prog, (cl_uint)di, kernel->name, &mod);
    if (!err && !d)
        err = CL_INVALID_PROGRAM_EXECUTABLE; /* not built for the queue's device */
    if (!err && (work_dim < 1 || work_dim > 3))
        err = CL_INVALID_WORK_DIMENSION;
    if (!err && !global_work_size)
        err = CL_INVALID_GLOBAL_WORK_SIZE;
    vsmp_ndrange nd = {.dims = work_dim, .global = {1, 1, 1}};
    size_t wg = 1;
    for (cl_uint i = 0; !err && i < work_dim; i++) {
        if (global_work_size[i] > UINT32_MAX)
            err = CL_INVALID_GLOBAL_WORK_SIZE;
        else if (global_work_offset && (global_work_offset[i] > UINT32_MAX - global_work_size[i]))
            err = CL_INVALID_GLOBAL_OFFSET;
        else if (local_work_size &&
                 (!local_work_size[i] || local_work_size[i] > q->dev->t->max_wg ||
                  (global_work_size[i] && global_work_size[i] % local_work_size[i])))
            err = CL_INVALID_WORK_GROUP_SIZE; /* non-uniform work-groups are not offered */
        else if (d->required_local_size[0] &&
                 (!local_work_size || local_work_size[i] != d->required_local_size[i]))
            err = CL_INVALID_WORK_GROUP_SIZE;
        if (err)
            break;
        nd.global[i] = (uint32_t)global_work_size[i];
        nd.offset[i] = global_work_offset ? (uint32_t)global_work_offset[i] : 0;
        nd.local[i] = local_work_size ? (uint32_t)local_work_size[i] : 0;
        wg *= local_work_size ? local_work_size[i] : 1;
    }
    if (!err && local_work_size && work_dim < 3)
        for (cl_uint i = work_dim; i < 3; i++)
            nd.local[i] = 1;
    if (!err && wg > q->dev->t->max_wg)
        err = CL_INVALID_WORK_GROUP_SIZE;
    for (unsigned i = 0; !err && i < kernel->nargs; i++)
        if (!kernel->args[i].set)
            err = CL_INVALID_KERNEL_ARGS;
    if (!err && !d->iface) {
        /* a kernel the launcher cannot run (the build log says so too) */
        fprintf(stderr, "vsmp: kernel %s: %s\n", d->name, d->unsupported);
        err = CL_INVALID_OPERATION;
    }
    bool empty = false;
    uint64_t items = 1;
    for (cl_uint i = 0; !err && i < work_dim; i++) {
        empty |= global_work_size[i] == 0; /* OpenCL 2.1: nothing runs, the event completes */
        /* the launcher's bound (vsmp/launch.h), saturating past it */
        size_t g = global_work_size[i];
        items = g && items > VSMP_LAUNCH_MAX_ITEMS / g ? VSMP_LAUNCH_MAX_ITEMS + 1 : items * g;
    }
    if (!err && !empty && items > VSMP_LAUNCH_MAX_ITEMS) {
        fprintf(stderr, "vsmp: kernel %s: %zu x %zu x %zu work-items; a launch runs at most 2^32\n",
                d->name, global_work_size[0], work_dim > 1 ? global_work_size[1] : 1,
                work_dim > 2 ? global_work_size[2] : 1);
        err = CL_OUT_OF_RESOURCES;
    }
    ndrange_cmd *c = NULL;
    if (!err && !empty && !(c = calloc(1, sizeof *c)))
        err = CL_OUT_OF_HOST_MEMORY;
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(q, CL_COMMAND_NDRANGE_KERNEL, n, list, &ev);
    if (err) {
        free(c);
        vsmp_cl_unlock();
        return err;
    }
    if (c) {
        c->mod = mod;
        vsmp_module *const *mods;
        const vsmp_ocl_program *op = vsmp_cl_program_built(kernel->prog, (cl_uint)di, &mods);
        /* the program's own data: its __global variables change from launch to launch */
        c->data = op ? (vsmp_launch_program *)&op->data : NULL;
        c->iface = d->iface;
        c->prog = kernel->prog;
        vsmp_cl_program_kernels(kernel->prog, 1);
        if (vsmp_platform_find(q->dev->t->platform, &c->platform))
            c->platform = 0;
        c->nd = nd;
        /* the launch binds the interface's arguments (those past it are unused) */
        c->nargs = vsmp_launch_iface_num_args(d->iface);
        for (unsigned i = 0; i < c->nargs; i++) {
            c->args[i] = kernel->args[i];
            c->info[i] = *arg_info(d, i);
            if (c->args[i].mem)
                c->args[i].mem->h.refs++;
        }
        ev->u.cmd = c;
        ev->free_cmd = ndrange_free;
        ev->run = run_ndrange;
    }
    err = vsmp_cl_enqueue(ev, false, event);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueTask(cl_command_queue q, cl_kernel kernel, cl_uint n,
                                      const cl_event *list, cl_event *event)
{
    const size_t one = 1;
    return vsmp_clEnqueueNDRangeKernel(q, kernel, 1, NULL, &one, &one, n, list, event);
}
