/* SPDX-License-Identifier: MIT */
/* Strict reading of JSON job files: every value is read through these helpers, which check its
 * type and range and name its place as a JSON path ("surface.width", "lanes[3].u"). */
#ifndef VSMP_TOOLS_JOB_JSON_H
#define VSMP_TOOLS_JOB_JSON_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct jerr {
    char msg[512];
} jerr;

/* Set the error message. @return -1. */
int jfail(jerr *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Parse a whole document: one JSON value, then only whitespace. Strict JSON (no comments,
 * no trailing commas, no single quotes). @return the value, or NULL with a message. */
json_object *jparse(const char *text, size_t size, jerr *e);

/* "path.key" or "key" (path empty), into buf. @return buf. */
const char *jpath(char *buf, size_t n, const char *path, const char *key);
/* "path[i]" into buf. @return buf. */
const char *jpath_idx(char *buf, size_t n, const char *path, size_t i);

/* The value of key k in object o, or NULL when absent. */
json_object *jfield(json_object *o, const char *k);

/* The name in names[0..n) closest to s (edit distance at most 2, and less than s's length),
 * or NULL. */
const char *jclosest(const char *s, const char *const *names, size_t n);

/* @p o is an object whose keys are all in @p keys (NULL-terminated); an unknown key is named with
 * its path and the closest valid key. @return 0 or -1. */
int jcheck_object(json_object *o, const char *path, const char *const *keys, jerr *e);
/* The same, with @p null_ok: a known key's null left to the key's own read. */
int jcheck_keys(json_object *o, const char *path, const char *const *keys, bool null_ok, jerr *e);

/* Typed reads of value v at path. @return 0 or -1 (v of another type, or out of range). */
int jval_num(json_object *v, const char *path, double *out, jerr *e); /* int or double */
int jval_int(json_object *v, const char *path, int64_t lo, int64_t hi, int64_t *out, jerr *e);
int jval_bool(json_object *v, const char *path, bool *out, jerr *e);
int jval_str(json_object *v, const char *path, const char **out, jerr *e);
/* A string naming one of names[0..n) (case-insensitive; NULL entries skipped). */
int jval_enum(json_object *v, const char *path, const char *const *names, int n, int *out, jerr *e);
/* An array of lo..hi elements. */
int jval_array(json_object *v, const char *path, size_t lo, size_t hi, size_t *len, jerr *e);

/* The same for key k of object o at path: absent keys leave *out alone and return 0. */
int jget_num(json_object *o, const char *path, const char *k, double *out, jerr *e);
int jget_int(json_object *o, const char *path, const char *k, int64_t lo, int64_t hi, int64_t *out,
             jerr *e);
int jget_u32(json_object *o, const char *path, const char *k, uint32_t hi, uint32_t *out, jerr *e);
int jget_bool(json_object *o, const char *path, const char *k, bool *out, jerr *e);
int jget_str(json_object *o, const char *path, const char *k, const char **out, jerr *e);
int jget_enum(json_object *o, const char *path, const char *k, const char *const *names, int n,
              int *out, jerr *e);

#endif
