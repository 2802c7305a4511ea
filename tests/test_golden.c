/* SPDX-License-Identifier: MIT */
/*
 * Golden tier: the cases GenX_IR 12504 was run on (tests/golden, copied from visa-golden).
 *  - every accepted case/platform: `asm` of the text gives the fixed GenX_IR's kernel and
 *    function objects byte for byte; reading its .isa and writing it back gives the file exactly;
 * printing (from the text and from the binary) and re-parsing gives the same kernel object again;
 *  - every case/platform: vsmp's verdict (syntax error, validator errors by rule id, or clean)
 *    is the one in tests/golden/expect.tsv, for the text and for the binary.
 * usage: test_golden DIR
 */
#include <stdint.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

static const char *dir;

/* The kernel and function objects of a .isa file, read with the layout of VISA_ENCODING.md
 * 5.1 (4.x): a kernel entry is name_len(2) name offset(4) size(4) input_offset(4) symbols(2+2)
 * gen_count(1) and 9 bytes a Gen binary; file-scope count(2); a function entry is linkage(1)
 * name_len(2) name offset(4) size(4) symbols(2+2). Returns the number of objects, -1 if bad. */
#define MAX_OBJECTS 8
static int objects(const unsigned char *b, size_t n, size_t off[MAX_OBJECTS],
                   size_t size[MAX_OBJECTS])
{
    if (n < 8)
        return -1;
    size_t pos = 6;
    int count = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pos + 2 > n)
            return -1;
        unsigned num = b[pos] | b[pos + 1] << 8;
        pos += 2;
        for (unsigned i = 0; i < num; i++) {
            if (count == MAX_OBJECTS || pos + 3 > n)
                return -1;
            pos += pass; /* a function's linkage */
            unsigned nl = b[pos] | b[pos + 1] << 8;
            pos += 2 + nl;
            if (pos + 17 > n)
                return -1;
            off[count] = b[pos] | b[pos + 1] << 8 | b[pos + 2] << 16 | (size_t)b[pos + 3] << 24;
            size[count] =
                b[pos + 4] | b[pos + 5] << 8 | b[pos + 6] << 16 | (size_t)b[pos + 7] << 24;
            if (off[count] > n || size[count] > n - off[count])
                return -1;
            count++;
            if (pass == 0)
                pos += 16 + 1 + 9u * b[pos + 16];
            else
                pos += 12;
        }
        if (pass == 0)
            pos += 2; /* file-scope variables */
    }
    return count;
}

/* Every kernel and function object equal (the Gen binaries of the header may differ). */
static int same_kernel(const unsigned char *a, size_t an, const unsigned char *b, size_t bn)
{
    size_t ao[MAX_OBJECTS], as[MAX_OBJECTS], bo[MAX_OBJECTS], bs[MAX_OBJECTS];
    int na = objects(a, an, ao, as), nb = objects(b, bn, bo, bs);
    if (na < 1 || na != nb)
        return 0;
    for (int i = 0; i < na; i++)
        if (as[i] != bs[i] || memcmp(a + ao[i], b + bo[i], as[i]) != 0)
            return 0;
    return 1;
}

static unsigned char *write_module(const vsmp_module *m, size_t *n)
{
    size_t need = 0;
    vsmp_module_write(m, NULL, NULL, 0, &need, NULL);
    unsigned char *b = malloc(need);
    if (b && vsmp_module_write(m, NULL, b, need, n, NULL)) {
        free(b);
        return NULL;
    }
    return b;
}

static char *print_module(const vsmp_module *m)
{
    size_t n = vsmp_text_print(m, NULL, NULL, 0, NULL);
    char *t = malloc(n + 1);
    if (t)
        vsmp_text_print(m, NULL, t, n + 1, NULL);
    return t;
}

/* Print, re-parse, write: the kernel object must equal the golden one. */
static void check_text_round_trip(const vsmp_module *m, const unsigned char *gold, size_t gn,
                                  const char *what)
{
    char *t = print_module(m);
    vsmp_module *again = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_text_parse(t, strlen(t), VSMP_DIALECT_12504, &again, &d);
    CHECK(st == VSMP_OK, "%s: printed text does not re-parse:\n%s", what, t);
    if (!st) {
        size_t n = 0;
        unsigned char *b = write_module(again, &n);
        CHECK(b && same_kernel(b, n, gold, gn), "%s: print + parse changes the bytes", what);
        free(b);
    }
    vsmp_module_free(again);
    vsmp_diags_free(&d);
    free(t);
}

