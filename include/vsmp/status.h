/* SPDX-License-Identifier: MIT */
#ifndef VSMP_STATUS_H
#define VSMP_STATUS_H

/**
 * @file status.h
 * Status codes and compiler-style diagnostics shared by every part of vsmp.
 */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(VSMP_BUILDING) && defined(__GNUC__)
#define VSMP_API __attribute__((visibility("default")))
#else
#define VSMP_API
#endif

/** Status of a call: VSMP_OK is zero, every error is negative, so `if (st)` reads "if it failed".
 *  Values are pinned: new codes are only ever appended. */
typedef enum vsmp_status {
    VSMP_OK = 0,
    VSMP_ERR_ARG = -1,         /**< an argument is invalid (NULL, out of range) */
    VSMP_ERR_NOMEM = -2,       /**< memory allocation failed */
    VSMP_ERR_TRUNCATED = -3,   /**< the input ends inside a field */
    VSMP_ERR_MALFORMED = -4,   /**< the input violates the format */
    VSMP_ERR_UNSUPPORTED = -5, /**< well-formed input that vsmp does not implement */
    VSMP_ERR_SPACE = -6,       /**< the output buffer is too small */
    VSMP_ERR_UNENCODABLE = -7, /**< the model cannot be expressed in the requested format */
    VSMP_ERR_SYNTAX = -8,      /**< text input did not parse */
    VSMP_ERR_INVALID = -9,     /**< the program breaks a rule of the specification */
    VSMP_ERR_IO = -10,         /**< reading or writing a file failed */
    VSMP_ERR_CANCELLED = -11,  /**< stopped on request (vsmp_launch_options.cancel) */
} vsmp_status;

/** @return a static, human-readable name for @p st ("ok", "truncated input", ...). */
VSMP_API const char *vsmp_status_str(vsmp_status st);

/** Severity of a diagnostic. */
typedef enum vsmp_severity {
    VSMP_SEV_ERROR = 0,   /**< the program is invalid */
    VSMP_SEV_WARNING = 1, /**< legal but suspicious, or not portable */
    VSMP_SEV_NOTE = 2,    /**< extra information attached to the previous diagnostic */
} vsmp_severity;

#define VSMP_DIAG_MSG_MAX 240

/** One diagnostic. Text inputs fill line/column (1-based); binary inputs fill offset (file
 *  offset of the instruction or field, -1 when unknown). */
typedef struct vsmp_diag {
    vsmp_severity severity;
    uint32_t line;      /**< 1-based line, 0 when not from text */
    uint32_t column;    /**< 1-based column, 0 when unknown */
    int64_t offset;     /**< byte offset in a binary input, -1 when not from a binary */
    const char *rule;   /**< stable rule identifier (e.g. "numparams"), static storage */
    int at_instruction; /**< offset is the start of an instruction (else of a field) */
    char message[VSMP_DIAG_MSG_MAX];
} vsmp_diag;

/**
 * A growable list of diagnostics. Zero-initialise it, or call vsmp_diags_init(); both leave it
 * unlimited. Set @c limit to keep at most that many diagnostics of each severity (like a
 * compiler's error limit): the ones past it are counted, not kept, so a long input full of
 * mistakes costs no memory beyond the limit. vsmp_diags_free() keeps the limit.
 */
typedef struct vsmp_diags {
    vsmp_diag *items;
    size_t count;
    size_t capacity;
    size_t errors;   /**< number of VSMP_SEV_ERROR diagnostics added, kept or not */
    size_t warnings; /**< number of VSMP_SEV_WARNING diagnostics added, kept or not */
    size_t dropped;  /**< diagnostics not kept: past the limit, or memory ran out */
    size_t limit;    /**< most diagnostics kept per severity; 0 = unlimited */
    size_t notes;    /**< number of VSMP_SEV_NOTE diagnostics added, kept or not */
} vsmp_diags;

/** Initialise an empty list. */
VSMP_API void vsmp_diags_init(vsmp_diags *d);
/** Release the list's memory; the list is empty afterwards. */
VSMP_API void vsmp_diags_free(vsmp_diags *d);
/**
 * Append a diagnostic (printf-style message, truncated to VSMP_DIAG_MSG_MAX - 1 bytes).
 * @return VSMP_OK, or VSMP_ERR_NOMEM (the diagnostic is counted in @c dropped).
 */
VSMP_API vsmp_status vsmp_diags_add(vsmp_diags *d, vsmp_severity sev, const char *rule,
                                    uint32_t line, uint32_t column, int64_t offset, const char *fmt,
                                    ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;
/** vsmp_diags_add with the message's arguments in a va_list (for a caller's own printf-style
 * reporting function). */
VSMP_API vsmp_status vsmp_diags_vadd(vsmp_diags *d, vsmp_severity sev, const char *rule,
                                     uint32_t line, uint32_t column, int64_t offset,
                                     const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 0)))
#endif
    ;
/**
 * Print every diagnostic like a compiler: `file:line:col: error: message [rule]` for text,
 * `file: instruction at 0x1c6: error: message [rule]` for binaries; then how many were not
 * kept, `file: ... and 2499980 more errors`.
 */
VSMP_API void vsmp_diags_print(const vsmp_diags *d, const char *file, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
