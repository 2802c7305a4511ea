/* SPDX-License-Identifier: MIT */
/* A program that uses an installed vsmp, written in the common subset of C11 and C++11 (built
 * as both by install_test.sh): the version, the codec, the validator and the sampler, through
 * the public headers only. Exit 0 when every value is the expected one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vsmp/vsmp.h>

static int failed;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL: %s\n", what);
        failed++;
    }
}

static const char program[] = ".version 4.1\n"
                              ".kernel \"k\"\n"
                              ".decl U v_type=G type=f num_elts=16 align=GRF\n"
                              ".decl V v_type=G type=f num_elts=16 align=GRF\n"
                              ".decl C v_type=G type=f num_elts=64 align=GRF\n"
                              ".decl smp v_type=S num_elts=1\n"
                              ".decl tex v_type=T num_elts=1\n"
                              ".input smp offset=0 size=4\n"
                              ".input tex offset=8 size=4\n"
                              "    sample_lz.RGBA (M1, 16) 0x0:uw smp tex C.0 U.0 V.0\n"
                              "    ret (M1, 1)\n";

static void codec(void)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_module *m = NULL;
    check(vsmp_text_parse(program, sizeof(program) - 1, VSMP_DIALECT_12504, &m, &d) == VSMP_OK,
          "parse");
    vsmp_write_options wo;
    vsmp_write_options_init(&wo);
    size_t need = 0;
    check(m && vsmp_module_write(m, &wo, NULL, 0, &need, &d) == VSMP_ERR_SPACE && need > 4,
          "size of the binary");
    uint8_t *bin = (uint8_t *)malloc(need ? need : 1);
    size_t got = 0;
    check(m && bin && vsmp_module_write(m, &wo, bin, need, &got, &d) == VSMP_OK && got == need,
          "write");
    check(bin && got >= 4 && memcmp(bin, "CISA", 4) == 0, "the binary starts with CISA");
    vsmp_read_options ro;
    vsmp_read_options_init(&ro);
    vsmp_module *back = NULL;
    check(bin && vsmp_module_read(bin, got, &ro, &back, &d) == VSMP_OK, "read back");
    vsmp_check_options co;
    vsmp_check_options_init(&co);
    check(co.platform == VSMP_PLATFORM_TGLLP, "the validator's default platform is TGLLP");
    check(back && vsmp_module_check(back, &co, &d) == VSMP_OK, "a valid program checks clean");
    vsmp_print_options po;
    vsmp_print_options_init(&po);
    char text[1024];
    size_t len = back ? vsmp_text_print(back, &po, text, sizeof(text), &d) : 0;
    check(len > 0 && len < sizeof(text) && strstr(text, "sample_lz") != NULL,
          "printed back as text");
    if (d.count)
        vsmp_diags_print(&d, "consumer", stdout);
    vsmp_module_free(back);
    vsmp_module_free(m);
    free(bin);
    vsmp_diags_free(&d);
}

/* A 2x1 R32_FLOAT surface holding 0 and 1, bilinear, clamp. At u = 0.5 the texel-space x is
 * 0.5 * 2 - 0.5 = 0.5: halfway between texel 0 and texel 1, so (0 + 1) / 2 = 0.5 in R, with
 * G = B = 0 and A = 1 (missing channels). At u = 0 x = -0.5 clamps to texel 0: 0. */
static void sampler(void)
{
    vsmp_surface_desc sd;
    vsmp_surface_desc_init(&sd);
    sd.format = VSMP_FORMAT_R32_FLOAT;
    sd.width = 2;
    vsmp_surface *surf = NULL;
    check(vsmp_surface_create(&sd, &surf, NULL) == VSMP_OK, "surface");
    if (!surf)
        return;
    for (uint32_t x = 0; x < 2; x++) {
        vsmp_texel t;
        memset(&t, 0, sizeof(t));
        t.f[0] = (float)x;
        check(vsmp_surface_store(surf, 0, 0, x, 0, &t) == VSMP_OK, "store");
    }
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    st.address[0] = st.address[1] = st.address[2] = VSMP_TCM_CLAMP;
    vsmp_plan *plan = NULL;
    check(vsmp_plan_create(surf, &st, VSMP_SUB_SAMPLE_LZ, &plan, NULL) == VSMP_OK, "plan");
    float u[2] = {0.5f, 0.0f}, v[2] = {0.5f, 0.5f};
    uint32_t ub[2], vb[2];
    memcpy(ub, u, sizeof(ub));
    memcpy(vb, v, sizeof(vb));
    vsmp_message msg;
    memset(&msg, 0, sizeof(msg));
    msg.simd = 2;
    msg.mask = 3;
    msg.param[VSMP_P_U] = ub;
    msg.param[VSMP_P_V] = vb;
    vsmp_result res;
    memset(&res, 0, sizeof(res));
    check(plan && vsmp_plan_run(plan, &msg, &res) == VSMP_OK, "run");
    float r[4], r1;
    for (int c = 0; c < 4; c++)
        memcpy(&r[c], &res.c[c][0], 4);
    memcpy(&r1, &res.c[0][1], 4);
    check(r[0] == 0.5f && r[1] == 0.0f && r[2] == 0.0f && r[3] == 1.0f,
          "bilinear halfway between 0 and 1 gives (0.5, 0, 0, 1)");
    check(r1 == 0.0f, "u = 0 clamps to texel 0");
    vsmp_plan_free(plan);
    vsmp_surface_free(surf);
}

int main(void)
{
    check(strcmp(vsmp_version(), VSMP_VERSION_STRING) == 0, "vsmp_version()");
    check(vsmp_version_number() == VSMP_VERSION_NUMBER, "vsmp_version_number()");
    check(VSMP_VERSION_NUMBER ==
              VSMP_VERSION_MAJOR * 10000 + VSMP_VERSION_MINOR * 100 + VSMP_VERSION_PATCH,
          "VSMP_VERSION_NUMBER");
    codec();
    sampler();
#ifdef __cplusplus
    const char *lang = "C++";
#else
    const char *lang = "C";
#endif
    printf("%s consumer of vsmp %s: %s\n", lang, vsmp_version(), failed ? "FAILED" : "ok");
    return failed ? 1 : 0;
}
