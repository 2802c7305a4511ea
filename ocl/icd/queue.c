/* SPDX-License-Identifier: MIT */
/* Contexts, command queues, events and the command engine.
 *
 * A command is an event with a run function. Queues run their commands in order (out-of-order
 * queues are accepted and run in order too): a command runs when it reaches the head of its
 * queue and every event of its wait list is complete, on the thread that made that happen (the
 * enqueue itself, clFlush/clFinish/clWaitForEvents, or clSetUserEventStatus), with the lock
 * released. A command whose wait list holds a failed event fails with
 * CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST without running. */
#include <stdlib.h>
#include <string.h>

#include "icd.h"

static cl_command_queue queues; /* every live queue (clSetUserEventStatus progresses them all) */
static void queue_unref(cl_command_queue q);

bool vsmp_cl_context_ok(cl_context c)
{
    return vsmp_cl_is(c, VSMP_CL_CONTEXT);
}

bool vsmp_cl_queue_ok(cl_command_queue q)
{
    return vsmp_cl_is(q, VSMP_CL_QUEUE);
}

bool vsmp_cl_event_ok(cl_event e)
{
    return vsmp_cl_is(e, VSMP_CL_EVENT);
}

void vsmp_cl_context_retain(cl_context c)
{
    c->h.refs++;
}

void vsmp_cl_context_release(void *obj)
{
    cl_context c = obj;
    if (!vsmp_cl_unref(c))
        return;
    for (vsmp_cl_cb *cb = c->destructors; cb;) {
        vsmp_cl_cb *next = cb->next;
        vsmp_cl_callback_due(cb);
        cb = next;
    }
    /* the destructor callbacks get the handle: the last of them to run frees it */
    if (!c->destructors)
        free(c);
}

/* ---- contexts ---- */

static cl_int context_props(const cl_context_properties *props, cl_context c)
{
    c->nprops = 0;
    if (!props)
        return CL_SUCCESS;
    cl_uint n = 0;
    while (props[n]) {
        if (props[n] == CL_CONTEXT_PLATFORM) {
            if ((cl_platform_id)props[n + 1] != &vsmp_cl_platform)
                return CL_INVALID_PLATFORM;
        } else if (props[n] != CL_CONTEXT_INTEROP_USER_SYNC) {
            return CL_INVALID_PROPERTY;
        }
        for (cl_uint i = 0; i < n; i += 2)
            if (props[i] == props[n])
                return CL_INVALID_PROPERTY;
        n += 2;
        if (n + 1 > sizeof c->props / sizeof c->props[0])
            return CL_INVALID_PROPERTY;
    }
    memcpy(c->props, props, (n + 1) * sizeof props[0]);
    c->nprops = n + 1;
    return CL_SUCCESS;
}

cl_context CL_API_CALL vsmp_clCreateContext(const cl_context_properties *properties,
                                            cl_uint num_devices, const cl_device_id *devices,
                                            vsmp_cl_notify pfn_notify, void *user_data,
                                            cl_int *errcode_ret)
{
    if (!devices || !num_devices || (!pfn_notify && user_data)) {
        VSMP_CL_ERR(CL_INVALID_VALUE);
        return NULL;
    }
    cl_context c = calloc(1, sizeof *c);
    if (!c) {
        VSMP_CL_ERR(CL_OUT_OF_HOST_MEMORY);
        return NULL;
    }
    cl_int err = context_props(properties, c);
    for (cl_uint i = 0; !err && i < num_devices; i++) {
        if (!vsmp_cl_device_valid(devices[i]))
            err = CL_INVALID_DEVICE;
        for (cl_uint j = 0; !err && j < c->ndev; j++)
            if (c->dev[j] == devices[i])
                err = CL_INVALID_DEVICE; /* listed twice */
        if (!err)
            c->dev[c->ndev++] = devices[i];
    }
    if (err) {
        free(c);
        VSMP_CL_ERR(err);
        return NULL;
    }
    vsmp_cl_head_init(&c->h, VSMP_CL_CONTEXT);
    c->notify = pfn_notify;
    c->notify_data = user_data;
    VSMP_CL_ERR(CL_SUCCESS);
    return c;
}

