/* SPDX-License-Identifier: MIT */
/*
 * Single-instruction codec against hand-annotated bytes: the four annotated hex dumps of the
 * golden index (rep_sample, rep_load, rep_info, rep_unorm, made by GenX_IR) and the vISA 3.x
 * Op layouts of VISA_ENCODING.md 3.1.1 / 4.1 (bin_pnm_v36: Op UB 0x20; bin_cps_v36: 0x41;
 * bin_load_pnm_v36: 0x27; bin_v33_aoff_uw: 2-byte ids and a bare UW aoffimmi).
 */
#include "testlib.h"
#include "vsmp/vsmp.h"

static const vsmp_isa_version v41 = {4, 1, false};

static void roundtrip(const uint8_t *bytes, size_t n, const vsmp_isa_version *ver, vsmp_inst *out,
                      const char *what)
{
    size_t used = 0;
    vsmp_status st = vsmp_inst_decode(bytes, n, ver, 0x100, out, &used);
    CHECK(st == VSMP_OK && used == n, "%s: decode (%s, used %zu of %zu)", what, vsmp_status_str(st),
          used, n);
    uint8_t buf[128];
    size_t w = 0;
    st = vsmp_inst_encode(out, ver, buf, sizeof(buf), &w);
    CHECK(st == VSMP_OK && w == n && memcmp(buf, bytes, n) == 0, "%s: re-encode differs", what);
    /* every shorter input is truncated, never misread */
    for (size_t cut = 0; cut < n; cut++) {
        vsmp_inst tmp;
        size_t u = 0;
        CHECK(vsmp_inst_decode(bytes, cut, ver, 0, &tmp, &u) == VSMP_ERR_TRUNCATED,
              "%s: %zu-byte prefix not reported as truncated", what, cut);
    }
    /* a too-small output buffer is reported with the size needed */
    if (n > 1) {
        st = vsmp_inst_encode(out, ver, buf, n - 1, &w);
        CHECK(st == VSMP_ERR_SPACE && w == n, "%s: short buffer", what);
    }
}

/* The sub-op enum is generated from the sub-op table (vsmp/ops.def): each value is the binary
 * Op of the spec pages (3D_SAMPLE.md, 3D_LOAD.md, INFO.md op tables; load_l, sample_po_lz and
 * sample_po_c_lz as IGA's message table gives them), and the table has a row of that value and
 * mnemonic (two for load_2dms_w: its 32- and 16-bit forms). */
static void subop_values(void)
{
    static const struct {
        unsigned e, spec;
        const char *mn;
    } want[] = {
        {VSMP_SUB_SAMPLE, 0x00, "sample_3d"},
        {VSMP_SUB_SAMPLE_B, 0x01, "sample_b"},
        {VSMP_SUB_SAMPLE_L, 0x02, "sample_l"},
        {VSMP_SUB_SAMPLE_C, 0x03, "sample_c"},
        {VSMP_SUB_SAMPLE_D, 0x04, "sample_d"},
        {VSMP_SUB_SAMPLE_B_C, 0x05, "sample_b_c"},
        {VSMP_SUB_SAMPLE_L_C, 0x06, "sample_l_c"},
        {VSMP_SUB_LD, 0x07, "load_3d"},
        {VSMP_SUB_LOD, 0x09, "lod"},
        {VSMP_SUB_RESINFO, 0x0a, "resinfo"},
        {VSMP_SUB_SAMPLEINFO, 0x0b, "sampleinfo"},
        {VSMP_SUB_SAMPLE_D_C, 0x14, "sample_d_c"},
        {VSMP_SUB_SAMPLE_LZ, 0x18, "sample_lz"},
        {VSMP_SUB_SAMPLE_C_LZ, 0x19, "sample_c_lz"},
        {VSMP_SUB_LD_LZ, 0x1a, "load_lz"},
        {VSMP_SUB_LD_L, 0x1b, "load_l"},
        {VSMP_SUB_LD2DMS_W, 0x1c, "load_2dms_w"},
        {VSMP_SUB_LD2DMS_W_UW, 0x1c, "load_2dms_w"},
        {VSMP_SUB_LD_MCS, 0x1d, "load_mcs"},
        {VSMP_SUB_SAMPLE_PO, 0x20, "sample_po"},
        {VSMP_SUB_SAMPLE_PO_B, 0x21, "sample_po_b"},
        {VSMP_SUB_SAMPLE_PO_L, 0x22, "sample_po_l"},
        {VSMP_SUB_SAMPLE_PO_C, 0x23, "sample_po_c"},
        {VSMP_SUB_SAMPLE_PO_D, 0x24, "sample_po_d"},
        {VSMP_SUB_SAMPLE_PO_L_C, 0x26, "sample_po_l_c"},
        {VSMP_SUB_SAMPLE_PO_LZ, 0x38, "sample_po_lz"},
        {VSMP_SUB_SAMPLE_PO_C_LZ, 0x39, "sample_po_c_lz"},
    };
    size_t n = sizeof(want) / sizeof(want[0]);
    CHECK(vsmp_op_count() == n, "sub-op rows: %zu, want %zu", vsmp_op_count(), n);
    for (size_t i = 0; i < n; i++) {
        CHECK(want[i].e == want[i].spec, "%s: enum 0x%02x, spec 0x%02x", want[i].mn, want[i].e,
              want[i].spec);
        size_t rows = 0;
        for (size_t k = 0; k < vsmp_op_count(); k++)
            rows +=
                vsmp_op_at(k)->subop == want[i].e && !strcmp(vsmp_op_at(k)->mnemonic, want[i].mn);
        CHECK(rows == 1 + (want[i].e == VSMP_SUB_LD2DMS_W), "%s 0x%02x: %zu table rows", want[i].mn,
              want[i].e, rows);
    }
}

