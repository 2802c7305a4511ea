/* SPDX-License-Identifier: MIT */
/*
 * The validator and the machine answer an operand declaration with the same rule (src/isa/rules.c,
 * `operand-decl`): an indirect or address operand names an element of a declared address variable
 * ("addr_offset: the offset, in number of elements, applied on the address variable",
 * 5_operands.md), and a state operand an element of a declared surface ("offset: the offset, in
 * number of elements"), and each opcode's operand classes come from the instruction table. Each
 * program is refused by `vsmp check` and by vsmp_machine_create under the same id.
 */
#include <stdio.h>
#include <string.h>

#include "exec_kit.h"

static void same_rule(const char *text, const char *rule, const char *what)
{
    vsmp_module *mod = kit_parse_ok(text, VSMP_DIALECT_12504);
    if (mod)
        kit_same_rule(mod, VSMP_PLATFORM_TGLLP, rule, what);
    vsmp_module_free(mod);
}

/* Both accept: the same program with its operands in bounds. */
static void both_accept(const char *text, const char *what)
{
    vsmp_module *mod = kit_parse_ok(text, VSMP_DIALECT_12504);
    if (!mod)
        return;
    const char *vr = "";
    bool checked = kit_checks(mod, VSMP_PLATFORM_TGLLP, &vr);
    kit_why why;
    vsmp_machine *m = kit_create(mod, VSMP_PLATFORM_TGLLP, NULL, &why);
    CHECK(checked && m, "%s: accepted (validator %s, machine %s)", what, vr, m ? "" : why.rule);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

#define HEAD                                                                                       \
    ".version 4.1\n.kernel \"t\"\n"                                                                \
    ".decl A v_type=G type=ud num_elts=16 align=GRF\n"                                             \
    ".decl AD v_type=A num_elts=1\n"

static void test_address_rows(void)
{
    both_accept(HEAD "addr_add (M1_NM, 1) AD(0)<1> &A 0x20:uw\n"
                     "mov (M1, 8) r[AD(0),0]<1>:ud A(0,0)<1;1,0>\nret (M1, 1)\n",
                "indirect through AD(0)");
    /* AD has one element: AD(3) is not one of them (the validator took it) */
    same_rule(HEAD "addr_add (M1_NM, 1) AD(0)<1> &A 0x20:uw\n"
                   "mov (M1, 8) r[AD(3),0]<1>:ud A(0,0)<1;1,0>\nret (M1, 1)\n",
              "operand-decl", "indirect destination through AD(3)");
    same_rule(HEAD "addr_add (M1_NM, 1) AD(0)<1> &A 0x20:uw\n"
                   "mov (M1, 8) A(0,0)<1> r[AD(1),4]<1;1,0>:ud\nret (M1, 1)\n",
              "operand-decl", "indirect source through AD(1)");
    /* an address operand past its variable's one element */
    same_rule(HEAD "addr_add (M1_NM, 1) AD(2)<1> &A 0x20:uw\nret (M1, 1)\n", "operand-decl",
              "address destination AD(2)");
}

static void test_state_rows(void)
{
    const char *ok = ".version 4.1\n.kernel \"t\"\n.decl buf v_type=T num_elts=1\n"
                     "movs (M1_NM, 1) buf(0) 0x3:ud\nret (M1, 1)\n";
    both_accept(ok, "surface element 0");
    /* buf has one element: buf(2) is not one (the validator took it, the machine called it an
     * unimplemented pre-defined surface) */
    same_rule(".version 4.1\n.kernel \"t\"\n.decl buf v_type=T num_elts=1\n"
              "movs (M1_NM, 1) buf(2) 0x3:ud\nret (M1, 1)\n",
              "operand-decl", "surface element 2 of 1");
}

/* operand classes by the table's opnds column: the validator refused these and the machine ran
 * them */
static void test_opnd_classes(void)
{
    const char *head = ".version 4.1\n.kernel \"t\"\n"
                       ".decl A v_type=G type=d num_elts=8 align=GRF\n"
                       ".decl P1 v_type=P num_elts=8\n";
    char text[512];
    /* VEC: add takes no predicate source */
    snprintf(text, sizeof(text), "%sadd (M1, 8) A(0,0)<1> P1 A(0,0)<1;1,0>\nret (M1, 1)\n", head);
    same_rule(text, "operand-class", "add of a predicate");
    /* BITS: and takes one */
    snprintf(text, sizeof(text), "%sand (M1, 8) P1 P1 P1\nret (M1, 1)\n", head);
    both_accept(text, "and of predicates");
    /* CMP: cmp writes a predicate or a general variable, never an address */
    snprintf(text, sizeof(text),
             "%s.decl AD v_type=A num_elts=8\n"
             "cmp.lt (M1, 8) AD(0)<1> A(0,0)<1;1,0> 0x1:d\nret (M1, 1)\n",
             head);
    same_rule(text, "operand-class", "cmp into an address");
}

/* media_ld / media_st (MEDIA_LD.md, MEDIA_ST.md, GenX_IR's IsaVerification): the block fits one
 * transaction, width and height 1..64 with pitch x height <= 256 bytes, the plane 0..3, not
 * T0, and integer offsets of 32 bits or less: `media-block` and `type` in both (the validator
 * took every form and the machine refused media_ld as not implemented) */
static void test_media(void)
{
    const char *head = ".version 4.1\n.kernel \"t\"\n"
                       ".decl img v_type=T num_elts=1\n"
                       ".decl D v_type=G type=ud num_elts=64 align=GRF\n"
                       ".decl X v_type=G type=ud num_elts=1 align=dword\n"
                       ".decl Q v_type=G type=uq num_elts=1 align=qword\n";
    static const struct {
        const char *inst, *rule, *what;
    } cases[] = {
        {"media_ld.nomod (32,1) img 0 X(0,0)<0;1,0> X(0,0)<0;1,0> D.0", "", "IGC's (32,1)"},
        {"media_ld.nomod (64,4) img 0 0x0:ud 0x0:ud D.0", "", "(64,4): 256 bytes"},
        {"media_st.nomod (4,64) img 0 0x0:ud 0x0:ud D.0", "", "media_st (4,64)"},
        {"media_ld.nomod (65,1) img 0 0x0:ud 0x0:ud D.0", "media-block", "width 65"},
        {"media_ld.nomod (0,1) img 0 0x0:ud 0x0:ud D.0", "media-block", "width 0"},
        {"media_ld.nomod (4,65) img 0 0x0:ud 0x0:ud D.0", "media-block", "height 65"},
        {"media_ld.nomod (9,32) img 0 0x0:ud 0x0:ud D.0", "media-block", "pitch 16 x 32 rows"},
        {"media_st.nomod (33,8) img 0 0x0:ud 0x0:ud D.0", "media-block", "pitch 64 x 8 rows"},
        {"media_ld.nomod (4,1) img 4 0x0:ud 0x0:ud D.0", "media-block", "plane 4"},
        {"media_ld.nomod (4,1) %slm 0 0x0:ud 0x0:ud D.0", "media-block", "T0 (%slm)"},
        {"media_st.nomod (4,1) %scratch 0 0x0:ud 0x0:ud D.0", "media-block", "T5 (%scratch)"},
        {"media_ld.nomod (4,1) img 0 Q(0,0)<0;1,0> 0x0:ud D.0", "type", "a UQ X offset"},
        {"media_st.nomod (4,1) img 0 0x0:ud 0x0:f D.0", "type", "an F Y offset"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char text[512];
        snprintf(text, sizeof(text), "%s%s\nret (M1, 1)\n", head, cases[i].inst);
        if (cases[i].rule[0])
            same_rule(text, cases[i].rule, cases[i].what);
        else
            both_accept(text, cases[i].what);
    }
}

int main(void)
{
    test_address_rows();
    test_state_rows();
    test_opnd_classes();
    test_media();
    return t_finish();
}