cl_context CL_API_CALL vsmp_clCreateContextFromType(const cl_context_properties *properties,
                                                    cl_device_type device_type,
                                                    vsmp_cl_notify pfn_notify, void *user_data,
                                                    cl_int *errcode_ret)
{
    cl_device_id devs[4];
    cl_uint n = 0;
    cl_int err = vsmp_clGetDeviceIDs(NULL, device_type, 4, devs, &n);
    if (err) {
        VSMP_CL_ERR(err);
        return NULL;
    }
    return vsmp_clCreateContext(properties, n, devs, pfn_notify, user_data, errcode_ret);
}

cl_int CL_API_CALL vsmp_clRetainContext(cl_context context)
{
    return vsmp_cl_retain(context, VSMP_CL_CONTEXT, CL_INVALID_CONTEXT);
}

cl_int CL_API_CALL vsmp_clReleaseContext(cl_context context)
{
    return vsmp_cl_release(context, VSMP_CL_CONTEXT, CL_INVALID_CONTEXT, vsmp_cl_context_release);
}

static cl_int context_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_context context = obj;
    switch (param_name) {
    case CL_CONTEXT_REFERENCE_COUNT:
        return VSMP_CL_VALUE(a, cl_uint, context->h.refs);
    case CL_CONTEXT_NUM_DEVICES:
        return VSMP_CL_VALUE(a, cl_uint, context->ndev);
    case CL_CONTEXT_DEVICES:
        return vsmp_cl_bytes(a, context->dev, context->ndev * sizeof context->dev[0]);
    case CL_CONTEXT_PROPERTIES:
        return vsmp_cl_bytes(a, context->props, context->nprops * sizeof context->props[0]);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetContextInfo(cl_context context, cl_context_info param_name,
                                         size_t param_value_size, void *param_value,
                                         size_t *param_value_size_ret)
{
    return vsmp_cl_get_info(context, VSMP_CL_CONTEXT, CL_INVALID_CONTEXT, context_answer,
                            param_name, param_value_size, param_value, param_value_size_ret);
}

cl_int CL_API_CALL vsmp_clSetContextDestructorCallback(
    cl_context context, void(CL_CALLBACK *pfn_notify)(cl_context, void *), void *user_data)
{
    if (!pfn_notify)
        return CL_INVALID_VALUE;
    vsmp_cl_lock();
    cl_int err = !vsmp_cl_context_ok(context)
                     ? CL_INVALID_CONTEXT
                     : vsmp_cl_destructor_add(&context->destructors, VSMP_CL_CB_CONTEXT,
                                              (void (*)(void))pfn_notify, context, user_data);
    vsmp_cl_unlock();
    return err;
}

/* ---- command queues ---- */

static cl_command_queue queue_create(cl_context context, cl_device_id device,
                                     cl_command_queue_properties props,
                                     const cl_queue_properties *qprops, cl_int *errcode_ret)
{
    cl_int err = CL_SUCCESS;
    vsmp_cl_lock();
    if (!vsmp_cl_context_ok(context))
        err = CL_INVALID_CONTEXT;
    else if (!vsmp_cl_device_valid(device))
        err = CL_INVALID_DEVICE;
    else {
        err = CL_INVALID_DEVICE;
        for (cl_uint i = 0; i < context->ndev; i++)
            if (context->dev[i] == device)
                err = CL_SUCCESS;
    }
    if (!err &&
        (props & ~(cl_command_queue_properties)(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                                CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_ON_DEVICE |
                                                CL_QUEUE_ON_DEVICE_DEFAULT)))
        err = CL_INVALID_VALUE;
    if (!err && (props & (CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT)))
        err = CL_INVALID_QUEUE_PROPERTIES; /* no device-side queues */
    cl_command_queue q = NULL;
    if (!err && !(q = calloc(1, sizeof *q)))
        err = CL_OUT_OF_HOST_MEMORY;
    if (!err) {
        vsmp_cl_head_init(&q->h, VSMP_CL_QUEUE);
        q->ctx = context;
        q->dev = device;
        q->props = props;
        if (qprops) {
            cl_uint n = 0;
            while (qprops[n] && n + 3 < sizeof q->qprops / sizeof q->qprops[0])
                n += 2;
            memcpy(q->qprops, qprops, n * sizeof qprops[0]);
            q->nqprops = n + 1;
        }
        vsmp_cl_context_retain(context);
        q->next_queue = queues;
        queues = q;
    }
    vsmp_cl_unlock();
    VSMP_CL_ERR(err);
    return q;
}

cl_command_queue CL_API_CALL vsmp_clCreateCommandQueue(cl_context context, cl_device_id device,
                                                       cl_command_queue_properties properties,
                                                       cl_int *errcode_ret)
{
    return queue_create(context, device, properties, NULL, errcode_ret);
}

cl_command_queue CL_API_CALL
vsmp_clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                        const cl_queue_properties *properties, cl_int *errcode_ret)
{
    cl_command_queue_properties props = 0;
    for (cl_uint i = 0; properties && properties[i]; i += 2) {
        if (properties[i] == CL_QUEUE_PROPERTIES) {
            props = properties[i + 1];
        } else if (properties[i] != CL_QUEUE_SIZE || i > 16) {
            VSMP_CL_ERR(CL_INVALID_VALUE);
            return NULL;
        }
    }
    return queue_create(context, device, props, properties, errcode_ret);
}