/* The set of error rules must be exactly @p want ("a,b"), or empty for "ok". */
static void check_verdict(const vsmp_module *m, vsmp_platform p, const char *want, const char *what)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_check_options co = {.platform = p};
    vsmp_module_check(m, &co, &d);
    char got[256] = "";
    for (size_t i = 0; i < d.count; i++) {
        if (d.items[i].severity != VSMP_SEV_ERROR)
            continue;
        char rule[64];
        snprintf(rule, sizeof(rule), ",%s,", d.items[i].rule);
        char padded[300];
        snprintf(padded, sizeof(padded), ",%s,", got);
        if (!strstr(padded, rule)) {
            size_t l = strlen(got);
            snprintf(got + l, sizeof(got) - l, "%s%s", l ? "," : "", d.items[i].rule);
        }
    }
    /* compare as sets */
    int ok = 1;
    char wbuf[300], gbuf[300];
    snprintf(wbuf, sizeof(wbuf), ",%s,", strcmp(want, "ok") ? want + 6 : "");
    snprintf(gbuf, sizeof(gbuf), ",%s,", got);
    for (char *s = strtok(wbuf + 1, ","); s; s = strtok(NULL, ",")) {
        char k[64];
        snprintf(k, sizeof(k), ",%s,", s);
        if (!strstr(gbuf, k))
            ok = 0;
    }
    size_t nw = 0, ng = 0;
    for (const char *c = want; *c; c++)
        nw += *c == ',';
    for (const char *c = got; *c; c++)
        ng += *c == ',';
    nw = strcmp(want, "ok") ? nw + 1 : 0;
    ng = *got ? ng + 1 : 0;
    CHECK(ok && nw == ng, "%s: expected %s, got errors {%s}", what, want, got);
    if (!(ok && nw == ng))
        vsmp_diags_print(&d, what, stderr);
    vsmp_diags_free(&d);
}

static void run_case(const char *cs, const char *plat, const char *want)
{
    char path[512], what[160];
    snprintf(path, sizeof(path), "%s/cases/%s/%s.visaasm", dir, cs, cs);
    snprintf(what, sizeof(what), "%s/%s", cs, plat);
    size_t tn = 0;
    unsigned char *text = t_read(path, &tn);
    CHECK(text != NULL, "cannot read %s", path);
    if (!text)
        return;
    vsmp_platform p;
    CHECK(vsmp_platform_find(plat, &p) == VSMP_OK, "%s: unknown platform", what);
    vsmp_module *m = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_text_parse((const char *)text, tn, VSMP_DIALECT_12504, &m, &d);
    if (strcmp(want, "syntax") == 0) {
        CHECK(st == VSMP_ERR_SYNTAX && d.errors > 0 && d.items[0].line > 0,
              "%s: expected a syntax error with a line number", what);
        free(text);
        vsmp_diags_free(&d);
        vsmp_module_free(m);
        return;
    }
    CHECK(st == VSMP_OK, "%s: parse failed", what);
    if (st) {
        vsmp_diags_print(&d, path, stderr);
        free(text);
        vsmp_diags_free(&d);
        return;
    }
    check_verdict(m, p, want, what);

    snprintf(path, sizeof(path), "%s/cases/%s/%s.%s.isa", dir, cs, cs, plat);
    size_t gn = 0;
    unsigned char *gold = t_read(path, &gn);
    if (gold) {
        size_t n = 0;
        unsigned char *mine = write_module(m, &n);
        CHECK(mine && same_kernel(mine, n, gold, gn), "%s: asm differs from GenX_IR", what);
        free(mine);
        check_text_round_trip(m, gold, gn, what);

        vsmp_module *bm = NULL;
        st = vsmp_module_read(gold, gn, NULL, &bm, NULL);
        CHECK(st == VSMP_OK, "%s: cannot read the golden .isa", what);
        if (!st) {
            unsigned char *again = write_module(bm, &n);
            CHECK(again && n == gn && memcmp(again, gold, gn) == 0,
                  "%s: read + write does not reproduce the .isa", what);
            free(again);
            check_text_round_trip(bm, gold, gn, what);
            char bw[180];
            snprintf(bw, sizeof(bw), "%s (binary)", what);
            check_verdict(bm, p, want, bw);
        }
        vsmp_module_free(bm);
        free(gold);
    }
    vsmp_module_free(m);
    vsmp_diags_free(&d);
    free(text);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_golden DIR\n");
        return 2;
    }
    dir = argv[1];
    char path[512];
    snprintf(path, sizeof(path), "%s/expect.tsv", dir);
    size_t n = 0;
    char *tsv = (char *)t_read(path, &n);
    CHECK(tsv != NULL, "cannot read %s", path);
    unsigned rows = 0;
    for (char *line = tsv; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        char cs[128], plat[32], want[128];
        if (line[0] != '#' && sscanf(line, "%127[^\t]\t%31[^\t]\t%127s", cs, plat, want) == 3) {
            run_case(cs, plat, want);
            rows++;
        }
        line = nl ? nl + 1 : NULL;
    }
    CHECK(rows >= 160, "expected the 164 case/platform rows, ran %u", rows);
    free(tsv);
    return t_finish();
}
