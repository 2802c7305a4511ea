/* SPDX-License-Identifier: MIT */
/*
 * The `.ze_info` YAML of a zebin (zeinfo 1.x: 1.20 from IGC 1.0.12504, 1.49 from IGC 1.0.17791,
 * 1.73 from IGC 2.40) read with libyaml's document loader into vsmp_launch_iface
 * (vsmp/launch_iface.h) and the OpenCL argument information. Every key is looked up in the
 * tables below: a key that is not there stops the read, named with its line; the keys that
 * change nothing vsmp does are listed as harmless (docs/LAUNCH.md section 6 gives both lists and
 * why). Another zeinfo major version is refused. Bindless arguments (DG2 and later) get a
 * binding-table index of their own and their state offset in the payload (bindless_*()).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "ocl_internal.h"
#include "zebin.h"

#define MAX_DEPTH   8
#define MAX_PAYLOAD 256

typedef struct zctx {
    yaml_document_t doc;
    vsmp_diags *d;
    vsmp_diags bd; /* the builder's messages, given again with the zeinfo line */
    vsmp_status st;
    unsigned grf; /* the target's register bytes: 32, or 64 (Xe-HPC, Xe2, Xe3) */
} zctx;

static bool zerr(zctx *z, const yaml_node_t *n, vsmp_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static bool zerr(zctx *z, const yaml_node_t *n, vsmp_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags_vadd(z->d, VSMP_SEV_ERROR, "zeinfo", n ? (uint32_t)n->start_mark.line + 1 : 0,
                    n ? (uint32_t)n->start_mark.column + 1 : 0, -1, fmt, ap);
    va_end(ap);
    if (!z->st)
        z->st = st;
    return false;
}

static yaml_node_t *node(zctx *z, int id)
{
    return yaml_document_get_node(&z->doc, id);
}

/* The text of a scalar node, or NULL (an error named by @p what) for another node. */
static const char *text(zctx *z, const yaml_node_t *n, const char *what)
{
    if (!n || n->type != YAML_SCALAR_NODE) {
        zerr(z, n, VSMP_ERR_MALFORMED, "%s: expected a scalar", what);
        return NULL;
    }
    return (const char *)n->data.scalar.value;
}

static bool integer(zctx *z, const yaml_node_t *n, const char *what, long long lo, long long hi,
                    long long *out)
{
    const char *s = text(z, n, what);
    if (!s)
        return false;
    char *end;
    long long v = strtoll(s, &end, 0);
    if (end == s || *end || v < lo || v > hi)
        return zerr(z, n, VSMP_ERR_MALFORMED, "%s: \"%s\" is no integer in %lld..%lld", what, s, lo,
                    hi);
    *out = v;
    return true;
}

static bool boolean(zctx *z, const yaml_node_t *n, const char *what, bool *out)
{
    const char *s = text(z, n, what);
    if (!s)
        return false;
    if (!strcmp(s, "true") || !strcmp(s, "1"))
        *out = true;
    else if (!strcmp(s, "false") || !strcmp(s, "0"))
        *out = false;
    else
        return zerr(z, n, VSMP_ERR_MALFORMED, "%s: \"%s\" is no boolean", what, s);
    return true;
}

/* Copy a string that must fit (names and qualifiers: never silently cut). */
static bool copy(zctx *z, const yaml_node_t *n, const char *what, char *dst, size_t cap)
{
    const char *s = text(z, n, what);
    if (!s)
        return false;
    if (strlen(s) >= cap)
        return zerr(z, n, VSMP_ERR_MALFORMED, "%s: longer than %zu bytes", what, cap - 1);
    memcpy(dst, s, strlen(s) + 1);
    return true;
}

static bool is_map(zctx *z, const yaml_node_t *n, const char *what)
{
    if (!n || n->type != YAML_MAPPING_NODE)
        return zerr(z, n, VSMP_ERR_MALFORMED, "%s: expected a mapping", what);
    return true;
}

static bool is_seq(zctx *z, const yaml_node_t *n, const char *what)
{
    if (!n || n->type != YAML_SEQUENCE_NODE)
        return zerr(z, n, VSMP_ERR_MALFORMED, "%s: expected a sequence", what);
    return true;
}

/* Loops over a mapping's pairs and a sequence's items; the iterator is named after the
 * variables, so that loops nest. */
#define FOR_PAIRS(z, map, k, v)                                                                    \
    for (yaml_node_pair_t *k##_p = (map)->data.mapping.pairs.start;                                \
         k##_p < (map)->data.mapping.pairs.top && !(z)->st; k##_p++)                               \
        for (yaml_node_t *k = node(z, k##_p->key), *v = node(z, k##_p->value); k; k = NULL)

#define FOR_ITEMS(z, seq, v)                                                                       \
    for (yaml_node_item_t *v##_i = (seq)->data.sequence.items.start;                               \
         v##_i < (seq)->data.sequence.items.top && !(z)->st; v##_i++)                              \
        for (yaml_node_t *v = node(z, *v##_i); v; v = NULL)

/* The key's text; an unknown key is reported by the caller. */
static const char *key(zctx *z, yaml_node_t *k)
{
    return text(z, k, "key");
}

static bool unknown(zctx *z, yaml_node_t *k, const char *where)
{
    return zerr(z, k, VSMP_ERR_MALFORMED, "%s.%s: a zeinfo key vsmp does not read", where,
                (const char *)k->data.scalar.value);
}

static bool in_list(const char *s, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(s, *list))
            return true;
    return false;
}

/* ---- one kernel ---- */

typedef struct payload {
    char type[40];
    long long offset, size, arg, sampler, slm_align, source;
    long long bti; /* bti_value (const_base, global_base): -1 when absent */
    char addrmode[16], addrspace[16];
    const yaml_node_t *at;
} payload;

typedef struct kraw {
    const yaml_node_t *at;
    char name[128];
    long long simd, barriers, slm;
    long long inline_data;          /* execution_env.inline_data_payload_size */
    long long priv_size;            /* per_thread_memory_buffers private_space: bytes */
    bool priv_simt;                 /* ... per work-item */
    long long spill;                /* execution_env.spill_size */
    long long scratch_size;         /* per_thread_memory_buffers scratch: bytes per thread */
    long long ids_offset, ids_size; /* per_thread_payload_arguments local_id */
    const yaml_node_t *ids_at;
    unsigned npay;
    payload pay[MAX_PAYLOAD];
    int bti[VSMP_LAUNCH_MAX_ARGS];
    unsigned nsmp;
    struct {
        long long index;
        vsmp_sampler_state st;
        const yaml_node_t *at;
    } smp[16];
} kraw;

/* execution_env keys that change nothing vsmp does: hints to the runtime, counts of registers
 * and threads, preemption, which IGC 1.0.12504 sets for every kernel. */
static const char *const env_harmless[] = {
    "grf_count", "has_no_stateless_write", "disable_mid_thread_preemption",
    "subgroup_independent_forward_progress", "has_global_atomics", "has_4gb_buffers",
    "has_fence_for_image_access", "has_dpas", "has_sample", "has_multi_scratch_spaces",
    "require_disable_eufusion", "offset_to_skip_per_thread_data_load", "offset_to_skip_set_ffid_gp",
    "actual_kernel_start_offset", "eu_thread_count", "work_group_walk_order_dimensions",
    "indirect_stateless_count", "has_lsc_stores_with_non_default_l1_cache_controls",
    /* zeinfo 1.49 and 1.73 (IGC 1.0.17791, 2.40): a
     * printf_buffer argument says what printf needs */
    "has_printf_calls", "hw_preemption_mode", "thread_scheduling_mode", NULL};

static bool read_env(zctx *z, yaml_node_t *m, kraw *k, vsmp_ocl_kernel *out)
{
    if (!is_map(z, m, "execution_env"))
        return false;
    FOR_PAIRS(z, m, kn, v)
    {
        const char *s = key(z, kn);
        long long x;
        bool b;
        if (!s)
            return false;
        if (!strcmp(s, "simd_size")) {
            if (!integer(z, v, "simd_size", 1, 32, &k->simd))
                return false;
            if (k->simd != 8 && k->simd != 16 && k->simd != 32)
                return zerr(z, v, VSMP_ERR_UNSUPPORTED,
                            "simd_size %lld: vsmp launches SIMD 8, 16 and 32", k->simd);
        } else if (!strcmp(s, "barrier_count")) {
            if (!integer(z, v, "barrier_count", 0, 32, &k->barriers))
                return false;
        } else if (!strcmp(s, "slm_size")) {
            if (!integer(z, v, "slm_size", 0, 1 << 20, &k->slm))
                return false;
        } else if (!strcmp(s, "required_sub_group_size")) {
            if (!integer(z, v, s, 0, 32, &x))
                return false; /* the SIMD width is simd_size's */
        } else if (!strcmp(s, "required_work_group_size")) {
            if (!is_seq(z, v, s))
                return false;
            unsigned i = 0;
            FOR_ITEMS(z, v, e)
            {
                if (i == 3)
                    return zerr(z, e, VSMP_ERR_MALFORMED, "%s: more than 3 sizes", s);
                if (!integer(z, e, s, 0, 1024, &x))
                    return false;
                out->required_local_size[i++] = (uint32_t)x;
            }
        } else if (!strcmp(s, "has_device_enqueue") || !strcmp(s, "has_rtcalls") ||
                   !strcmp(s, "has_stack_calls")) {
            if (!boolean(z, v, s, &b))
                return false;
            if (b)
                return zerr(z, v, VSMP_ERR_UNSUPPORTED, "execution_env.%s: not launched by vsmp",
                            s);
        } else if (!strcmp(s, "spill_size")) {
            /* the Gen code's register spills: the machine runs vISA, which has none (a scratch
             * space of this size is harmless: read_kernel_raw) */
            if (!integer(z, v, s, 0, 1LL << 30, &k->spill))
                return false;
        } else if (!strcmp(s, "private_size")) {
            /* IGC's total of private variables (or private stack) a hardware thread has: the
             * memory itself is per_thread_memory_buffers' (4096 at SIMD16: a scratch space of
             * 4096, or 256 bytes of private_space per work-item) */
            if (!integer(z, v, s, 0, 1LL << 30, &x))
                return false;
        } else if (!strcmp(s, "inline_data_payload_size")) {
            /* DG2 and later: the walker delivers the first bytes of the cross-thread data in a
             * register of their own: on 32-byte GRFs the kernel's .input declarations keep the
             * layout of the other platforms (as with the .cos's PassInlineData), on 64-byte ones
             * the rest of the cross-thread data starts at the next GRF; a kernel without local
             * IDs has no "R1" (build_kernel) */
            if (!integer(z, v, s, 0, 64, &x))
                return false;
            if (x % 32)
                return zerr(z, v, VSMP_ERR_MALFORMED,
                            "execution_env.inline_data_payload_size: %lld (0, 32 or 64)", x);
            k->inline_data = x;
        } else if (in_list(s, env_harmless)) {
            if (v->type != YAML_SCALAR_NODE && v->type != YAML_SEQUENCE_NODE)
                return zerr(z, v, VSMP_ERR_MALFORMED, "execution_env.%s: a mapping", s);
        } else {
            return unknown(z, kn, "execution_env");
        }
    }
    return !z->st;
}

static bool read_payload(zctx *z, yaml_node_t *m, payload *p)
{
    static const char *const keys[] = {"arg_type",        "offset",       "size",
                                       "arg_index",       "addrmode",     "addrspace",
                                       "access_type",     "image_type",   "image_transformable",
                                       "sampler_index",   "sampler_type", "slm_alignment",
                                       "source_offset",   "is_pipe",      "is_ptr",
                                       "type_qualifiers", "bti_value",    NULL};
    if (!is_map(z, m, "payload_arguments[]"))
        return false;
    memset(p, 0, sizeof(*p));
    p->arg = p->sampler = p->source = p->bti = -1;
    p->at = m;
    FOR_PAIRS(z, m, kn, v)
    {
        const char *s = key(z, kn);
        if (!s)
            return false;
        if (!in_list(s, keys))
            return unknown(z, kn, "payload_arguments[]");
        bool ok = true;
        if (!strcmp(s, "arg_type"))
            ok = copy(z, v, s, p->type, sizeof(p->type));
        else if (!strcmp(s, "offset"))
            ok = integer(z, v, s, 0, VSMP_LAUNCH_MAX_CROSS_THREAD, &p->offset);
        else if (!strcmp(s, "size"))
            ok = integer(z, v, s, 0, VSMP_LAUNCH_MAX_CROSS_THREAD, &p->size);
        else if (!strcmp(s, "arg_index"))
            ok = integer(z, v, s, 0, VSMP_LAUNCH_MAX_ARGS - 1, &p->arg);
        else if (!strcmp(s, "addrmode"))
            ok = copy(z, v, s, p->addrmode, sizeof(p->addrmode));
        else if (!strcmp(s, "addrspace"))
            ok = copy(z, v, s, p->addrspace, sizeof(p->addrspace));
        else if (!strcmp(s, "sampler_index"))
            ok = integer(z, v, s, 0, VSMP_MAX_SAMPLER_STATES - 1, &p->sampler);
        else if (!strcmp(s, "slm_alignment"))
            ok = integer(z, v, s, 1, 4096, &p->slm_align);
        else if (!strcmp(s, "source_offset"))
            ok = integer(z, v, s, 0, VSMP_LAUNCH_MAX_ARG_BYTES - 1, &p->source);
        else if (!strcmp(s, "bti_value"))
            ok = integer(z, v, s, 0, VSMP_MAX_BINDINGS - 1, &p->bti);
        else if (!strcmp(s, "is_pipe")) {
            bool b = false;
            ok = boolean(z, v, s, &b);
            if (ok && b)
                return zerr(z, v, VSMP_ERR_UNSUPPORTED, "a pipe argument");
        } else
            ok = text(z, v, s) != NULL; /* access_type, image_type, ...: the kernel's business */
        if (!ok)
            return false;
    }
    if (!p->type[0])
        return zerr(z, m, VSMP_ERR_MALFORMED, "payload_arguments[]: no arg_type");
    if (p->bti >= 0 && strcmp(p->type, "const_base") && strcmp(p->type, "global_base"))
        return zerr(z, m, VSMP_ERR_MALFORMED,
                    "payload_arguments[]: bti_value on %s (const_base and global_base carry one)",
                    p->type);
    return true;
}

/* IGC's inline sampler: OpenCL's address mode, filter and coordinates, with address NONE as
 * clamp-to-edge (IGC's CImagesBI::CreateInlineSamplerAnnotations programs CLK_ADDRESS_NONE as
 * SAMPLER_TEXTURE_ADDRESS_MODE_CLAMP) and the mip filter nearest, as the SAMPLER_STATEs IGC
 * writes for them (docs/LAUNCH.md section 6). */
/* per_thread_memory_buffers[]: private memory (type global, usage private_space) and the
 * scratch space (type scratch: the spill space, or private memory in it; the sizes of several
 * slots add up), each hardware thread its own. */
static bool read_memory_buffer(zctx *z, yaml_node_t *m, kraw *k)
{
    if (!is_map(z, m, "per_thread_memory_buffers[]"))
        return false;
    const char *type = NULL, *usage = NULL;
    long long size = -1;
    bool simt = false;
    FOR_PAIRS(z, m, kn, v)
    {
        const char *s = key(z, kn);
        if (!s)
            return false;
        if (!strcmp(s, "type")) {
            if (!(type = text(z, v, s)))
                return false;
        } else if (!strcmp(s, "usage")) {
            if (!(usage = text(z, v, s)))
                return false;
        } else if (!strcmp(s, "size")) {
            if (!integer(z, v, s, 0, 1LL << 30, &size))
                return false;
        } else if (!strcmp(s, "is_simt_thread")) {
            if (!boolean(z, v, s, &simt))
                return false;
        } else if (!strcmp(s, "slot")) {
            /* which of the scratch spaces: refused below with the scratch */
        } else {
            return unknown(z, kn, "per_thread_memory_buffers[]");
        }
    }
    if (z->st)
        return false;
    if (!type || !usage || size < 0)
        return zerr(z, m, VSMP_ERR_MALFORMED,
                    "per_thread_memory_buffers[]: type, usage and size are needed");
    if (!strcmp(type, "scratch")) {
        if (size > VSMP_LAUNCH_MAX_SCRATCH - k->scratch_size)
            return zerr(z, m, VSMP_ERR_UNSUPPORTED,
                        "per_thread_memory_buffers: %lld bytes of scratch space (at most %u in "
                        "all)",
                        size + k->scratch_size, VSMP_LAUNCH_MAX_SCRATCH);
        k->scratch_size += size;
        return true;
    }
    if (strcmp(type, "global") || strcmp(usage, "private_space"))
        return zerr(z, m, VSMP_ERR_UNSUPPORTED,
                    "per_thread_memory_buffers: %s %s: memory the launcher does not provide", type,
                    usage);
    if (k->priv_size)
        return zerr(z, m, VSMP_ERR_MALFORMED, "per_thread_memory_buffers: a second private_space");
    if (size > 65536)
        return zerr(z, m, VSMP_ERR_UNSUPPORTED,
                    "per_thread_memory_buffers: %lld bytes of private memory (at most 65536)",
                    size);
    k->priv_size = size;
    k->priv_simt = simt;
    return true;
}

static bool read_inline_sampler(zctx *z, yaml_node_t *m, kraw *k)
{
    if (!is_map(z, m, "inline_samplers[]"))
        return false;
    if (k->nsmp == sizeof(k->smp) / sizeof(k->smp[0]))
        return zerr(z, m, VSMP_ERR_MALFORMED, "more than 16 inline samplers");
    long long index = -1;
    int addr = -1, filt = -1;
    bool norm = false;
    FOR_PAIRS(z, m, kn, v)
    {
        const char *s = key(z, kn);
        if (!s)
            return false;
        if (!strcmp(s, "sampler_index")) {
            if (!integer(z, v, s, 0, VSMP_MAX_SAMPLER_STATES - 1, &index))
                return false;
        } else if (!strcmp(s, "addrmode")) {
            static const char *const modes[] = {"none",         "repeat", "clamp_edge",
                                                "clamp_border", "mirror", NULL};
            static const uint8_t tcm[] = {VSMP_TCM_CLAMP, VSMP_TCM_WRAP, VSMP_TCM_CLAMP,
                                          VSMP_TCM_CLAMP_BORDER, VSMP_TCM_MIRROR};
            const char *t = text(z, v, s);
            if (!t)
                return false;
            for (int i = 0; modes[i]; i++)
                if (!strcmp(t, modes[i]))
                    addr = tcm[i];
            if (addr < 0)
                return zerr(z, v, VSMP_ERR_MALFORMED, "inline sampler addrmode \"%s\"", t);
        } else if (!strcmp(s, "filtermode")) {
            const char *t = text(z, v, s);
            if (!t)
                return false;
            filt = !strcmp(t, "nearest")  ? VSMP_FILTER_NEAREST
                   : !strcmp(t, "linear") ? VSMP_FILTER_LINEAR
                                          : -1;
            if (filt < 0)
                return zerr(z, v, VSMP_ERR_MALFORMED, "inline sampler filtermode \"%s\"", t);
        } else if (!strcmp(s, "normalized")) {
            if (!boolean(z, v, s, &norm))
                return false;
        } else {
            return unknown(z, kn, "inline_samplers[]");
        }
    }
    if (index < 0 || addr < 0 || filt < 0)
        return zerr(z, m, VSMP_ERR_MALFORMED,
                    "inline_samplers[]: sampler_index, addrmode and filtermode are needed");
    vsmp_sampler_state *st = &k->smp[k->nsmp].st;
    vsmp_sampler_state_init(st);
    st->min_filter = st->mag_filter = (uint8_t)filt;
    st->mip_filter = VSMP_MIPFILTER_NEAREST;
    st->address[0] = st->address[1] = st->address[2] = (uint8_t)addr;
    st->non_normalized = !norm;
    k->smp[k->nsmp].index = index;
    k->smp[k->nsmp].at = m;
    k->nsmp++;
    return true;
}

static bool read_kernel_raw(zctx *z, yaml_node_t *m, kraw *k, vsmp_ocl_kernel *out)
{
    if (!is_map(z, m, "kernels[]"))
        return false;
    memset(k, 0, sizeof(*k));
    k->at = m;
    for (int i = 0; i < VSMP_LAUNCH_MAX_ARGS; i++)
        k->bti[i] = -1;
    FOR_PAIRS(z, m, kn, v)
    {
        const char *s = key(z, kn);
        if (!s)
            return false;
        if (!strcmp(s, "name")) {
            if (!copy(z, v, "kernel name", k->name, sizeof(k->name)))
                return false;
        } else if (!strcmp(s, "execution_env")) {
            if (!read_env(z, v, k, out))
                return false;
        } else if (!strcmp(s, "payload_arguments")) {
            if (!is_seq(z, v, s))
                return false;
            FOR_ITEMS(z, v, e)
            {
                if (k->npay == MAX_PAYLOAD)
                    return zerr(z, e, VSMP_ERR_MALFORMED, "more than %d payload arguments",
                                MAX_PAYLOAD);
                if (!read_payload(z, e, &k->pay[k->npay++]))
                    return false;
            }
        } else if (!strcmp(s, "per_thread_payload_arguments")) {
            if (!is_seq(z, v, s))
                return false;
            FOR_ITEMS(z, v, e)
            {
                payload p;
                if (!read_payload(z, e, &p))
                    return false;
                if (strcmp(p.type, "local_id"))
                    return zerr(z, e, VSMP_ERR_UNSUPPORTED,
                                "per-thread payload argument %s: vsmp writes local_id only",
                                p.type);
                if (k->ids_at)
                    return zerr(z, e, VSMP_ERR_MALFORMED, "local_id given twice");
                /* how many IDs: known with the SIMD width (build_kernel) */
                k->ids_size = p.size;
                k->ids_offset = p.offset;
                k->ids_at = e;
            }
        } else if (!strcmp(s, "binding_table_indices")) {
            if (!is_seq(z, v, s))
                return false;
            FOR_ITEMS(z, v, e)
            {
                long long bti = -1, arg = -1;
                if (!is_map(z, e, "binding_table_indices[]"))
                    return false;
                FOR_PAIRS(z, e, bk, bv)
                {
                    const char *t = key(z, bk);
                    if (!t)
                        return false;
                    if (!strcmp(t, "bti_value")) {
                        if (!integer(z, bv, t, 0, VSMP_MAX_BINDINGS - 1, &bti))
                            return false;
                    } else if (!strcmp(t, "arg_index")) {
                        if (!integer(z, bv, t, 0, VSMP_LAUNCH_MAX_ARGS - 1, &arg))
                            return false;
                    } else {
                        return unknown(z, bk, "binding_table_indices[]");
                    }
                }
                if (bti < 0 || arg < 0)
                    return zerr(z, e, VSMP_ERR_MALFORMED,
                                "binding_table_indices[]: bti_value and arg_index are needed");
                if (k->bti[arg] >= 0)
                    return zerr(z, e, VSMP_ERR_MALFORMED,
                                "argument %lld has two binding-table "
                                "indices",
                                arg);
                k->bti[arg] = (int)bti;
            }
        } else if (!strcmp(s, "inline_samplers")) {
            if (!is_seq(z, v, s))
                return false;
            FOR_ITEMS(z, v, e)
            {
                if (!read_inline_sampler(z, e, k))
                    return false;
            }
        } else if (!strcmp(s, "per_thread_memory_buffers")) {
            if (!is_seq(z, v, s))
                return false;
            FOR_ITEMS(z, v, e)
            {
                if (!read_memory_buffer(z, e, k))
                    return false;
            }
        } else if (!strcmp(s, "user_attributes") || !strcmp(s, "debug_env") ||
                   !strcmp(s, "experimental_properties")) {
            /* harmless: attributes as written in the source (reqd_work_group_size is also in
             * execution_env), debugger and experimental hints */
        } else {
            return unknown(z, kn, "kernels[]");
        }
    }
    if (!z->st && !k->name[0])
        return zerr(z, m, VSMP_ERR_MALFORMED, "kernels[]: no name");
    if (!z->st && !k->simd)
        return zerr(z, m, VSMP_ERR_MALFORMED, "kernel %s: no execution_env.simd_size", k->name);
    return !z->st;
}

/* NDRange and image values: zeinfo arg_type, the value, whether it names an argument. Values
 * of 8 or 12 bytes are 2 or 3 dimensions of 4 bytes. */
static const struct {
    const char *type;
    vsmp_launch_value what;
    bool per_arg;
} value_types[] = {
    {"global_id_offset", VSMP_VALUE_GLOBAL_OFFSET, false},
    {"local_size", VSMP_VALUE_LOCAL_SIZE, false},
    {"enqueued_local_size", VSMP_VALUE_ENQUEUED_LOCAL_SIZE, false},
    {"global_size", VSMP_VALUE_GLOBAL_SIZE, false},
    {"group_count", VSMP_VALUE_NUM_GROUPS, false},
    {"work_dimensions", VSMP_VALUE_WORK_DIM, false},
    {"image_width", VSMP_VALUE_IMAGE_WIDTH, true},
    {"image_height", VSMP_VALUE_IMAGE_HEIGHT, true},
    {"image_depth", VSMP_VALUE_IMAGE_DEPTH, true},
    {"image_array_size", VSMP_VALUE_IMAGE_ARRAY_SIZE, true},
    {"image_channel_data_type", VSMP_VALUE_IMAGE_CHANNEL_DATA_TYPE, true},
    {"image_channel_order", VSMP_VALUE_IMAGE_CHANNEL_ORDER, true},
    {"image_num_mip_levels", VSMP_VALUE_IMAGE_NUM_MIP_LEVELS, true},
    {"image_num_samples", VSMP_VALUE_IMAGE_NUM_SAMPLES, true},
    {"buffer_offset", VSMP_VALUE_ZERO, true},
    {"sampler_address", VSMP_VALUE_SAMPLER_ADDRESS, true},
    {"sampler_normalized", VSMP_VALUE_SAMPLER_NORMALIZED, true},
    {"sampler_snap_wa", VSMP_VALUE_SAMPLER_SNAP_WA, true},
    /* IGC writes it also for kernels without private memory (for most kernels on acm-g10; the
     * .cos says PerThreadPrivateMemorySize = 0): zero. A kernel with private memory has
     * per_thread_memory_buffers (private_space): then the private base. */
    {"private_base_stateless", VSMP_VALUE_ZERO, false},
    /* the printf buffer's address (its strings: the zebin's symbols, zebin.c) */
    {"printf_buffer", VSMP_VALUE_PRINTF_BUFFER, false},
};

/* arg_types of zeinfo 1.x the launcher has no value for. */
static const char *const unsupported_types[] = {"implicit_arg_buffer",
                                                "flat_image_baseoffset",
                                                "flat_image_width",
                                                "flat_image_height",
                                                "flat_image_pitch",
                                                "rt_global_buffer",
                                                "assert_buffer",
                                                "sync_buffer",
                                                "region_group_size",
                                                "region_group_dimension",
                                                "region_group_wg_count",
                                                "region_group_barrier_buffer",
                                                "indirect_data_pointer",
                                                "scratch_pointer",
                                                "vme_mb_block_type",
                                                "vme_subpixel_mode",
                                                "vme_sad_adjust_mode",
                                                "vme_search_path_type",
                                                NULL};

/* The builder's refusals become errors at the zeinfo line that caused them. */
static bool built(zctx *z, vsmp_status st, const yaml_node_t *at, const char *kname)
{
    if (!st)
        return true;
    zerr(z, at, st == VSMP_ERR_NOMEM ? st : VSMP_ERR_MALFORMED, "kernel %s: %s", kname,
         z->bd.count ? z->bd.items[z->bd.count - 1].message : vsmp_status_str(st));
    vsmp_diags_free(&z->bd);
    vsmp_diags_init(&z->bd);
    return false;
}

/* ---- bindless arguments (zeinfo 1.49/1.73 on DG2 and later) ----
 *
 * An `addrmode: bindless` entry holds a state offset, not a pointer: the surface state of a
 * buffer or image argument, the sampler state of a `sampler_t` argument or of an inline sampler
 * (arg_type inline_sampler). The kernel moves it into %bss / S31 or addresses LSC messages with
 * bss(V). IGC gives no binding-table index for them: each such buffer and image gets the first
 * index no binding_table_indices entry and no earlier bindless argument uses, and the launcher
 * writes VSMP_BINDLESS_OFFSET of that index (of the sampler index for samplers) at the entry's
 * offset (docs/LAUNCH.md section 6). */

static bool is_bindless(const payload *p)
{
    return !strcmp(p->addrmode, "bindless");
}

/* The first binding-table index no argument holds, or -1. */
static int bindless_bti(const kraw *k, const vsmp_launch_arg_info *args)
{
    for (int bti = 0; bti < VSMP_MAX_BINDINGS; bti++) {
        bool used = false;
        for (unsigned a = 0; a < VSMP_LAUNCH_MAX_ARGS && !used; a++)
            used = k->bti[a] == bti ||
                   ((args[a].kind == VSMP_ARG_BUFFER || args[a].kind == VSMP_ARG_IMAGE) &&
                    args[a].bti == bti);
        for (unsigned i = 0; i < k->npay && !used; i++)
            used = k->pay[i].bti == bti; /* const_base, global_base */
        if (!used)
            return bti;
    }
    return -1;
}

/* An arg_bypointer bindless buffer or image entry: the argument's binding-table index. */
static bool bindless_arg(zctx *z, const kraw *k, const payload *p, vsmp_launch_arg_info *args)
{
    vsmp_launch_arg_info *a = &args[p->arg];
    if (k->bti[p->arg] >= 0)
        return zerr(z, p->at, VSMP_ERR_MALFORMED,
                    "argument %lld: bindless and at binding-table index %d", p->arg,
                    k->bti[p->arg]);
    if (a->bti >= 0)
        return zerr(z, p->at, VSMP_ERR_MALFORMED, "argument %lld: a second bindless entry", p->arg);
    if (p->size != 0 && p->size != 4 && p->size != 8)
        return zerr(z, p->at, VSMP_ERR_MALFORMED,
                    "argument %lld: a bindless offset of %lld bytes (4 or 8; 0 when the kernel "
                    "does not address it: an image only queried)",
                    p->arg, p->size);
    int bti = bindless_bti(k, args);
    if (bti < 0)
        return zerr(z, p->at, VSMP_ERR_UNSUPPORTED, "argument %lld: no binding-table index left",
                    p->arg);
    a->bti = bti;
    return true;
}

/* The payload value of a bindless entry (arg_bypointer or inline_sampler). */
static bool bindless_value(zctx *z, const kraw *k, const payload *p, vsmp_launch_iface *f)
{
    vsmp_launch_payload_value v = {VSMP_VALUE_BINDLESS_SURFACE, (int32_t)p->arg, 0,
                                   (uint32_t)p->offset, (uint32_t)p->size};
    if (!p->size && !strcmp(p->type, "arg_bypointer") && strcmp(p->addrspace, "sampler"))
        return true; /* a surface the kernel does not address (bindless_arg) */
    if (!strcmp(p->addrspace, "sampler")) {
        if (p->sampler < 0)
            return zerr(z, p->at, VSMP_ERR_MALFORMED, "a bindless sampler without sampler_index");
        v.what = VSMP_VALUE_BINDLESS_SAMPLER;
        v.arg = -1;
        v.source = (uint32_t)p->sampler;
        bool declared = strcmp(p->type, "inline_sampler") != 0;
        for (unsigned i = 0; i < k->nsmp && !declared; i++)
            declared = k->smp[i].index == p->sampler;
        if (!declared)
            return zerr(z, p->at, VSMP_ERR_MALFORMED,
                        "inline_sampler %lld: no inline_samplers[] entry of that sampler_index",
                        p->sampler);
    } else if (strcmp(p->type, "arg_bypointer")) {
        return zerr(z, p->at, VSMP_ERR_MALFORMED, "%s with addrspace \"%s\"", p->type,
                    p->addrspace);
    }
    return built(z, vsmp_launch_iface_add_value(f, &v, &z->bd), p->at, k->name);
}

static bool build_kernel(zctx *z, kraw *k, vsmp_ocl_kernel *out)
{
    memcpy(out->name, k->name, sizeof(out->name));
    out->simd = (unsigned)k->simd;
    vsmp_launch_iface *f = NULL;
    if (!built(z, vsmp_launch_iface_create(k->name, (unsigned)k->simd, &f, &z->bd), k->at, k->name))
        return false;
    out->iface = f;

    vsmp_launch_layout l;
    vsmp_launch_layout_init(&l);
    /* each local-ID block fills whole registers: max(GRF, 2W) bytes */
    unsigned idb = k->simd * 2 < z->grf ? z->grf : (unsigned)k->simd * 2, nids = 0;
    if (k->ids_at) {
        if (k->ids_offset != 0 || k->ids_size % idb || k->ids_size / idb > 3)
            return zerr(z, k->ids_at, VSMP_ERR_MALFORMED,
                        "kernel %s: local_id at %lld of %lld bytes (0, and 1 to 3 blocks of %u)",
                        k->name, k->ids_offset, k->ids_size, idb);
        nids = (unsigned)(k->ids_size / idb);
    }
    for (unsigned i = 0; i < 3; i++)
        l.local_id[i] = i < nids;
    /* The cross-thread data follows r0 and the local IDs, each in whole registers of z->grf
     * bytes. Without local IDs IGC still gives each thread one GRF of per-thread data (its "R1"
     * argument; the patch tokens' UnusedPerThreadConstantPresent): the cross-thread data starts
     * a GRF later (the .visaasm's .input declarations say so). With inline data (DG2 and later)
     * that GRF is the inline data: the cross-thread data starts right after r0 (the .input
     * declarations of acm-g10's zebins and the .cos's UnusedPerThreadConstantPresent = false
     * agree) */
    l.cross_thread_offset = z->grf + nids * idb;
    if (!nids && !k->inline_data)
        l.cross_thread_offset += z->grf;
    l.inline_data_size = (uint32_t)k->inline_data;
    uint64_t end = 0;
    const yaml_node_t *end_at = k->at; /* the value reaching furthest */
    for (unsigned i = 0; i < k->npay; i++)
        if ((uint64_t)k->pay[i].offset + k->pay[i].size > end) {
            end = (uint64_t)k->pay[i].offset + k->pay[i].size;
            end_at = k->pay[i].at;
        }
    l.cross_thread_size = (uint32_t)((end + 31) / 32 * 32);
    if (!l.cross_thread_size)
        l.cross_thread_size = 32;
    l.barriers = k->barriers > 0;
    l.slm_size = (uint32_t)k->slm;
    l.private_size = (uint32_t)k->priv_size;
    l.private_simt = k->priv_simt;
    l.scratch_size = (uint32_t)k->scratch_size;
    if (!built(z, vsmp_launch_iface_set_layout(f, &l, &z->bd), end_at, k->name))
        return false;

    /* the explicit arguments, each from its arg_bypointer / arg_byvalue entries */
    vsmp_launch_arg_info args[VSMP_LAUNCH_MAX_ARGS];
    const yaml_node_t *arg_at[VSMP_LAUNCH_MAX_ARGS] = {0};
    unsigned pieces[VSMP_LAUNCH_MAX_ARGS] = {0};
    for (unsigned a = 0; a < VSMP_LAUNCH_MAX_ARGS; a++) {
        memset(&args[a], 0, sizeof(args[a]));
        args[a].bti = args[a].sampler = args[a].offset = -1;
    }
    for (unsigned i = 0; i < k->npay; i++) {
        payload *p = &k->pay[i];
        bool byptr = !strcmp(p->type, "arg_bypointer"), byval = !strcmp(p->type, "arg_byvalue");
        if (!byptr && !byval)
            continue;
        if (p->arg < 0)
            return zerr(z, p->at, VSMP_ERR_MALFORMED, "%s without arg_index", p->type);
        vsmp_launch_arg_info *a = &args[p->arg];
        if (byval) {
            if (a->kind != VSMP_ARG_NONE && a->kind != VSMP_ARG_SCALAR)
                return zerr(z, p->at, VSMP_ERR_MALFORMED,
                            "argument %lld: by value and by "
                            "pointer",
                            p->arg);
            a->kind = VSMP_ARG_SCALAR;
            pieces[p->arg]++;
            if (a->offset < 0 || p->offset < a->offset)
                a->offset = (int32_t)p->offset;
            arg_at[p->arg] = p->at;
            continue;
        }
        bool buffer = !strcmp(p->addrspace, "global") || !strcmp(p->addrspace, "constant");
        if (a->kind == VSMP_ARG_BUFFER && buffer && !strcmp(p->addrmode, "stateless") &&
            a->offset < 0) {
            /* a buffer reached both ways: a stateful entry and a stateless one with its pointer
             * (IGC writes both when the kernel uses both) */
            a->offset = (int32_t)p->offset;
            a->size = (uint32_t)p->size;
            continue;
        }
        if (a->kind == VSMP_ARG_BUFFER && buffer && !strcmp(p->addrmode, "stateful"))
            continue; /* the stateful entry after the stateless one */
        if (a->kind == VSMP_ARG_BUFFER && buffer && is_bindless(p)) {
            /* the bindless entry after the stateless one (DG2, MTL, ARL: every buffer) */
            if (!bindless_arg(z, k, p, args))
                return false;
            continue;
        }
        if (a->kind != VSMP_ARG_NONE)
            return zerr(z, p->at, VSMP_ERR_MALFORMED, "argument %lld described twice", p->arg);
        arg_at[p->arg] = p->at;
        if (is_bindless(p) && strcmp(p->addrspace, "image") && strcmp(p->addrspace, "sampler") &&
            !buffer)
            return zerr(z, p->at, VSMP_ERR_MALFORMED, "argument %lld: bindless addrspace \"%s\"",
                        p->arg, p->addrspace);
        if (!strcmp(p->addrspace, "image")) {
            a->kind = VSMP_ARG_IMAGE;
            a->bti = k->bti[p->arg];
            if (is_bindless(p) && !bindless_arg(z, k, p, args))
                return false;
        } else if (!strcmp(p->addrspace, "sampler")) {
            a->kind = VSMP_ARG_SAMPLER;
            a->sampler = (int32_t)p->sampler;
        } else if (!strcmp(p->addrspace, "local")) {
            a->kind = VSMP_ARG_LOCAL;
        } else if (buffer) {
            a->kind = VSMP_ARG_BUFFER;
            a->bti = k->bti[p->arg];
            if (!strcmp(p->addrmode, "stateless")) { /* the pointer is this entry's bytes */
                a->offset = (int32_t)p->offset;
                a->size = (uint32_t)p->size;
            } else if (is_bindless(p) && !bindless_arg(z, k, p, args)) {
                return false;
            }
        } else {
            return zerr(z, p->at, VSMP_ERR_MALFORMED, "argument %lld: addrspace \"%s\"", p->arg,
                        p->addrspace);
        }
    }
    /* buffer_address: a stateful buffer's pointer */
    for (unsigned i = 0; i < k->npay; i++) {
        payload *p = &k->pay[i];
        if (strcmp(p->type, "buffer_address"))
            continue;
        if (p->arg < 0 || args[p->arg].kind != VSMP_ARG_BUFFER || args[p->arg].offset >= 0)
            return zerr(z, p->at, VSMP_ERR_MALFORMED,
                        "buffer_address: argument %lld is no buffer without a pointer", p->arg);
        args[p->arg].offset = (int32_t)p->offset;
        args[p->arg].size = (uint32_t)p->size;
    }
    for (unsigned a = 0; a < VSMP_LAUNCH_MAX_ARGS; a++) {
        if (args[a].kind == VSMP_ARG_NONE)
            continue;
        if (args[a].kind == VSMP_ARG_SCALAR) {
            /* one piece: the whole value at its offset; several: each by its source_offset */
            for (unsigned i = 0; i < k->npay && pieces[a] == 1; i++)
                if (!strcmp(k->pay[i].type, "arg_byvalue") && k->pay[i].arg == (long long)a) {
                    if (k->pay[i].source > 0)
                        pieces[a] = 2; /* a piece not at the value's start: as pieces */
                    else
                        args[a].size = (uint32_t)k->pay[i].size;
                }
        }
        /* the name and type for the interface's diagnostics (cut to their 31 bytes) */
        snprintf(args[a].name, sizeof(args[a].name), "%.*s", (int)sizeof(args[a].name) - 1,
                 out->args[a].name);
        snprintf(args[a].type, sizeof(args[a].type), "%.*s", (int)sizeof(args[a].type) - 1,
                 out->args[a].type_name);
        if (!built(z, vsmp_launch_iface_add_arg(f, a, &args[a], &z->bd), arg_at[a], k->name))
            return false;
    }
    /* the values */
    for (unsigned i = 0; i < k->npay; i++) {
        payload *p = &k->pay[i];
        vsmp_launch_payload_value v = {0, -1, 0, (uint32_t)p->offset, (uint32_t)p->size};
        if ((!strcmp(p->type, "arg_bypointer") || !strcmp(p->type, "inline_sampler")) &&
            is_bindless(p)) {
            if (!bindless_value(z, k, p, f))
                return false;
            continue;
        }
        if (!strcmp(p->type, "inline_sampler"))
            return zerr(z, p->at, VSMP_ERR_UNSUPPORTED,
                        "kernel %s: inline_sampler with addrmode \"%s\" (bindless ones are read)",
                        k->name, p->addrmode);
        if (!strcmp(p->type, "arg_bypointer")) {
            if (!strcmp(p->addrspace, "local")) {
                v.what = VSMP_VALUE_LOCAL_OFFSET;
                v.arg = (int32_t)p->arg;
                v.source = p->slm_align > 0 ? (uint32_t)p->slm_align : 16;
                if (!built(z, vsmp_launch_iface_add_value(f, &v, &z->bd), p->at, k->name))
                    return false;
            }
            continue;
        }
        if (!strcmp(p->type, "buffer_address"))
            continue;
        if (!strcmp(p->type, "const_base") || !strcmp(p->type, "global_base")) {
            /* the program's __constant (__global) data: its address; with bti_value, bound
             * there too (IGC 1.0.17791 on skl and icllp) */
            if (is_bindless(p)) { /* IGC 2.40 on DG2, MTL, ARL: beside the stateless base */
                /* the buffer at the index its other entry gives, else the first free one */
                int bti = -1;
                for (unsigned q = 0; q < k->npay && bti < 0; q++)
                    if (!strcmp(k->pay[q].type, p->type))
                        bti = (int)k->pay[q].bti;
                if (bti < 0)
                    bti = bindless_bti(k, args);
                if (bti < 0)
                    return zerr(z, p->at, VSMP_ERR_UNSUPPORTED, "%s: no binding-table index left",
                                p->type);
                p->bti = bti; /* taken: bindless_bti skips it */
                v.what =
                    p->type[0] == 'c' ? VSMP_VALUE_CONSTANT_BINDLESS : VSMP_VALUE_GLOBAL_BINDLESS;
                v.source = (uint32_t)bti;
                if (!built(z, vsmp_launch_iface_add_value(f, &v, &z->bd), p->at, k->name))
                    return false;
                continue;
            }
            v.what = p->type[0] == 'c' ? VSMP_VALUE_CONSTANT_BASE : VSMP_VALUE_GLOBAL_BASE;
            v.source = p->bti >= 0 ? (uint32_t)p->bti + 1 : 0;
            if (!built(z, vsmp_launch_iface_add_value(f, &v, &z->bd), p->at, k->name))
                return false;
            continue;
        }
        if (!strcmp(p->type, "arg_byvalue")) {
            if (pieces[p->arg] < 2)
                continue;
            if (p->source < 0)
                return zerr(z, p->at, VSMP_ERR_MALFORMED,
                            "argument %lld: in several pieces without source_offset", p->arg);
            v.what = VSMP_VALUE_ARG_BYTES;
            v.arg = (int32_t)p->arg;
            v.source = (uint32_t)p->source;
            if (!built(z, vsmp_launch_iface_add_value(f, &v, &z->bd), p->at, k->name))
                return false;
            continue;
        }
        size_t t = 0, nt = sizeof(value_types) / sizeof(value_types[0]);
        while (t < nt && strcmp(value_types[t].type, p->type))
            t++;
        if (t == nt) {
            if (in_list(p->type, unsupported_types))
                return zerr(z, p->at, VSMP_ERR_UNSUPPORTED,
                            "kernel %s: payload argument %s, which the launcher does not fill",
                            k->name, p->type);
            return zerr(z, p->at, VSMP_ERR_MALFORMED, "kernel %s: payload arg_type \"%s\"", k->name,
                        p->type);
        }
        v.what = value_types[t].what;
        if (!strcmp(p->type, "private_base_stateless") && k->priv_size)
            v.what = VSMP_VALUE_PRIVATE_BASE; /* else zero: above */
        if (value_types[t].per_arg) {
            if (p->arg < 0)
                return zerr(z, p->at, VSMP_ERR_MALFORMED, "%s without arg_index", p->type);
            /* buffer_offset is a zero of a buffer: -1 */
            v.arg = v.what == VSMP_VALUE_ZERO ? -1 : (int32_t)p->arg;
            if (!built(z, vsmp_launch_iface_add_value(f, &v, &z->bd), p->at, k->name))
                return false;
            continue;
        }
        bool dims = v.what != VSMP_VALUE_WORK_DIM && v.what != VSMP_VALUE_ZERO &&
                    v.what != VSMP_VALUE_PRIVATE_BASE && v.what != VSMP_VALUE_PRINTF_BUFFER;
        if (!dims || p->size == 4) {
            if (!built(z, vsmp_launch_iface_add_value(f, &v, &z->bd), p->at, k->name))
                return false;
            continue;
        }
        if (p->size != 8 && p->size != 12)
            return zerr(z, p->at, VSMP_ERR_MALFORMED, "%s of %lld bytes (4, 8 or 12)", p->type,
                        p->size);
        for (uint32_t dim = 0; dim < (uint32_t)p->size / 4; dim++) {
            v.source = dim;
            v.offset = (uint32_t)p->offset + 4 * dim;
            v.size = 4;
            if (!built(z, vsmp_launch_iface_add_value(f, &v, &z->bd), p->at, k->name))
                return false;
        }
    }
    for (unsigned i = 0; i < k->nsmp; i++)
        if (!built(z,
                   vsmp_launch_iface_add_inline_sampler(f, (unsigned)k->smp[i].index, &k->smp[i].st,
                                                        &z->bd),
                   k->smp[i].at, k->name))
            return false;
    if (vsmp_launch_iface_num_args(f) > out->nargs)
        out->nargs = vsmp_launch_iface_num_args(f);
    return true;
}

/* kernels_misc_info[]: name, args_info[]: index, name, address_qualifier, access_qualifier,
 * type_name, type_qualifiers. */
static bool read_misc(zctx *z, yaml_node_t *m, vsmp_ocl_program *prog)
{
    if (!is_map(z, m, "kernels_misc_info[]"))
        return false;
    vsmp_ocl_kernel *kern = NULL;
    yaml_node_t *info = NULL;
    FOR_PAIRS(z, m, kn, v)
    {
        const char *s = key(z, kn);
        if (!s)
            return false;
        if (!strcmp(s, "name")) {
            const char *n = text(z, v, s);
            if (!n)
                return false;
            for (unsigned i = 0; i < prog->nkernels && !kern; i++)
                if (!strcmp(prog->kernels[i].name, n))
                    kern = &prog->kernels[i];
            if (!kern)
                return zerr(z, v, VSMP_ERR_MALFORMED, "kernels_misc_info: no kernel %s", n);
        } else if (!strcmp(s, "args_info")) {
            if (!is_seq(z, v, s))
                return false;
            info = v;
        } else {
            return unknown(z, kn, "kernels_misc_info[]");
        }
    }
    if (z->st)
        return false;
    if (!kern)
        return zerr(z, m, VSMP_ERR_MALFORMED, "kernels_misc_info[]: no name");
    if (kern->has_arg_meta)
        return zerr(z, m, VSMP_ERR_MALFORMED, "kernels_misc_info: kernel %s twice", kern->name);
    kern->has_arg_meta = true;
    unsigned n = 0;
    if (!info)
        return true;
    FOR_ITEMS(z, info, e)
    {
        if (!is_map(z, e, "args_info[]"))
            return false;
        vsmp_ocl_arg_meta am;
        memset(&am, 0, sizeof(am));
        long long index = -1;
        FOR_PAIRS(z, e, ak, av)
        {
            const char *s = key(z, ak);
            bool ok = s != NULL;
            if (!ok)
                return false;
            if (!strcmp(s, "index"))
                ok = integer(z, av, s, 0, VSMP_LAUNCH_MAX_ARGS - 1, &index);
            else if (!strcmp(s, "name"))
                ok = copy(z, av, s, am.name, sizeof(am.name));
            else if (!strcmp(s, "address_qualifier"))
                ok = copy(z, av, s, am.address_qualifier, sizeof(am.address_qualifier));
            else if (!strcmp(s, "access_qualifier"))
                ok = copy(z, av, s, am.access_qualifier, sizeof(am.access_qualifier));
            else if (!strcmp(s, "type_name"))
                ok = copy(z, av, s, am.type_name, sizeof(am.type_name));
            else if (!strcmp(s, "type_qualifiers"))
                ok = copy(z, av, s, am.type_qualifiers, sizeof(am.type_qualifiers));
            else
                return unknown(z, ak, "args_info[]");
            if (!ok)
                return false;
        }
        if (index < 0)
            return zerr(z, e, VSMP_ERR_MALFORMED, "args_info[]: no index");
        char *semi = strchr(am.type_name, ';'); /* "float*;8": the size after ';' */
        if (semi)
            *semi = 0;
        kern->args[index] = am;
        if ((unsigned)index + 1 > n)
            n = (unsigned)index + 1;
    }
    kern->nargs = n;
    return !z->st;
}

void vsmp_ocl_program_free(vsmp_ocl_program *p)
{
    if (!p)
        return;
    for (unsigned i = 0; i < p->nkernels; i++) {
        vsmp_launch_iface_free(p->kernels[i].iface);
        free(p->kernels[i].visaasm);
    }
    free(p->kernels);
    vsmp_launch_program_free(&p->data);
    free(p);
}

const vsmp_ocl_kernel *vsmp_ocl_program_kernel(const vsmp_ocl_program *p, const char *name)
{
    for (unsigned i = 0; p && name && i < p->nkernels; i++)
        if (!strcmp(p->kernels[i].name, name))
            return &p->kernels[i];
    return NULL;
}

static bool read_top(zctx *z, vsmp_ocl_program *prog)
{
    yaml_node_t *root = yaml_document_get_root_node(&z->doc);
    if (!root)
        return zerr(z, NULL, VSMP_ERR_MALFORMED, "an empty zeinfo");
    if (!is_map(z, root, "zeinfo"))
        return false;
    yaml_node_t *kernels = NULL, *misc = NULL;
    FOR_PAIRS(z, root, kn, v)
    {
        const char *s = key(z, kn);
        if (!s)
            return false;
        if (!strcmp(s, "version")) {
            if (!copy(z, v, s, prog->zeinfo_version, sizeof(prog->zeinfo_version)))
                return false;
            if (strncmp(prog->zeinfo_version, "1.", 2))
                return zerr(z, v, VSMP_ERR_UNSUPPORTED,
                            "zeinfo version %s: vsmp reads version 1 (1.20 from IGC 1.0.12504, "
                            "1.49 from 1.0.17791, 1.73 from 2.40)",
                            prog->zeinfo_version);
        } else if (!strcmp(s, "kernels")) {
            if (!is_seq(z, v, s))
                return false;
            kernels = v;
        } else if (!strcmp(s, "kernels_misc_info")) {
            if (!is_seq(z, v, s))
                return false;
            misc = v;
        } else if (!strcmp(s, "global_host_access_table")) {
            /* host names of program-scope globals: for the runtime's clGetDeviceGlobalVariable */
        } else {
            /* functions (external functions): not read */
            return unknown(z, kn, "");
        }
    }
    if (z->st)
        return false;
    if (!prog->zeinfo_version[0])
        return zerr(z, root, VSMP_ERR_MALFORMED, "zeinfo: no version");
    if (!kernels)
        return zerr(z, root, VSMP_ERR_MALFORMED, "zeinfo: no kernels");
    size_t n = (size_t)(kernels->data.sequence.items.top - kernels->data.sequence.items.start);
    if (!n || n > VSMP_OCL_MAX_KERNELS)
        return zerr(z, kernels, VSMP_ERR_MALFORMED, "zeinfo: %zu kernels (1..%u)", n,
                    VSMP_OCL_MAX_KERNELS);
    prog->kernels = calloc(n, sizeof(*prog->kernels));
    kraw *k = malloc(sizeof(*k));
    if (!prog->kernels || !k) {
        free(k);
        z->st = VSMP_ERR_NOMEM;
        return false;
    }
    /* the names first, so that kernels_misc_info's argument names reach the interfaces */
    FOR_ITEMS(z, kernels, e)
    {
        vsmp_ocl_kernel *out = &prog->kernels[prog->nkernels++];
        if (!is_map(z, e, "kernels[]"))
            break;
        FOR_PAIRS(z, e, kn, v)
        {
            const char *s = key(z, kn);
            if (s && !strcmp(s, "name") && !copy(z, v, "kernel name", out->name, sizeof(out->name)))
                break;
        }
        if (!z->st && !out->name[0])
            zerr(z, e, VSMP_ERR_MALFORMED, "kernels[]: no name");
        for (unsigned i = 0; i + 1 < prog->nkernels && !z->st; i++)
            if (!strcmp(prog->kernels[i].name, out->name))
                zerr(z, e, VSMP_ERR_MALFORMED, "kernel %s twice", out->name);
    }
    if (misc && !z->st) {
        FOR_ITEMS(z, misc, e)
        {
            if (!read_misc(z, e, prog))
                break;
        }
    }
    unsigned i = 0;
    FOR_ITEMS(z, kernels, e)
    {
        vsmp_ocl_kernel *out = &prog->kernels[i++];
        /* a kernel the launcher cannot run (VSMP_ERR_UNSUPPORTED) is kept with its reason and
         * no interface; the program's other kernels stay usable. A malformed one fails all. */
        vsmp_diags kd, *outer = z->d;
        vsmp_diags_init(&kd);
        z->d = &kd;
        bool ok = read_kernel_raw(z, e, k, out) && build_kernel(z, k, out);
        z->d = outer;
        if (!ok && z->st == VSMP_ERR_UNSUPPORTED && kd.count) {
            const vsmp_diag *g = &kd.items[0];
            snprintf(out->unsupported, sizeof(out->unsupported), "zeinfo line %u: %s", g->line,
                     g->message);
            vsmp_launch_iface_free(out->iface);
            out->iface = NULL;
            if (!out->simd)
                out->simd = (unsigned)k->simd;
            z->st = VSMP_OK;
            ok = true;
        }
        for (size_t g = 0; !ok && g < kd.count; g++)
            vsmp_diags_add(outer, kd.items[g].severity, kd.items[g].rule, kd.items[g].line,
                           kd.items[g].column, -1, "%s", kd.items[g].message);
        vsmp_diags_free(&kd);
        if (!ok)
            break;
    }
    free(k);
    return !z->st;
}

/* The document is a tree as IGC writes it: every node reached once (an alias would make it a
 * graph, whose walk could grow without bound), nested at most MAX_DEPTH levels, no mapping with a
 * key twice (the later one would silently win), at most MAX_PAIRS pairs a mapping. */
#define MAX_PAIRS 4096

static bool tree(zctx *z, yaml_node_t *n, int depth, uint8_t *seen)
{
    if (!n)
        return true;
    size_t id = (size_t)(n - z->doc.nodes.start);
    if (seen[id])
        return zerr(z, n, VSMP_ERR_MALFORMED, "a node reached twice (a YAML alias): not zeinfo");
    seen[id] = 1;
    if (depth > MAX_DEPTH)
        return zerr(z, n, VSMP_ERR_MALFORMED, "nested deeper than %d levels", MAX_DEPTH);
    if (n->type == YAML_MAPPING_NODE) {
        yaml_node_pair_t *a = n->data.mapping.pairs.start, *end = n->data.mapping.pairs.top;
        if (end - a > MAX_PAIRS)
            return zerr(z, n, VSMP_ERR_MALFORMED, "a mapping of more than %d keys", MAX_PAIRS);
        for (yaml_node_pair_t *p = a; p < end; p++) {
            yaml_node_t *k = node(z, p->key);
            for (yaml_node_pair_t *q = a; k && k->type == YAML_SCALAR_NODE && q < p; q++) {
                yaml_node_t *o = node(z, q->key);
                if (o && o->type == YAML_SCALAR_NODE &&
                    !strcmp((const char *)o->data.scalar.value, (const char *)k->data.scalar.value))
                    return zerr(z, k, VSMP_ERR_MALFORMED, "key %s given twice",
                                (const char *)k->data.scalar.value);
            }
            if (!tree(z, k, depth + 1, seen) || !tree(z, node(z, p->value), depth + 1, seen))
                return false;
        }
    } else if (n->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top;
             i++)
            if (!tree(z, node(z, *i), depth + 1, seen))
                return false;
    }
    return true;
}

/* The kernel IGC adds to a program with program-scope symbols (globals, printf strings) to
 * carry its symbol table: no OpenCL kernel, and runtimes do not offer it. */
#define VOID_PROGRAM "Intel_Symbol_Table_Void_Program"

void vsmp_ocl_program_drop_void(vsmp_ocl_program *p)
{
    unsigned w = 0;
    for (unsigned i = 0; p && i < p->nkernels; i++) {
        if (!strcmp(p->kernels[i].name, VOID_PROGRAM)) {
            vsmp_launch_iface_free(p->kernels[i].iface);
            free(p->kernels[i].visaasm);
            continue;
        }
        if (w != i)
            p->kernels[w] = p->kernels[i];
        w++;
    }
    if (p)
        p->nkernels = w;
}

vsmp_status vsmp_ocl_zeinfo_read(const char *yaml, size_t size, vsmp_ocl_program **out,
                                 vsmp_diags *d)
{
    return vsmp_ocl_zeinfo_read_grf(yaml, size, 32, out, d);
}

vsmp_status vsmp_ocl_zeinfo_read_grf(const char *yaml, size_t size, unsigned grf,
                                     vsmp_ocl_program **out, vsmp_diags *d)
{
    vsmp_status st = vsmp_ocl_zeinfo_read_all(yaml, size, grf, out, d);
    if (!st)
        vsmp_ocl_program_drop_void(*out);
    return st;
}

vsmp_status vsmp_ocl_zeinfo_read_all(const char *yaml, size_t size, unsigned grf,
                                     vsmp_ocl_program **out, vsmp_diags *d)
{
    if (!out || (!yaml && size) || (grf != 32 && grf != 64))
        return VSMP_ERR_ARG;
    *out = NULL;
    zctx z = {.d = d, .grf = grf};
    vsmp_diags_init(&z.bd);
    if (size > VSMP_OCL_MAX_ZEBIN) {
        zerr(&z, NULL, VSMP_ERR_MALFORMED, "a zeinfo of %zu bytes (at most %u)", size,
             VSMP_OCL_MAX_ZEBIN);
        return z.st;
    }
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return VSMP_ERR_NOMEM;
    yaml_parser_set_input_string(&parser, (const unsigned char *)yaml, size);
    if (!yaml_parser_load(&parser, &z.doc)) {
        vsmp_diags_add(d, VSMP_SEV_ERROR, "zeinfo", (uint32_t)parser.problem_mark.line + 1,
                       (uint32_t)parser.problem_mark.column + 1, -1, "YAML: %s",
                       parser.problem ? parser.problem : "unreadable");
        vsmp_status st = parser.error == YAML_MEMORY_ERROR ? VSMP_ERR_NOMEM : VSMP_ERR_MALFORMED;
        yaml_parser_delete(&parser);
        return st;
    }
    yaml_parser_delete(&parser);
    vsmp_ocl_program *prog = calloc(1, sizeof(*prog));
    if (!prog) {
        yaml_document_delete(&z.doc);
        return VSMP_ERR_NOMEM;
    }
    size_t nodes = (size_t)(z.doc.nodes.top - z.doc.nodes.start);
    uint8_t *seen = calloc(nodes ? nodes : 1, 1);
    if (!seen)
        z.st = VSMP_ERR_NOMEM;
    else if (tree(&z, yaml_document_get_root_node(&z.doc), 0, seen))
        read_top(&z, prog);
    free(seen);
    yaml_document_delete(&z.doc);
    vsmp_diags_free(&z.bd);
    if (z.st) {
        vsmp_ocl_program_free(prog);
        return z.st;
    }
    *out = prog;
    return VSMP_OK;
}
