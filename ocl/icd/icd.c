/* SPDX-License-Identifier: MIT */
/* The ICD's exported entry points (the only symbols the library exports: vsmp_icd.map), the
 * global lock and the memory budget. */
#include <stdlib.h>
#include <string.h>

#include "icd.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static uint64_t budget_used;

void vsmp_cl_lock(void)
{
    pthread_mutex_lock(&lock);
}

void vsmp_cl_head_init(vsmp_cl_head *h, uint32_t magic)
{
    *h = (vsmp_cl_head){&vsmp_cl_dispatch, magic, 1};
}

bool vsmp_cl_is(const void *obj, uint32_t magic)
{
    return obj && ((const vsmp_cl_head *)obj)->magic == magic;
}

bool vsmp_cl_unref(void *obj)
{
    vsmp_cl_head *h = obj;
    if (--h->refs)
        return false;
    h->magic = VSMP_CL_DEAD;
    return true;
}

cl_int vsmp_cl_retain(void *obj, uint32_t magic, cl_int invalid)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_is(obj, magic) ? CL_SUCCESS : invalid;
    if (!err)
        ((vsmp_cl_head *)obj)->refs++;
    vsmp_cl_unlock();
    return err;
}

cl_int vsmp_cl_release(void *obj, uint32_t magic, cl_int invalid, void (*fn)(void *obj))
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_is(obj, magic) ? CL_SUCCESS : invalid;
    if (!err)
        fn(obj);
    vsmp_cl_unlock();
    return err;
}

cl_int vsmp_cl_get_info(void *obj, uint32_t magic, cl_int invalid, vsmp_cl_answer_fn fn,
                        cl_uint param_name, size_t param_value_size, void *param_value,
                        size_t *param_value_size_ret)
{
    return vsmp_cl_get_info_key(obj, magic, invalid, fn, NULL, param_name, param_value_size,
                                param_value, param_value_size_ret);
}

cl_int vsmp_cl_get_info_key(void *obj, uint32_t magic, cl_int invalid, vsmp_cl_answer_fn fn,
                            const void *key, cl_uint param_name, size_t param_value_size,
                            void *param_value, size_t *param_value_size_ret)
{
    vsmp_cl_answer a = {.ptr = "",
                        .param_value_size = param_value_size,
                        .param_value = param_value,
                        .param_value_size_ret = param_value_size_ret,
                        .key = key};
    vsmp_cl_lock();
    cl_int err = vsmp_cl_is(obj, magic) ? fn(obj, param_name, &a) : invalid;
    if (!err && !a.done)
        err = vsmp_cl_info(param_value_size, param_value, param_value_size_ret, a.ptr, a.size);
    vsmp_cl_unlock();
    free(a.heap);
    return err;
}

cl_int vsmp_cl_value(vsmp_cl_answer *a, const void *p, size_t size)
{
    if (size > sizeof a->v.bytes)
        return CL_OUT_OF_HOST_MEMORY; /* no answer is this large: a fault of the ICD's */
    memcpy(a->v.bytes, p, size);
    a->ptr = a->v.bytes;
    a->size = size;
    return CL_SUCCESS;
}

cl_int vsmp_cl_bytes(vsmp_cl_answer *a, const void *p, size_t size)
{
    a->ptr = p;
    a->size = size;
    return CL_SUCCESS;
}

/* Callbacks due (moved off their objects under the lock), run by vsmp_cl_unlock. */
static vsmp_cl_cb *due, **due_tail = &due;

void vsmp_cl_callback_due(vsmp_cl_cb *cb)
{
    cb->next = NULL;
    *due_tail = cb;
    due_tail = &cb->next;
}

