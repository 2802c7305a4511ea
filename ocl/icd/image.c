/* SPDX-License-Identifier: MIT */
/* Images of every OpenCL 1.2 type, their formats and the commands on them; samplers.
 * An image is host memory like a buffer, rows of texels at a row pitch, slices (or the layers of
 * an array) at a slice pitch; each format is one of vsmp's surface formats (Intel's
 * SURFACE_FORMAT, the one Intel's runtime uses for it), which packs fill colours. */
#include <stdlib.h>
#include <string.h>

#include "icd.h"
#include "vsmp/format.h"

/* The formats Intel's runtime lists (clGetSupportedImageFormats, the same for tgllp, skl and
 * dg2, every image type) that vsmp has a surface format for, in its order: the first 38 also
 * for images kernels write; the rest for read-only images. Left out, for want of a vsmp
 * format: A, INTENSITY and LUMINANCE in HALF_FLOAT and FLOAT; and the depth, depth-stencil and
 * Intel YUV orders Intel lists for 2D images (their extensions are not offered). */
static const struct {
    cl_channel_order order;
    cl_channel_type type;
    vsmp_format vf;
} formats[] = {
    {CL_RGBA, CL_UNORM_INT8, VSMP_FORMAT_R8G8B8A8_UNORM},
    {CL_RGBA, CL_UNORM_INT16, VSMP_FORMAT_R16G16B16A16_UNORM},
    {CL_RGBA, CL_SIGNED_INT8, VSMP_FORMAT_R8G8B8A8_SINT},
    {CL_RGBA, CL_SIGNED_INT16, VSMP_FORMAT_R16G16B16A16_SINT},
    {CL_RGBA, CL_SIGNED_INT32, VSMP_FORMAT_R32G32B32A32_SINT},
    {CL_RGBA, CL_UNSIGNED_INT8, VSMP_FORMAT_R8G8B8A8_UINT},
    {CL_RGBA, CL_UNSIGNED_INT16, VSMP_FORMAT_R16G16B16A16_UINT},
    {CL_RGBA, CL_UNSIGNED_INT32, VSMP_FORMAT_R32G32B32A32_UINT},
    {CL_RGBA, CL_HALF_FLOAT, VSMP_FORMAT_R16G16B16A16_FLOAT},
    {CL_RGBA, CL_FLOAT, VSMP_FORMAT_R32G32B32A32_FLOAT},
    {CL_BGRA, CL_UNORM_INT8, VSMP_FORMAT_B8G8R8A8_UNORM},
    {CL_R, CL_FLOAT, VSMP_FORMAT_R32_FLOAT},
    {CL_R, CL_UNORM_INT8, VSMP_FORMAT_R8_UNORM},
    {CL_R, CL_UNORM_INT16, VSMP_FORMAT_R16_UNORM},
    {CL_R, CL_SIGNED_INT8, VSMP_FORMAT_R8_SINT},
    {CL_R, CL_SIGNED_INT16, VSMP_FORMAT_R16_SINT},
    {CL_R, CL_SIGNED_INT32, VSMP_FORMAT_R32_SINT},
    {CL_R, CL_UNSIGNED_INT8, VSMP_FORMAT_R8_UINT},
    {CL_R, CL_UNSIGNED_INT16, VSMP_FORMAT_R16_UINT},
    {CL_R, CL_UNSIGNED_INT32, VSMP_FORMAT_R32_UINT},
    {CL_R, CL_HALF_FLOAT, VSMP_FORMAT_R16_FLOAT},
    {CL_A, CL_UNORM_INT8, VSMP_FORMAT_A8_UNORM},
    {CL_RG, CL_UNORM_INT8, VSMP_FORMAT_R8G8_UNORM},
    {CL_RG, CL_UNORM_INT16, VSMP_FORMAT_R16G16_UNORM},
    {CL_RG, CL_SIGNED_INT8, VSMP_FORMAT_R8G8_SINT},
    {CL_RG, CL_SIGNED_INT16, VSMP_FORMAT_R16G16_SINT},
    {CL_RG, CL_SIGNED_INT32, VSMP_FORMAT_R32G32_SINT},
    {CL_RG, CL_UNSIGNED_INT8, VSMP_FORMAT_R8G8_UINT},
    {CL_RG, CL_UNSIGNED_INT16, VSMP_FORMAT_R16G16_UINT},
    {CL_RG, CL_UNSIGNED_INT32, VSMP_FORMAT_R32G32_UINT},
    {CL_RG, CL_HALF_FLOAT, VSMP_FORMAT_R16G16_FLOAT},
    {CL_RG, CL_FLOAT, VSMP_FORMAT_R32G32_FLOAT},
    {CL_R, CL_SNORM_INT8, VSMP_FORMAT_R8_SNORM},
    {CL_R, CL_SNORM_INT16, VSMP_FORMAT_R16_SNORM},
    {CL_RG, CL_SNORM_INT8, VSMP_FORMAT_R8G8_SNORM},
    {CL_RG, CL_SNORM_INT16, VSMP_FORMAT_R16G16_SNORM},
    {CL_RGBA, CL_SNORM_INT8, VSMP_FORMAT_R8G8B8A8_SNORM},
    {CL_RGBA, CL_SNORM_INT16, VSMP_FORMAT_R16G16B16A16_SNORM},
    /* read-only */
    {CL_INTENSITY, CL_UNORM_INT8, VSMP_FORMAT_I8_UNORM},
    {CL_INTENSITY, CL_UNORM_INT16, VSMP_FORMAT_I16_UNORM},
    {CL_LUMINANCE, CL_UNORM_INT8, VSMP_FORMAT_L8_UNORM},
    {CL_LUMINANCE, CL_UNORM_INT16, VSMP_FORMAT_L16_UNORM},
    {CL_A, CL_UNORM_INT16, VSMP_FORMAT_A16_UNORM},
    {CL_sRGBA, CL_UNORM_INT8, VSMP_FORMAT_R8G8B8A8_UNORM_SRGB},
    {CL_sBGRA, CL_UNORM_INT8, VSMP_FORMAT_B8G8R8A8_UNORM_SRGB},
};
#define NFORMATS  (sizeof formats / sizeof formats[0])
#define NWRITABLE 38

