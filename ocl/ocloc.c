/* SPDX-License-Identifier: MIT */
/*
 * ocloc in a child process (fork and exec in a private temporary directory, its output to a log
 * file there), and the disk cache of its zebins. A cache file holds the whole key it was made
 * for (compared byte for byte on a hit, so two keys never share a zebin), then the zebin and the
 * log:
 *
 *   "VSMPZC1\n", u64 key bytes, key, u64 zebin bytes, zebin, u64 log bytes, log   (little-endian)
 *
 * The key: ocloc's path and driver version (`ocloc query OCL_DRIVER_VERSION`), the device, both
 * option strings, the IGC_* variables of the environment (IGC reads them: they change the
 * code) and the source.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ocloc.h"
#include "zebin.h"

extern char **environ;

#define MAX_ZEBIN VSMP_OCL_MAX_ZEBIN

static vsmp_status oerr(vsmp_diags *d, vsmp_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static vsmp_status oerr(vsmp_diags *d, vsmp_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags_vadd(d, VSMP_SEV_ERROR, "ocloc", 0, 0, -1, fmt, ap);
    va_end(ap);
    return st;
}

void vsmp_ocl_build_init(vsmp_ocl_build *b)
{
    memset(b, 0, sizeof(*b));
}

/* ---- growable bytes ---- */

typedef struct buf {
    char *p;
    size_t n, cap;
    bool oom;
} buf;

static void put(buf *b, const void *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static void puts_(buf *b, const char *s)
{
    put(b, s, strlen(s));
}

static void put64(buf *b, uint64_t v)
{
    uint8_t x[8];
    for (int i = 0; i < 8; i++)
        x[i] = (uint8_t)(v >> (8 * i));
    put(b, x, 8);
}

/* ---- files ---- */

/* Read at most @p max bytes of @p path; *too_big when it has more. NULL with errno set. */
static char *slurp(const char *path, size_t max, size_t *size, bool *too_big)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    buf b = {0};
    char chunk[65536];
    *too_big = false;
    for (;;) {
        ssize_t r = read(fd, chunk, sizeof(chunk));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        if (b.n + (size_t)r > max) {
            *too_big = true;
            break;
        }
        put(&b, chunk, (size_t)r);
    }
    close(fd);
    if (b.oom) {
        free(b.p);
        errno = ENOMEM;
        return NULL;
    }
    if (!b.p)
        put(&b, "", 0);
    *size = b.n;
    return b.p;
}

/* Write @p n bytes to the open @p fd and close it. */
static bool spill_fd(int fd, const void *data, size_t n)
{
    const char *p = data;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            close(fd);
            return false;
        }
        p += w;
        n -= (size_t)w;
    }
    return close(fd) == 0;
}

static bool spill(const char *path, const void *data, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    return fd >= 0 && spill_fd(fd, data, n);
}

/* Remove the temporary directory and what ocloc left in it (files only). */
static void remove_dir(const char *dir)
{
    DIR *dp = opendir(dir);
    if (dp) {
        struct dirent *e;
        char path[4200];
        while ((e = readdir(dp)))
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
                snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
                if (unlink(path))
                    rmdir(path);
            }
        closedir(dp);
    }
    rmdir(dir);
}

/* The program to run: @p name if it holds a '/', else the first executable on $PATH. */
static bool find_program(const char *name, char *out, size_t cap)
{
    if (strchr(name, '/')) {
        snprintf(out, cap, "%s", name);
        return access(out, X_OK) == 0;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        if (n && (size_t)snprintf(out, cap, "%.*s/%s", (int)n, path, name) < cap &&
            access(out, X_OK) == 0)
            return true;
        path += n;
        if (*path == ':')
            path++;
    }
    return false;
}

/* Run @p argv (argv[0] a path) in @p dir, stdout and stderr to @p logpath, stdin /dev/null.
 * *status: the exit status, or -signal. The child runs only async-signal-safe calls between
 * fork and exec (the caller may have threads). */
