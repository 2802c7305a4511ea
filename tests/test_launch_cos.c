/* SPDX-License-Identifier: MIT */
/*
 * The `.cos` reader's rules (docs/LAUNCH.md section 1): a hand-written interface in IGC's
 * layout (a buffer, a float scalar, a __local pointer, a sampler), then one edit per case; each
 * refusal must name its line and the field, each acceptance must mean what the text says.
 * Expected values are read off the text by hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/launch/launch_internal.h"
#include "testlib.h"
#include "vsmp/vsmp.h"

static const char base[] =
    "** Program Scope patch lists **\n"                                                   /* 1 */
    "\n"                                                                                  /* 2 */
    "** Kernel Patch Lists : Kernel Name = k **\n"                                        /* 3 */
    "\n"                                                                                  /* 4 */
    "PATCH_TOKEN_SAMPLER_KERNEL_ARGUMENT (00000010) (size = 44)\n"                        /* 5 */
    "\tArgumentNumber = 3\n"                                                              /* 6 */
    "\tOffset = 80\n"                                                                     /* 7 */
    "PATCH_TOKEN_SAMPLER_STATE_ARRAY (00000005) (size = 20)\n"                            /* 8 */
    "\tOffset = 64\n"                                                                     /* 9 */
    "\tCount = 2\n"                                                                       /* 10 */
    "PATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) (size = 40)\n"                          /* 11 */
    "\tType = KERNEL_ARGUMENT\n"                                                          /* 12 */
    "\tArgumentNumber = 1\n"                                                              /* 13 */
    "\tOffset = 8\n"                                                                      /* 14 */
    "\tDataSize = 4\n"                                                                    /* 15 */
    "\tSourceOffset = 0\n"                                                                /* 16 */
    "PATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) (size = 40)\n"                          /* 17 */
    "\tType = SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES\n"                                /* 18 */
    "\tArgumentNumber = 2\n"                                                              /* 19 */
    "\tOffset = 16\n"                                                                     /* 20 */
    "\tDataSize = 8\n"                                                                    /* 21 */
    "\tSourceOffset = 4\n"                                                                /* 22 */
    "PATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) (size = 40)\n"                          /* 23 */
    "\tType = LOCAL_WORK_SIZE\n"                                                          /* 24 */
    "\tArgumentNumber = 0\n"                                                              /* 25 */
    "\tOffset = 24\n"                                                                     /* 26 */
    "\tDataSize = 4\n"                                                                    /* 27 */
    "\tSourceOffset = 0\n"                                                                /* 28 */
    "PATCH_TOKEN_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT (0000001E) (size = 36)\n" /* 29 */
    "\tArgumentNumber = 0\n"                                                              /* 30 */
    "\tSurfaceStateHeapOffset = 0\n"                                                      /* 31 */
    "\tDataParamOffset = 0\n"                                                             /* 32 */
    "\tDataParamSize = 8\n"                                                               /* 33 */
    "PATCH_TOKEN_DATA_PARAMETER_STREAM (00000019) (size = 12)\n"                          /* 34 */
    "\tDataParameterStreamSize = 32\n"                                                    /* 35 */
    "PATCH_TOKEN_THREAD_PAYLOAD (00000016) (size = 88)\n"                                 /* 36 */
    "\tHeaderPresent = false\n"                                                           /* 37 */
    "\tLocalIDXPresent = true\n"                                                          /* 38 */
    "\tLocalIDYPresent = false\n"                                                         /* 39 */
    "\tLocalIDZPresent = false\n"                                                         /* 40 */
    "\tLocalIDFlattenedPresent = false\n"                                                 /* 41 */
    "PATCH_TOKEN_EXECUTION_ENVIRONMENT (00000017) (size = 140)\n"                         /* 42 */
    "\tLargestCompiledSIMDSize = 8\n"                                                     /* 43 */
    "\tHasBarriers = 0\n"                                                                 /* 44 */
    "PATCH_TOKEN_KERNEL_ARGUMENT_INFO (0000001A) (size = 76)\n"                           /* 45 */
    "\tArgumentNumber       =   1\n"                                                      /* 46 */
    "\tArgumentNameSize     =   4 | value = \"a\"\n"                                      /* 47 */
    "\tTypeNameSize         =   8 | value = \"float;4\"\n"                                /* 48 */
    "Kernel Name: k\n"                                                                    /* 49 */
    "Gen7 Kernel Binary Header:\n"                                                        /* 50 */
    "\tCheckSum = 30c37e6e\n"                                                             /* 51 */
    "\tDynamicStateHeapSize = 160\n";                                                     /* 52 */

