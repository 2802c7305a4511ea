/* SPDX-License-Identifier: MIT */
/*
 * Program-scope data, the printf buffer and a kernel without local IDs (docs/LAUNCH.md sections
 * 1 and 2): a hand-written `.cos` in IGC's layout (the tokens IGC 1.0.12504 writes for a kernel
 * with program-scope __constant and __global data and printf), a printf buffer built byte by
 * byte in the layout of Intel's runtime, and a program binary holding data and a pointer
 * relocation. Expected values are worked out by hand in the comments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/launch/launch_internal.h"
#include "testlib.h"
#include "vsmp/vsmp.h"

static const char cos_text[] =
    "** Program Scope patch lists **\n" /* 1 */
    "\n"                                /* 2 */
    "PATCH_TOKEN_ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO (0000002A) (size = 16)\n"
    "\tBufferIndex = 0\n"             /* 4 */
    "\tInitializationDataSize = 20\n" /* 5 */
    "PATCH_TOKEN_ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO (00000029) (size = 20)\n"
    "\tBufferType = 0\n"                                                     /* 7 */
    "\tBufferIndex = 0\n"                                                    /* 8 */
    "\tInitializationDataSize = 32\n"                                        /* 9 */
    "\n"                                                                     /* 10 */
    "** Kernel Patch Lists : Kernel Name = k **\n"                           /* 11 */
    "\n"                                                                     /* 12 */
    "PATCH_TOKEN_ALLOCATE_STATELESS_PRINTF_SURFACE (00000021) (size = 24)\n" /* 13 */
    "\tPrintfSurfaceIndex = 0\n"                                             /* 14 */
    "\tSurfaceStateHeapOffset = -1\n"                                        /* 15 */
    "\tDataParamOffset = 24\n"                                               /* 16 */
    "\tDataParamSize = 8\n"                                                  /* 17 */
    "PATCH_TOKEN_ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION (0000002C) "
    "(size = 24)\n"                   /* 18 */
    "\tIndex = 0\n"                   /* 19 */
    "\tSurfaceStateHeapOffset = 64\n" /* 20 */
    "\tDataParamOffset = 8\n"         /* 21 */
    "\tDataParamSize = 8\n"           /* 22 */
    "PATCH_TOKEN_ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION (0000002B) "
    "(size = 24)\n"                                                                     /* 23 */
    "\tIndex = 0\n"                                                                     /* 24 */
    "\tSurfaceStateHeapOffset = 128\n"                                                  /* 25 */
    "\tDataParamOffset = 16\n"                                                          /* 26 */
    "\tDataParamSize = 8\n"                                                             /* 27 */
    "PATCH_TOKEN_DATA_PARAMETER_STREAM (00000019) (size = 12)\n"                        /* 28 */
    "\tDataParameterStreamSize = 32\n"                                                  /* 29 */
    "PATCH_TOKEN_THREAD_PAYLOAD (00000016) (size = 88)\n"                               /* 30 */
    "\tHeaderPresent = false\n"                                                         /* 31 */
    "\tLocalIDXPresent = false\n"                                                       /* 32 */
    "\tLocalIDYPresent = false\n"                                                       /* 33 */
    "\tLocalIDZPresent = false\n"                                                       /* 34 */
    "\tUnusedPerThreadConstantPresent = true\n"                                         /* 35 */
    "PATCH_TOKEN_EXECUTION_ENVIRONMENT (00000017) (size = 140)\n"                       /* 36 */
    "\tLargestCompiledSIMDSize = 8\n"                                                   /* 37 */
    "\tHasBarriers = 0\n"                                                               /* 38 */
    "PATCH_TOKEN_STRING (0000001C) (size = 44)\n"                                       /* 39 */
    "\tString Index = 0\n"                                                              /* 40 */
    "\tString Size = 28 | value = \"item %d: %d %x %u %c %s\\n\"\n"                     /* 41 */
    "PATCH_TOKEN_STRING (0000001C) (size = 20)\n"                                       /* 42 */
    "\tString Index = 1\n"                                                              /* 43 */
    "\tString Size = 4 | value = \"ok\"\n"                                              /* 44 */
    "PATCH_TOKEN_STRING (0000001C) (size = 60)\n"                                       /* 45 */
    "\tString Index = 2\n"                                                              /* 46 */
    "\tString Size = 40 | value = \"a\\tb \\\"q\\\" %5.2f|%-4d|%v4hld|%lu %% %s\\n\"\n" /* 47 */
    "Kernel Name: k\n";                                                                 /* 48 */

