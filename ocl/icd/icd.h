/* SPDX-License-Identifier: MIT */
#ifndef VSMP_ICD_H
#define VSMP_ICD_H

/* vsmp's OpenCL ICD: the objects behind the OpenCL handles and what the files share.
 *
 * Every object starts with one head (vsmp_cl_head): the loader's dispatch pointer (the ICD
 * contract: the loader reads the first word of any handle), a magic word that tells the object
 * kinds apart, so a handle of the wrong kind, or a released one, is refused with the error the
 * specification names, and the reference count. Retain, release and the kind check are written
 * once (icd.c), as is the answer of the clGet*Info entry points (vsmp_cl_get_info).
 *
 * Threads: one global lock (vsmp_cl_lock) guards every object's fields, reference counts and the
 * queues. A command runs with the lock released (vsmp_cl_queue_progress), so a long kernel does
 * not hold up other threads' API calls; the queue it belongs to is marked busy meanwhile, which
 * keeps each queue in order. Event callbacks run after the lock is dropped (vsmp_cl_unlock). */

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#include <CL/cl_icd.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dispatch_decl.h"

extern const cl_icd_dispatch vsmp_cl_dispatch;

/* What the devices list (device.c) and the compiler is told to define (program.c): the OpenCL
 * C extensions and 3.0 features vsmp runs. */
#define VSMP_CL_EXTENSIONS "cl_khr_icd cl_khr_byte_addressable_store cl_khr_3d_image_writes"
#define VSMP_CL_C_FEATURES                                                                         \
    "__opencl_c_int64 __opencl_c_images __opencl_c_3d_image_writes __opencl_c_read_write_images"
#define VSMP_CL_COMPILER_EXT                                                                       \
    "-cl-ext=-all,+cl_khr_byte_addressable_store,+cl_khr_3d_image_writes,+__opencl_c_int64,"       \
    "+__opencl_c_images,+__opencl_c_3d_image_writes"
/* At -cl-std=CL3.0 the compiler's own header declares the read_write image built-ins whatever
 * the features, so __opencl_c_read_write_images must be on there; before 3.0 it must be off
 * (read_write images are 2.0's, which the device does not offer). */
#define VSMP_CL_COMPILER_EXT_30 VSMP_CL_COMPILER_EXT ",+__opencl_c_read_write_images"

enum {
    VSMP_CL_PLATFORM = 0x76504c54,
    VSMP_CL_DEVICE = 0x76444556,
    VSMP_CL_CONTEXT = 0x76435458,
    VSMP_CL_QUEUE = 0x76515545,
    VSMP_CL_MEM = 0x764d454d,
    VSMP_CL_EVENT = 0x76455654,
    VSMP_CL_PROGRAM = 0x76505247,
    VSMP_CL_KERNEL = 0x764b524e,
    VSMP_CL_SAMPLER = 0x76534d50,
    VSMP_CL_DEAD = 0x64656164
};

/* The head every object starts with (its first member, so a handle points at it too). */
typedef struct vsmp_cl_head {
    const cl_icd_dispatch *dispatch; /* first: the loader reads it */
    uint32_t magic;                  /* the kind (VSMP_CL_*), VSMP_CL_DEAD once released */
    cl_uint refs;                    /* the application's references and the ICD's own holds */
} vsmp_cl_head;

/* A new object's head: the dispatch table, kind @p magic, one reference. */
void vsmp_cl_head_init(vsmp_cl_head *h, uint32_t magic);
/* Whether handle @p obj is a live object of kind @p magic (NULL is not). */
bool vsmp_cl_is(const void *obj, uint32_t magic);
/* Drop one reference (the lock held): true when it was the last; the object is then marked
 * dead, for the caller to free. */
bool vsmp_cl_unref(void *obj);
/* clRetain*: lock, one more reference when @p obj is of kind @p magic, else @p invalid. */
cl_int vsmp_cl_retain(void *obj, uint32_t magic, cl_int invalid);
/* clRelease* and the like: lock, @p fn(@p obj) when it is of kind @p magic, else @p invalid. */
cl_int vsmp_cl_release(void *obj, uint32_t magic, cl_int invalid, void (*fn)(void *obj));

