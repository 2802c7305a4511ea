/* SPDX-License-Identifier: MIT */
/* Fuzz target: the .isa reader, then everything downstream of it. A binary vsmp reads must
 * write back, read again and write the same bytes; printing and checking must not crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void exercise(const uint8_t *data, size_t size, bool paired)
{
    vsmp_read_options ro;
    vsmp_read_options_init(&ro); /* the default memory budget */
    ro.paired_surface = paired;
    vsmp_module *m = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    d.limit = paired ? 20 : 0; /* one pass with the CLI's error limit */
    if (vsmp_module_read(data, size, &ro, &m, &d) == VSMP_OK) {
        vsmp_write_options wo = {.paired_surface = paired};
        size_t n = 0, n2 = 0;
        vsmp_status st = vsmp_module_write(m, &wo, NULL, 0, &n, &d);
        if (st == VSMP_OK || st == VSMP_ERR_SPACE) {
            uint8_t *b = malloc(n ? n : 1);
            if (b && vsmp_module_write(m, &wo, b, n, &n, &d) == VSMP_OK) {
                vsmp_module *again = NULL;
                if (vsmp_module_read(b, n, &ro, &again, NULL) != VSMP_OK)
                    abort(); /* vsmp cannot read what it wrote */
                uint8_t *b2 = malloc(n);
                if (!b2 || vsmp_module_write(again, &wo, b2, n, &n2, NULL) || n2 != n ||
                    memcmp(b, b2, n))
                    abort(); /* write(read(write(x))) != write(x) */
                free(b2);
                vsmp_module_free(again);
            }
            free(b);
        }
        for (int dl = 0; dl < 2; dl++) {
            vsmp_print_options po = {.dialect = (vsmp_dialect)dl};
            size_t tn = vsmp_text_print(m, &po, NULL, 0, NULL);
            char *t = malloc(tn + 1);
            if (t && vsmp_text_print(m, &po, t, tn + 1, &d) != tn)
                abort(); /* the two passes disagree */
            free(t);
        }
        for (int p = 0; p < VSMP_PLATFORM_COUNT; p += 3) {
            vsmp_check_options co = {.platform = (vsmp_platform)p};
            vsmp_module_check(m, &co, &d);
        }
        vsmp_module_free(m);
    }
    if (d.limit && d.count > 3 * d.limit)
        abort(); /* the limit keeps at most limit diagnostics per severity */
    vsmp_diags_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    exercise(data, size, false);
    exercise(data, size, true);
    return 0;
}