#define IMAGE2D_MAX      16384
#define IMAGE_ARRAY_MAX  2048
#define IMAGE_BUFFER_MAX 268434944u

static bool is_image_type(cl_mem_object_type t)
{
    return t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
           t == CL_MEM_OBJECT_IMAGE1D_BUFFER || t == CL_MEM_OBJECT_IMAGE2D ||
           t == CL_MEM_OBJECT_IMAGE2D_ARRAY || t == CL_MEM_OBJECT_IMAGE3D;
}

/* Formats images with these flags may have: kernels' writes narrow the list. */
static size_t formats_for(cl_mem_flags flags)
{
    if (flags & (CL_MEM_WRITE_ONLY | CL_MEM_KERNEL_READ_AND_WRITE))
        return NWRITABLE;
    if (flags & CL_MEM_READ_ONLY)
        return NFORMATS;
    return NWRITABLE; /* CL_MEM_READ_WRITE, or no access flag: read and written */
}

cl_int CL_API_CALL vsmp_clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                                   cl_mem_object_type image_type,
                                                   cl_uint num_entries,
                                                   cl_image_format *image_formats,
                                                   cl_uint *num_image_formats)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_context_ok(context) ? CL_SUCCESS : CL_INVALID_CONTEXT;
    vsmp_cl_unlock();
    if (err)
        return err;
    if (!is_image_type(image_type) || (num_entries == 0 && image_formats))
        return CL_INVALID_VALUE;
    size_t n = formats_for(flags);
    for (size_t i = 0; image_formats && i < n && i < num_entries; i++) {
        image_formats[i].image_channel_order = formats[i].order;
        image_formats[i].image_channel_data_type = formats[i].type;
    }
    if (num_image_formats)
        *num_image_formats = (cl_uint)n;
    return CL_SUCCESS;
}

/* The image's dimensions as (width, height or layers, depth or layers) and which axis holds
 * array layers (1 for 1D arrays, 2 for 2D arrays, 0 for none). */
static void image_dims(const cl_image_desc *d, size_t dims[3], int *layers)
{
    dims[0] = d->image_width;
    dims[1] = dims[2] = 1;
    *layers = 0;
    switch (d->image_type) {
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        dims[1] = d->image_array_size, *layers = 1;
        break;
    case CL_MEM_OBJECT_IMAGE2D:
        dims[1] = d->image_height;
        break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        dims[1] = d->image_height, dims[2] = d->image_array_size, *layers = 2;
        break;
    case CL_MEM_OBJECT_IMAGE3D:
        dims[1] = d->image_height, dims[2] = d->image_depth;
        break;
    default:
        break;
    }
}

/* The pitches of the image's storage along its axes 1 and 2 (a 1D array's layers use the
 * slice pitch, as the specification lays them out). */
