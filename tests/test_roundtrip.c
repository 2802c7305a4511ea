/* SPDX-License-Identifier: MIT */
/*
 * Round trips:
 *  1. every row of the sub-op table, in both dialects;
 *  2. thousands of seeded random valid instructions: text -> binary -> text -> binary must
 *     give identical binaries, in both dialects;
 *  3. the same binaries re-encoded at every vISA version 3.0 .. 4.1 (and HEAD's paired layout)
 *     read back to the same program.
 * usage: test_roundtrip [seed] [kernels]
 */
#include <stdint.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return n ? (uint32_t)(rng % n) : 0;
}

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void add(text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
#include <stdarg.h>
static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    if (!t->s) {
        t->cap = 4096;
        t->s = malloc(t->cap);
        if (!t->s)
            abort();
    }
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap * 2 + (size_t)n + 64;
        t->s = realloc(t->s, t->cap);
        if (!t->s)
            abort();
    }
}

static const char *const fvars[] = {"F0", "F1", "F2", "F3", "H0", "H1"};
static const char *const ivars[] = {"UD0", "UD1", "UW0", "UW1", "W0", "D0"};
static const char *const dsts[] = {"DF", "DUD", "DUW", "DHF", "%null"};

static void header(text *t, const char *name)
{
    add(t, ".version 4.1\n.kernel \"%s\"\n", name);
    for (int i = 0; i < 4; i++)
        add(t, ".decl F%d v_type=G type=f num_elts=64 align=GRF\n", i);
    for (int i = 0; i < 2; i++)
        add(t, ".decl H%d v_type=G type=hf num_elts=64 align=GRF\n", i);
    add(t, ".decl UD0 v_type=G type=ud num_elts=64 align=GRF\n");
    add(t, ".decl UD1 v_type=G type=ud num_elts=64 align=GRF alias=<UD0, 32>\n");
    add(t, ".decl UW0 v_type=G type=uw num_elts=64 align=GRF\n");
    add(t, ".decl UW1 v_type=G type=uw num_elts=64 align=GRF attrs={NoWidening, Scope=3}\n");
    add(t, ".decl W0 v_type=G type=w num_elts=64 align=word\n");
    add(t, ".decl D0 v_type=G type=d num_elts=64 align=dword\n");
    add(t, ".decl DF v_type=G type=f num_elts=512 align=GRF\n");
    add(t, ".decl DUD v_type=G type=ud num_elts=512 align=GRF\n");
    add(t, ".decl DUW v_type=G type=uw num_elts=512 align=GRF\n");
    add(t, ".decl DHF v_type=G type=hf num_elts=512 align=GRF\n");
    add(t, ".decl AO v_type=G type=uw num_elts=4 align=word\n");
    add(t, ".decl SC v_type=G type=f num_elts=4 align=dword\n");
    add(t, ".decl A0 v_type=A num_elts=2\n");
    add(t, ".decl P1 v_type=P num_elts=32\n.decl P2 v_type=P num_elts=16\n");
    add(t, ".decl smp v_type=S num_elts=1\n.decl smp2 v_type=S num_elts=1\n");
    add(t, ".decl tex v_type=T num_elts=1\n.decl tex2 v_type=T num_elts=1\n");
    add(t, ".input smp offset=0 size=4\n.input tex offset=8 size=4\n");
    add(t, ".input F0 offset=64 size=256\n.implicit_LOCAL_ID UW0 offset=320 size=64\n");
    if (rnd(2))
        add(t, ".kernel_attr SimdSize=16\n");
}

static void raw(text *t, const char *const *pool, int n)
{
    const char *v = pool[rnd((uint32_t)n)];
    add(t, " %s.%u", v, strcmp(v, "%null") ? rnd(4) * 32 : 0);
}

static void exec(text *t)
{
    static const char *const masks[] = {"M1", "M2", "M3",    "M4",    "M5",    "M6",
                                        "M7", "M8", "M1_NM", "M2_NM", "M5_NM", "NoMask"};
    static const unsigned sizes[] = {1, 2, 4, 8, 16, 32};
    if (rnd(8) == 0)
        add(t, " (%u)", sizes[rnd(6)]);
    else
        add(t, " (%s, %u)", masks[rnd(12)], sizes[rnd(6)]);
}

