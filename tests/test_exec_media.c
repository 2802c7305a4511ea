/* SPDX-License-Identifier: MIT */
/*
 * media_ld and media_st on the machine (docs/EXEC.md section 5.4), on text programs for TGLLP
 * (32-byte GRFs): the block of Block_width bytes by Block_height rows at (X bytes, Y rows), row i
 * of the data at byte i * pitch (pitch 4 below 4 bytes, else the width's next power of two:
 * MEDIA_LD.md "reg_pitch = block_width < 4 ? 4 : nextPowerOf2(block_width)"), the bytes of a row
 * past the width zero; reads outside the surface clamped to its edge texel in x and y, writes
 * outside dropped. Every expected byte is worked out by hand in the comments.
 *
 * The surfaces: 8 bytes across and 3 rows, as R8_UINT (8 texels of 1 byte), R16_UINT (4 of 2)
 * and R32_UINT (2 of 4), byte k of row y holding 0x10 y + k in all three: what differs between
 * them is only the texel a read outside is clamped to.
 */
#include <stdint.h>
#include <string.h>

#include "exec_kit.h"

/* A TGLLP machine for @p text (GenX_IR 12504's syntax); NULL when refused, with @p why's rule
 * (or, without it, the diagnostics printed). */
static vsmp_machine *machine(const char *text, vsmp_module **mod, kit_why *why)
{
    return kit_machine(text, VSMP_DIALECT_12504, VSMP_PLATFORM_TGLLP, mod, why);
}

/* 8 bytes by 3 rows in @p format (bytes per texel @p bpp), byte k of row y = 0x10 y + k */
static vsmp_surface *surface(vsmp_format format, unsigned bpp)
{
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, format, 8 / bpp, 3, 1);
    CHECK(s != NULL, "surface");
    if (!s)
        return NULL;
    for (uint32_t y = 0; y < 3; y++)
        for (uint32_t k = 0; k < 8; k++) {
            uint8_t *p = vsmp_surface_texel(s, 0, 0, k / bpp, y);
            p[k % bpp] = (uint8_t)(0x10 * y + k);
        }
    return s;
}

static uint8_t byte_at(vsmp_surface *s, unsigned bpp, uint32_t k, uint32_t y)
{
    return ((uint8_t *)vsmp_surface_texel(s, 0, 0, k / bpp, y))[k % bpp];
}

#define HEAD                                                                                       \
    ".version 4.1\n.kernel \"t\"\n"                                                                \
    ".decl img v_type=T num_elts=1\n"                                                              \
    ".decl D v_type=G type=ub num_elts=288 align=GRF\n"                                            \
    ".decl XO v_type=G type=d num_elts=1 align=dword\n"                                            \
    ".decl YO v_type=G type=d num_elts=1 align=dword\n"                                            \
    "movs (M1_NM, 1) img(0) 0x2:ud\n"

/* A block reaching past every side: 13 bytes from X = -3 (0xfffffffd: the offsets are signed),
 * 5 rows from Y = -1, pitch 16, 80 bytes. Rows -1, 0, 1, 2, 3 clamp to rows 0, 0, 1, 2, 2: row
 * bases 0x00, 0x00, 0x10, 0x20, 0x20. Byte X + j lies in texel floor((X + j) / bpp) at byte
 * (X + j) mod bpp of it; the texel is clamped to 0 .. W - 1, the byte kept:
 *   R8  (W 8): X + j = -3, -2, -1 -> texel 0 byte 0 -> 0, 0, 0; 0..7 -> 0..7; 8, 9 -> texel 7 -> 7,
 * 7 R16 (W 4): -3 -> texel -2 byte 1 -> texel 0 byte 1 = 1; -2 -> texel -1 byte 0 = 0; -1 -> 1; 8
 * -> texel 4 byte 0 -> texel 3 byte 0 = 6; 9 -> 7 R32 (W 2): -3 -> texel -1 byte 1 -> 1; -2 -> 2;
 * -1 -> 3; 8 -> texel 2 byte 0 -> texel 1 byte 0 = 4; 9 -> 5 Bytes 13..15 of each row: zeros. Byte
 * 80 on (the rest of D): untouched (0xee). */