static void image_pitches(cl_mem m, size_t p[2])
{
    if (m->desc.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
        p[0] = p[1] = m->slice_pitch;
    else
        p[0] = m->row_pitch, p[1] = m->slice_pitch;
}

static cl_int check_desc(cl_context ctx, const cl_image_desc *d, size_t elem)
{
    if (!d || !is_image_type(d->image_type) || !d->image_width || d->num_mip_levels ||
        d->num_samples)
        return CL_INVALID_IMAGE_DESCRIPTOR;
    size_t w = d->image_width, h = d->image_height, depth = d->image_depth;
    size_t arr = d->image_array_size;
    cl_uint max3d = IMAGE2D_MAX;
    for (cl_uint i = 0; i < ctx->ndev; i++)
        if (ctx->dev[i]->t->image3d_max_wh < max3d)
            max3d = ctx->dev[i]->t->image3d_max_wh;
    bool arrayed = d->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                   d->image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
    if (arrayed && (!arr || arr > IMAGE_ARRAY_MAX))
        return CL_INVALID_IMAGE_SIZE;
    switch (d->image_type) {
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
        if (!d->buffer)
            return CL_INVALID_IMAGE_DESCRIPTOR;
        if (w > IMAGE_BUFFER_MAX)
            return CL_INVALID_IMAGE_SIZE;
        break;
    case CL_MEM_OBJECT_IMAGE1D:
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        if (w > IMAGE2D_MAX)
            return CL_INVALID_IMAGE_SIZE;
        break;
    case CL_MEM_OBJECT_IMAGE2D:
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        if (!h)
            return CL_INVALID_IMAGE_DESCRIPTOR;
        if (w > IMAGE2D_MAX || h > IMAGE2D_MAX)
            return CL_INVALID_IMAGE_SIZE;
        break;
    case CL_MEM_OBJECT_IMAGE3D:
        if (!h || !depth)
            return CL_INVALID_IMAGE_DESCRIPTOR;
        if (w > max3d || h > max3d || depth > 2048)
            return CL_INVALID_IMAGE_SIZE;
        break;
    default:
        return CL_INVALID_IMAGE_DESCRIPTOR;
    }
    if (d->image_type != CL_MEM_OBJECT_IMAGE1D_BUFFER && d->buffer)
        return CL_INVALID_IMAGE_DESCRIPTOR; /* cl_khr_image2d_from_buffer is not offered */
    (void)elem;
    return CL_SUCCESS;
}

/* Copy the rectangle of the image @p m at byte origin @p img_o to/from @p host. */
static void copy_box(uint8_t *img, const size_t ip[2], uint8_t *host, const size_t hp[2],
                     const size_t region[3], bool to_image)
{
    for (size_t z = 0; z < region[2]; z++)
        for (size_t y = 0; y < region[1]; y++) {
            uint8_t *a = img + z * ip[1] + y * ip[0], *b = host + z * hp[1] + y * hp[0];
            memcpy(to_image ? a : b, to_image ? b : a, region[0]);
        }
}

cl_mem CL_API_CALL vsmp_clCreateImageWithProperties(cl_context context,
                                                    const cl_mem_properties *properties,
                                                    cl_mem_flags flags,
                                                    const cl_image_format *image_format,
                                                    const cl_image_desc *image_desc, void *host_ptr,
                                                    cl_int *errcode_ret)
{
    if (properties && properties[0]) {
        VSMP_CL_ERR(CL_INVALID_PROPERTY);
        return NULL;
    }
    if (!flags)
        flags = CL_MEM_READ_WRITE;
    vsmp_cl_lock();
    cl_int err = CL_SUCCESS;
    cl_mem m = NULL, buf = NULL;
    size_t fi = NFORMATS, dims[3] = {0}, elem = 0;
    int layers = 0;
    if (!vsmp_cl_context_ok(context))
        err = CL_INVALID_CONTEXT;
    else if (!image_format)
        err = CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
    if (!err) {
        for (size_t i = 0; i < NFORMATS; i++)
            if (formats[i].order == image_format->image_channel_order &&
                formats[i].type == image_format->image_channel_data_type)
                fi = i;
        if (fi == NFORMATS)
            err = CL_IMAGE_FORMAT_NOT_SUPPORTED;
        else if (fi >= formats_for(flags))
            err = CL_IMAGE_FORMAT_NOT_SUPPORTED; /* a read-only format in an image kernels write */
    }
    const vsmp_format_info *vf = err ? NULL : vsmp_format_get(formats[fi].vf);
    if (!err && !vf)
        err = CL_IMAGE_FORMAT_NOT_SUPPORTED;
    if (!err)
        elem = vf->bytes, err = check_desc(context, image_desc, elem);
    if (!err && (host_ptr != NULL) != !!(flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        err = CL_INVALID_HOST_PTR;
    if (!err && !host_ptr && (image_desc->image_row_pitch || image_desc->image_slice_pitch))
        err = CL_INVALID_IMAGE_DESCRIPTOR;
    /* the host's pitches (given, or packed), checked; the storage has them when it is the
     * host's memory (CL_MEM_USE_HOST_PTR), else it is packed */
    size_t row = 0, slice = 0, hrow = 0, hslice = 0;
    if (!err) {
        image_dims(image_desc, dims, &layers);
        size_t tight = dims[0] * elem;
        size_t rows_per_slice = image_desc->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 1 : dims[1];
        hrow = image_desc->image_row_pitch ? image_desc->image_row_pitch : tight;
        hslice =
            image_desc->image_slice_pitch ? image_desc->image_slice_pitch : hrow * rows_per_slice;
        if (hrow < tight || hrow % elem || hslice < hrow * rows_per_slice || hslice % hrow)
            err = CL_INVALID_IMAGE_DESCRIPTOR;
        bool use = flags & CL_MEM_USE_HOST_PTR;
        row = use ? hrow : tight;
        slice = use ? hslice : tight * rows_per_slice;
    }
    if (!err && image_desc->image_type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        buf = image_desc->buffer;
        if (!vsmp_cl_mem_ok(buf) || buf->type != CL_MEM_OBJECT_BUFFER || buf->ctx != context)
            err = CL_INVALID_IMAGE_DESCRIPTOR;
        else if (dims[0] * elem > buf->size)
            err = CL_INVALID_IMAGE_SIZE;
        else if (host_ptr || (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR)))
            err = CL_INVALID_VALUE;
    }
    size_t zs = layers == 1 ? 1 : dims[2], total = 0;
    if (!err) {
        size_t ys = layers == 1 ? dims[1] : 1;
        total = image_desc->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? slice * ys : slice * zs;
        if (total > context->dev[0]->max_alloc)
            err = CL_INVALID_IMAGE_SIZE;
    }
    if (!err && !(m = calloc(1, sizeof *m)))
        err = CL_OUT_OF_HOST_MEMORY;
    if (!err && buf) {
        m->data = buf->data;
        m->parent = buf;
        buf->h.refs++;
    } else if (!err && (flags & CL_MEM_USE_HOST_PTR)) {
        m->data = host_ptr;
    } else if (!err) {
        if (!vsmp_cl_budget_take(context->dev[0], total)) {
            err = CL_OUT_OF_RESOURCES;
        } else if (!(m->data = calloc(1, total))) {
            vsmp_cl_budget_give(total);
            err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        } else {
            m->owns = true;
        }
    }
    if (err) {
        free(m);
        vsmp_cl_unlock();
        VSMP_CL_ERR(err);
        return NULL;
    }
    vsmp_cl_head_init(&m->h, VSMP_CL_MEM);
    m->ctx = context;
    m->type = image_desc->image_type;
    m->flags = flags;
    m->size = total;
    m->host_ptr = (flags & CL_MEM_USE_HOST_PTR) ? host_ptr : NULL;
    m->fmt = *image_format;
    m->desc = *image_desc;
    m->vf = vf;
    m->elem = elem;
    m->row_pitch = row;
    m->slice_pitch = slice;
    if (flags & CL_MEM_COPY_HOST_PTR) {
        /* the host's rows at its pitches (given, or packed) into the packed storage */
        size_t hp[2], ip[2], region[3] = {dims[0] * elem, dims[1], dims[2]};
        hp[0] = m->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? hslice : hrow, hp[1] = hslice;
        image_pitches(m, ip);
        copy_box(m->data, ip, host_ptr, hp, region, true);
    }
    if (properties) {
        m->mprops[0] = 0;
        m->nmprops = 1;
    }
    vsmp_cl_context_retain(context);
    vsmp_cl_unlock();
    VSMP_CL_ERR(CL_SUCCESS);
    return m;
}

cl_mem CL_API_CALL vsmp_clCreateImage(cl_context context, cl_mem_flags flags,
                                      const cl_image_format *image_format,
                                      const cl_image_desc *image_desc, void *host_ptr,
                                      cl_int *errcode_ret)
{
    return vsmp_clCreateImageWithProperties(context, NULL, flags, image_format, image_desc,
                                            host_ptr, errcode_ret);
}

cl_mem CL_API_CALL vsmp_clCreateImage2D(cl_context context, cl_mem_flags flags,
                                        const cl_image_format *image_format, size_t image_width,
                                        size_t image_height, size_t image_row_pitch, void *host_ptr,
                                        cl_int *errcode_ret)
{
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                       .image_width = image_width,
                       .image_height = image_height,
                       .image_row_pitch = image_row_pitch};
    return vsmp_clCreateImage(context, flags, image_format, &d, host_ptr, errcode_ret);
}

cl_mem CL_API_CALL vsmp_clCreateImage3D(cl_context context, cl_mem_flags flags,
                                        const cl_image_format *image_format, size_t image_width,
                                        size_t image_height, size_t image_depth,
                                        size_t image_row_pitch, size_t image_slice_pitch,
                                        void *host_ptr, cl_int *errcode_ret)
{
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE3D,
                       .image_width = image_width,
                       .image_height = image_height,
                       .image_depth = image_depth,
                       .image_row_pitch = image_row_pitch,
                       .image_slice_pitch = image_slice_pitch};
    return vsmp_clCreateImage(context, flags, image_format, &d, host_ptr, errcode_ret);
}