/* The type table (vsmp/types.def) against the spec's data type table (2_datatypes.md: binary
 * format, size in bits, text format; V, UV, VF are the packed immediate vectors). */
static void type_table(void)
{
    static const struct {
        const char *name;
        unsigned size;
        vsmp_tclass cls;
    } want[16] = {
        {"ud", 4, VSMP_TCLASS_UINT},   {"d", 4, VSMP_TCLASS_SINT},    {"uw", 2, VSMP_TCLASS_UINT},
        {"w", 2, VSMP_TCLASS_SINT},    {"ub", 1, VSMP_TCLASS_UINT},   {"b", 1, VSMP_TCLASS_SINT},
        {"df", 8, VSMP_TCLASS_FLOAT},  {"f", 4, VSMP_TCLASS_FLOAT},   {"v", 4, VSMP_TCLASS_PACKED},
        {"vf", 4, VSMP_TCLASS_PACKED}, {"bool", 1, VSMP_TCLASS_BOOL}, {"uq", 8, VSMP_TCLASS_UINT},
        {"uv", 4, VSMP_TCLASS_PACKED}, {"q", 8, VSMP_TCLASS_SINT},    {"hf", 2, VSMP_TCLASS_FLOAT},
        {"bf", 2, VSMP_TCLASS_FLOAT},
    };
    for (unsigned t = 0; t < 16; t++)
        CHECK(vsmp_type_name(t) && strcmp(vsmp_type_name(t), want[t].name) == 0 &&
                  vsmp_type_size(t) == want[t].size && vsmp_type_class(t) == want[t].cls,
              "type %u: %s %u %d", t, vsmp_type_name(t) ? vsmp_type_name(t) : "-",
              vsmp_type_size(t), (int)vsmp_type_class(t));
    CHECK(VSMP_TYPE_UD == 0 && VSMP_TYPE_F == 7 && VSMP_TYPE_HF == 14 && VSMP_TYPE_BF == 15,
          "type codes");
    CHECK(!vsmp_type_name(16) && !vsmp_type_size(16) && vsmp_type_class(16) == VSMP_TCLASS_NONE,
          "code 16 is no type");
}

