/* SPDX-License-Identifier: MIT */
/* Buffers and sub-buffers, and the commands that read, write, copy, fill and map them.
 * The device is this process: a buffer's bytes are host memory (CL_MEM_USE_HOST_PTR: the
 * application's own), a mapping is a pointer into them. Allocations count against the device's
 * global memory (the budget: CL_OUT_OF_RESOURCES past it, docs/OPENCL.md). */
#include <stdlib.h>
#include <string.h>

#include "icd.h"

bool vsmp_cl_mem_ok(cl_mem m)
{
    return vsmp_cl_is(m, VSMP_CL_MEM);
}

static void mem_free(cl_mem m)
{
    for (vsmp_cl_cb *cb = m->destructors; cb;) {
        vsmp_cl_cb *next = cb->next;
        vsmp_cl_callback_due(cb); /* most recently registered first */
        cb = next;
    }
    if (m->owns) {
        vsmp_cl_budget_give(m->size);
        free(m->data);
    }
    if (m->parent)
        vsmp_cl_mem_release(m->parent);
    vsmp_cl_context_release(m->ctx);
    /* the handle stays allocated when destructor callbacks will receive it */
    if (!m->destructors)
        free(m);
}

void vsmp_cl_mem_release(void *m)
{
    if (vsmp_cl_unref(m))
        mem_free(m);
}