static void vec(text *t, int for_unorm)
{
    static const char *const itypes[] = {"uw", "ud", "w", "d", "ub", "b"};
    switch (rnd(5)) {
    case 0:
        if (for_unorm)
            add(t, " SC(0,%u)<0;1,0>", rnd(4));
        else
            add(t, " %sAO(0,%u)<0;1,0>", rnd(4) ? "" : "(-)", rnd(4));
        break;
    case 1:
        add(t, " r[A0(%u),%d]<0;1,0>:%s", rnd(2), (int)rnd(64) - 32, for_unorm ? "f" : "uw");
        break;
    case 2:
        if (for_unorm)
            add(t, " %u.%u:f", rnd(4), rnd(1000));
        else
            add(t, " -%u:w", rnd(9));
        break;
    default:
        if (for_unorm)
            add(t, " 0x%x:f", rnd(0x7fffffff));
        else
            add(t, " 0x%x:%s", rnd(0x1000), itypes[rnd(6)]);
        break;
    }
}

static void channels(text *t)
{
    unsigned m = 1 + rnd(15);
    add(t, ".");
    for (int i = 0; i < 4; i++)
        if (m >> i & 1)
            add(t, "%c", rnd(2) ? "RGBA"[i] : "rgba"[i]);
}

static void pred(text *t)
{
    if (rnd(3))
        return;
    static const char *const ctl[] = {"", ".any", ".all"};
    add(t, "(%sP%u%s) ", rnd(2) ? "!" : "", 1 + rnd(2), ctl[rnd(3)]);
}

static void sampler_inst(text *t, const vsmp_op_info *o, vsmp_dialect dl)
{
    bool smp = o->opcode == VSMP_OPC_3D_SAMPLE;
    pred(t);
    add(t, "%s", o->mnemonic);
    if (rnd(2))
        add(t, ".pixel_null_mask");
    if (smp && rnd(3) == 0)
        add(t, ".cps");
    if (smp && rnd(2))
        add(t, ".divS");
    channels(t);
    exec(t);
    vec(t, 0);
    if (smp)
        add(t, " %s", rnd(4) ? (rnd(2) ? "smp" : "smp2") : "S31");
    static const char *const surfs[] = {"tex", "tex2", "T1", "%bss"};
    add(t, " %s", surfs[rnd(4)]);
    raw(t, dsts, 5);
    if (dl == VSMP_DIALECT_HEAD)
        add(t, rnd(2) ? " %%null.0" : " F3.0");
    unsigned n = 1 + rnd(smp ? 15 : 9);
    for (unsigned i = 0; i < n; i++)
        raw(t, smp ? fvars : ivars, 6);
    add(t, "\n");
}

static void random_inst(text *t, vsmp_dialect dl, unsigned *labels)
{
    unsigned k = rnd(20);
    if (k < 14) {
        const vsmp_op_info *o;
        do
            o = vsmp_op_at(rnd((uint32_t)vsmp_op_count()));
        while (o->opcode == VSMP_OPC_3D_INFO ||
               (dl == VSMP_DIALECT_12504 && !(o->flags & VSMP_OPI_12504)));
        sampler_inst(t, o, dl);
    } else if (k < 16) {
        bool res = rnd(2);
        add(t, "%s", res ? "resinfo" : "sampleinfo");
        channels(t);
        exec(t);
        add(t, " %s", rnd(2) ? "tex" : "tex2");
        if (res)
            raw(t, ivars, 2);
        raw(t, dsts, 2);
        add(t, "\n");
    } else if (k < 18) {
        static const char *const fmts[] = {"16-full", "16-downsampled", "8-full", "8-downsampled"};
        add(t, "sample_unorm");
        channels(t);
        add(t, ".%s smp tex", fmts[rnd(4)]);
        for (int i = 0; i < 4; i++)
            vec(t, 1);
        add(t, " DUW.%u\n", rnd(2) * 64);
    } else if (k == 18) {
        add(t, "LBL%u:\n", (*labels)++);
    } else {
        pred(t);
        add(t, "ret (M1, 1)\n");
    }
}

