/* SPDX-License-Identifier: MIT */
/* The surface memory budget (vsmp_surface_desc.max_memory): what a surface needs is counted
 * before anything is allocated; over the budget, creation fails with VSMP_ERR_NOMEM and says
 * so. Sizes by hand: RGBA8 is 4 bytes a texel; the residency map is a byte per 64 KiB tile. */
#include "testlib.h"
#include "vsmp/vsmp.h"

static vsmp_status create(vsmp_surface_desc *d, vsmp_diags *dg)
{
    vsmp_surface *s = NULL;
    vsmp_diags_init(dg);
    vsmp_status st = vsmp_surface_create(d, &s, dg);
    vsmp_surface_free(s);
    return st;
}

int main(void)
{
    vsmp_surface_desc d;
    vsmp_diags dg;
    vsmp_surface_desc_init(&d);
    d.width = d.height = 64; /* 64 * 64 * 4 = 16384 bytes, one tile: 16385 */
    d.max_memory = 16384;
    vsmp_status st = create(&d, &dg);
    CHECK(st == VSMP_ERR_NOMEM && dg.count == 1 && !strcmp(dg.items[0].rule, "memory") &&
              strstr(dg.items[0].message, "needs 16385 bytes, over the memory budget of 16384"),
          "64x64 RGBA8 over a 16384-byte budget: %d %s", st, dg.count ? dg.items[0].message : "");
    vsmp_diags_free(&dg);
    d.max_memory = 16385;
    CHECK(create(&d, &dg) == VSMP_OK, "64x64 RGBA8 within 16385 bytes");
    vsmp_diags_free(&dg);
    /* the MCS plane counts: 4x MCS 8x8 = 64 pixels of 8 bytes = 512; planes 8 * 8 * 4 * 4 = 1024;
     * one tile: 1537 */
    vsmp_surface_desc_init(&d);
    d.width = d.height = 8;
    d.samples = 4;
    d.mcs = true;
    d.max_memory = 1536;
    CHECK(create(&d, &dg) == VSMP_ERR_NOMEM, "MCS surface over budget");
    vsmp_diags_free(&dg);
    d.max_memory = 1537;
    CHECK(create(&d, &dg) == VSMP_OK, "MCS surface within budget");
    vsmp_diags_free(&dg);
    /* caller memory is not allocated by vsmp: only the residency map counts */
    static uint8_t mem[16384];
    vsmp_surface_desc_init(&d);
    d.width = d.height = 64;
    d.data = mem;
    d.data_size = sizeof(mem);
    d.max_memory = 1;
    CHECK(create(&d, &dg) == VSMP_OK, "caller memory is outside the budget");
    vsmp_diags_free(&dg);
    /* RGBA32F 16384^2 = 4 GiB: refused at once under a 1 GiB budget (nothing allocated) */
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R32G32B32A32_FLOAT;
    d.width = d.height = 16384;
    d.max_memory = (size_t)1 << 30;
    CHECK(create(&d, &dg) == VSMP_ERR_NOMEM, "4 GiB surface, 1 GiB budget");
    vsmp_diags_free(&dg);
    return t_finish();
}