static cl_int check_flags(cl_mem_flags flags)
{
    const cl_mem_flags known = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY |
                               CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR |
                               CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY |
                               CL_MEM_HOST_NO_ACCESS | CL_MEM_KERNEL_READ_AND_WRITE;
    if (flags & ~known)
        return CL_INVALID_VALUE;
    int access = !!(flags & CL_MEM_READ_WRITE) + !!(flags & CL_MEM_WRITE_ONLY) +
                 !!(flags & CL_MEM_READ_ONLY);
    int host = !!(flags & CL_MEM_HOST_WRITE_ONLY) + !!(flags & CL_MEM_HOST_READ_ONLY) +
               !!(flags & CL_MEM_HOST_NO_ACCESS);
    if (access > 1 || host > 1)
        return CL_INVALID_VALUE;
    if ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

cl_mem CL_API_CALL vsmp_clCreateBufferWithProperties(cl_context context,
                                                     const cl_mem_properties *properties,
                                                     cl_mem_flags flags, size_t size,
                                                     void *host_ptr, cl_int *errcode_ret)
{
    if (properties && properties[0]) {
        VSMP_CL_ERR(CL_INVALID_PROPERTY); /* no buffer property is defined in core OpenCL */
        return NULL;
    }
    if (!flags)
        flags = CL_MEM_READ_WRITE;
    cl_int err = check_flags(flags);
    if (!err && !size)
        err = CL_INVALID_BUFFER_SIZE;
    if (!err && (host_ptr != NULL) != !!(flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        err = CL_INVALID_HOST_PTR;
    if (err) {
        VSMP_CL_ERR(err);
        return NULL;
    }
    vsmp_cl_lock();
    cl_mem m = NULL;
    if (!vsmp_cl_context_ok(context)) {
        err = CL_INVALID_CONTEXT;
    } else {
        for (cl_uint i = 0; i < context->ndev; i++)
            if (size > context->dev[i]->max_alloc)
                err = CL_INVALID_BUFFER_SIZE;
    }
    if (!err && !(m = calloc(1, sizeof *m)))
        err = CL_OUT_OF_HOST_MEMORY;
    if (!err && !(flags & CL_MEM_USE_HOST_PTR)) {
        if (!vsmp_cl_budget_take(context->dev[0], size)) {
            err = CL_OUT_OF_RESOURCES;
        } else if (!(m->data = calloc(1, size))) {
            vsmp_cl_budget_give(size);
            err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        } else {
            m->owns = true;
            if (flags & CL_MEM_COPY_HOST_PTR)
                memcpy(m->data, host_ptr, size);
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
    m->type = CL_MEM_OBJECT_BUFFER;
    m->flags = flags;
    m->size = size;
    m->host_ptr = (flags & CL_MEM_USE_HOST_PTR) ? host_ptr : NULL;
    if (flags & CL_MEM_USE_HOST_PTR)
        m->data = host_ptr;
    if (properties) {
        m->mprops[0] = 0;
        m->nmprops = 1;
    }
    vsmp_cl_context_retain(context);
    vsmp_cl_unlock();
    VSMP_CL_ERR(CL_SUCCESS);
    return m;
}

cl_mem CL_API_CALL vsmp_clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size,
                                       void *host_ptr, cl_int *errcode_ret)
{
    return vsmp_clCreateBufferWithProperties(context, NULL, flags, size, host_ptr, errcode_ret);
}

cl_mem CL_API_CALL vsmp_clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags,
                                          cl_buffer_create_type buffer_create_type,
                                          const void *buffer_create_info, cl_int *errcode_ret)
{
    vsmp_cl_lock();
    cl_int err = CL_SUCCESS;
    cl_mem m = NULL;
    const cl_buffer_region *r = buffer_create_info;
    if (!vsmp_cl_mem_ok(buffer) || buffer->type != CL_MEM_OBJECT_BUFFER || buffer->parent)
        err = CL_INVALID_MEM_OBJECT;
    else if (buffer_create_type != CL_BUFFER_CREATE_TYPE_REGION || !r)
        err = CL_INVALID_VALUE;
    else if (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))
        err = CL_INVALID_VALUE;
    else if (check_flags(flags))
        err = CL_INVALID_VALUE;
    else if (((flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY)) &&
              (buffer->flags & CL_MEM_READ_ONLY)) ||
             ((flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY)) &&
              (buffer->flags & CL_MEM_WRITE_ONLY)) ||
             ((flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY)) &&
              (buffer->flags & CL_MEM_HOST_NO_ACCESS)) ||
             ((flags & CL_MEM_HOST_WRITE_ONLY) && (buffer->flags & CL_MEM_HOST_READ_ONLY)) ||
             ((flags & CL_MEM_HOST_READ_ONLY) && (buffer->flags & CL_MEM_HOST_WRITE_ONLY)))
        err = CL_INVALID_VALUE;
    else if (!r->size || r->origin > buffer->size || r->size > buffer->size - r->origin)
        err = r->size ? CL_INVALID_VALUE : CL_INVALID_BUFFER_SIZE;
    else if (r->origin % 128) /* CL_DEVICE_MEM_BASE_ADDR_ALIGN, 1024 bits */
        err = CL_MISALIGNED_SUB_BUFFER_OFFSET;
    else if (!(m = calloc(1, sizeof *m)))
        err = CL_OUT_OF_HOST_MEMORY;
    if (err) {
        vsmp_cl_unlock();
        VSMP_CL_ERR(err);
        return NULL;
    }
    /* unset access and host flags are inherited; the host-pointer flags always are */
    cl_mem_flags f = flags;
    if (!(f & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)))
        f |= buffer->flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY);
    if (!(f & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
        f |= buffer->flags &
             (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS);
    f |= buffer->flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR);
    vsmp_cl_head_init(&m->h, VSMP_CL_MEM);
    m->ctx = buffer->ctx;
    m->type = CL_MEM_OBJECT_BUFFER;
    m->flags = f;
    m->size = r->size;
    m->data = buffer->data + r->origin;
    m->host_ptr = buffer->host_ptr ? (uint8_t *)buffer->host_ptr + r->origin : NULL;
    m->parent = buffer;
    m->origin = r->origin;
    buffer->h.refs++;
    vsmp_cl_context_retain(m->ctx);
    vsmp_cl_unlock();
    VSMP_CL_ERR(CL_SUCCESS);
    return m;
}

cl_int CL_API_CALL vsmp_clRetainMemObject(cl_mem memobj)
{
    return vsmp_cl_retain(memobj, VSMP_CL_MEM, CL_INVALID_MEM_OBJECT);
}

