/* SPDX-License-Identifier: MIT */
/*
 * SIMD1 integer muls inside a run of fast instructions (IGC's group ID times the enqueued local
 * size, each between SIMD16 instructions; the run calls k_imul's one-lane form), at every CPU
 * level and the reference: D by D (IGC's form), UD by D wrapping, a 16-bit dst (its low 16 bits,
 * its neighbours kept), an immediate source, a W source by D (its value by its sign), the EM's
 * lane 0 when dispatch turns it off (not written), two SIMD1 muls in a row (a chain of SIMD1
 * kernels). Expected values by hand: the low 32 (16) bits of the sources' product ("the
 * multiplication of src0 and src1 ... the low 32 bits", MUL.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                           ".decl DA v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl DB v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl UA v_type=G type=ud num_elts=16 align=GRF\n"
                           ".decl WA v_type=G type=w num_elts=16 align=GRF\n"
                           ".decl WD v_type=G type=w num_elts=16 align=GRF\n"
                           ".decl DD v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl S v_type=G type=d num_elts=16 align=GRF\n"
                           "add (M1, 16) S(0,0)<1> DA(0,0)<1;1,0> DB(0,0)<1;1,0>\n"
                           "mul (M1_NM, 1) DD(0,0)<1> DA(0,1)<0;1,0> DB(0,2)<0;1,0>\n"
                           "add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> DB(0,0)<1;1,0>\n"
                           "mul (M1_NM, 1) DD(0,1)<1> UA(0,0)<0;1,0> DA(0,3)<0;1,0>\n"
                           "add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> DB(0,0)<1;1,0>\n"
                           "mul (M1_NM, 1) DD(0,2)<1> WA(0,1)<0;1,0> DA(0,2)<0;1,0>\n"
                           "add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> DB(0,0)<1;1,0>\n"
                           "mul (M1_NM, 1) WD(0,3)<1> DA(0,1)<0;1,0> DB(0,1)<0;1,0>\n"
                           "add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> DB(0,0)<1;1,0>\n"
                           "mul (M1_NM, 1) DD(0,4)<1> DA(0,4)<0;1,0> 0x7:d\n"
                           "add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> DB(0,0)<1;1,0>\n"
                           "mul (M1, 1) DD(0,5)<1> DA(0,5)<0;1,0> DB(0,5)<0;1,0>\n"
                           "add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> DB(0,0)<1;1,0>\n"
                           "mul (M1_NM, 1) DD(0,6)<1> DA(0,0)<0;1,0> DB(0,1)<0;1,0>\n"
                           "mul (M1_NM, 1) DD(0,7)<1> DD(0,6)<0;1,0> DA(0,0)<0;1,0>\n"
                           "add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> DB(0,0)<1;1,0>\n"
                           "ret (M1, 1)\n";

static void test_muls(void)
{
    vsmp_module *mod = kit_parse_ok(text, VSMP_DIALECT_12504);
    unsigned levels[5] = {0}, nlev = kit_levels(levels);
    int32_t da[16] = {3, -123457, 65537, 0x40000001, -5, 11}, db[16] = {0, 99, -3, 0, 0, 13};
    uint32_t ua[16] = {0xfffffff3u};
    int16_t wa[16] = {0x1234, -2, 0x5555};
    for (unsigned l = 0; mod && l < nlev; l++)
        for (unsigned dm = 0; dm < 2; dm++) {
            vsmp_machine_options o;
            vsmp_machine_options_init(&o);
            o.dispatch_simd = 16;
            o.dispatch_mask = dm ? 0xfffeu : 0xffffu; /* lane 0 off: M1's mul not written */
            vsmp_machine *m = kit_create_at(mod, levels[l], VSMP_PLATFORM_TGLLP, &o, NULL);
            CHECK(m != NULL, "machine at level 0x%x", levels[l]);
            if (!m)
                continue;
            int32_t dd[16];
            int16_t wd[16];
            for (unsigned i = 0; i < 16; i++)
                dd[i] = 0x0badf00d, wd[i] = 0x1111;
            kit_put(m, "DA", da, sizeof(da));
            kit_put(m, "DB", db, sizeof(db));
            kit_put(m, "UA", ua, sizeof(ua));
            kit_put(m, "WA", wa, sizeof(wa));
            kit_put(m, "DD", dd, sizeof(dd));
            kit_put(m, "WD", wd, sizeof(wd));
            CHECK(kit_run(m, NULL), "run at level 0x%x", levels[l]);
            kit_get(m, "DD", dd, sizeof(dd));
            kit_get(m, "WD", wd, sizeof(wd));
            unsigned lv = levels[l];
            CHECK(dd[0] == 370371, "level 0x%x: D by D (-123457 * -3), got %d", lv, dd[0]);
            CHECK((uint32_t)dd[1] == 0xbffffff3u, "level 0x%x: UD by D wraps, got 0x%x", lv,
                  (uint32_t)dd[1]);
            CHECK(dd[2] == -131074, "level 0x%x: W -2 by 65537, got %d", lv, dd[2]);
            CHECK((uint16_t)wd[3] == 0x80ddu && wd[2] == 0x1111 && wd[4] == 0x1111,
                  "level 0x%x: W dst the low 16 bits of -12222243, neighbours kept (0x%x)", lv,
                  (uint16_t)wd[3]);
            CHECK(dd[4] == -35, "level 0x%x: by an immediate, got %d", lv, dd[4]);
            CHECK(dd[5] == (dm ? 0x0badf00d : 143), "level 0x%x mask %u: M1's lane 0, got %d", lv,
                  dm, dd[5]);
            CHECK(dd[6] == 297 && dd[7] == 891, "level 0x%x: two in a row, got %d %d", lv, dd[6],
                  dd[7]);
            CHECK(dd[8] == 0x0badf00d, "level 0x%x: nothing past them", lv);
            vsmp_machine_free(m);
        }
    vsmp_module_free(mod);
}

int main(void)
{
    test_muls();
    return t_finish();
}