static vsmp_status run(char *const argv[], const char *dir, const char *logpath, unsigned timeout,
                       int *status, vsmp_diags *d)
{
    pid_t pid = fork();
    if (pid < 0)
        return oerr(d, VSMP_ERR_IO, "cannot start %s: %s", argv[0], strerror(errno));
    if (pid == 0) {
        int lg = open(logpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int nul = open("/dev/null", O_RDONLY);
        if (chdir(dir) || lg < 0 || nul < 0 || dup2(nul, 0) < 0 || dup2(lg, 1) < 0 ||
            dup2(lg, 2) < 0)
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    struct timespec step = {0, 5 * 1000 * 1000};
    uint64_t waited_ns = 0, limit = (uint64_t)(timeout ? timeout : 300) * 1000000000u;
    int ws = 0;
    for (;;) {
        pid_t r = waitpid(pid, &ws, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR) {
            kill(pid, SIGKILL);
            waitpid(pid, &ws, 0);
            return oerr(d, VSMP_ERR_IO, "waiting for %s: %s", argv[0], strerror(errno));
        }
        if (waited_ns >= limit) {
            kill(pid, SIGKILL);
            waitpid(pid, &ws, 0);
            return oerr(d, VSMP_ERR_IO, "%s ran longer than %u s: killed", argv[0],
                        timeout ? timeout : 300);
        }
        nanosleep(&step, NULL);
        waited_ns += (uint64_t)step.tv_nsec;
    }
    *status = WIFEXITED(ws) ? WEXITSTATUS(ws) : WIFSIGNALED(ws) ? -WTERMSIG(ws) : -1;
    return VSMP_OK;
}

static vsmp_status make_tmpdir(char *dir, size_t cap, vsmp_diags *d)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, cap, "%s/vsmp-ocloc-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(dir))
        return oerr(d, VSMP_ERR_IO, "cannot make a temporary directory %s: %s", dir,
                    strerror(errno));
    return VSMP_OK;
}

/* ---- ocloc's version, once per program path ---- */

static pthread_mutex_t version_lock = PTHREAD_MUTEX_INITIALIZER;
static char version_of[4096], version[128];

static vsmp_status driver_version(const char *ocloc, char *out, size_t cap, unsigned timeout,
                                  vsmp_diags *d)
{
    pthread_mutex_lock(&version_lock);
    if (!strcmp(version_of, ocloc)) {
        snprintf(out, cap, "%s", version);
        pthread_mutex_unlock(&version_lock);
        return VSMP_OK;
    }
    pthread_mutex_unlock(&version_lock);
    char dir[4096], logp[4200], vp[4200];
    vsmp_status st = make_tmpdir(dir, sizeof(dir), d);
    if (st)
        return st;
    snprintf(logp, sizeof(logp), "%s/log", dir);
    snprintf(vp, sizeof(vp), "%s/OCL_DRIVER_VERSION", dir);
    char *argv[] = {(char *)ocloc, "query", "OCL_DRIVER_VERSION", NULL};
    int status = -1;
    st = run(argv, dir, logp, timeout, &status, d);
    size_t n = 0;
    bool big = false;
    char *v = st ? NULL : slurp(vp, 127, &n, &big);
    remove_dir(dir);
    if (st)
        return st;
    if (!v || status != 0)
        return oerr(d, VSMP_ERR_IO, "%s query OCL_DRIVER_VERSION: exit %d, no version", ocloc,
                    status);
    while (n && (v[n - 1] == '\n' || v[n - 1] == '\r' || v[n - 1] == ' '))
        v[--n] = 0;
    snprintf(out, cap, "%s", v);
    free(v);
    pthread_mutex_lock(&version_lock);
    snprintf(version_of, sizeof(version_of), "%s", ocloc);
    snprintf(version, sizeof(version), "%s", out);
    pthread_mutex_unlock(&version_lock);
    return VSMP_OK;
}

/* ---- the cache ---- */

static uint64_t fnv1a(const char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)p[i]) * 0x100000001b3u;
    return h;
}

static bool cache_dir(const vsmp_ocl_build *b, char *out, size_t cap)
{
    if (b->cache_dir)
        return (size_t)snprintf(out, cap, "%s", b->cache_dir) < cap;
    const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
    if (x && x[0] == '/')
        return (size_t)snprintf(out, cap, "%s/vsmp", x) < cap;
    if (h && h[0] == '/')
        return (size_t)snprintf(out, cap, "%s/.cache/vsmp", h) < cap;
    return false;
}