int main(void)
{
    subop_values();
    type_table();
    vsmp_inst in;
    /* rep_sample.TGLLP.isa @0x1c6: (!P1.any) sample_b.pixel_null_mask.cps.RG (M5_NM, 16)
     * AOFF(0,0)<0;1,0> S0 T6 DST.0 BIAS.0 U.0 V.0 */
    static const uint8_t smp[] = {0x6d, 0x01, 0x03, 0xc4, 0x01, 0xa0, 0x03, 0x00, 0x24, 0x00, 0x00,
                                  0x00, 0x00, 0x00, 0x21, 0x01, 0x00, 0x06, 0x23, 0x00, 0x00, 0x00,
                                  0x00, 0x00, 0x03, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20, 0x00,
                                  0x00, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x00, 0x00};
    roundtrip(smp, sizeof(smp), &v41, &in, "rep_sample");
    CHECK(in.opcode == VSMP_OPC_3D_SAMPLE && in.subop == VSMP_SUB_SAMPLE_B &&
              in.flags == (VSMP_OPF_PNM | VSMP_OPF_CPS) && in.exec_size == 16 && in.emask == 12 &&
              VSMP_PRED_ID(in.pred) == 1 && VSMP_PRED_CTRL(in.pred) == 1 &&
              VSMP_PRED_INV(in.pred) && in.channels == 3 &&
              in.aoffimmi.vclass == VSMP_VEC_GENERAL && in.aoffimmi.var == 36 &&
              in.aoffimmi.region == 0x0121 && in.sampler == 0 && in.surface == 6 &&
              in.dst.var == 35 && in.num_params == 3 && in.params[0].var == 34 &&
              in.params[2].var == 33 && in.offset == 0x100,
          "rep_sample fields");

    /* rep_load.TGLLP.isa @0x1c4: (P1) load_2dms_w.pixel_null_mask.RGBA (M3, 8) 0x321:uw T6
     * DSTUD.0 SI.0 MCSL.0 MCSH.0 UI.0 VI.0 */
    static const uint8_t ld[] = {0x6e, 0x1c, 0x01, 0x23, 0x01, 0x00, 0x0f, 0x05, 0x02, 0x21, 0x03,
                                 0x00, 0x00, 0x06, 0x25, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x22,
                                 0,    0,    0,    0,    0,    0x23, 0,    0,    0,    0,    0,
                                 0x24, 0,    0,    0,    0,    0,    0x20, 0,    0,    0,    0,
                                 0,    0x21, 0,    0,    0,    0,    0};
    roundtrip(ld, sizeof(ld), &v41, &in, "rep_load");
    CHECK(in.subop == VSMP_SUB_LD2DMS_W && in.flags == VSMP_OPF_PNM && in.exec_size == 8 &&
              in.emask == 2 && in.aoffimmi.vclass == VSMP_VEC_IMMEDIATE &&
              in.aoffimmi.imm_type == VSMP_TYPE_UW && in.aoffimmi.imm == 0x321 && in.surface == 6 &&
              in.num_params == 5,
          "rep_load fields");

    /* rep_info.TGLLP.isa @0x185: resinfo.RG (M1_NM, 16) T6 LODI.0 DSTUD.0, and @0x196
     * sampleinfo.RGBA (M1, 8) T7 DSTUD.64 (INFO's Op is one byte, and it has a Channels byte) */
    static const uint8_t res[] = {0x70, 0x0a, 0x84, 0x03, 0x06, 0x20, 0, 0, 0,
                                  0,    0,    0x21, 0,    0,    0,    0, 0};
    roundtrip(res, sizeof(res), &v41, &in, "resinfo");
    CHECK(in.subop == VSMP_SUB_RESINFO && in.emask == 8 && in.channels == 3 && in.lod.var == 32 &&
              in.dst.var == 33,
          "resinfo fields");
    static const uint8_t si[] = {0x70, 0x0b, 0x03, 0x0f, 0x07, 0x21, 0, 0, 0, 0x40, 0};
    roundtrip(si, sizeof(si), &v41, &in, "sampleinfo");
    CHECK(in.subop == VSMP_SUB_SAMPLEINFO && in.surface == 7 && in.dst.offset == 0x40,
          "sampleinfo fields");

    /* rep_unorm.SKL.isa @0x186: sample_unorm.GA.8-downsampled S0 T6 UOFF(0,0)<0;1,0> 0.5:f
     * 0.125:f 0.25:f DSTUW.0 */
    static const uint8_t un[] = {0x41, 0x3a, 0x00, 0x06, 0x00, 0x21, 0,    0, 0,    0,
                                 0,    0x21, 0x01, 0x05, 0x07, 0,    0,    0, 0x3f, 0x05,
                                 0x07, 0,    0,    0,    0x3e, 0x05, 0x07, 0, 0,    0x80,
                                 0x3e, 0x20, 0,    0,    0,    0,    0};
    roundtrip(un, sizeof(un), &v41, &in, "rep_unorm");
    CHECK(in.opcode == VSMP_OPC_SAMPLE_UNORM && in.channels == 0xa && in.unorm_fmt == 3 &&
              in.src[1].imm == 0x3f000000u && in.src[3].imm == 0x3e800000u,
          "rep_unorm fields");

    /* vISA 3.6: Op is one byte, pnm = bit 5, cps = bit 6 (bin_pnm_v36, bin_cps_v36) */
    static const vsmp_isa_version v36 = {3, 6, false};
    static const uint8_t pnm36[] = {0x6d, 0x20, 0x04, 0x00, 0x00, 0x0f, 0x05, 0x02, 0,
                                    0,    0,    0,    0x00, 0x06, 0x22, 0,    0,    0,
                                    0,    0,    0x01, 0x20, 0,    0,    0,    0,    0};
    roundtrip(pnm36, sizeof(pnm36), &v36, &in, "pnm v3.6");
    CHECK(in.subop == VSMP_SUB_SAMPLE && in.flags == VSMP_OPF_PNM, "pnm v3.6 is bit 5");
    static const uint8_t cps36[] = {0x6d, 0x41, 0x04, 0x00, 0x00, 0x0f, 0x05, 0x02, 0,
                                    0,    0,    0,    0x00, 0x06, 0x22, 0,    0,    0,
                                    0,    0,    0x01, 0x20, 0,    0,    0,    0,    0};
    roundtrip(cps36, sizeof(cps36), &v36, &in, "cps v3.6");
    CHECK(in.subop == VSMP_SUB_SAMPLE_B && in.flags == VSMP_OPF_CPS, "cps v3.6 is bit 6");
    /* bin_load_pnm_v36: 6e 27 = ld | bit 5 */
    static const uint8_t ld36[] = {0x6e, 0x27, 0x04, 0x00, 0x00, 0x0f, 0x05, 0x02, 0, 0, 0, 0, 0x06,
                                   0x22, 0,    0,    0,    0,    0,    0x01, 0x20, 0, 0, 0, 0, 0};
    roundtrip(ld36, sizeof(ld36), &v36, &in, "load pnm v3.6");
    CHECK(in.subop == VSMP_SUB_LD && in.flags == VSMP_OPF_PNM, "load pnm v3.6");
    /* the same load in 4.1 is 6e 07 01 (bin_load_pnm_v41) */
    uint8_t buf[64];
    size_t w = 0;
    CHECK(vsmp_inst_encode(&in, &v41, buf, sizeof(buf), &w) == VSMP_OK && buf[1] == 0x07 &&
              buf[2] == 0x01,
          "load pnm in 4.1 is Op 0x0107");

    /* vISA 3.3: 2-byte ids and a bare UW aoffimmi (bin_v33_aoff_uw: 0x123) */
    static const vsmp_isa_version v33 = {3, 3, false};
    static const uint8_t s33[] = {0x6d, 0x00, 0x04, 0x00, 0x00, 0x0f, 0x23, 0x01,
                                  0x00, 0x06, 0x22, 0x00, 0x00, 0x00, 0x02, 0x20,
                                  0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00};
    roundtrip(s33, sizeof(s33), &v33, &in, "sample v3.3");
    CHECK(in.aoffimmi.vclass == VSMP_VEC_IMMEDIATE && in.aoffimmi.imm == 0x123 &&
              in.dst.var == 34 && in.params[1].var == 33,
          "v3.3 fields");

    /* vISA 3.0: exec-mask nibble 8 is NoMask (= M1_NM), 9 is the default (M1) */
    static const vsmp_isa_version v30 = {3, 0, false};
    uint8_t s30[sizeof(s33)];
    memcpy(s30, s33, sizeof(s30));
    s30[2] = 0x84;
    roundtrip(s30, sizeof(s30), &v30, &in, "v3.0 NoMask");
    CHECK(in.emask == 8, "v3.0 NoMask -> M1_NM");

    /* HEAD layout: a paired surface after Dst from 3.8 on, only when asked for */
    static const vsmp_isa_version head = {4, 1, true};
    static const uint8_t pair[] = {0x6d, 0x00, 0x00, 0x04, 0x00, 0x00, 0x0f, 0x05, 0x02, 0,    0, 0,
                                   0,    0x00, 0x06, 0x22, 0,    0,    0,    0,    0,    0x30, 0, 0,
                                   0,    0,    0,    0x01, 0x20, 0,    0,    0,    0,    0};
    roundtrip(pair, sizeof(pair), &head, &in, "paired surface");
    CHECK(in.has_paired && in.paired.var == 0x30 && in.num_params == 1, "paired fields");

    /* ret and label */
    static const uint8_t ret[] = {0x34, 0x00, 0x00, 0x00};
    roundtrip(ret, sizeof(ret), &v41, &in, "ret");
    static const uint8_t lbl[] = {0x31, 0x00, 0x00};
    roundtrip(lbl, sizeof(lbl), &v41, &in, "label");

    /* generic opcodes, from the instruction table. add (M1, 16) V49(0,0)<1> V48(0,0)<0;1,0>
     * V49(0,0)<1;1,0>: opcode 01, exec 04 (16 lanes, M1), pred 0, dst tag 00 + id 49 + row 0 +
     * col 0 + region <1> (hstride code 2 << 8 = 0x0200), srcs with <0;1,0> = 0x0121 and
     * <1;1,0> = 0x0122 (VISA_ENCODING.md 2.6; the bytes GenX_IR wrote for tests/kernels/tgllp
     * vadd's instruction $5). */
    static const uint8_t add[] = {0x01, 0x04, 0x00, 0x00, 0x00, 0x31, 0, 0,    0,   0,    0,
                                  0x00, 0x02, 0x00, 0x30, 0,    0,    0, 0,    0,   0x21, 0x01,
                                  0x00, 0x31, 0,    0,    0,    0,    0, 0x22, 0x01};
    roundtrip(add, sizeof(add), &v41, &in, "add");
    CHECK(in.exec_size == 16 && in.emask == 0 && in.pred == 0 && in.num_opnds == 3 &&
              in.opnds[0].kind == VSMP_OPND_VEC_DST && in.opnds[0].vec.var == 49 &&
              in.opnds[0].vec.region == 0x0200 && in.opnds[1].kind == VSMP_OPND_VEC_SRC &&
              in.opnds[1].vec.var == 48 && in.opnds[1].vec.region == 0x0121 &&
              in.opnds[2].vec.region == 0x0122,
          "add fields");
    /* (!P1) goto (M1, 32) label 1: 6c, exec 05, pred 0x8001, label 0x0001 */
    static const uint8_t gto[] = {0x6c, 0x05, 0x01, 0x80, 0x01, 0x00};
    roundtrip(gto, sizeof(gto), &v41, &in, "goto");
    CHECK(in.exec_size == 32 && in.pred == 0x8001 && in.num_opnds == 1 &&
              in.opnds[0].kind == VSMP_OPND_LABEL && in.opnds[0].value == 1,
          "goto fields");
    size_t used = 0;
    /* WAIT took its mask operand in vISA 3.1 (ByteCodeReaderNG): 5b + tag 05 (immediate) + type
     * 04 (UB) + 4 value bytes in 4.1; the opcode alone in 3.0. A 4.1 WAIT with its mask has no
     * 3.0 encoding. */
    static const uint8_t wait41[] = {0x5b, 0x05, 0x04, 0x00, 0x00, 0x00, 0x00};
    static const uint8_t wait30[] = {0x5b};
    static const vsmp_isa_version w30 = {3, 0, false};
    roundtrip(wait41, sizeof(wait41), &v41, &in, "wait 4.1");
    CHECK(in.num_opnds == 1 && in.opnds[0].vec.vclass == VSMP_VEC_IMMEDIATE, "wait's mask");
    CHECK(vsmp_inst_encode(&in, &w30, buf, sizeof(buf), &w) == VSMP_ERR_UNENCODABLE,
          "a mask operand has no 3.0 encoding");
    roundtrip(wait30, sizeof(wait30), &w30, &in, "wait 3.0");
    CHECK(in.num_opnds == 0, "3.0 wait has no operand");
    /* VA and VA_SKL_PLUS, in ByteCodeReaderNG's reading order at igc-1.0.12504.6 (sub-opcode,
     * the sampler of the sampled ones, surface, u/v offsets, then the sub-operation's own).
     * va_minmax: 44 02, surface 05, u = imm F 1.0 (05 07 0000803f), v = imm F 2.0, mmf mode =
     * imm UB 1 (05 04 01000000), dst raw V33.0 (21000000 0000). */
    static const uint8_t va_mm[] = {0x44, 0x02, 0x05, 0x05, 0x07, 0x00, 0x00, 0x80, 0x3f,
                                    0x05, 0x07, 0x00, 0x00, 0x00, 0x40, 0x05, 0x04, 0x01,
                                    0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x00, 0x00};
    roundtrip(va_mm, sizeof(va_mm), &v41, &in, "va_minmax");
    CHECK(in.opcode == 0x44 && in.subop == 0x02 && in.num_opnds == 5 && in.opnds[0].value == 5 &&
              in.opnds[1].vec.imm == 0x3f800000u && in.opnds[2].vec.imm == 0x40000000u &&
              in.opnds[3].vec.imm_type == VSMP_TYPE_UB && in.opnds[4].kind == VSMP_OPND_RAW_DST &&
              in.opnds[4].raw.var == 33,
          "va_minmax fields");
    /* va_hdc_convolve_1pixel (VAPlusSubOpcodeDesc 0x18): 4d 18, sampler 00, surface 05, u, v,
     * pixel size 02, offsets raw V34.0, dst surface 07, dst x = imm UW 16, dst y = imm UW 32 */
    static const uint8_t va_hdc[] = {0x4d, 0x18, 0x00, 0x05, 0x05, 0x07, 0x00, 0x00, 0x80,
                                     0x3f, 0x05, 0x07, 0x00, 0x00, 0x00, 0x40, 0x02, 0x22,
                                     0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x05, 0x02, 0x10,
                                     0x00, 0x00, 0x00, 0x05, 0x02, 0x20, 0x00, 0x00, 0x00};
    roundtrip(va_hdc, sizeof(va_hdc), &v41, &in, "va_hdc_convolve_1pixel");
    CHECK(in.opcode == 0x4d && in.subop == 0x18 && in.num_opnds == 9 && in.opnds[0].value == 0 &&
              in.opnds[1].value == 5 && in.opnds[4].value == 2 &&
              in.opnds[5].kind == VSMP_OPND_RAW_SRC && in.opnds[5].raw.var == 34 &&
              in.opnds[6].value == 7 && in.opnds[7].vec.imm == 16 && in.opnds[8].vec.imm == 32,
          "va_hdc_convolve_1pixel fields");
    /* sub-operations the reader does not turn into an instruction: VA's AVS (0x00) and
     * VA_SKL_PLUS's "none" (0x0e) and the VA sub-opcodes below 0x08 */
    static const uint8_t va_avs[] = {0x44, 0x00, 0x05};
    static const uint8_t vap_none[] = {0x4d, 0x0e, 0x05};
    static const uint8_t vap_old[] = {0x4d, 0x02, 0x05};
    CHECK(vsmp_inst_decode(va_avs, sizeof(va_avs), &v41, 0, &in, &used) == VSMP_ERR_UNSUPPORTED,
          "va sub-op 0x00");
    CHECK(vsmp_inst_decode(vap_none, sizeof(vap_none), &v41, 0, &in, &used) == VSMP_ERR_UNSUPPORTED,
          "va_skl_plus sub-op 0x0e");
    CHECK(vsmp_inst_decode(vap_old, sizeof(vap_old), &v41, 0, &in, &used) == VSMP_ERR_UNSUPPORTED,
          "va_skl_plus sub-op 0x02");
    /* a reserved opcode is reported, never skipped */
    static const uint8_t rsv[] = {0x3b, 0x00, 0x00, 0x00};
    CHECK(vsmp_inst_decode(rsv, sizeof(rsv), &v41, 0, &in, &used) == VSMP_ERR_UNSUPPORTED,
          "opcode 0x3b is reserved");
    /* an instruction cut short */
    CHECK(vsmp_inst_decode(add, 20, &v41, 0, &in, &used) == VSMP_ERR_TRUNCATED, "add cut short");
    /* NumParams beyond the model's 16 */
    uint8_t big[sizeof(smp)];
    memcpy(big, smp, sizeof(big));
    big[24] = 17;
    CHECK(vsmp_inst_decode(big, sizeof(big), &v41, 0, &in, &used) == VSMP_ERR_MALFORMED,
          "NumParams 17 is malformed");
    /* what an older version cannot hold */
    roundtrip(smp, sizeof(smp), &v41, &in, "rep_sample again");
    CHECK(vsmp_inst_encode(&in, &v33, buf, sizeof(buf), &w) == VSMP_ERR_UNENCODABLE,
          "variable aoffimmi before 3.4");
    in.subop = VSMP_SUB_SAMPLE_PO;
    in.aoffimmi.vclass = VSMP_VEC_IMMEDIATE;
    in.aoffimmi.imm_type = VSMP_TYPE_UW;
    in.aoffimmi.imm = 0;
    CHECK(vsmp_inst_encode(&in, &v36, buf, sizeof(buf), &w) == VSMP_ERR_UNENCODABLE,
          "sample_po in 3.x");
    return t_finish();
}