static unsigned char *to_binary(const vsmp_module *m, const vsmp_write_options *wo, size_t *n,
                                vsmp_status *st)
{
    size_t need = 0;
    vsmp_module_write(m, wo, NULL, 0, &need, NULL);
    unsigned char *b = malloc(need ? need : 1);
    *st = vsmp_module_write(m, wo, b, need, n, NULL);
    return b;
}

static char *to_text(const vsmp_module *m, vsmp_dialect dl)
{
    vsmp_print_options po = {.dialect = dl};
    size_t n = vsmp_text_print(m, &po, NULL, 0, NULL);
    char *s = malloc(n + 1);
    vsmp_text_print(m, &po, s, n + 1, NULL);
    return s;
}

/* text -> binary -> text -> binary; returns the first binary (caller frees) */
static unsigned char *round_trip(const char *src, vsmp_dialect dl, const char *what, size_t *bn)
{
    vsmp_write_options wo = {.paired_surface = dl == VSMP_DIALECT_HEAD};
    vsmp_module *m = NULL, *b1m = NULL, *m2 = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_text_parse(src, strlen(src), dl, &m, &d);
    CHECK(st == VSMP_OK, "%s: generated text does not parse", what);
    if (st) {
        vsmp_diags_print(&d, what, stderr);
        fprintf(stderr, "%s", src);
        vsmp_diags_free(&d);
        return NULL;
    }
    size_t n1 = 0, n2 = 0;
    unsigned char *b1 = to_binary(m, &wo, &n1, &st);
    CHECK(st == VSMP_OK, "%s: cannot encode", what);
    vsmp_read_options ro = {.paired_surface = wo.paired_surface};
    st = vsmp_module_read(b1, n1, &ro, &b1m, NULL);
    CHECK(st == VSMP_OK, "%s: cannot read its own binary", what);
    char *t2 = st ? NULL : to_text(b1m, dl);
    st = t2 ? vsmp_text_parse(t2, strlen(t2), dl, &m2, &d) : VSMP_ERR_ARG;
    CHECK(st == VSMP_OK, "%s: printed text does not parse:\n%s", what, t2 ? t2 : "");
    if (!st) {
        unsigned char *b2 = to_binary(m2, &wo, &n2, &st);
        CHECK(n1 == n2 && memcmp(b1, b2, n1) == 0, "%s: text->bin->text->bin differs", what);
        free(b2);
    }
    free(t2);
    vsmp_module_free(m);
    vsmp_module_free(b1m);
    vsmp_module_free(m2);
    vsmp_diags_free(&d);
    *bn = n1;
    return b1;
}

static const struct {
    uint8_t major, minor;
    bool paired;
} versions[] = {{3, 0, false}, {3, 3, false}, {3, 4, false}, {3, 5, false}, {3, 6, false},
                {3, 7, false}, {3, 8, true},  {4, 0, false}, {4, 1, false}, {4, 1, true}};

