/* SPDX-License-Identifier: MIT */
/* Fuzz target: the .visaasm parser in both dialects, then the writer, reader and printer. A
 * program vsmp parses must encode (or be refused as unencodable), read back, and its printed
 * text must parse again to the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t *encode(const vsmp_module *m, const vsmp_write_options *wo, size_t *n)
{
    *n = 0;
    vsmp_status st = vsmp_module_write(m, wo, NULL, 0, n, NULL);
    if (st != VSMP_OK && st != VSMP_ERR_SPACE)
        return NULL;
    uint8_t *b = malloc(*n ? *n : 1);
    if (b && vsmp_module_write(m, wo, b, *n, n, NULL) != VSMP_OK)
        abort(); /* the sizing pass and the writing pass disagree */
    return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int dl = 0; dl < 2; dl++) {
        vsmp_module *m = NULL;
        vsmp_diags d;
        vsmp_diags_init(&d);
        d.limit = dl ? 20 : 0; /* one pass with the CLI's error limit */
        if (vsmp_text_parse((const char *)data, size, (vsmp_dialect)dl, &m, &d) == VSMP_OK) {
            vsmp_write_options wo = {.paired_surface = dl == VSMP_DIALECT_HEAD};
            size_t n = 0;
            uint8_t *b = encode(m, &wo, &n);
            if (b) {
                vsmp_read_options ro;
                vsmp_read_options_init(&ro);
                ro.paired_surface = wo.paired_surface;
                vsmp_module *back = NULL;
                if (vsmp_module_read(b, n, &ro, &back, NULL) != VSMP_OK)
                    abort(); /* vsmp cannot read what it wrote */
                vsmp_module_free(back);
                /* print, parse again: same bytes */
                vsmp_print_options po = {.dialect = (vsmp_dialect)dl};
                size_t tn = vsmp_text_print(m, &po, NULL, 0, NULL);
                char *t = malloc(tn + 1);
                vsmp_diags pd;
                vsmp_diags_init(&pd);
                if (t) {
                    vsmp_text_print(m, &po, t, tn + 1, &pd);
                    vsmp_module *m2 = NULL;
                    if (pd.warnings == 0) {
                        if (vsmp_text_parse(t, tn, (vsmp_dialect)dl, &m2, NULL) != VSMP_OK)
                            abort(); /* printed text that does not parse */
                        size_t n2 = 0;
                        uint8_t *b2 = encode(m2, &wo, &n2);
                        if (!b2 || n2 != n || memcmp(b, b2, n))
                            abort(); /* print + parse changed the program */
                        free(b2);
                    }
                    vsmp_module_free(m2);
                }
                vsmp_diags_free(&pd);
                free(t);
                free(b);
            }
            vsmp_check_options co = {.platform = VSMP_PLATFORM_TGLLP};
            vsmp_module_check(m, &co, &d);
        }
        vsmp_module_free(m);
        if (d.limit && d.count > 3 * d.limit)
            abort(); /* the limit keeps at most limit diagnostics per severity */
        vsmp_diags_free(&d);
    }
    return 0;
}