static char *edit(const char *from, const char *to)
{
    const char *at = strstr(cos_text, from);
    if (!at) {
        fprintf(stderr, "test error: \"%s\" is not in the text\n", from);
        exit(2);
    }
    size_t n = strlen(cos_text) - strlen(from) + strlen(to), head = (size_t)(at - cos_text);
    char *s = malloc(n + 1);
    memcpy(s, cos_text, head);
    strcpy(s + head, to);
    strcat(s, at + strlen(from));
    return s;
}

static void refused(const char *name, const char *from, const char *to, uint32_t line,
                    const char *want)
{
    char *s = edit(from, to);
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_launch_iface *f = NULL;
    vsmp_launch_iface_parse(s, strlen(s), &f, &d);
    bool ok = !f && d.count >= 1 && d.items[0].line == line && strstr(d.items[0].message, want);
    if (!ok)
        fprintf(stderr, "  %s: got %s, line %u: %s\n", name, f ? "accepted" : "refused",
                d.count ? d.items[0].line : 0, d.count ? d.items[0].message : "(no diagnostic)");
    CHECK(ok, "%s", name);
    vsmp_launch_iface_free(f);
    vsmp_diags_free(&d);
    free(s);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}

static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int k = 0; k < 8; k++)
        v |= (uint64_t)p[k] << (8 * k);
    return v;
}

/* The printf buffer of two records, as the kernel writes it (dword tags: 3 int, 4 float,
 * 5 string, 6 long, 11 vector of int). */
static size_t printf_records(uint8_t *b)
{
    size_t o = 4;
#define W(v) (put32(b + o, (uint32_t)(v)), o += 4)
    /* "item %d: %d %x %u %c %s\n": 3, -5, -5, 7, 'D' (68), string 1 */
    W(0);
    W(3), W(3);
    W(3), W(-5);
    W(3), W(-5);
    W(3), W(7);
    W(3), W(68);
    W(5), W(1);
    /* "a\tb \"q\" %5.2f|%-4d|%v4hld|%lu %% %s\n": 3.14159f (0x40490fd0), 42, (1, -2, 3, 4),
     * 2^40, string 1 */
    W(2);
    W(4), W(0x40490fd0);
    W(3), W(42);
    W(11), W(4), W(1), W(-2), W(3), W(4);
    W(6), W(0), W(0x100); /* 2^40: low dword 0, high 0x100 */
    W(5), W(1);
#undef W
    put32(b, (uint32_t)o);
    return o;
}