static cl_int image_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_mem image = obj;
    if (!is_image_type(image->type))
        return CL_INVALID_MEM_OBJECT;
    cl_mem_object_type t = image->type;
    switch (param_name) {
    case CL_IMAGE_FORMAT:
        return vsmp_cl_value(a, &image->fmt, sizeof image->fmt);
    case CL_IMAGE_ELEMENT_SIZE:
        return VSMP_CL_VALUE(a, size_t, image->elem);
    case CL_IMAGE_ROW_PITCH:
        return VSMP_CL_VALUE(a, size_t, image->row_pitch);
    case CL_IMAGE_SLICE_PITCH:
        return VSMP_CL_VALUE(a, size_t,
                             t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                                     t == CL_MEM_OBJECT_IMAGE3D
                                 ? image->slice_pitch
                                 : 0);
    case CL_IMAGE_WIDTH:
        return VSMP_CL_VALUE(a, size_t, image->desc.image_width);
    case CL_IMAGE_HEIGHT:
        return VSMP_CL_VALUE(a, size_t,
                             t == CL_MEM_OBJECT_IMAGE2D || t == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                                     t == CL_MEM_OBJECT_IMAGE3D
                                 ? image->desc.image_height
                                 : 0);
    case CL_IMAGE_DEPTH:
        return VSMP_CL_VALUE(a, size_t, t == CL_MEM_OBJECT_IMAGE3D ? image->desc.image_depth : 0);
    case CL_IMAGE_ARRAY_SIZE:
        return VSMP_CL_VALUE(a, size_t,
                             t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D_ARRAY
                                 ? image->desc.image_array_size
                                 : 0);
    case CL_IMAGE_BUFFER:
        return VSMP_CL_VALUE(a, cl_mem, image->parent);
    case CL_IMAGE_NUM_MIP_LEVELS:
    case CL_IMAGE_NUM_SAMPLES:
        return VSMP_CL_VALUE(a, cl_uint, 0);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetImageInfo(cl_mem image, cl_image_info param_name,
                                       size_t param_value_size, void *param_value,
                                       size_t *param_value_size_ret)
{
    return vsmp_cl_get_info(image, VSMP_CL_MEM, CL_INVALID_MEM_OBJECT, image_answer, param_name,
                            param_value_size, param_value, param_value_size_ret);
}

/* The origin and region of a command on image @p m, checked against its type and size. */
static cl_int check_region(cl_mem m, const size_t *origin, const size_t *region)
{
    if (!origin || !region)
        return CL_INVALID_VALUE;
    size_t dims[3];
    int layers;
    image_dims(&m->desc, dims, &layers);
    for (int i = 0; i < 3; i++)
        if (!region[i] || origin[i] > dims[i] || region[i] > dims[i] - origin[i])
            return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

/* Fill a rectangle command's image side: byte origin, pitches, storage. */
static void image_side(cl_mem m, const size_t *origin, size_t o[3], size_t p[2])
{
    o[0] = origin[0] * m->elem, o[1] = origin[1], o[2] = origin[2];
    image_pitches(m, p);
}

/* The host side's pitches: as given, or packed for the region. */
static void host_pitches(cl_mem m, const size_t *region, size_t row, size_t slice, size_t p[2])
{
    size_t r = row ? row : region[0] * m->elem;
    if (m->type == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
        p[0] = p[1] = slice ? slice : r;
        return;
    }
    p[0] = r;
    p[1] = slice ? slice : r * region[1];
}

static cl_int image_rw(cl_command_queue q, cl_mem image, cl_bool blocking, const size_t *origin,
                       const size_t *region, size_t row, size_t slice, void *ptr, bool read,
                       cl_uint n, const cl_event *list, cl_event *event)
{
    cl_int err = vsmp_cl_check_mem(q, image);
    if (!err && !is_image_type(image->type))
        err = CL_INVALID_MEM_OBJECT;
    if (!err)
        err = check_region(image, origin, region);
    if (!err && !ptr)
        err = CL_INVALID_VALUE;
    if (!err && (image->flags & (read ? (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)
                                      : (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))))
        err = CL_INVALID_OPERATION;
    cl_event ev = NULL;
    if (!err)
        err =
            vsmp_cl_command(q, read ? CL_COMMAND_READ_IMAGE : CL_COMMAND_WRITE_IMAGE, n, list, &ev);
    if (err)
        return err;
    vsmp_cl_hold(ev, image);
    size_t io[3], ip[2], ho[3] = {0, 0, 0}, hp[2];
    image_side(image, origin, io, ip);
    host_pitches(image, region, row, slice, hp);
    ev->u.rect.region[0] = region[0] * image->elem;
    ev->u.rect.region[1] = region[1], ev->u.rect.region[2] = region[2];
    memcpy(read ? ev->u.rect.src_origin : ev->u.rect.dst_origin, io, sizeof io);
    memcpy(read ? ev->u.rect.dst_origin : ev->u.rect.src_origin, ho, sizeof ho);
    memcpy(read ? ev->u.rect.src_pitch : ev->u.rect.dst_pitch, ip, sizeof ip);
    memcpy(read ? ev->u.rect.dst_pitch : ev->u.rect.src_pitch, hp, sizeof hp);
    ev->u.rect.from = read ? (const void *)image->data : ptr;
    ev->u.rect.to = read ? ptr : (void *)image->data;
    ev->run = vsmp_cl_run_rect;
    return vsmp_cl_enqueue(ev, blocking, event);
}

cl_int CL_API_CALL vsmp_clEnqueueReadImage(cl_command_queue q, cl_mem image, cl_bool blocking,
                                           const size_t *origin, const size_t *region,
                                           size_t row_pitch, size_t slice_pitch, void *ptr,
                                           cl_uint n, const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = image_rw(q, image, blocking, origin, region, row_pitch, slice_pitch, ptr, true, n,
                          list, event);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueWriteImage(cl_command_queue q, cl_mem image, cl_bool blocking,
                                            const size_t *origin, const size_t *region,
                                            size_t input_row_pitch, size_t input_slice_pitch,
                                            const void *ptr, cl_uint n, const cl_event *list,
                                            cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = image_rw(q, image, blocking, origin, region, input_row_pitch, input_slice_pitch,
                          (void *)(uintptr_t)ptr, false, n, list, event);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueCopyImage(cl_command_queue q, cl_mem src, cl_mem dst,
                                           const size_t *src_origin, const size_t *dst_origin,
                                           const size_t *region, cl_uint n, const cl_event *list,
                                           cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_check_mem(q, src);
    if (!err)
        err = vsmp_cl_check_mem(q, dst);
    if (!err && (!is_image_type(src->type) || !is_image_type(dst->type)))
        err = CL_INVALID_MEM_OBJECT;
    if (!err && (src->fmt.image_channel_order != dst->fmt.image_channel_order ||
                 src->fmt.image_channel_data_type != dst->fmt.image_channel_data_type))
        err = CL_IMAGE_FORMAT_MISMATCH;
    if (!err)
        err = check_region(src, src_origin, region);
    if (!err)
        err = check_region(dst, dst_origin, region);
    if (!err && src == dst && vsmp_cl_boxes_overlap(src_origin, dst_origin, region))
        err = CL_MEM_COPY_OVERLAP;
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(q, CL_COMMAND_COPY_IMAGE, n, list, &ev);
    if (!err) {
        vsmp_cl_hold(ev, src);
        vsmp_cl_hold(ev, dst);
        image_side(src, src_origin, ev->u.rect.src_origin, ev->u.rect.src_pitch);
        image_side(dst, dst_origin, ev->u.rect.dst_origin, ev->u.rect.dst_pitch);
        ev->u.rect.region[0] = region[0] * src->elem;
        ev->u.rect.region[1] = region[1], ev->u.rect.region[2] = region[2];
        ev->u.rect.from = src->data;
        ev->u.rect.to = dst->data;
        ev->run = vsmp_cl_run_rect;
        err = vsmp_cl_enqueue(ev, false, event);
    }
    vsmp_cl_unlock();
    return err;
}

/* image <-> buffer: the buffer side packed, from a byte offset */
static cl_int image_buffer(cl_command_queue q, cl_mem image, cl_mem buffer, const size_t *origin,
                           const size_t *region, size_t offset, bool to_buffer, cl_uint n,
                           const cl_event *list, cl_event *event)
{
    cl_int err = vsmp_cl_check_mem(q, image);
    if (!err)
        err = vsmp_cl_check_mem(q, buffer);
    if (!err && (!is_image_type(image->type) || buffer->type != CL_MEM_OBJECT_BUFFER ||
                 image->parent == buffer))
        err = CL_INVALID_MEM_OBJECT;
    if (!err)
        err = check_region(image, origin, region);
    size_t bytes = err ? 0 : region[0] * region[1] * region[2] * image->elem;
    if (!err && (offset > buffer->size || bytes > buffer->size - offset))
        err = CL_INVALID_VALUE;
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(
            q, to_buffer ? CL_COMMAND_COPY_IMAGE_TO_BUFFER : CL_COMMAND_COPY_BUFFER_TO_IMAGE, n,
            list, &ev);
    if (err)
        return err;
    vsmp_cl_hold(ev, image);
    vsmp_cl_hold(ev, buffer);
    size_t io[3], ip[2], bo[3] = {offset, 0, 0}, bp[2];
    image_side(image, origin, io, ip);
    host_pitches(image, region, 0, 0, bp);
    ev->u.rect.region[0] = region[0] * image->elem;
    ev->u.rect.region[1] = region[1], ev->u.rect.region[2] = region[2];
    memcpy(to_buffer ? ev->u.rect.src_origin : ev->u.rect.dst_origin, io, sizeof io);
    memcpy(to_buffer ? ev->u.rect.dst_origin : ev->u.rect.src_origin, bo, sizeof bo);
    memcpy(to_buffer ? ev->u.rect.src_pitch : ev->u.rect.dst_pitch, ip, sizeof ip);
    memcpy(to_buffer ? ev->u.rect.dst_pitch : ev->u.rect.src_pitch, bp, sizeof bp);
    ev->u.rect.from = to_buffer ? image->data : buffer->data;
    ev->u.rect.to = to_buffer ? buffer->data : image->data;
    ev->run = vsmp_cl_run_rect;
    return vsmp_cl_enqueue(ev, false, event);
}

cl_int CL_API_CALL vsmp_clEnqueueCopyImageToBuffer(cl_command_queue q, cl_mem src_image,
                                                   cl_mem dst_buffer, const size_t *src_origin,
                                                   const size_t *region, size_t dst_offset,
                                                   cl_uint n, const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = image_buffer(q, src_image, dst_buffer, src_origin, region, dst_offset, true, n,
                              list, event);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueCopyBufferToImage(cl_command_queue q, cl_mem src_buffer,
                                                   cl_mem dst_image, size_t src_offset,
                                                   const size_t *dst_origin, const size_t *region,
                                                   cl_uint n, const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = image_buffer(q, dst_image, src_buffer, dst_origin, region, src_offset, false, n,
                              list, event);
    vsmp_cl_unlock();
    return err;
}

static cl_int run_fill_image(cl_event ev)
{
    const size_t *r = ev->u.rect.region, *o = ev->u.rect.dst_origin, *p = ev->u.rect.dst_pitch;
    uint8_t *to = ev->u.rect.to;
    size_t elem = ev->u.rect.elem;
    for (size_t z = 0; z < r[2]; z++)
        for (size_t y = 0; y < r[1]; y++) {
            uint8_t *row = to + (o[2] + z) * p[1] + (o[1] + y) * p[0] + o[0];
            for (size_t x = 0; x < r[0]; x += elem)
                memcpy(row + x, ev->u.rect.pixel, elem);
        }
    return CL_SUCCESS;
}

cl_int CL_API_CALL vsmp_clEnqueueFillImage(cl_command_queue q, cl_mem image, const void *fill_color,
                                           const size_t origin[3], const size_t region[3],
                                           cl_uint n, const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_check_mem(q, image);
    if (!err && !is_image_type(image->type))
        err = CL_INVALID_MEM_OBJECT;
    if (!err && !fill_color)
        err = CL_INVALID_VALUE;
    if (!err)
        err = check_region(image, origin, region);
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(q, CL_COMMAND_FILL_IMAGE, n, list, &ev);
    if (!err) {
        /* the colour is four floats, ints or uints by the format's class (RGBA order; INTENSITY
         * and LUMINANCE take the first), packed as the format stores a texel */
        vsmp_texel t;
        memcpy(&t, fill_color, sizeof t);
        vsmp_format_pack(image->vf, &t, ev->u.rect.pixel);
        vsmp_cl_hold(ev, image);
        image_side(image, origin, ev->u.rect.dst_origin, ev->u.rect.dst_pitch);
        ev->u.rect.region[0] = region[0] * image->elem;
        ev->u.rect.region[1] = region[1], ev->u.rect.region[2] = region[2];
        ev->u.rect.elem = image->elem;
        ev->u.rect.to = image->data;
        ev->run = run_fill_image;
        err = vsmp_cl_enqueue(ev, false, event);
    }
    vsmp_cl_unlock();
    return err;
}

static cl_int run_nothing(cl_event ev)
{
    (void)ev;
    return CL_SUCCESS;
}

void *CL_API_CALL vsmp_clEnqueueMapImage(cl_command_queue q, cl_mem image, cl_bool blocking,
                                         cl_map_flags map_flags, const size_t *origin,
                                         const size_t *region, size_t *image_row_pitch,
                                         size_t *image_slice_pitch, cl_uint n, const cl_event *list,
                                         cl_event *event, cl_int *errcode_ret)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_check_mem(q, image);
    if (!err && !is_image_type(image->type))
        err = CL_INVALID_MEM_OBJECT;
    if (!err)
        err = check_region(image, origin, region);
    if (!err && !image_row_pitch)
        err = CL_INVALID_VALUE;
    if (!err && !image_slice_pitch &&
        (image->type == CL_MEM_OBJECT_IMAGE3D || image->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
         image->type == CL_MEM_OBJECT_IMAGE2D_ARRAY))
        err = CL_INVALID_VALUE;
    if (!err &&
        (map_flags & ~(cl_map_flags)(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)))
        err = CL_INVALID_VALUE;
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(q, CL_COMMAND_MAP_IMAGE, n, list, &ev);
    void *p = NULL;
    if (!err) {
        size_t o[3], pitch[2];
        image_side(image, origin, o, pitch);
        p = image->data + o[2] * pitch[1] + o[1] * pitch[0] + o[0];
        *image_row_pitch = image->row_pitch;
        if (image_slice_pitch)
            *image_slice_pitch = image->type == CL_MEM_OBJECT_IMAGE3D ||
                                         image->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                                         image->type == CL_MEM_OBJECT_IMAGE2D_ARRAY
                                     ? image->slice_pitch
                                     : 0;
        ev->run = run_nothing;
        image->maps++;
        err = vsmp_cl_enqueue(ev, blocking, event);
    }
    vsmp_cl_unlock();
    VSMP_CL_ERR(err);
    return err ? NULL : p;
}

/* ---- samplers ---- */

cl_sampler CL_API_CALL vsmp_clCreateSamplerWithProperties(cl_context context,
                                                          const cl_sampler_properties *props,
                                                          cl_int *errcode_ret)
{
    cl_bool norm = CL_TRUE;
    cl_addressing_mode addr = CL_ADDRESS_CLAMP;
    cl_filter_mode filter = CL_FILTER_NEAREST;
    cl_uint n = 0;
    for (; props && props[n]; n += 2) {
        if (n >= 6) {
            VSMP_CL_ERR(CL_INVALID_VALUE);
            return NULL;
        }
        if (props[n] == CL_SAMPLER_NORMALIZED_COORDS)
            norm = (cl_bool)props[n + 1];
        else if (props[n] == CL_SAMPLER_ADDRESSING_MODE)
            addr = (cl_addressing_mode)props[n + 1];
        else if (props[n] == CL_SAMPLER_FILTER_MODE)
            filter = (cl_filter_mode)props[n + 1];
        else {
            VSMP_CL_ERR(CL_INVALID_VALUE);
            return NULL;
        }
    }
    if ((norm != CL_TRUE && norm != CL_FALSE) ||
        (addr != CL_ADDRESS_NONE && addr != CL_ADDRESS_CLAMP_TO_EDGE && addr != CL_ADDRESS_CLAMP &&
         addr != CL_ADDRESS_REPEAT && addr != CL_ADDRESS_MIRRORED_REPEAT) ||
        (filter != CL_FILTER_NEAREST && filter != CL_FILTER_LINEAR)) {
        VSMP_CL_ERR(CL_INVALID_VALUE);
        return NULL;
    }
    vsmp_cl_lock();
    cl_int err = vsmp_cl_context_ok(context) ? CL_SUCCESS : CL_INVALID_CONTEXT;
    cl_sampler s = NULL;
    if (!err && !(s = calloc(1, sizeof *s)))
        err = CL_OUT_OF_HOST_MEMORY;
    if (!err) {
        vsmp_cl_head_init(&s->h, VSMP_CL_SAMPLER);
        s->ctx = context;
        s->normalized = norm;
        s->addressing = addr;
        s->filter = filter;
        if (props) {
            memcpy(s->props, props, (n + 1) * sizeof props[0]);
            s->nprops = n + 1;
        }
        vsmp_cl_context_retain(context);
    }
    vsmp_cl_unlock();
    VSMP_CL_ERR(err);
    return s;
}

cl_sampler CL_API_CALL vsmp_clCreateSampler(cl_context context, cl_bool normalized_coords,
                                            cl_addressing_mode addressing_mode,
                                            cl_filter_mode filter_mode, cl_int *errcode_ret)
{
    const cl_sampler_properties props[] = {CL_SAMPLER_NORMALIZED_COORDS,
                                           normalized_coords,
                                           CL_SAMPLER_ADDRESSING_MODE,
                                           addressing_mode,
                                           CL_SAMPLER_FILTER_MODE,
                                           filter_mode,
                                           0};
    cl_sampler s = vsmp_clCreateSamplerWithProperties(context, props, errcode_ret);
    if (s)
        s->nprops = 0; /* CL_SAMPLER_PROPERTIES: none were given */
    return s;
}

cl_int CL_API_CALL vsmp_clRetainSampler(cl_sampler sampler)
{
    return vsmp_cl_retain(sampler, VSMP_CL_SAMPLER, CL_INVALID_SAMPLER);
}

static void sampler_unref(void *obj)
{
    cl_sampler s = obj;
    if (!vsmp_cl_unref(s))
        return;
    vsmp_cl_context_release(s->ctx);
    free(s);
}

cl_int CL_API_CALL vsmp_clReleaseSampler(cl_sampler sampler)
{
    return vsmp_cl_release(sampler, VSMP_CL_SAMPLER, CL_INVALID_SAMPLER, sampler_unref);
}

static cl_int sampler_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_sampler sampler = obj;
    switch (param_name) {
    case CL_SAMPLER_REFERENCE_COUNT:
        return VSMP_CL_VALUE(a, cl_uint, sampler->h.refs);
    case CL_SAMPLER_CONTEXT:
        return VSMP_CL_VALUE(a, cl_context, sampler->ctx);
    case CL_SAMPLER_NORMALIZED_COORDS:
        return VSMP_CL_VALUE(a, cl_bool, sampler->normalized);
    case CL_SAMPLER_ADDRESSING_MODE:
        return VSMP_CL_VALUE(a, cl_addressing_mode, sampler->addressing);
    case CL_SAMPLER_FILTER_MODE:
        return VSMP_CL_VALUE(a, cl_filter_mode, sampler->filter);
    case CL_SAMPLER_PROPERTIES:
        return vsmp_cl_bytes(a, sampler->props, sampler->nprops * sizeof sampler->props[0]);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetSamplerInfo(cl_sampler sampler, cl_sampler_info param_name,
                                         size_t param_value_size, void *param_value,
                                         size_t *param_value_size_ret)
{
    return vsmp_cl_get_info(sampler, VSMP_CL_SAMPLER, CL_INVALID_SAMPLER, sampler_answer,
                            param_name, param_value_size, param_value, param_value_size_ret);
}