/* Re-encode at every version; what is encodable must read back to the same 4.1 binary. */
static void version_trip(const unsigned char *b, size_t n, bool paired, const char *what,
                         unsigned *encoded)
{
    vsmp_module *m = NULL;
    vsmp_read_options ro0 = {.paired_surface = paired};
    vsmp_write_options wo0 = {.paired_surface = paired};
    if (vsmp_module_read(b, n, &ro0, &m, NULL))
        return;
    for (size_t v = 0; v < sizeof(versions) / sizeof(versions[0]); v++) {
        vsmp_write_options wo = {.major = versions[v].major,
                                 .minor = versions[v].minor,
                                 .paired_surface = versions[v].paired};
        size_t vn = 0;
        vsmp_status st;
        unsigned char *vb = to_binary(m, &wo, &vn, &st);
        CHECK(st == VSMP_OK || st == VSMP_ERR_UNENCODABLE, "%s: v%u.%u write failed with %s", what,
              wo.major, wo.minor, vsmp_status_str(st));
        if (!st) {
            (*encoded)++;
            CHECK(vb[4] == wo.major && vb[5] == wo.minor, "%s: header version", what);
            vsmp_module *back = NULL;
            vsmp_read_options ro = {.paired_surface = versions[v].paired};
            st = vsmp_module_read(vb, vn, &ro, &back, NULL);
            CHECK(st == VSMP_OK, "%s: v%u.%u does not read back", what, wo.major, wo.minor);
            if (!st) {
                size_t bn2 = 0;
                unsigned char *b2 = to_binary(back, &wo0, &bn2, &st);
                CHECK(!st && bn2 == n && memcmp(b2, b, n) == 0,
                      "%s: v%u.%u%s round trip changes the program", what, wo.major, wo.minor,
                      versions[v].paired ? " paired" : "");
                free(b2);
            }
            vsmp_module_free(back);
        }
        free(vb);
    }
    vsmp_module_free(m);
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x5eed5eedULL;
    unsigned kernels = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 300;
    rng = seed | 1;
    printf("seed 0x%llx, %u kernels per dialect\n", (unsigned long long)seed, kernels);

    /* 1. every table row, alone, in each dialect that has it */
    for (size_t i = 0; i < vsmp_op_count(); i++) {
        const vsmp_op_info *o = vsmp_op_at(i);
        for (int dl = 0; dl < 2; dl++) {
            if (dl == VSMP_DIALECT_12504 && !(o->flags & VSMP_OPI_12504))
                continue;
            text t = {0};
            header(&t, "row");
            if (o->opcode == VSMP_OPC_3D_INFO) {
                add(&t, "%s.RGBA (M1, 16) tex%s DUD.0\n", o->mnemonic,
                    o->subop == VSMP_SUB_RESINFO ? " UD0.0" : "");
            } else {
                add(&t, "%s.RGBA (M1, 16) 0x0:uw%s tex DF.0%s", o->mnemonic,
                    o->opcode == VSMP_OPC_3D_SAMPLE ? " smp" : "",
                    dl == VSMP_DIALECT_HEAD ? " %null.0" : "");
                const char *const *pool =
                    o->opcode == VSMP_OPC_3D_LOAD
                        ? ((o->flags & VSMP_OPI_UW_FORM) ? (const char *const[]){"UW0"}
                                                         : (const char *const[]){"UD0"})
                        : (const char *const[]){"F0"};
                for (unsigned p = 0; p < o->num_params; p++)
                    add(&t, " %s.%u", pool[0], p * 64 % 256);
                add(&t, "\n");
            }
            add(&t, "ret (M1, 1)\n");
            char what[64];
            snprintf(what, sizeof(what), "row %s (%s)", o->mnemonic, dl ? "head" : "12504");
            size_t n = 0;
            unsigned char *b = round_trip(t.s, (vsmp_dialect)dl, what, &n);
            /* the decoded instruction is the row's */
            vsmp_module *m = NULL;
            vsmp_read_options ro = {.paired_surface = dl == VSMP_DIALECT_HEAD};
            if (b && !vsmp_module_read(b, n, &ro, &m, NULL)) {
                const vsmp_inst *in = &m->kernels[0].insts[0];
                CHECK(in->opcode == o->opcode && in->subop == o->subop &&
                          (in->opcode == VSMP_OPC_3D_INFO || in->num_params == o->num_params),
                      "%s: decoded as opcode 0x%x sub-op 0x%x", what, in->opcode, in->subop);
            }
            vsmp_module_free(m);
            free(b);
            free(t.s);
        }
    }

    /* 2 + 3. random kernels */
    unsigned insts = 0, encoded = 0;
    for (int dl = 0; dl < 2; dl++) {
        for (unsigned k = 0; k < kernels; k++) {
            text t = {0};
            unsigned labels = 0;
            header(&t, dl ? "rand_head" : "rand");
            unsigned n = 1 + rnd(24);
            for (unsigned i = 0; i < n; i++)
                random_inst(&t, (vsmp_dialect)dl, &labels);
            insts += n;
            char what[64];
            snprintf(what, sizeof(what), "kernel %u (%s)", k, dl ? "head" : "12504");
            size_t bn = 0;
            unsigned char *b = round_trip(t.s, (vsmp_dialect)dl, what, &bn);
            if (b)
                version_trip(b, bn, dl == VSMP_DIALECT_HEAD, what, &encoded);
            free(b);
            free(t.s);
        }
    }
    printf("%u random instructions, %u version re-encodings\n", insts, encoded);
    CHECK(encoded > kernels, "too few kernels were encodable in older versions (%u)", encoded);
    return t_finish();
}