/* One Intel target vsmp runs, with the facts clGetDeviceInfo gives for it (device.c). */
typedef struct vsmp_cl_target {
    const char *name;     /* ocloc's -device name: "tgllp" */
    const char *gfx_name; /* what Intel calls it */
    const char *platform; /* vsmp's platform name (vsmp_platform_find) */
    uint32_t pci_id;      /* a PCI device id of the target */
    uint32_t ip_version;  /* CL_DEVICE_IP_VERSION_INTEL */
    uint32_t slices, subslices_per_slice, eus_per_subslice, threads_per_eu;
    uint32_t max_wg;       /* CL_DEVICE_MAX_WORK_GROUP_SIZE (and each item size) */
    uint32_t wg_multiple;  /* CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE */
    uint64_t global_cache; /* CL_DEVICE_GLOBAL_MEM_CACHE_SIZE */
    uint64_t intel_global; /* the global memory size Intel's runtime reported (AUB mode) */
    uint32_t image3d_max_wh;
    uint32_t image_pitch_align; /* CL_DEVICE_IMAGE_PITCH_ALIGNMENT, pixels */
    bool correct_div_sqrt;      /* CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT */
} vsmp_cl_target;

struct _cl_platform_id {
    vsmp_cl_head h; /* refs unused: the platform and the devices are never freed */
};

struct _cl_device_id {
    vsmp_cl_head h; /* refs unused: the platform and the devices are never freed */
    const vsmp_cl_target *t;
    uint64_t global_mem, max_alloc; /* the budget on this machine (device.c) */
};

typedef void(CL_CALLBACK *vsmp_cl_notify)(const char *, const void *, size_t, void *);

struct _cl_context {
    vsmp_cl_head h;
    cl_uint ndev;
    cl_device_id dev[4];
    cl_context_properties props[8];
    cl_uint nprops; /* entries of props, the terminating 0 included; 0 when none were given */
    vsmp_cl_notify notify;
    void *notify_data;
    struct vsmp_cl_cb *destructors;
};

enum { VSMP_CL_CB_EVENT, VSMP_CL_CB_MEM, VSMP_CL_CB_CONTEXT };

typedef struct vsmp_cl_cb {
    struct vsmp_cl_cb *next;
    int kind; /* VSMP_CL_CB_*: the callback's type, as its entry point declares it */
    void (*fn)(void);
    void *obj;
    cl_int status; /* events: the status it fires at */
    void *data;
    void (*release)(void *obj); /* after it ran (the lock held): drops the hold on obj */
} vsmp_cl_cb;

struct _cl_command_queue {
    vsmp_cl_head h;
    cl_context ctx;
    cl_device_id dev;
    cl_command_queue_properties props;
    cl_queue_properties qprops[8];
    cl_uint nqprops;
    cl_event head, tail; /* commands not yet run, in order */
    bool busy;           /* a thread is running this queue's head */
    bool progressing;    /* vsmp_cl_queue_progress is at work on it */
    cl_command_queue next_queue;
};

struct _cl_mem {
    vsmp_cl_head h;
    cl_context ctx;
    cl_mem_object_type type;
    cl_mem_flags flags;
    size_t size;
    void *host_ptr; /* as given (CL_MEM_USE_HOST_PTR: the storage) */
    uint8_t *data;  /* the bytes kernels and commands see */
    bool owns;      /* data was allocated here (and counted in the budget) */
    cl_mem parent;  /* sub-buffers: the buffer they view */
    size_t origin;
    cl_uint maps; /* mappings not yet unmapped */
    cl_mem_properties mprops[4];
    cl_uint nmprops;
    vsmp_cl_cb *destructors;
    /* images (image.c): format, description, texel bytes and the storage's pitches; a 1D image
     * buffer views its buffer (desc.buffer, held) */
    cl_image_format fmt;
    cl_image_desc desc;
    const struct vsmp_format_info *vf;
    size_t elem, row_pitch, slice_pitch;
};