int main(void)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_launch_iface *f = NULL;
    vsmp_status st = vsmp_launch_iface_parse(cos_text, strlen(cos_text), &f, &d);
    if (st && d.count)
        fprintf(stderr, "  line %u: %s\n", d.items[0].line, d.items[0].message);
    CHECK(st == VSMP_OK && f, "the interface with program-scope data and printf is read");
    vsmp_diags_free(&d);
    if (!f)
        return t_finish();

    /* UnusedPerThreadConstantPresent: one GRF after r0, the cross-thread data at 64 */
    vsmp_launch_layout l;
    vsmp_launch_iface_get_layout(f, &l);
    CHECK(l.cross_thread_offset == 64 && !l.local_id[0],
          "no local IDs and UnusedPerThreadConstantPresent: cross-thread data at 64 (got %u)",
          l.cross_thread_offset);
    /* binding-table index = SurfaceStateHeapOffset / 64; -1: stateless only */
    CHECK(f->prog[PROG_CONSTANT].present && f->prog[PROG_CONSTANT].bti == 1 &&
              f->prog[PROG_CONSTANT].offset == 8 && f->prog[PROG_CONSTANT].size == 8,
          "the constant buffer: bti 1, pointer at 8");
    CHECK(f->prog[PROG_GLOBAL].bti == 2 && f->prog[PROG_GLOBAL].offset == 16,
          "the global buffer: bti 2, pointer at 16");
    CHECK(f->prog[PROG_PRINTF].bti == -1 && f->prog[PROG_PRINTF].offset == 24,
          "the printf buffer: no bti, pointer at 24");
    CHECK(f->prog_bytes[0] == 20 && f->prog_bytes[1] == 32, "the program's data sizes 20 and 32");
    /* the strings, unescaped */
    const char *s0 = vsmp_launch_iface_printf_string(f, 0),
               *s2 = vsmp_launch_iface_printf_string(f, 2);
    CHECK(s0 && strcmp(s0, "item %d: %d %x %u %c %s\n") == 0, "string 0 with its newline");
    CHECK(s2 && strcmp(s2, "a\tb \"q\" %5.2f|%-4d|%v4hld|%lu %% %s\n") == 0,
          "string 2: a tab, quotes");
    CHECK(!vsmp_launch_iface_printf_string(f, 3), "no string 3");

    /* the printf buffer as Intel's runtime prints it */
    uint8_t buf[256] = {0};
    size_t used = printf_records(buf);
    CHECK(used == 120, "4 + 52 + 64 bytes written (got %zu)", used);
    char *text = NULL;
    vsmp_diags_init(&d);
    st = vsmp_launch_printf_format(f, buf, sizeof(buf), 0, &text, &d);
    const char *want = "item 3: -5 fffffffb 7 D ok\n"
                       "a\tb \"q\"  3.14|42  |1,-2,3,4|1099511627776 % ok\n";
    CHECK(st == VSMP_OK && text && strcmp(text, want) == 0, "the printf text (got \"%s\")",
          text ? text : "(none)");
    free(text);
    vsmp_diags_free(&d);
    /* an empty buffer prints nothing */
    uint8_t empty[16];
    vsmp_launch_printf_init(empty, sizeof(empty));
    vsmp_diags_init(&d);
    st = vsmp_launch_printf_format(f, empty, sizeof(empty), 0, &text, &d);
    CHECK(st == VSMP_OK && text && !text[0], "an empty printf buffer prints nothing");
    free(text);
    vsmp_diags_free(&d);
    /* a record cut by the buffer's end, and one of an unknown string: errors, never a guess */
    vsmp_diags_init(&d);
    st = vsmp_launch_printf_format(f, buf, 100, 0, &text, &d);
    CHECK(st == VSMP_ERR_MALFORMED && d.count && strstr(d.items[0].message, "runs past"),
          "a record past the buffer is an error");
    free(text);
    vsmp_diags_free(&d);
    put32(buf + 56, 9);
    vsmp_diags_init(&d);
    st = vsmp_launch_printf_format(f, buf, sizeof(buf), 0, &text, &d);
    CHECK(st == VSMP_ERR_MALFORMED && d.count && strstr(d.items[0].message, "string 9"),
          "a record of an unknown string is an error");
    free(text);
    vsmp_diags_free(&d);
    vsmp_launch_iface_free(f);

    /* the reader's refusals, each at its line */
    refused("local IDs and UnusedPerThreadConstantPresent", "LocalIDXPresent = false",
            "LocalIDXPresent = true", 30, "UnusedPerThreadConstantPresent = true with local IDs");
    refused("an escape vsmp does not read", "%s\\n\"\n", "%s\\q\"\n", 39, "\\q");
    refused("a second string 1", "String Index = 2", "String Index = 1", 45, "a second string 1");
    refused("DataParamSize = 6", "\tDataParamOffset = 8\n\tDataParamSize = 8",
            "\tDataParamOffset = 8\n\tDataParamSize = 6", 18, "DataParamSize = 6");
    refused("a second printf surface", "Kernel Name: k\n",
            "PATCH_TOKEN_ALLOCATE_STATELESS_PRINTF_SURFACE (00000021) (size = 24)\n"
            "\tSurfaceStateHeapOffset = -1\n\tDataParamOffset = 0\n\tDataParamSize = 8\n"
            "Kernel Name: k\n",
            48, "a second PATCH_TOKEN_ALLOCATE_STATELESS_PRINTF_SURFACE (the first at line 13)");

    /* the builder's private memory: the layout's size (at most 64 KiB) and the base, once */
    vsmp_launch_iface *b = NULL;
    CHECK(vsmp_launch_iface_create("p", 16, &b, NULL) == VSMP_OK, "an interface built");
    vsmp_launch_layout pl;
    vsmp_launch_layout_init(&pl);
    pl.private_size = 65537;
    CHECK(vsmp_launch_iface_set_layout(b, &pl, NULL) == VSMP_ERR_ARG,
          "65537 bytes of private memory are refused");
    pl.private_size = 256;
    pl.private_simt = true;
    CHECK(vsmp_launch_iface_set_layout(b, &pl, NULL) == VSMP_OK, "256 bytes a work-item");
    vsmp_launch_payload_value pv = {VSMP_VALUE_PRIVATE_BASE, -1, 0, 24, 6};
    CHECK(vsmp_launch_iface_add_value(b, &pv, NULL) == VSMP_ERR_ARG, "a private base of 6 bytes");
    pv.size = 8;
    CHECK(vsmp_launch_iface_add_value(b, &pv, NULL) == VSMP_OK, "a private base of 8 bytes");
    CHECK(vsmp_launch_iface_add_value(b, &pv, NULL) == VSMP_ERR_ARG, "a second private base");
    vsmp_launch_iface_get_layout(b, &pl);
    CHECK(pl.private_size == 256 && pl.private_simt && b->prog[PROG_PRIVATE].offset == 24,
          "the layout reads back 256 bytes a work-item, the base at 24");
    vsmp_launch_iface_free(b);

    /* a program binary: constant bytes 1..8, global bytes 0x11 x 8 then a pointer holding 4,
     * relocated (token 47, BufferType 1) to the constant buffer: VSMP_LAUNCH_CONSTANT_ADDRESS
     * + 4 */
    uint8_t pb[200] = {0};
    size_t o = 28;
    put32(pb, 0x494e5443u); /* "CTNI" */
    put32(pb + 12, 8);      /* 64-bit pointers */
    put32(pb + o, 42), put32(pb + o + 4, 16), put32(pb + o + 12, 8);
    o += 16;
    for (int k = 0; k < 8; k++)
        pb[o++] = (uint8_t)(k + 1);
    put32(pb + o, 41), put32(pb + o + 4, 20), put32(pb + o + 16, 16);
    o += 20;
    memset(pb + o, 0x11, 8);
    put32(pb + o + 8, 4);
    o += 16;
    size_t rel = o;
    put32(pb + o, 47), put32(pb + o + 4, 28), put32(pb + o + 12, 8), put32(pb + o + 20, 1);
    o += 28;
    put32(pb + 24, (uint32_t)(o - 28));
    vsmp_launch_program prog;
    vsmp_diags_init(&d);
    st = vsmp_launch_program_read(pb, o, &prog, &d);
    CHECK(st == VSMP_OK && prog.constant_size == 8 && prog.constant[7] == 8 &&
              prog.global_size == 16 && prog.global[0] == 0x11 && prog.relocations == 1,
          "the program binary's data");
    CHECK(st == VSMP_OK && get64(prog.global + 8) == VSMP_LAUNCH_CONSTANT_ADDRESS + 4,
          "the relocated pointer is the constant buffer's address + 4");
    vsmp_launch_program_free(&prog);
    vsmp_diags_free(&d);
    put32(pb + rel + 12, 12); /* 8 bytes at 12 of 16: past the data */
    vsmp_diags_init(&d);
    st = vsmp_launch_program_read(pb, o, &prog, &d);
    CHECK(st == VSMP_ERR_MALFORMED && d.count && strstr(d.items[0].message, "relocation"),
          "a relocation past the data is refused");
    vsmp_diags_free(&d);
    vsmp_diags_init(&d);
    st = vsmp_launch_program_read(pb, 60, &prog, &d);
    CHECK(st == VSMP_ERR_MALFORMED && !prog.constant, "a cut program binary is refused");
    vsmp_diags_free(&d);
    return t_finish();
}