/* The base with its first @p from replaced by @p to ("" deletes it). */
static char *edit(const char *from, const char *to)
{
    const char *at = strstr(base, from);
    if (!at) {
        fprintf(stderr, "test error: \"%s\" is not in the base\n", from);
        exit(2);
    }
    size_t n = strlen(base) - strlen(from) + strlen(to);
    char *s = malloc(n + 1);
    size_t head = (size_t)(at - base);
    memcpy(s, base, head);
    strcpy(s + head, to);
    strcat(s, at + strlen(from));
    return s;
}

static vsmp_launch_iface *parse(const char *text, vsmp_diags *d)
{
    vsmp_launch_iface *f = NULL;
    vsmp_diags_init(d);
    vsmp_launch_iface_parse(text, strlen(text), &f, d);
    return f;
}

/* The edit is refused at @p line with a message holding @p want. */
static void refused(const char *name, const char *from, const char *to, uint32_t line,
                    const char *want)
{
    char *s = edit(from, to);
    vsmp_diags d;
    vsmp_launch_iface *f = parse(s, &d);
    bool ok = !f && d.count >= 1 && d.items[0].line == line && strstr(d.items[0].message, want);
    if (!ok)
        fprintf(stderr, "  %s: got %s, line %u: %s\n", name, f ? "accepted" : "refused",
                d.count ? d.items[0].line : 0, d.count ? d.items[0].message : "(no diagnostic)");
    CHECK(ok, "%s", name);
    vsmp_launch_iface_free(f);
    vsmp_diags_free(&d);
    free(s);
}

static vsmp_launch_iface *accepted(const char *name, const char *from, const char *to)
{
    char *s = edit(from, to);
    vsmp_diags d;
    vsmp_launch_iface *f = parse(s, &d);
    if (!f)
        fprintf(stderr, "  %s: refused: %s\n", name, d.count ? d.items[0].message : "?");
    CHECK(f != NULL, "%s", name);
    vsmp_diags_free(&d);
    free(s);
    return f;
}