static void test_read_edges(void)
{
    static const char text[] = HEAD "mov (M1_NM, 1) XO(0,0)<1> 0xfffffffd:ud\n"
                                    "mov (M1_NM, 1) YO(0,0)<1> 0xffffffff:ud\n"
                                    "media_ld.nomod (13,5) img 0 XO(0,0)<0;1,0> YO(0,0)<0;1,0> "
                                    "D.0\nret (M1, 1)\n";
    static const struct {
        vsmp_format format;
        unsigned bpp;
        uint8_t row[13];
    } cases[] = {
        {VSMP_FORMAT_R8_UINT, 1, {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 7, 7}},
        {VSMP_FORMAT_R16_UINT, 2, {1, 0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 6, 7}},
        {VSMP_FORMAT_R32_UINT, 4, {1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5}},
    };
    static const uint8_t base[5] = {0x00, 0x00, 0x10, 0x20, 0x20};
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        vsmp_module *mod;
        vsmp_machine *m = machine(text, &mod, NULL);
        vsmp_surface *s = surface(cases[c].format, cases[c].bpp);
        CHECK(m && s, "read edges %u: machine and surface", cases[c].bpp);
        if (m && s) {
            CHECK(vsmp_machine_bind_surface(m, 2, s) == VSMP_OK, "bind");
            uint8_t d[288];
            memset(d, 0xee, sizeof(d));
            kit_put(m, "D", d, sizeof(d));
            kit_why why;
            CHECK(kit_run(m, &why), "read edges %u ran (%s)", cases[c].bpp, why.rule);
            kit_get(m, "D", d, sizeof(d));
            for (unsigned i = 0; i < 5; i++)
                for (unsigned j = 0; j < 16; j++) {
                    uint8_t want = j < 13 ? (uint8_t)(base[i] + cases[c].row[j]) : 0;
                    CHECK(d[16 * i + j] == want, "bpp %u row %u byte %u: 0x%02x, want 0x%02x",
                          cases[c].bpp, i, j, d[16 * i + j], want);
                }
            CHECK(d[80] == 0xee && d[287] == 0xee, "bpp %u: bytes past 80 untouched", cases[c].bpp);
        }
        vsmp_machine_free(m);
        vsmp_module_free(mod);
        vsmp_surface_free(s);
    }
}

/* The GRF layout: pitch by width (R32 surface of 2 texels, reads inside it where they can):
 *  (3,2) at (1,1): pitch 4; row 0 = bytes 1..3 of row 1 = 0x11 0x12 0x13, then a zero; row 1 =
 *        0x21 0x22 0x23, 0: D[0..7] = 11 12 13 00 21 22 23 00
 *  (5,3) at (0,0): pitch 8; rows 0..2 = 5 bytes then 3 zeros: 00..04 000000, 10..14 000000,
 *        20..24 000000 (24 bytes)
 *  (32,1) at (0,2), IGC's SIMD8 block read: pitch 32; bytes 0..7 of row 2 (0x20..0x27), then
 *        bytes 8..31 past the right edge: byte 8 + 4q + b -> texel 1 byte b = 0x24 + b
 *  (64,4) at (4,0): pitch 64, 256 bytes, every row's bytes 0..3 = bytes 4..7 of its row, the
 *        rest texel 1 again; rows 0, 1, 2, 3 are surface rows 0, 1, 2, 2 (the last clamped):
 *        row i, byte j -> 0x10 min(i, 2) + 4 + j mod 4 */