struct _cl_sampler {
    vsmp_cl_head h;
    cl_context ctx;
    cl_bool normalized;
    cl_addressing_mode addressing;
    cl_filter_mode filter;
    cl_sampler_properties props[8];
    cl_uint nprops;
};

/* What a command does when it runs (the lock released). */
typedef cl_int (*vsmp_cl_run)(cl_event ev);

struct _cl_event {
    vsmp_cl_head h;
    cl_context ctx;
    cl_command_queue queue; /* NULL for user events */
    cl_command_type type;
    cl_int status;
    cl_ulong times[5]; /* queued, submit, start, end, complete (ns) */
    vsmp_cl_cb *callbacks;
    cl_event next; /* in its queue */
    cl_uint nwait;
    cl_event *wait;
    vsmp_cl_run run;
    cl_mem hold[2]; /* the memory objects the command uses, held until it is freed */
    union {
        struct {
            cl_mem src, dst;
            size_t src_off, dst_off, size;
            const void *from;
            void *to;
            uint8_t pattern[128];
            size_t pattern_size;
        } copy;
        struct {
            cl_mem mem;
            size_t region[3], src_origin[3], dst_origin[3]; /* region[0], origin[0]: bytes */
            size_t src_pitch[2], dst_pitch[2];              /* row, slice */
            const void *from;
            void *to;
            uint8_t pixel[16]; /* image fills: the packed fill colour, elem bytes */
            size_t elem;
        } rect;
        void *cmd; /* commands of other files (program.c) */
    } u;
    void (*free_cmd)(cl_event ev);
};

/* The global lock (icd.c). */
void vsmp_cl_lock(void);
/* Unlock, then run the callbacks that became due while it was held. */
void vsmp_cl_unlock(void);
/* Wait (the lock held) until an event changes state; wake the waiters. */
void vsmp_cl_wait(void);
void vsmp_cl_signal(void);
/* Queue a callback to run once the lock is dropped (it owns @p cb). */
void vsmp_cl_callback_due(vsmp_cl_cb *cb);
/* Register destructor callback @p fn of @p obj on @p list (the lock held): run in the reverse
 * order of registration, the last one to run freeing the handle.
 * @return CL_SUCCESS or CL_OUT_OF_HOST_MEMORY. */
cl_int vsmp_cl_destructor_add(vsmp_cl_cb **list, int kind, void (*fn)(void), void *obj, void *data);

extern struct _cl_platform_id vsmp_cl_platform;
cl_uint vsmp_cl_num_devices(void);
cl_device_id vsmp_cl_device(cl_uint i);
bool vsmp_cl_device_valid(cl_device_id d);

/* Copy @p size bytes of @p value to a clGet*Info answer. */
cl_int vsmp_cl_info(size_t param_value_size, void *param_value, size_t *param_value_size_ret,
                    const void *value, size_t size);

/* A clGet*Info answer as an entry point's answer function makes it (the lock held): the bytes
 * (a scalar copied into the answer, or a pointer to bytes that outlive the call) and their size.
 * An answer written in place (CL_PROGRAM_BINARIES) reads the request and sets done; heap, when
 * set, is freed after the copy. */
typedef struct vsmp_cl_answer {
    const void *ptr;
    size_t size;
    union {
        cl_ulong u64;
        void *p;
        unsigned char bytes[96];
    } v;
    size_t param_value_size;
    void *param_value;
    size_t *param_value_size_ret;
    bool done;
    void *heap;
    const void *key; /* what the question is about besides the object: a device, an argument */
} vsmp_cl_answer;
typedef cl_int (*vsmp_cl_answer_fn)(void *obj, cl_uint param_name, vsmp_cl_answer *a);
/* A clGet*Info entry point: lock, @p invalid when @p obj is not of kind @p magic, else the
 * answer of @p fn copied to the caller as the specification says (vsmp_cl_info). */
cl_int vsmp_cl_get_info(void *obj, uint32_t magic, cl_int invalid, vsmp_cl_answer_fn fn,
                        cl_uint param_name, size_t param_value_size, void *param_value,
                        size_t *param_value_size_ret);