cl_int CL_API_CALL vsmp_clRetainCommandQueue(cl_command_queue q)
{
    return vsmp_cl_retain(q, VSMP_CL_QUEUE, CL_INVALID_COMMAND_QUEUE);
}

static void queue_finish(cl_command_queue q)
{
    for (;;) {
        vsmp_cl_queue_progress(q);
        if (!q->head && !q->busy)
            return;
        vsmp_cl_wait();
    }
}

/* Drop a hold on @p q (the application's, or a command's: each command holds its queue). */
static void queue_unref(cl_command_queue q)
{
    if (!vsmp_cl_unref(q))
        return;
    for (cl_command_queue *p = &queues; *p; p = &(*p)->next_queue)
        if (*p == q) {
            *p = q->next_queue;
            break;
        }
    vsmp_cl_context_release(q->ctx);
    free(q);
}

static void queue_release(void *obj)
{
    cl_command_queue q = obj;
    q->h.refs++;
    queue_finish(q); /* releasing a queue flushes it; its commands complete first */
    q->h.refs--;
    queue_unref(q);
}

cl_int CL_API_CALL vsmp_clReleaseCommandQueue(cl_command_queue q)
{
    return vsmp_cl_release(q, VSMP_CL_QUEUE, CL_INVALID_COMMAND_QUEUE, queue_release);
}