static void test_layout(void)
{
    static const char text[] = HEAD ".decl VE v_type=G type=ub num_elts=32 align=GRF\n"
                                    ".decl VF v_type=G type=ub num_elts=32 align=GRF\n"
                                    ".decl VG v_type=G type=ub num_elts=32 align=GRF\n"
                                    "media_ld.nomod (3,2) img 0 0x1:ud 0x1:ud VE.0\n"
                                    "media_ld.nomod (5,3) img 0 0x0:ud 0x0:ud VF.0\n"
                                    "media_ld.nomod (32,1) img 0 0x0:ud 0x2:ud VG.0\n"
                                    "media_ld.nomod (64,4) img 0 0x4:ud 0x0:ud D.0\n"
                                    "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod, NULL);
    vsmp_surface *s = surface(VSMP_FORMAT_R32_UINT, 4);
    CHECK(m && s, "layout: machine and surface");
    if (m && s) {
        CHECK(vsmp_machine_bind_surface(m, 2, s) == VSMP_OK, "bind");
        uint8_t fill[288];
        memset(fill, 0xee, sizeof(fill));
        kit_put(m, "VE", fill, 32);
        kit_put(m, "VF", fill, 32);
        kit_put(m, "D", fill, sizeof(fill));
        kit_why why;
        CHECK(kit_run(m, &why), "layout ran (%s)", why.rule);
        uint8_t e[32], f[32], g[32], d[288];
        kit_get(m, "VE", e, sizeof(e));
        kit_get(m, "VF", f, sizeof(f));
        kit_get(m, "VG", g, sizeof(g));
        kit_get(m, "D", d, sizeof(d));
        static const uint8_t we[8] = {0x11, 0x12, 0x13, 0, 0x21, 0x22, 0x23, 0};
        CHECK(!memcmp(e, we, 8), "(3,2): %02x %02x %02x %02x %02x %02x %02x %02x", e[0], e[1], e[2],
              e[3], e[4], e[5], e[6], e[7]);
        CHECK(e[8] == 0xee, "(3,2): 8 bytes written");
        static const uint8_t wf[24] = {0,    1,    2,    3,    4,    0, 0, 0,
                                       0x10, 0x11, 0x12, 0x13, 0x14, 0, 0, 0,
                                       0x20, 0x21, 0x22, 0x23, 0x24, 0, 0, 0};
        CHECK(!memcmp(f, wf, 24), "(5,3) layout");
        CHECK(f[24] == 0xee, "(5,3): 24 bytes written");
        static const uint8_t wg[32] = {0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27,
                                       0x24, 0x25, 0x26, 0x27, 0x24, 0x25, 0x26, 0x27,
                                       0x24, 0x25, 0x26, 0x27, 0x24, 0x25, 0x26, 0x27,
                                       0x24, 0x25, 0x26, 0x27, 0x24, 0x25, 0x26, 0x27};
        CHECK(!memcmp(g, wg, 32), "(32,1) layout");
        unsigned bad = 0;
        for (unsigned i = 0; i < 4; i++)
            for (unsigned j = 0; j < 64; j++)
                bad += d[64 * i + j] != (uint8_t)(0x10 * (i < 2 ? i : 2) + 4 + j % 4);
        CHECK(!bad, "(64,4): %u bytes differ", bad);
        CHECK(d[256] == 0xee, "(64,4): 256 bytes written");
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    vsmp_surface_free(s);
}

/* media_st: 16 bytes by 4 rows from X = -4, Y = -1 into the R8 surface, data byte 16 i + j =
 * 0x80 + 16 i + j. Surface row y receives data row y + 1 (rows -1 and 3 are outside: dropped),
 * its byte k data byte k + 4 (bytes -4..-1 and 8..11 dropped): byte k of row y becomes
 * 0x80 + 16 (y + 1) + k + 4. Then a (2,1) block at X = 4, Y = 1 into the R32 surface: bytes 4
 * and 5 of row 1 (texel 1's low half) become 0x80, 0x81; bytes 6, 7 keep 0x16, 0x17. */
static void test_store(void)
{
    static const char text[] = HEAD "media_st.nomod (16,4) img 0 0xfffffffc:ud 0xffffffff:ud "
                                    "D.0\nret (M1, 1)\n";
    static const char text2[] = HEAD "media_st.nomod (2,1) img 0 0x4:ud 0x1:ud D.0\n"
                                     "ret (M1, 1)\n";
    uint8_t data[288];
    for (unsigned i = 0; i < sizeof(data); i++)
        data[i] = (uint8_t)(0x80 + i);
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod, NULL);
    vsmp_surface *s = surface(VSMP_FORMAT_R8_UINT, 1);
    CHECK(m && s, "store: machine and surface");
    if (m && s) {
        CHECK(vsmp_machine_bind_surface(m, 2, s) == VSMP_OK, "bind");
        kit_put(m, "D", data, sizeof(data));
        kit_why why;
        CHECK(kit_run(m, &why), "store ran (%s)", why.rule);
        for (uint32_t y = 0; y < 3; y++)
            for (uint32_t k = 0; k < 8; k++)
                CHECK(byte_at(s, 1, k, y) == (uint8_t)(0x80 + 16 * (y + 1) + k + 4),
                      "store row %u byte %u: 0x%02x", y, k, byte_at(s, 1, k, y));
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    vsmp_surface_free(s);

    m = machine(text2, &mod, NULL);
    s = surface(VSMP_FORMAT_R32_UINT, 4);
    CHECK(m && s, "store 2: machine and surface");
    if (m && s) {
        CHECK(vsmp_machine_bind_surface(m, 2, s) == VSMP_OK, "bind");
        kit_put(m, "D", data, sizeof(data));
        kit_why why;
        CHECK(kit_run(m, &why), "store 2 ran (%s)", why.rule);
        static const uint8_t want[8] = {0x10, 0x11, 0x12, 0x13, 0x80, 0x81, 0x16, 0x17};
        for (uint32_t k = 0; k < 8; k++)
            CHECK(byte_at(s, 4, k, 1) == want[k], "store 2 byte %u: 0x%02x, want 0x%02x", k,
                  byte_at(s, 4, k, 1), want[k]);
        CHECK(byte_at(s, 4, 4, 0) == 0x04 && byte_at(s, 4, 4, 2) == 0x24,
              "store 2: rows 0 and 2 kept");
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    vsmp_surface_free(s);
}

/* Faults and refusals: media_st at X = 2 ("Its value must be dword-aligned") stops the run
 * (exec-address); a read of a surface bound nowhere (exec-binding); a 3D surface (exec-plan);
 * the field modifiers and a plane other than 0 are refused when planned (exec-unsupported). */
static void test_refusals(void)
{
    vsmp_module *mod;
    kit_why why;
    vsmp_machine *m =
        machine(HEAD "media_st.nomod (4,1) img 0 0x2:ud 0x0:ud D.0\nret (M1, 1)\n", &mod, NULL);
    vsmp_surface *s = surface(VSMP_FORMAT_R8_UINT, 1);
    if (m && s) {
        CHECK(vsmp_machine_bind_surface(m, 2, s) == VSMP_OK, "bind");
        CHECK(!kit_run(m, &why) && !strcmp(why.rule, "exec-address"), "unaligned media_st: [%s]",
              why.rule);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    m = machine(HEAD "media_ld.nomod (4,1) img 0 0x0:ud 0x0:ud D.0\nret (M1, 1)\n", &mod, NULL);
    if (m) {
        CHECK(!kit_run(m, &why) && !strcmp(why.rule, "exec-binding"), "unbound: [%s]", why.rule);
        vsmp_surface_desc sd;
        vsmp_surface_desc_init(&sd);
        sd.type = VSMP_SURFTYPE_3D;
        sd.format = VSMP_FORMAT_R8_UINT;
        sd.width = sd.height = sd.depth = 4;
        vsmp_surface *s3 = NULL;
        CHECK(vsmp_surface_create(&sd, &s3, NULL) == VSMP_OK, "3D surface");
        vsmp_machine_reset(m);
        CHECK(vsmp_machine_bind_surface(m, 2, s3) == VSMP_OK, "bind 3D");
        CHECK(!kit_run(m, &why) && !strcmp(why.rule, "exec-plan"), "3D surface: [%s]", why.rule);
        vsmp_surface_free(s3);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    vsmp_surface_free(s);
    m = machine(HEAD "media_ld.top (4,1) img 0 0x0:ud 0x0:ud D.0\nret (M1, 1)\n", &mod, &why);
    CHECK(!m && !strcmp(why.rule, "exec-unsupported"), "top field: [%s]", why.rule);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    m = machine(HEAD "media_ld.nomod (4,1) img 1 0x0:ud 0x0:ud D.0\nret (M1, 1)\n", &mod, &why);
    CHECK(!m && !strcmp(why.rule, "exec-unsupported"), "plane 1: [%s]", why.rule);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    /* the data variable holds 288 bytes: (64,4) needs 256 from byte 64 -> 320 */
    m = machine(HEAD "media_ld.nomod (64,4) img 0 0x0:ud 0x0:ud D.64\nret (M1, 1)\n", &mod, &why);
    CHECK(!m && !strcmp(why.rule, "operand-bounds"), "data past its variable: [%s]", why.rule);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* %bss: the surface its bindless offset names (0xc0 = 64 x (2 + 1): binding-table entry 2),
 * as the other messages resolve it; a (4,1) read at (4,2) of the R16 surface: 0x24..0x27. */
static void test_bss(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl D v_type=G type=ub num_elts=32 align=GRF\n"
                               "movs (M1_NM, 1) %bss(0) 0xc0:ud\n"
                               "media_ld.nomod (4,1) %bss 0 0x4:ud 0x2:ud D.0\nret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = machine(text, &mod, NULL);
    vsmp_surface *s = surface(VSMP_FORMAT_R16_UINT, 2);
    CHECK(m && s, "bss: machine and surface");
    if (m && s) {
        CHECK(vsmp_machine_bind_surface(m, 2, s) == VSMP_OK, "bind");
        kit_why why;
        CHECK(kit_run(m, &why), "bss ran (%s)", why.rule);
        uint8_t d[4];
        kit_get(m, "D", d, sizeof(d));
        CHECK(d[0] == 0x24 && d[1] == 0x25 && d[2] == 0x26 && d[3] == 0x27,
              "bss: %02x %02x %02x %02x", d[0], d[1], d[2], d[3]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    vsmp_surface_free(s);
}

int main(void)
{
    test_read_edges();
    test_layout();
    test_store();
    test_refusals();
    test_bss();
    return t_finish();
}