int main(void)
{
    vsmp_launch_iface *f = accepted("the base", "", "");
    if (f) {
        /* the sampler argument's state: (80 - 64) / 16 = 1, although the array comes after it */
        CHECK(f->nargs == 4 && f->args[3].kind == VSMP_ARG_SAMPLER && f->args[3].sampler == 1,
              "SAMPLER_STATE_ARRAY after SAMPLER_KERNEL_ARGUMENT: state 1");
        CHECK(f->args[1].kind == VSMP_ARG_SCALAR && f->args[1].offset == 8 &&
                  f->args[1].size == 4 && f->args[2].kind == VSMP_ARG_LOCAL &&
                  f->args[0].kind == VSMP_ARG_BUFFER,
              "the base's arguments");
        CHECK(f->local_id[0] && !f->local_id[1] && f->dsh_size == 160 && f->has_checksum &&
                  f->checksum == 0x30c37e6eu,
              "the base's payload and binary header");
    }
    vsmp_launch_iface_free(f);

    /* booleans: 1 and 0 mean true and false */
    f = accepted("LocalIDXPresent = 1", "LocalIDXPresent = true", "LocalIDXPresent = 1");
    CHECK(f && f->local_id[0], "LocalIDXPresent = 1 is true");
    vsmp_launch_iface_free(f);
    f = accepted("LocalIDYPresent = 1", "LocalIDYPresent = false", "LocalIDYPresent = 1");
    CHECK(f && f->local_id[1], "LocalIDYPresent = 1 is true");
    vsmp_launch_iface_free(f);
    refused("LocalIDXPresent = yes", "LocalIDXPresent = true", "LocalIDXPresent = yes", 36,
            "LocalIDXPresent = \"yes\"");

    /* item 3: KERNEL_ARGUMENT only on scalars, within the value's VSMP_LAUNCH_MAX_ARG_BYTES */
    refused("KERNEL_ARGUMENT on a __local pointer", "Type = LOCAL_WORK_SIZE\n\tArgumentNumber = 0",
            "Type = KERNEL_ARGUMENT\n\tArgumentNumber = 2", 23, "argument 2 is already a __local");
    refused("KERNEL_ARGUMENT on a buffer (the buffer's token after it)",
            "Type = KERNEL_ARGUMENT\n\tArgumentNumber = 1",
            "Type = KERNEL_ARGUMENT\n\tArgumentNumber = 0", 29, "argument 0 is already a scalar");
    refused("KERNEL_ARGUMENT past 2048 bytes",
            "DataSize = 4\n\tSourceOffset = 0\nPATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) (size "
            "= 40)\n\tType = SUM",
            "DataSize = 8\n\tSourceOffset = 2044\nPATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) "
            "(size = 40)\n\tType = SUM",
            11, "past a scalar's 2048");

    /* item 14 */
    refused("no THREAD_PAYLOAD", "PATCH_TOKEN_THREAD_PAYLOAD", "PATCH_TOKEN_THREAD_PAYLOAD_NOT", 0,
            "no PATCH_TOKEN_THREAD_PAYLOAD");
    refused("a second kernel's patch list", "Kernel Name: k\n",
            "** Kernel Patch Lists : Kernel Name = k2 **\n", 49, "a second kernel");
    refused("the binary header of another kernel", "Kernel Name: k\n", "Kernel Name: k2\n", 49,
            "another kernel");
    refused("a second EXECUTION_ENVIRONMENT", "Kernel Name: k\n",
            "PATCH_TOKEN_EXECUTION_ENVIRONMENT (00000017) (size = 140)\n"
            "\tLargestCompiledSIMDSize = 16\n\tHasBarriers = 0\nKernel Name: k\n",
            49, "a second PATCH_TOKEN_EXECUTION_ENVIRONMENT (the first at line 42)");
    refused("a second THREAD_PAYLOAD", "Kernel Name: k\n",
            "PATCH_TOKEN_THREAD_PAYLOAD (00000016) (size = 88)\nKernel Name: k\n", 49,
            "(the first at line 36)");
    refused("a second DATA_PARAMETER_STREAM", "Kernel Name: k\n",
            "PATCH_TOKEN_DATA_PARAMETER_STREAM (00000019) (size = 12)\n"
            "\tDataParameterStreamSize = 64\nKernel Name: k\n",
            49, "(the first at line 34)");
    refused("a second SAMPLER_STATE_ARRAY", "Kernel Name: k\n",
            "PATCH_TOKEN_SAMPLER_STATE_ARRAY (00000005) (size = 20)\n\tOffset = 0\n\tCount = "
            "1\nKernel Name: k\n",
            49, "(the first at line 8)");
    refused("a second image token for one argument", "Kernel Name: k\n",
            "PATCH_TOKEN_IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT (0000000C) (size = 48)\n"
            "\tArgumentNumber = 0\n\tOffset = 64\nKernel Name: k\n",
            49, "argument 0 is already a buffer (line 29)");
    refused("a second field", "\tHasBarriers = 0\n", "\tHasBarriers = 0\n\tHasBarriers = 1\n", 45,
            "a second field HasBarriers");
    refused("KERNEL_ARGUMENT of DataSize 0",
            "DataSize = 4\n\tSourceOffset = 0\nPATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) (size "
            "= 40)\n\tType = SUM",
            "DataSize = 0\n\tSourceOffset = 0\nPATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) (size "
            "= 40)\n\tType = SUM",
            11, "DataSize = 0");
    refused("KERNEL_ARGUMENT over a buffer pointer", "\tOffset = 8\n", "\tOffset = 4\n", 11,
            "over the pointer of buffer argument 0 (line 29)");
    /* a 70-character number: 69 zeros and an 8 (it was cut to 63 zeros and read as 0) */
    refused("a 70-character number", "\tOffset = 8\n",
            "\tOffset = 000000000000000000000000000000000000000000000000000000000000000000000"
            "8\n",
            14, "Offset: a value longer than 63 characters");
    refused("a number past 2^63", "\tOffset = 8\n", "\tOffset = 99999999999999999999\n", 11,
            "Offset = \"99999999999999999999\"");

    /* errors name the field */
    refused("HasBarriers = x", "HasBarriers = 0", "HasBarriers = x", 42, "HasBarriers = \"x\"");
    refused("no HasBarriers", "\tHasBarriers = 0\n", "", 42, "no field HasBarriers");
    refused("LargestCompiledSIMDSize = 12", "LargestCompiledSIMDSize = 8",
            "LargestCompiledSIMDSize = 12", 42, "LargestCompiledSIMDSize = 12");
    refused("DataParamSize = 5", "DataParamSize = 8", "DataParamSize = 5", 29, "DataParamSize");
    refused("SurfaceStateHeapOffset = 65", "SurfaceStateHeapOffset = 0",
            "SurfaceStateHeapOffset = 65", 29, "SurfaceStateHeapOffset = 65");
    refused("Count = 300", "Count = 2", "Count = 300", 8, "Count = \"300\"");
    refused("TotalInlineLocalMemorySize", "Kernel Name: k\n",
            "PATCH_TOKEN_ALLOCATE_LOCAL_SURFACE (00000017) (size = 16)\n"
            "\tTotalInlineLocalMemorySize = -4\nKernel Name: k\n",
            49, "TotalInlineLocalMemorySize = \"-4\"");
    /* a sampler argument outside the array */
    refused("a sampler argument outside the array", "Count = 2", "Count = 1", 5,
            "Offset = 80: not one of the 1 sampler states");

    /* item 21: values past the cross-thread data, attributed to their token */
    refused("a data parameter past the cross-thread data", "\tOffset = 24\n", "\tOffset = 30\n", 23,
            "past the 32 bytes of cross-thread data (DataParameterStreamSize)");
    refused("a buffer pointer past the cross-thread data", "DataParamOffset = 0",
            "DataParamOffset = 28", 29, "past the 32 bytes");
    return t_finish();
}