/* mkdir -p of the cache directory (0700). */
static bool make_dirs(const char *path)
{
    char p[4096];
    snprintf(p, sizeof(p), "%s", path);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            if (mkdir(p, 0700) && errno != EEXIST)
                return false;
            *s = '/';
        }
    return !mkdir(p, 0700) || errno == EEXIST;
}

static uint64_t get64(const char *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)(uint8_t)p[i] << (8 * i);
    return v;
}

/* A hit: the zebin and log of @p key from @p path. */
static bool cache_read(const char *path, const buf *key, uint8_t **zebin, size_t *zsize, char **log)
{
    size_t n = 0;
    bool big = false;
    char *f = slurp(path, key->n + MAX_ZEBIN + VSMP_OCL_MAX_LOG + 64, &n, &big);
    bool ok = false;
    if (!f || big || n < 8 + 8 || memcmp(f, "VSMPZC1\n", 8))
        goto out;
    size_t at = 8;
    uint64_t kn = get64(f + at);
    at += 8;
    if (kn != key->n || n - at < kn || memcmp(f + at, key->p, kn))
        goto out;
    at += kn;
    if (n - at < 8)
        goto out;
    uint64_t zn = get64(f + at);
    at += 8;
    if (zn > MAX_ZEBIN || n - at < zn + 8)
        goto out;
    const char *z = f + at;
    at += zn;
    uint64_t ln = get64(f + at);
    at += 8;
    if (ln > VSMP_OCL_MAX_LOG || n - at != ln)
        goto out;
    *zebin = malloc(zn ? zn : 1);
    char *l = malloc(ln + 1);
    if (!*zebin || !l) {
        free(*zebin);
        free(l);
        *zebin = NULL;
        goto out;
    }
    memcpy(*zebin, z, zn);
    *zsize = zn;
    memcpy(l, f + at, ln);
    l[ln] = 0;
    if (log)
        *log = l;
    else
        free(l);
    ok = true;
out:
    free(f);
    return ok;
}

/* Best effort: a cache that cannot be written costs a build next time, nothing else. */
static void cache_write(const char *dir, const char *path, const buf *key, const uint8_t *zebin,
                        size_t zsize, const char *log)
{
    if (!make_dirs(dir))
        return;
    buf f = {0};
    puts_(&f, "VSMPZC1\n");
    put64(&f, key->n);
    put(&f, key->p, key->n);
    put64(&f, zsize);
    put(&f, zebin, zsize);
    put64(&f, strlen(log));
    puts_(&f, log);
    /* a file of this writer's own (threads and processes may build the same key at once),
     * renamed over the entry once whole */
    char tmp[4200];
    int n = snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path);
    int fd = f.oom || n < 0 || (size_t)n >= sizeof(tmp) ? -1 : mkstemp(tmp);
    if (fd >= 0) {
        if (spill_fd(fd, f.p, f.n))
            rename(tmp, path);
        unlink(tmp);
    }
    free(f.p);
}

/* ---- the build ---- */