/* The same for the questions with a second key (clGetProgramBuildInfo's device...): a->key. */
cl_int vsmp_cl_get_info_key(void *obj, uint32_t magic, cl_int invalid, vsmp_cl_answer_fn fn,
                            const void *key, cl_uint param_name, size_t param_value_size,
                            void *param_value, size_t *param_value_size_ret);
/* Answer @p size bytes at @p p: copied into the answer (vsmp_cl_value), or pointed at. */
cl_int vsmp_cl_value(vsmp_cl_answer *a, const void *p, size_t size);
cl_int vsmp_cl_bytes(vsmp_cl_answer *a, const void *p, size_t size);
/* Answer the value @p expr of C type @p type. */
#define VSMP_CL_VALUE(a, type, expr) vsmp_cl_value((a), &(type){expr}, sizeof(type))

cl_ulong vsmp_cl_now(void);

/* The built kernels of program @p p for its device index @p i (program.c), with their parsed
 * modules; NULL when not built for it. */
struct vsmp_ocl_program;
struct vsmp_module;
const struct vsmp_ocl_program *vsmp_cl_program_built(cl_program p, cl_uint i,
                                                     struct vsmp_module *const **mods);
cl_int vsmp_cl_program_index(cl_program p, cl_device_id d);
void vsmp_cl_program_kernels(cl_program p, int delta);
bool vsmp_cl_program_ok(cl_program p);
cl_context vsmp_cl_program_context(cl_program p);

/* Rectangle copies (mem.c): ev->u.rect as it is filled in. */
cl_int vsmp_cl_run_rect(cl_event ev);
/* Do the boxes of @p region at origins @p a and @p b overlap (in every axis: the
 * CL_MEM_COPY_OVERLAP of a copy within one image, or within one buffer's rectangles, whose
 * pitches are the same on both sides)? */
bool vsmp_cl_boxes_overlap(const size_t *a, const size_t *b, const size_t *region);
/* Checks a queue and a memory object of its context (any type). */
cl_int vsmp_cl_check_mem(cl_command_queue q, cl_mem m);

/* Object checks (the lock held). */
bool vsmp_cl_context_ok(cl_context c);
bool vsmp_cl_queue_ok(cl_command_queue q);
bool vsmp_cl_mem_ok(cl_mem m);
bool vsmp_cl_event_ok(cl_event e);

void vsmp_cl_context_retain(cl_context c);
void vsmp_cl_context_release(void *c); /* the lock held; takes a cl_context */
void vsmp_cl_mem_release(void *m);     /* a cl_mem */

/* The memory budget: reserve @p size bytes of @p dev's global memory, or give them back. */
bool vsmp_cl_budget_take(cl_device_id dev, size_t size);
void vsmp_cl_budget_give(size_t size);

/* Commands: a new event for queue @p q (checks the wait list: CL_SUCCESS or its error), then
 * submitted by vsmp_cl_enqueue, which runs it when its turn comes and, for @p blocking, waits
 * for it; *@p out gets the event when the caller asked for one. The lock is held throughout. */
cl_int vsmp_cl_command(cl_command_queue q, cl_command_type type, cl_uint nwait,
                       const cl_event *wait, cl_event *out);
cl_int vsmp_cl_enqueue(cl_event ev, bool blocking, cl_event *out);
/* Run the commands of @p q whose turn has come (the lock held; released while each runs). */
void vsmp_cl_queue_progress(cl_command_queue q);
/* Keep @p m alive while command @p ev exists (two per command). */
void vsmp_cl_hold(cl_event ev, cl_mem m);
void vsmp_cl_event_set_status(cl_event ev, cl_int status);
void vsmp_cl_event_release(void *ev); /* a cl_event */
cl_int vsmp_cl_check_wait_list(cl_context ctx, cl_uint n, const cl_event *list);

#define VSMP_CL_ERR(code)                                                                          \
    do {                                                                                           \
        if (errcode_ret)                                                                           \
            *errcode_ret = (code);                                                                 \
    } while (0)

#endif