cl_int vsmp_cl_destructor_add(vsmp_cl_cb **list, int kind, void (*fn)(void), void *obj, void *data)
{
    vsmp_cl_cb *cb = calloc(1, sizeof *cb);
    if (!cb)
        return CL_OUT_OF_HOST_MEMORY;
    cb->kind = kind;
    cb->fn = fn;
    cb->obj = obj;
    cb->data = data;
    cb->next = *list;
    *list = cb;
    if (!cb->next)
        cb->release = free; /* the last callback to run frees the handle */
    return CL_SUCCESS;
}

void vsmp_cl_unlock(void)
{
    for (;;) {
        vsmp_cl_cb *list = due;
        due = NULL, due_tail = &due;
        pthread_mutex_unlock(&lock);
        if (!list)
            return;
        for (vsmp_cl_cb *cb = list; cb; cb = cb->next) {
            if (cb->kind == VSMP_CL_CB_EVENT)
                ((void(CL_CALLBACK *)(cl_event, cl_int, void *))cb->fn)(cb->obj, cb->status,
                                                                        cb->data);
            else if (cb->kind == VSMP_CL_CB_MEM)
                ((void(CL_CALLBACK *)(cl_mem, void *))cb->fn)(cb->obj, cb->data);
            else
                ((void(CL_CALLBACK *)(cl_context, void *))cb->fn)(cb->obj, cb->data);
        }
        pthread_mutex_lock(&lock);
        while (list) {
            vsmp_cl_cb *next = list->next;
            if (list->release)
                list->release(list->obj);
            free(list);
            list = next;
        }
    }
}

void vsmp_cl_wait(void)
{
    pthread_cond_wait(&changed, &lock);
}

void vsmp_cl_signal(void)
{
    pthread_cond_broadcast(&changed);
}

bool vsmp_cl_budget_take(cl_device_id dev, size_t size)
{
    if (size > dev->global_mem - budget_used)
        return false;
    budget_used += size;
    return true;
}

void vsmp_cl_budget_give(size_t size)
{
    budget_used -= size;
}

/* The entry points the dispatch table names by extension (clGetExtensionFunctionAddress). */
static void *extension_function(const char *name)
{
    if (!name)
        return NULL;
    if (!strcmp(name, "clIcdGetPlatformIDsKHR"))
        return (void *)(uintptr_t)vsmp_clGetPlatformIDs;
    return NULL;
}

/* Exported: the loader finds the platform through these (the ICD loader specification). The
 * library is built with hidden visibility; these four are the exceptions (vsmp_icd.map). */
#if defined(__GNUC__)
#define EXPORT __attribute__((visibility("default")))
#else
#define EXPORT
#endif
CL_API_ENTRY cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
                                                       cl_platform_id *platforms,
                                                       cl_uint *num_platforms);
EXPORT CL_API_ENTRY cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
                                                              cl_platform_id *platforms,
                                                              cl_uint *num_platforms)
{
    return vsmp_clGetPlatformIDs(num_entries, platforms, num_platforms);
}

void *CL_API_CALL vsmp_clGetExtensionFunctionAddress(const char *func_name)
{
    return extension_function(func_name);
}

void *CL_API_CALL vsmp_clGetExtensionFunctionAddressForPlatform(cl_platform_id platform,
                                                                const char *func_name)
{
    if (platform && platform != &vsmp_cl_platform)
        return NULL;
    return extension_function(func_name);
}

EXPORT CL_API_ENTRY void *CL_API_CALL clGetExtensionFunctionAddress(const char *func_name)
{
    return extension_function(func_name);
}

EXPORT CL_API_ENTRY void *CL_API_CALL
clGetExtensionFunctionAddressForPlatform(cl_platform_id platform, const char *func_name)
{
    return vsmp_clGetExtensionFunctionAddressForPlatform(platform, func_name);
}

EXPORT CL_API_ENTRY cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform,
                                                         cl_platform_info param_name,
                                                         size_t param_value_size, void *param_value,
                                                         size_t *param_value_size_ret)
{
    return vsmp_clGetPlatformInfo(platform, param_name, param_value_size, param_value,
                                  param_value_size_ret);
}