cl_int CL_API_CALL vsmp_clReleaseMemObject(cl_mem memobj)
{
    return vsmp_cl_release(memobj, VSMP_CL_MEM, CL_INVALID_MEM_OBJECT, vsmp_cl_mem_release);
}

cl_int CL_API_CALL vsmp_clSetMemObjectDestructorCallback(
    cl_mem memobj, void(CL_CALLBACK *pfn_notify)(cl_mem, void *), void *user_data)
{
    if (!pfn_notify)
        return CL_INVALID_VALUE;
    vsmp_cl_lock();
    cl_int err = !vsmp_cl_mem_ok(memobj)
                     ? CL_INVALID_MEM_OBJECT
                     : vsmp_cl_destructor_add(&memobj->destructors, VSMP_CL_CB_MEM,
                                              (void (*)(void))pfn_notify, memobj, user_data);
    vsmp_cl_unlock();
    return err;
}

static cl_int memobject_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_mem memobj = obj;
    switch (param_name) {
    case CL_MEM_TYPE:
        return VSMP_CL_VALUE(a, cl_mem_object_type, memobj->type);
    case CL_MEM_FLAGS:
        return VSMP_CL_VALUE(a, cl_mem_flags, memobj->flags);
    case CL_MEM_SIZE:
        return VSMP_CL_VALUE(a, size_t, memobj->size);
    case CL_MEM_HOST_PTR:
        return VSMP_CL_VALUE(a, void *, memobj->host_ptr);
    case CL_MEM_MAP_COUNT:
        return VSMP_CL_VALUE(a, cl_uint, memobj->maps);
    case CL_MEM_REFERENCE_COUNT:
        return VSMP_CL_VALUE(a, cl_uint, memobj->h.refs);
    case CL_MEM_CONTEXT:
        return VSMP_CL_VALUE(a, cl_context, memobj->ctx);
    case CL_MEM_ASSOCIATED_MEMOBJECT:
        return VSMP_CL_VALUE(a, cl_mem, memobj->parent);
    case CL_MEM_OFFSET:
        return VSMP_CL_VALUE(a, size_t, memobj->origin);
    case CL_MEM_USES_SVM_POINTER:
        return VSMP_CL_VALUE(a, cl_bool, CL_FALSE);
    case CL_MEM_PROPERTIES:
        return vsmp_cl_bytes(a, memobj->mprops, memobj->nmprops * sizeof memobj->mprops[0]);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetMemObjectInfo(cl_mem memobj, cl_mem_info param_name,
                                           size_t param_value_size, void *param_value,
                                           size_t *param_value_size_ret)
{
    return vsmp_cl_get_info(memobj, VSMP_CL_MEM, CL_INVALID_MEM_OBJECT, memobject_answer,
                            param_name, param_value_size, param_value, param_value_size_ret);
}

/* ---- commands ---- */

static cl_int run_copy(cl_event ev)
{
    memmove(ev->u.copy.to, ev->u.copy.from, ev->u.copy.size);
    return CL_SUCCESS;
}

static cl_int run_fill(cl_event ev)
{
    uint8_t *to = ev->u.copy.to;
    size_t ps = ev->u.copy.pattern_size;
    for (size_t i = 0; i < ev->u.copy.size; i += ps)
        memcpy(to + i, ev->u.copy.pattern, ps);
    return CL_SUCCESS;
}

static cl_int run_nothing(cl_event ev)
{
    (void)ev;
    return CL_SUCCESS;
}

cl_int vsmp_cl_check_mem(cl_command_queue q, cl_mem m)
{
    if (!vsmp_cl_queue_ok(q))
        return CL_INVALID_COMMAND_QUEUE;
    if (!vsmp_cl_mem_ok(m))
        return CL_INVALID_MEM_OBJECT;
    return m->ctx == q->ctx ? CL_SUCCESS : CL_INVALID_CONTEXT;
}

/* Checks shared by the buffer commands: the queue, the buffer's context, the range. */
static cl_int check_buffer(cl_command_queue q, cl_mem m, size_t offset, size_t size)
{
    if (!vsmp_cl_queue_ok(q))
        return CL_INVALID_COMMAND_QUEUE;
    if (!vsmp_cl_mem_ok(m) || m->type != CL_MEM_OBJECT_BUFFER)
        return CL_INVALID_MEM_OBJECT;
    if (m->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    if (offset > m->size || size > m->size - offset)
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

/* Enqueue a command that copies @p size bytes from @p from to @p to. */
static cl_int enqueue_copy(cl_command_queue q, cl_command_type type, cl_mem a, cl_mem b, void *to,
                           const void *from, size_t size, bool blocking, cl_uint n,
                           const cl_event *list, cl_event *event)
{
    cl_event ev;
    cl_int err = vsmp_cl_command(q, type, n, list, &ev);
    if (err)
        return err;
    vsmp_cl_hold(ev, a);
    if (b)
        vsmp_cl_hold(ev, b);
    ev->u.copy.to = to;
    ev->u.copy.from = from;
    ev->u.copy.size = size;
    ev->run = run_copy;
    return vsmp_cl_enqueue(ev, blocking, event);
}

cl_int CL_API_CALL vsmp_clEnqueueReadBuffer(cl_command_queue q, cl_mem buffer, cl_bool blocking,
                                            size_t offset, size_t size, void *ptr, cl_uint n,
                                            const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = check_buffer(q, buffer, offset, size);
    if (!err && (!ptr || !size))
        err = CL_INVALID_VALUE;
    if (!err && (buffer->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)))
        err = CL_INVALID_OPERATION;
    if (!err)
        err = enqueue_copy(q, CL_COMMAND_READ_BUFFER, buffer, NULL, ptr, buffer->data + offset,
                           size, blocking, n, list, event);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueWriteBuffer(cl_command_queue q, cl_mem buffer, cl_bool blocking,
                                             size_t offset, size_t size, const void *ptr, cl_uint n,
                                             const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = check_buffer(q, buffer, offset, size);
    if (!err && (!ptr || !size))
        err = CL_INVALID_VALUE;
    if (!err && (buffer->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
        err = CL_INVALID_OPERATION;
    if (!err)
        err = enqueue_copy(q, CL_COMMAND_WRITE_BUFFER, buffer, NULL, buffer->data + offset, ptr,
                           size, blocking, n, list, event);
    vsmp_cl_unlock();
    return err;
}

bool vsmp_cl_boxes_overlap(const size_t *a, const size_t *b, const size_t *region)
{
    for (int i = 0; i < 3; i++)
        if (a[i] >= b[i] + region[i] || b[i] >= a[i] + region[i])
            return false;
    return true;
}

/* Do [a, a+na) and [b, b+nb) of the same storage overlap? */
static bool overlap(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
    return a < b + nb && b < a + na;
}

cl_int CL_API_CALL vsmp_clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst,
                                            size_t src_offset, size_t dst_offset, size_t size,
                                            cl_uint n, const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = check_buffer(q, src, src_offset, size);
    if (!err)
        err = check_buffer(q, dst, dst_offset, size);
    if (!err && !size)
        err = CL_INVALID_VALUE;
    if (!err && overlap(src->data + src_offset, size, dst->data + dst_offset, size) &&
        (src == dst || src->parent == dst || dst->parent == src ||
         (src->parent && src->parent == dst->parent)))
        err = CL_MEM_COPY_OVERLAP;
    if (!err)
        err = enqueue_copy(q, CL_COMMAND_COPY_BUFFER, src, dst, dst->data + dst_offset,
                           src->data + src_offset, size, false, n, list, event);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueFillBuffer(cl_command_queue q, cl_mem buffer, const void *pattern,
                                            size_t pattern_size, size_t offset, size_t size,
                                            cl_uint n, const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = check_buffer(q, buffer, offset, size);
    if (!err &&
        (!pattern || !pattern_size || pattern_size > 128 || (pattern_size & (pattern_size - 1)) ||
         offset % pattern_size || size % pattern_size))
        err = CL_INVALID_VALUE;
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(q, CL_COMMAND_FILL_BUFFER, n, list, &ev);
    if (!err) {
        vsmp_cl_hold(ev, buffer);
        ev->u.copy.to = buffer->data + offset;
        ev->u.copy.size = size;
        memcpy(ev->u.copy.pattern, pattern, pattern_size);
        ev->u.copy.pattern_size = pattern_size;
        ev->run = run_fill;
        err = vsmp_cl_enqueue(ev, false, event);
    }
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueMigrateMemObjects(cl_command_queue q, cl_uint num_mem_objects,
                                                   const cl_mem *mem_objects,
                                                   cl_mem_migration_flags flags, cl_uint n,
                                                   const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_queue_ok(q) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
    if (!err && (!num_mem_objects || !mem_objects ||
                 (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST |
                                                    CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))))
        err = CL_INVALID_VALUE;
    for (cl_uint i = 0; !err && i < num_mem_objects; i++)
        if (!vsmp_cl_mem_ok(mem_objects[i]))
            err = CL_INVALID_MEM_OBJECT;
        else if (mem_objects[i]->ctx != q->ctx)
            err = CL_INVALID_CONTEXT;
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(q, CL_COMMAND_MIGRATE_MEM_OBJECTS, n, list, &ev);
    if (!err) {
        ev->run = run_nothing; /* one memory: nothing moves */
        err = vsmp_cl_enqueue(ev, false, event);
    }
    vsmp_cl_unlock();
    return err;
}

void *CL_API_CALL vsmp_clEnqueueMapBuffer(cl_command_queue q, cl_mem buffer, cl_bool blocking,
                                          cl_map_flags map_flags, size_t offset, size_t size,
                                          cl_uint n, const cl_event *list, cl_event *event,
                                          cl_int *errcode_ret)
{
    vsmp_cl_lock();
    cl_int err = check_buffer(q, buffer, offset, size);
    if (!err && (!size ||
                 (map_flags &
                  ~(cl_map_flags)(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) ||
                 ((map_flags & CL_MAP_WRITE_INVALIDATE_REGION) &&
                  (map_flags & (CL_MAP_READ | CL_MAP_WRITE)))))
        err = CL_INVALID_VALUE;
    if (!err && (((map_flags & CL_MAP_READ) &&
                  (buffer->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
                 ((map_flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
                  (buffer->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))))
        err = CL_INVALID_OPERATION;
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(q, CL_COMMAND_MAP_BUFFER, n, list, &ev);
    void *p = NULL;
    if (!err) {
        ev->run = run_nothing; /* the mapping is the buffer's own bytes */
        buffer->maps++;
        p = buffer->data + offset;
        err = vsmp_cl_enqueue(ev, blocking, event);
    }
    vsmp_cl_unlock();
    VSMP_CL_ERR(err);
    return err ? NULL : p;
}

cl_int CL_API_CALL vsmp_clEnqueueUnmapMemObject(cl_command_queue q, cl_mem memobj, void *mapped_ptr,
                                                cl_uint n, const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_check_mem(q, memobj);
    if (!err && (!memobj->maps || (uint8_t *)mapped_ptr < memobj->data ||
                 (uint8_t *)mapped_ptr >= memobj->data + memobj->size))
        err = CL_INVALID_VALUE; /* not a pointer a map of this buffer returned */
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(q, CL_COMMAND_UNMAP_MEM_OBJECT, n, list, &ev);
    if (!err) {
        ev->run = run_nothing;
        memobj->maps--;
        err = vsmp_cl_enqueue(ev, false, event);
    }
    vsmp_cl_unlock();
    return err;
}

/* ---- rectangles ---- */

cl_int vsmp_cl_run_rect(cl_event ev)
{
    const size_t *r = ev->u.rect.region, *so = ev->u.rect.src_origin, *d = ev->u.rect.dst_origin;
    const size_t *sp = ev->u.rect.src_pitch, *dp = ev->u.rect.dst_pitch;
    const uint8_t *from = ev->u.rect.from;
    uint8_t *to = ev->u.rect.to;
    for (size_t z = 0; z < r[2]; z++)
        for (size_t y = 0; y < r[1]; y++)
            memmove(to + (d[2] + z) * dp[1] + (d[1] + y) * dp[0] + d[0],
                    from + (so[2] + z) * sp[1] + (so[1] + y) * sp[0] + so[0], r[0]);
    return CL_SUCCESS;
}

/* Default pitches (0 = tightly packed) and the rectangle's bounds within @p size bytes (0: the
 * host side, unchecked). */
static cl_int rect_pitches(const size_t *origin, const size_t *region, size_t *row, size_t *slice,
                           size_t size)
{
    if (!*row)
        *row = region[0];
    if (!*slice)
        *slice = region[1] * *row;
    if (*row < region[0] || *slice < region[1] * *row || *slice % *row)
        return CL_INVALID_VALUE;
    if (size) {
        size_t last = (origin[2] + region[2] - 1) * *slice + (origin[1] + region[1] - 1) * *row +
                      origin[0] + region[0];
        if (last > size)
            return CL_INVALID_VALUE;
    }
    return CL_SUCCESS;
}

static cl_int enqueue_rect(cl_command_queue q, cl_command_type type, cl_mem buf,
                           const size_t *buffer_origin, const size_t *host_origin,
                           const size_t *region, size_t buffer_row_pitch, size_t buffer_slice_pitch,
                           size_t host_row_pitch, size_t host_slice_pitch, void *ptr, bool blocking,
                           cl_uint n, const cl_event *list, cl_event *event)
{
    cl_int err = check_buffer(q, buf, 0, 0);
    if (err)
        return err;
    if (!ptr || !buffer_origin || !host_origin || !region || !region[0] || !region[1] || !region[2])
        return CL_INVALID_VALUE;
    if ((err = rect_pitches(buffer_origin, region, &buffer_row_pitch, &buffer_slice_pitch,
                            buf->size)))
        return err;
    if ((err = rect_pitches(host_origin, region, &host_row_pitch, &host_slice_pitch, 0)))
        return err;
    cl_event ev;
    if ((err = vsmp_cl_command(q, type, n, list, &ev)))
        return err;
    bool read = type == CL_COMMAND_READ_BUFFER_RECT;
    memcpy(ev->u.rect.region, region, sizeof ev->u.rect.region);
    memcpy(read ? ev->u.rect.src_origin : ev->u.rect.dst_origin, buffer_origin, 3 * sizeof(size_t));
    memcpy(read ? ev->u.rect.dst_origin : ev->u.rect.src_origin, host_origin, 3 * sizeof(size_t));
    size_t bp[2] = {buffer_row_pitch, buffer_slice_pitch},
           hp[2] = {host_row_pitch, host_slice_pitch};
    memcpy(read ? ev->u.rect.src_pitch : ev->u.rect.dst_pitch, bp, sizeof bp);
    memcpy(read ? ev->u.rect.dst_pitch : ev->u.rect.src_pitch, hp, sizeof hp);
    vsmp_cl_hold(ev, buf);
    ev->u.rect.from = read ? (const void *)buf->data : ptr;
    ev->u.rect.to = read ? ptr : (void *)buf->data;
    ev->run = vsmp_cl_run_rect;
    return vsmp_cl_enqueue(ev, blocking, event);
}

cl_int CL_API_CALL vsmp_clEnqueueReadBufferRect(cl_command_queue q, cl_mem buffer, cl_bool blocking,
                                                const size_t *buffer_origin,
                                                const size_t *host_origin, const size_t *region,
                                                size_t buffer_row_pitch, size_t buffer_slice_pitch,
                                                size_t host_row_pitch, size_t host_slice_pitch,
                                                void *ptr, cl_uint n, const cl_event *list,
                                                cl_event *event)
{
    vsmp_cl_lock();
    cl_int err =
        vsmp_cl_mem_ok(buffer) && (buffer->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
            ? CL_INVALID_OPERATION
            : enqueue_rect(q, CL_COMMAND_READ_BUFFER_RECT, buffer, buffer_origin, host_origin,
                           region, buffer_row_pitch, buffer_slice_pitch, host_row_pitch,
                           host_slice_pitch, ptr, blocking, n, list, event);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueWriteBufferRect(cl_command_queue q, cl_mem buffer,
                                                 cl_bool blocking, const size_t *buffer_origin,
                                                 const size_t *host_origin, const size_t *region,
                                                 size_t buffer_row_pitch, size_t buffer_slice_pitch,
                                                 size_t host_row_pitch, size_t host_slice_pitch,
                                                 const void *ptr, cl_uint n, const cl_event *list,
                                                 cl_event *event)
{
    vsmp_cl_lock();
    cl_int err =
        vsmp_cl_mem_ok(buffer) && (buffer->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))
            ? CL_INVALID_OPERATION
            : enqueue_rect(q, CL_COMMAND_WRITE_BUFFER_RECT, buffer, buffer_origin, host_origin,
                           region, buffer_row_pitch, buffer_slice_pitch, host_row_pitch,
                           host_slice_pitch, (void *)(uintptr_t)ptr, blocking, n, list, event);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueCopyBufferRect(cl_command_queue q, cl_mem src, cl_mem dst,
                                                const size_t *src_origin, const size_t *dst_origin,
                                                const size_t *region, size_t src_row_pitch,
                                                size_t src_slice_pitch, size_t dst_row_pitch,
                                                size_t dst_slice_pitch, cl_uint n,
                                                const cl_event *list, cl_event *event)
{
    vsmp_cl_lock();
    cl_int err = check_buffer(q, src, 0, 0);
    if (!err)
        err = check_buffer(q, dst, 0, 0);
    if (!err && (!src_origin || !dst_origin || !region || !region[0] || !region[1] || !region[2]))
        err = CL_INVALID_VALUE;
    if (!err)
        err = rect_pitches(src_origin, region, &src_row_pitch, &src_slice_pitch, src->size);
    if (!err)
        err = rect_pitches(dst_origin, region, &dst_row_pitch, &dst_slice_pitch, dst->size);
    if (!err && src == dst &&
        (src_row_pitch != dst_row_pitch || src_slice_pitch != dst_slice_pitch))
        err = CL_INVALID_VALUE;
    if (!err && src == dst && vsmp_cl_boxes_overlap(src_origin, dst_origin, region))
        err = CL_MEM_COPY_OVERLAP; /* overlapping rectangles of one buffer */
    cl_event ev = NULL;
    if (!err)
        err = vsmp_cl_command(q, CL_COMMAND_COPY_BUFFER_RECT, n, list, &ev);
    if (!err) {
        memcpy(ev->u.rect.region, region, sizeof ev->u.rect.region);
        memcpy(ev->u.rect.src_origin, src_origin, sizeof ev->u.rect.src_origin);
        memcpy(ev->u.rect.dst_origin, dst_origin, sizeof ev->u.rect.dst_origin);
        ev->u.rect.src_pitch[0] = src_row_pitch, ev->u.rect.src_pitch[1] = src_slice_pitch;
        ev->u.rect.dst_pitch[0] = dst_row_pitch, ev->u.rect.dst_pitch[1] = dst_slice_pitch;
        vsmp_cl_hold(ev, src);
        vsmp_cl_hold(ev, dst);
        ev->u.rect.from = src->data;
        ev->u.rect.to = dst->data;
        ev->run = vsmp_cl_run_rect;
        err = vsmp_cl_enqueue(ev, false, event);
    }
    vsmp_cl_unlock();
    return err;
}