static cl_int commandqueue_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_command_queue q = obj;
    switch (param_name) {
    case CL_QUEUE_CONTEXT:
        return VSMP_CL_VALUE(a, cl_context, q->ctx);
    case CL_QUEUE_DEVICE:
        return VSMP_CL_VALUE(a, cl_device_id, q->dev);
    case CL_QUEUE_REFERENCE_COUNT:
        return VSMP_CL_VALUE(a, cl_uint, q->h.refs);
    case CL_QUEUE_PROPERTIES:
        return VSMP_CL_VALUE(a, cl_command_queue_properties, q->props);
    case CL_QUEUE_SIZE:
        return CL_INVALID_COMMAND_QUEUE; /* host queues */
    case CL_QUEUE_DEVICE_DEFAULT:
        return VSMP_CL_VALUE(a, cl_command_queue, NULL);
    case CL_QUEUE_PROPERTIES_ARRAY:
        return vsmp_cl_bytes(a, q->qprops, q->nqprops * sizeof q->qprops[0]);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetCommandQueueInfo(cl_command_queue q, cl_command_queue_info param_name,
                                              size_t param_value_size, void *param_value,
                                              size_t *param_value_size_ret)
{
    return vsmp_cl_get_info(q, VSMP_CL_QUEUE, CL_INVALID_COMMAND_QUEUE, commandqueue_answer,
                            param_name, param_value_size, param_value, param_value_size_ret);
}

cl_int CL_API_CALL vsmp_clSetCommandQueueProperty(cl_command_queue q,
                                                  cl_command_queue_properties properties,
                                                  cl_bool enable,
                                                  cl_command_queue_properties *old_properties)
{
    (void)properties, (void)enable, (void)old_properties;
    /* removed in OpenCL 1.1; Intel's runtime refuses it the same way */
    return vsmp_cl_queue_ok(q) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL vsmp_clFlush(cl_command_queue q)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_queue_ok(q) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
    if (!err)
        vsmp_cl_queue_progress(q);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clFinish(cl_command_queue q)
{
    vsmp_cl_lock();
    cl_int err = vsmp_cl_queue_ok(q) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
    if (!err)
        queue_finish(q);
    vsmp_cl_unlock();
    return err;
}

/* ---- events ---- */

static void event_free(cl_event ev)
{
    for (cl_uint i = 0; i < ev->nwait; i++)
        vsmp_cl_event_release(ev->wait[i]);
    free(ev->wait);
    for (int i = 0; i < 2; i++)
        if (ev->hold[i])
            vsmp_cl_mem_release(ev->hold[i]);
    if (ev->free_cmd)
        ev->free_cmd(ev);
    for (vsmp_cl_cb *cb = ev->callbacks; cb;) {
        vsmp_cl_cb *next = cb->next;
        free(cb);
        cb = next;
    }
    vsmp_cl_context_release(ev->ctx);
    if (ev->queue)
        queue_unref(ev->queue);
    free(ev);
}

void vsmp_cl_event_release(void *obj)
{
    if (vsmp_cl_unref(obj))
        event_free(obj);
}

void vsmp_cl_event_set_status(cl_event ev, cl_int status)
{
    ev->status = status;
    cl_ulong now = vsmp_cl_now();
    if (status <= CL_SUBMITTED && !ev->times[1])
        ev->times[1] = now;
    if (status <= CL_RUNNING && !ev->times[2])
        ev->times[2] = now;
    if (status <= CL_COMPLETE && !ev->times[3])
        ev->times[3] = ev->times[4] = now;
    /* callbacks registered for this status or a later one (a lower number) fire now; a failed
     * command fires the CL_COMPLETE callbacks with its negative status */
    for (vsmp_cl_cb **p = &ev->callbacks; *p;) {
        vsmp_cl_cb *cb = *p;
        if (status <= cb->status) {
            *p = cb->next;
            cb->obj = ev;
            cb->status = status < 0 ? status : cb->status;
            cb->release = vsmp_cl_event_release;
            ev->h.refs++;
            vsmp_cl_callback_due(cb);
        } else {
            p = &cb->next;
        }
    }
    vsmp_cl_signal();
}

cl_int vsmp_cl_check_wait_list(cl_context ctx, cl_uint n, const cl_event *list)
{
    if ((n == 0) != (list == NULL))
        return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < n; i++) {
        if (!vsmp_cl_event_ok(list[i]))
            return CL_INVALID_EVENT_WAIT_LIST;
        if (ctx && list[i]->ctx != ctx)
            return CL_INVALID_CONTEXT;
    }
    return CL_SUCCESS;
}

cl_int vsmp_cl_command(cl_command_queue q, cl_command_type type, cl_uint nwait,
                       const cl_event *wait, cl_event *out)
{
    *out = NULL;
    if (!vsmp_cl_queue_ok(q))
        return CL_INVALID_COMMAND_QUEUE;
    cl_int err = vsmp_cl_check_wait_list(q->ctx, nwait, wait);
    if (err)
        return err;
    cl_event ev = calloc(1, sizeof *ev);
    if (!ev || (nwait && !(ev->wait = malloc(nwait * sizeof *wait)))) {
        free(ev);
        return CL_OUT_OF_HOST_MEMORY;
    }
    vsmp_cl_head_init(&ev->h, VSMP_CL_EVENT); /* the queue's hold, dropped once it has run */
    ev->ctx = q->ctx;
    ev->queue = q;
    ev->type = type;
    ev->status = CL_QUEUED;
    ev->times[0] = vsmp_cl_now();
    ev->nwait = nwait;
    for (cl_uint i = 0; i < nwait; i++) {
        ev->wait[i] = wait[i];
        wait[i]->h.refs++;
    }
    vsmp_cl_context_retain(q->ctx);
    q->h.refs++;
    *out = ev;
    return CL_SUCCESS;
}

cl_int vsmp_cl_enqueue(cl_event ev, bool blocking, cl_event *out)
{
    cl_command_queue q = ev->queue;
    if (q->tail)
        q->tail->next = ev;
    else
        q->head = ev;
    q->tail = ev;
    ev->h.refs += out != NULL || blocking;
    vsmp_cl_queue_progress(q);
    cl_int err = CL_SUCCESS;
    if (blocking) {
        while (ev->status > CL_COMPLETE) {
            vsmp_cl_queue_progress(q);
            if (ev->status > CL_COMPLETE)
                vsmp_cl_wait();
        }
        if (ev->status < 0)
            err = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
        if (!out)
            vsmp_cl_event_release(ev);
    }
    if (out)
        *out = ev;
    return err;
}

void vsmp_cl_queue_progress(cl_command_queue q)
{
    /* once per queue at a time: queues waiting on each other's commands (a cycle the
     * application made) would otherwise recurse without end */
    if (q->progressing)
        return;
    q->progressing = true;
    q->h.refs++; /* the last command's release must not free the queue under this loop */
    while (q->head && !q->busy) {
        cl_event ev = q->head;
        cl_int failed = 0;
        bool ready = true;
        for (cl_uint i = 0; i < ev->nwait; i++) {
            if (ev->wait[i]->status < 0)
                failed = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
            else if (ev->wait[i]->status != CL_COMPLETE)
                ready = false;
            /* a command of another queue waited on runs now, on this thread */
            if (ev->wait[i]->status > CL_COMPLETE && ev->wait[i]->queue && ev->wait[i]->queue != q)
                vsmp_cl_queue_progress(ev->wait[i]->queue);
        }
        if (!failed && !ready) {
            bool still = false;
            for (cl_uint i = 0; i < ev->nwait; i++)
                still |= ev->wait[i]->status > CL_COMPLETE;
            if (still)
                break;
            failed = 0;
            for (cl_uint i = 0; i < ev->nwait; i++)
                if (ev->wait[i]->status < 0)
                    failed = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
        }
        q->head = ev->next;
        if (!q->head)
            q->tail = NULL;
        ev->next = NULL;
        if (failed) {
            vsmp_cl_event_set_status(ev, failed);
        } else {
            q->busy = true;
            vsmp_cl_event_set_status(ev, CL_RUNNING);
            vsmp_cl_unlock();
            cl_int st = ev->run ? ev->run(ev) : CL_SUCCESS;
            vsmp_cl_lock();
            q->busy = false;
            vsmp_cl_event_set_status(ev, st ? (st < 0 ? st : CL_OUT_OF_RESOURCES) : CL_COMPLETE);
        }
        vsmp_cl_event_release(ev);
    }
    q->progressing = false;
    queue_unref(q);
}

static bool wait_done(cl_uint n, const cl_event *list)
{
    for (cl_uint i = 0; i < n; i++)
        if (list[i]->status > CL_COMPLETE)
            return false;
    return true;
}

cl_int CL_API_CALL vsmp_clWaitForEvents(cl_uint num_events, const cl_event *event_list)
{
    if (!num_events || !event_list)
        return CL_INVALID_VALUE;
    vsmp_cl_lock();
    cl_int err = vsmp_cl_check_wait_list(NULL, num_events, event_list);
    if (err) {
        vsmp_cl_unlock();
        return err == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT : err;
    }
    for (cl_uint i = 1; i < num_events; i++)
        if (event_list[i]->ctx != event_list[0]->ctx) {
            vsmp_cl_unlock();
            return CL_INVALID_CONTEXT;
        }
    while (!wait_done(num_events, event_list)) {
        for (cl_uint i = 0; i < num_events; i++)
            if (event_list[i]->queue && event_list[i]->status > CL_COMPLETE)
                vsmp_cl_queue_progress(event_list[i]->queue);
        if (!wait_done(num_events, event_list))
            vsmp_cl_wait();
    }
    for (cl_uint i = 0; i < num_events; i++)
        if (event_list[i]->status < 0)
            err = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    vsmp_cl_unlock();
    return err;
}

static cl_int event_answer(void *obj, cl_uint param_name, vsmp_cl_answer *a)
{
    cl_event event = obj;
    switch (param_name) {
    case CL_EVENT_COMMAND_QUEUE:
        return VSMP_CL_VALUE(a, cl_command_queue, event->queue);
    case CL_EVENT_CONTEXT:
        return VSMP_CL_VALUE(a, cl_context, event->ctx);
    case CL_EVENT_COMMAND_TYPE:
        return VSMP_CL_VALUE(a, cl_command_type, event->type);
    case CL_EVENT_COMMAND_EXECUTION_STATUS:
        return VSMP_CL_VALUE(a, cl_int, event->status);
    case CL_EVENT_REFERENCE_COUNT:
        return VSMP_CL_VALUE(a, cl_uint, event->h.refs);
    }
    return CL_INVALID_VALUE;
}

cl_int CL_API_CALL vsmp_clGetEventInfo(cl_event event, cl_event_info param_name,
                                       size_t param_value_size, void *param_value,
                                       size_t *param_value_size_ret)
{
    return vsmp_cl_get_info(event, VSMP_CL_EVENT, CL_INVALID_EVENT, event_answer, param_name,
                            param_value_size, param_value, param_value_size_ret);
}

cl_int CL_API_CALL vsmp_clGetEventProfilingInfo(cl_event event, cl_profiling_info param_name,
                                                size_t param_value_size, void *param_value,
                                                size_t *param_value_size_ret)
{
    vsmp_cl_lock();
    cl_int err = CL_SUCCESS;
    if (!vsmp_cl_event_ok(event))
        err = CL_INVALID_EVENT;
    else if (!event->queue || !(event->queue->props & CL_QUEUE_PROFILING_ENABLE) ||
             event->status != CL_COMPLETE)
        err = CL_PROFILING_INFO_NOT_AVAILABLE;
    else if (param_name < CL_PROFILING_COMMAND_QUEUED || param_name > CL_PROFILING_COMMAND_COMPLETE)
        err = CL_INVALID_VALUE;
    else
        err =
            vsmp_cl_info(param_value_size, param_value, param_value_size_ret,
                         &event->times[param_name - CL_PROFILING_COMMAND_QUEUED], sizeof(cl_ulong));
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clRetainEvent(cl_event event)
{
    return vsmp_cl_retain(event, VSMP_CL_EVENT, CL_INVALID_EVENT);
}

cl_int CL_API_CALL vsmp_clReleaseEvent(cl_event event)
{
    return vsmp_cl_release(event, VSMP_CL_EVENT, CL_INVALID_EVENT, vsmp_cl_event_release);
}

cl_event CL_API_CALL vsmp_clCreateUserEvent(cl_context context, cl_int *errcode_ret)
{
    vsmp_cl_lock();
    cl_event ev = NULL;
    cl_int err = CL_SUCCESS;
    if (!vsmp_cl_context_ok(context))
        err = CL_INVALID_CONTEXT;
    else if (!(ev = calloc(1, sizeof *ev)))
        err = CL_OUT_OF_HOST_MEMORY;
    if (!err) {
        vsmp_cl_head_init(&ev->h, VSMP_CL_EVENT);
        ev->ctx = context;
        ev->type = CL_COMMAND_USER;
        ev->status = CL_SUBMITTED;
        vsmp_cl_context_retain(context);
    }
    vsmp_cl_unlock();
    VSMP_CL_ERR(err);
    return ev;
}

cl_int CL_API_CALL vsmp_clSetUserEventStatus(cl_event event, cl_int execution_status)
{
    vsmp_cl_lock();
    cl_int err = CL_SUCCESS;
    if (!vsmp_cl_event_ok(event) || event->type != CL_COMMAND_USER)
        err = CL_INVALID_EVENT;
    else if (execution_status > CL_COMPLETE)
        err = CL_INVALID_VALUE;
    else if (event->status <= CL_COMPLETE)
        err = CL_INVALID_OPERATION; /* set once only */
    if (!err) {
        vsmp_cl_event_set_status(event, execution_status);
        for (cl_command_queue q = queues; q; q = q->next_queue)
            vsmp_cl_queue_progress(q);
    }
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clSetEventCallback(cl_event event, cl_int command_exec_callback_type,
                                           void(CL_CALLBACK *pfn_notify)(cl_event, cl_int, void *),
                                           void *user_data)
{
    if (!pfn_notify ||
        (command_exec_callback_type != CL_COMPLETE && command_exec_callback_type != CL_RUNNING &&
         command_exec_callback_type != CL_SUBMITTED))
        return CL_INVALID_VALUE;
    vsmp_cl_cb *cb = calloc(1, sizeof *cb);
    if (!cb)
        return CL_OUT_OF_HOST_MEMORY;
    vsmp_cl_lock();
    if (!vsmp_cl_event_ok(event)) {
        vsmp_cl_unlock();
        free(cb);
        return CL_INVALID_EVENT;
    }
    cb->kind = VSMP_CL_CB_EVENT;
    cb->fn = (void (*)(void))pfn_notify;
    cb->status = command_exec_callback_type;
    cb->data = user_data;
    if (event->status <= command_exec_callback_type) { /* already there: called at once */
        cb->obj = event;
        cb->status = event->status < 0 ? event->status : command_exec_callback_type;
        cb->release = vsmp_cl_event_release;
        event->h.refs++;
        vsmp_cl_callback_due(cb);
    } else {
        cb->next = event->callbacks;
        event->callbacks = cb;
    }
    vsmp_cl_unlock();
    return CL_SUCCESS;
}

/* Markers and barriers: commands that do nothing (the queue runs in order). With an empty wait
 * list a marker waits for every command enqueued before it, which in-order execution gives. */
void vsmp_cl_hold(cl_event ev, cl_mem m)
{
    for (int i = 0; i < 2; i++)
        if (!ev->hold[i]) {
            ev->hold[i] = m;
            m->h.refs++;
            return;
        }
}

static cl_int marker(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *list,
                     cl_event *event)
{
    vsmp_cl_lock();
    cl_event ev;
    cl_int err = vsmp_cl_command(q, type, n, list, &ev);
    if (!err)
        err = vsmp_cl_enqueue(ev, false, event);
    vsmp_cl_unlock();
    return err;
}

cl_int CL_API_CALL vsmp_clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint n,
                                                    const cl_event *list, cl_event *event)
{
    return marker(q, CL_COMMAND_MARKER, n, list, event);
}

cl_int CL_API_CALL vsmp_clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint n,
                                                     const cl_event *list, cl_event *event)
{
    return marker(q, CL_COMMAND_BARRIER, n, list, event);
}

cl_int CL_API_CALL vsmp_clEnqueueMarker(cl_command_queue q, cl_event *event)
{
    if (!event)
        return CL_INVALID_VALUE;
    return marker(q, CL_COMMAND_MARKER, 0, NULL, event);
}

cl_int CL_API_CALL vsmp_clEnqueueBarrier(cl_command_queue q)
{
    return marker(q, CL_COMMAND_BARRIER, 0, NULL, NULL);
}

cl_int CL_API_CALL vsmp_clEnqueueWaitForEvents(cl_command_queue q, cl_uint n, const cl_event *list)
{
    if (!n || !list)
        return CL_INVALID_VALUE;
    return marker(q, CL_COMMAND_BARRIER, n, list, NULL);
}