vsmp_status vsmp_ocl_compile(const char *source, size_t size, const vsmp_ocl_build *bo,
                             uint8_t **zebin, size_t *zebin_size, char **log, vsmp_diags *d)
{
    if (!zebin || !zebin_size || (!source && size))
        return VSMP_ERR_ARG;
    *zebin = NULL;
    *zebin_size = 0;
    if (log)
        *log = NULL;
    if (size > VSMP_OCL_MAX_SOURCE)
        return oerr(d, VSMP_ERR_ARG, "an OpenCL C source of %zu bytes (at most %u)", size,
                    VSMP_OCL_MAX_SOURCE);
    vsmp_ocl_build b;
    vsmp_ocl_build_init(&b);
    if (bo)
        b = *bo;
    const char *device = b.device && *b.device ? b.device : "tgllp";
    const char *name = b.ocloc ? b.ocloc : getenv("VSMP_OCLOC");
    if (!name || !*name)
        name = "ocloc";
    char ocloc[4096];
    if (!find_program(name, ocloc, sizeof(ocloc)))
        return oerr(d, VSMP_ERR_IO,
                    "%s: not found (Debian: apt install intel-opencl-icd; or set VSMP_OCLOC)",
                    name);
    const char *env_cache = getenv("VSMP_OCL_CACHE");
    bool use_cache = !b.no_cache && !(env_cache && !strcmp(env_cache, "0"));
    char ver[128] = "";
    vsmp_status st = driver_version(ocloc, ver, sizeof(ver), b.timeout_seconds, d);
    if (st)
        return st;
    char internal[4096];
    if ((size_t)snprintf(internal, sizeof(internal), "-ze-emit-zebin-visa-sections%s%s",
                         b.internal_options && *b.internal_options ? " " : "",
                         b.internal_options ? b.internal_options : "") >= sizeof(internal))
        return oerr(d, VSMP_ERR_ARG, "internal options longer than %zu bytes",
                    sizeof(internal) - 40);

    buf key = {0};
    puts_(&key, "vsmp zebin cache 1\nocloc=");
    puts_(&key, ocloc);
    puts_(&key, "\nversion=");
    puts_(&key, ver);
    puts_(&key, "\ndevice=");
    puts_(&key, device);
    puts_(&key, "\noptions=");
    puts_(&key, b.options ? b.options : "");
    puts_(&key, "\ninternal=");
    puts_(&key, internal);
    puts_(&key, "\n");
    for (char **e = environ; e && *e; e++)
        if (!strncmp(*e, "IGC_", 4)) {
            puts_(&key, *e);
            puts_(&key, "\n");
        }
    puts_(&key, "source\n");
    put(&key, source, size);
    if (key.oom) {
        free(key.p);
        return VSMP_ERR_NOMEM;
    }
    char cdir[4096], cpath[4200];
    bool cache_ok = use_cache && cache_dir(&b, cdir, sizeof(cdir));
    if (cache_ok) {
        snprintf(cpath, sizeof(cpath), "%s/%016llx.zc", cdir,
                 (unsigned long long)fnv1a(key.p, key.n));
        if (cache_read(cpath, &key, zebin, zebin_size, log)) {
            free(key.p);
            return VSMP_OK;
        }
    }

    char dir[4096], src[4200], out[4200], logp[4200];
    st = make_tmpdir(dir, sizeof(dir), d);
    if (st) {
        free(key.p);
        return st;
    }
    snprintf(src, sizeof(src), "%s/k.cl", dir);
    snprintf(out, sizeof(out), "%s/k", dir);
    snprintf(logp, sizeof(logp), "%s/ocloc.log", dir);
    if (!spill(src, source, size)) {
        st = oerr(d, VSMP_ERR_IO, "cannot write %s: %s", src, strerror(errno));
        goto done;
    }
    char *argv[16];
    int a = 0;
    argv[a++] = ocloc;
    argv[a++] = "compile";
    argv[a++] = "-file";
    argv[a++] = "k.cl";
    argv[a++] = "-device";
    argv[a++] = (char *)device;
    argv[a++] = "--format";
    argv[a++] = "zebin";
    argv[a++] = "-output_no_suffix";
    argv[a++] = "-output";
    argv[a++] = "k";
    if (b.options && *b.options) {
        argv[a++] = "-options";
        argv[a++] = (char *)b.options;
    }
    argv[a++] = "-internal_options";
    argv[a++] = internal;
    argv[a] = NULL;
    int status = -1;
    st = run(argv, dir, logp, b.timeout_seconds, &status, d);
    if (st)
        goto done;
    size_t ln = 0, zn = 0;
    bool big = false;
    char *lg = slurp(logp, VSMP_OCL_MAX_LOG, &ln, &big);
    if (!lg) {
        st = oerr(d, VSMP_ERR_IO, "ocloc wrote no log (%s)", strerror(errno));
        goto done;
    }
    if (status != 0) {
        oerr(d, VSMP_ERR_SYNTAX, "ocloc compile failed (%s %d): %s", status < 0 ? "signal" : "exit",
             status < 0 ? -status : status, lg);
        st = VSMP_ERR_SYNTAX;
    } else {
        char *z = slurp(out, MAX_ZEBIN, &zn, &big);
        if (!z || big) {
            free(z);
            st = oerr(d, VSMP_ERR_IO, "ocloc wrote no zebin of at most %u MiB: %s", MAX_ZEBIN >> 20,
                      lg);
        } else {
            *zebin = (uint8_t *)z;
            *zebin_size = zn;
            if (cache_ok)
                cache_write(cdir, cpath, &key, *zebin, zn, lg);
        }
    }
    if (log)
        *log = lg;
    else
        free(lg);
done:
    remove_dir(dir);
    free(key.p);
    return st;
}
