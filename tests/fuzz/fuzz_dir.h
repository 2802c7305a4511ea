/* SPDX-License-Identifier: MIT */
/* A private scratch directory for the description fuzz targets (fuzz_run, fuzz_launchjob). The
 * fixed files a description may name (committed kernels, a PNG) are copied in and restored
 * before each input, which also removes whatever the previous one saved. An input whose strings
 * could name a path outside the directory ('/' or "..") is skipped, so the target writes nothing
 * outside it. A fixed file whose source ends in .gz is decompressed (gzip -dc). Header-only: each
 * target is one translation unit (which defines _GNU_SOURCE). */
#ifndef VSMP_FUZZ_DIR_H
#define VSMP_FUZZ_DIR_H

#include <dirent.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct fuzz_file {
    const char *src; /* absolute path in the source tree */
    const char *name;
    char *data;
    size_t size;
} fuzz_file;

static char fuzz_dir[64];

static void fuzz_dir_clear(void)
{
    DIR *d = opendir(fuzz_dir);
    if (!d)
        abort();
    struct dirent *e;
    char path[512];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof(path), "%s/%s", fuzz_dir, e->d_name);
            if (unlink(path))
                rmdir(path);
        }
    closedir(d);
}

static void fuzz_dir_remove(void)
{
    fuzz_dir_clear();
    rmdir(fuzz_dir);
}

/* A gzipped fixed file (the corpus keeps its kernels so), through gzip -dc. */
static void fuzz_read_gz(fuzz_file *file)
{
    char cmd[1024];
    snprintf(cmd, sizeof(cmd), "gzip -dc '%s'", file->src);
    FILE *p = popen(cmd, "r");
    size_t cap = 1 << 16, n = 0, got;
    char *b = malloc(cap);
    while (p && b && (got = fread(b + n, 1, cap - n, p)) > 0) {
        n += got;
        if (n == cap && !(b = realloc(b, cap *= 2)))
            abort();
    }
    if (!p || pclose(p) != 0 || !b || !n)
        abort();
    file->data = b;
    file->size = n;
}

/* Copy the fixed files in (once) and restore them; remove everything else. */
static void fuzz_dir_reset(fuzz_file *files, unsigned n)
{
    if (!fuzz_dir[0]) {
        snprintf(fuzz_dir, sizeof(fuzz_dir), "/tmp/vsmp-fuzz-XXXXXX");
        if (!mkdtemp(fuzz_dir))
            abort();
        for (unsigned i = 0; i < n; i++) {
            size_t sl = strlen(files[i].src);
            if (sl > 3 && strcmp(files[i].src + sl - 3, ".gz") == 0) {
                fuzz_read_gz(&files[i]);
                continue;
            }
            FILE *f = fopen(files[i].src, "rb");
            if (!f || fseek(f, 0, SEEK_END))
                abort();
            long len = ftell(f);
            rewind(f);
            files[i].data = malloc(len > 0 ? (size_t)len : 1);
            if (len < 0 || !files[i].data || fread(files[i].data, 1, (size_t)len, f) != (size_t)len)
                abort();
            files[i].size = (size_t)len;
            fclose(f);
        }
        atexit(fuzz_dir_remove);
    }
    fuzz_dir_clear();
    char path[512];
    for (unsigned i = 0; i < n; i++) {
        snprintf(path, sizeof(path), "%s/%s", fuzz_dir, files[i].name);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(files[i].data, 1, files[i].size, f) != files[i].size || fclose(f))
            abort();
    }
}

/* False when a string anywhere in @p v could leave the directory. */
static bool fuzz_paths_ok(json_object *v)
{
    switch (json_object_get_type(v)) {
    case json_type_string: {
        const char *s = json_object_get_string(v);
        size_t len = (size_t)json_object_get_string_len(v);
        return strlen(s) == len && !strchr(s, '/') && !strstr(s, "..");
    }
    case json_type_array:
        for (size_t i = 0; i < json_object_array_length(v); i++)
            if (!fuzz_paths_ok(json_object_array_get_idx(v, i)))
                return false;
        return true;
    case json_type_object: {
        json_object_object_foreach(v, k, e)
        {
            (void)k;
            if (!fuzz_paths_ok(e))
                return false;
        }
        return true;
    }
    default:
        return true;
    }
}

/* The input parsed for the pre-checks (NULL when it is not JSON: still run, it fails early). */
static json_object *fuzz_parse(const uint8_t *data, size_t size)
{
    json_tokener *tok = json_tokener_new();
    json_object *root = tok ? json_tokener_parse_ex(tok, (const char *)data, (int)size) : NULL;
    if (tok)
        json_tokener_free(tok);
    return root;
}

#endif
