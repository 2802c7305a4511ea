/* SPDX-License-Identifier: MIT */
/*
 * The format module's pack and unpack, driven line by line from stdin so that an independent
 * encoder (tests/format/format_vectors.py) can check every format against its own arithmetic.
 * Words are hexadecimal: texel channels as their 32-bit patterns (float bits or integers),
 * memory as bytes.
 *
 *   list                              -> one line per format: NAME BYTES BLOCK_W BLOCK_H PLANES
 *   pack FMT W0 W1 W2 W3              -> the packed texel's bytes (from zeroed memory)
 *   unpack FMT BYTES                  -> W0 W1 W2 W3
 *   block FMT BYTES X Y               -> W0 W1 W2 W3 of texel (x, y) of a block
 *   packblock FMT BYTES X W0..W3      -> the block's bytes after packing texel x into it
 *   planar FMT W0..W3                 -> the Y texel's bytes and the chroma pair's bytes
 *   unplanar FMT LUMA CHROMA          -> W0 W1 W2 W3
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"

static const vsmp_format_info *fmt(const char *name)
{
    vsmp_format f;
    return vsmp_format_find(name, &f) ? NULL : vsmp_format_get(f);
}

static int hex_bytes(const char *s, uint8_t *out, size_t cap, size_t *n)
{
    size_t len = strlen(s);
    if (len % 2 || len / 2 > cap)
        return -1;
    for (size_t i = 0; i < len / 2; i++) {
        char two[3] = {s[2 * i], s[2 * i + 1], 0};
        char *end;
        out[i] = (uint8_t)strtoul(two, &end, 16);
        if (*end)
            return -1;
    }
    *n = len / 2;
    return 0;
}

static void put_bytes(const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
}

static void put_texel(const vsmp_texel *t)
{
    printf("%08x %08x %08x %08x\n", t->u[0], t->u[1], t->u[2], t->u[3]);
}

static int get_texel(char **tok, vsmp_texel *t)
{
    for (int c = 0; c < 4; c++) {
        char *s = strtok_r(NULL, " \n", tok), *end;
        if (!s)
            return -1;
        t->u[c] = (uint32_t)strtoul(s, &end, 16);
        if (*end)
            return -1;
    }
    return 0;
}

static int command(char *line)
{
    char *tok, *cmd = strtok_r(line, " \n", &tok);
    if (!cmd)
        return 0;
    if (!strcmp(cmd, "list")) {
        for (size_t i = 0; i < vsmp_format_count(); i++) {
            const vsmp_format_info *fi = vsmp_format_at(i);
            printf("%s %u %u %u %u\n", fi->name, fi->bytes, fi->block_w, fi->block_h, fi->planes);
        }
        return 0;
    }
    const char *name = strtok_r(NULL, " \n", &tok);
    const vsmp_format_info *fi = name ? fmt(name) : NULL;
    if (!fi)
        return -1;
    uint8_t mem[16] = {0}, chroma[8] = {0};
    size_t n = 0;
    vsmp_texel t;
    memset(&t, 0, sizeof(t));
    if (!strcmp(cmd, "pack")) {
        if (get_texel(&tok, &t))
            return -1;
        vsmp_format_pack(fi, &t, mem);
        put_bytes(mem, fi->bytes);
        putchar('\n');
    } else if (!strcmp(cmd, "unpack")) {
        const char *b = strtok_r(NULL, " \n", &tok);
        if (!b || hex_bytes(b, mem, sizeof(mem), &n) || n != fi->bytes)
            return -1;
        vsmp_format_unpack(fi, mem, &t);
        put_texel(&t);
    } else if (!strcmp(cmd, "block") || !strcmp(cmd, "packblock")) {
        const char *b = strtok_r(NULL, " \n", &tok), *xs = strtok_r(NULL, " \n", &tok);
        if (!b || !xs || hex_bytes(b, mem, sizeof(mem), &n) || n != fi->bytes)
            return -1;
        unsigned x = (unsigned)atoi(xs);
        if (!strcmp(cmd, "block")) {
            const char *ys = strtok_r(NULL, " \n", &tok);
            if (!ys)
                return -1;
            vsmp_format_unpack_block(fi, mem, x, (unsigned)atoi(ys), &t);
            put_texel(&t);
        } else {
            if (get_texel(&tok, &t) || vsmp_format_pack_block(fi, &t, x, mem))
                return -1;
            put_bytes(mem, fi->bytes);
            putchar('\n');
        }
    } else if (!strcmp(cmd, "planar")) {
        if (get_texel(&tok, &t))
            return -1;
        vsmp_format_pack_planar(fi, &t, mem, chroma);
        put_bytes(mem, fi->bytes);
        putchar(' ');
        put_bytes(chroma, 2u * fi->bytes);
        putchar('\n');
    } else if (!strcmp(cmd, "unplanar")) {
        const char *l = strtok_r(NULL, " \n", &tok), *c = strtok_r(NULL, " \n", &tok);
        size_t m = 0;
        if (!l || !c || hex_bytes(l, mem, sizeof(mem), &n) ||
            hex_bytes(c, chroma, sizeof(chroma), &m) || n != fi->bytes || m != 2u * fi->bytes)
            return -1;
        vsmp_format_unpack_planar(fi, mem, chroma, &t);
        put_texel(&t);
    } else {
        return -1;
    }
    return 0;
}

int main(void)
{
    char line[512];
    while (fgets(line, sizeof(line), stdin)) {
        if (command(line)) {
            printf("error\n");
            return 1;
        }
        fflush(stdout);
    }
    return 0;
}
