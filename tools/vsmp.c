/* SPDX-License-Identifier: MIT */
/* The vsmp command-line tool. Uses only the public API (include/vsmp). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "launch_job.h"
#include "run_job.h"
#include "sample_job.h"
#include "tool_out.h"
#include "vsmp/vsmp.h"

#define EXIT_DIAG  1
#define EXIT_USAGE 2
#define MAX_INPUT  (256u << 20)

typedef struct input {
    const char *name; /* for diagnostics */
    unsigned char *data;
    size_t size;
    int is_binary;
    vsmp_dialect dialect; /* of a text input: --syntax, or the one its content selects */
} input;

static int read_all(const char *path, input *in)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    in->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    if (!f) {
        fprintf(stderr, "vsmp: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap + 1);
    int too_big = 0;
    errno = 0;
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        if (cap >= MAX_INPUT) {
            fprintf(stderr, "vsmp: %s: input larger than %u MiB\n", in->name, MAX_INPUT >> 20);
            free(buf);
            buf = NULL;
            too_big = 1;
            break;
        }
        cap *= 2;
        unsigned char *nb = realloc(buf, cap + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
        }
        buf = nb;
    }
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    if (f != stdin)
        fclose(f);
    if (!buf || err) {
        if (err)
            fprintf(stderr, "vsmp: cannot read %s: %s\n", in->name, strerror(err));
        else if (!too_big)
            fprintf(stderr, "vsmp: cannot read %s: out of memory\n", in->name);
        free(buf);
        return -1;
    }
    buf[n] = 0;
    in->data = buf;
    in->size = n;
    return 0;
}

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

/* .isa -> binary; .visaasm/.isaasm -> text; otherwise the "CISA" magic decides. */
static void classify(input *in, const char *path, const char *forced)
{
    if (forced) {
        in->is_binary = strcmp(forced, "isa") == 0;
        return;
    }
    if (has_suffix(path, ".isa")) {
        in->is_binary = 1;
    } else if (has_suffix(path, ".visaasm") || has_suffix(path, ".isaasm")) {
        in->is_binary = 0;
    } else {
        in->is_binary = in->size >= 4 && memcmp(in->data, "CISA", 4) == 0;
    }
}

typedef struct common_opts {
    vsmp_dialect dialect;
    int paired;
    const char *input_format;
    const char *output;
    size_t max_memory; /* budget of the program read (--max-memory) */
} common_opts;

static int load_module(const char *path, const common_opts *o, vsmp_module **m, vsmp_diags *d,
                       input *in)
{
    if (read_all(path, in))
        return -1;
    classify(in, path, o->input_format);
    vsmp_status st;
    if (in->is_binary) {
        vsmp_read_options ro;
        vsmp_read_options_init(&ro);
        ro.paired_surface = o->paired != 0;
        ro.max_memory = o->max_memory;
        st = vsmp_module_read(in->data, in->size, &ro, m, d);
    } else {
        vsmp_text_options to;
        vsmp_text_options_init(&to);
        in->dialect = o->dialect;
        if (in->dialect == VSMP_DIALECT_AUTO &&
            vsmp_text_detect_dialect((const char *)in->data, in->size, &in->dialect, d))
            return -1;
        to.dialect = in->dialect;
        to.max_memory = o->max_memory;
        st = vsmp_text_parse_opt((const char *)in->data, in->size, &to, m, d);
    }
    if (st && d->errors == 0)
        vsmp_diags_add(d, VSMP_SEV_ERROR, "input", 0, 0, -1, "%s", vsmp_status_str(st));
    return st ? -1 : 0;
}

/* Write all of data to fd; 0 or an errno value. */
static int write_fd(int fd, const void *data, size_t n)
{
    const unsigned char *p = data;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? errno : EIO;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int write_failed(const char *path, int err)
{
    fprintf(stderr, "vsmp: cannot write %s: %s\n", path, strerror(err));
    return -1;
}

/*
 * Write a whole output file. A regular file (or a new one) is written to a temporary file in
 * the same directory, then renamed over it: a write error (a full disk) leaves the previous
 * file as it was. A device or pipe (/dev/null, /dev/stdout) is written in place; "-" is stdout.
 */
static int write_file(const char *path, const void *data, size_t n)
{
    if (strcmp(path, "-") == 0) {
        errno = 0;
        if (fwrite(data, 1, n, stdout) != n || fflush(stdout))
            return write_failed("<stdout>", errno ? errno : EIO);
        return 0;
    }
    char *target = realpath(path, NULL); /* through symlinks; NULL for a new file */
    const char *dst = target ? target : path;
    struct stat st;
    int exists = stat(dst, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        int fd = open(dst, O_WRONLY | O_TRUNC | O_CLOEXEC);
        int err = fd < 0 ? errno : write_fd(fd, data, n);
        if (fd >= 0 && close(fd) && !err)
            err = errno;
        free(target);
        return err ? write_failed(path, err) : 0;
    }
    size_t len = strlen(dst);
    const char *slash = strrchr(dst, '/');
    size_t dirlen = slash ? (size_t)(slash - dst) + 1 : 0;
    char *tmp = malloc(len + 16);
    if (!tmp) {
        free(target);
        return write_failed(path, ENOMEM);
    }
    snprintf(tmp, len + 16, "%.*s.%s.XXXXXX", (int)dirlen, dst, dst + dirlen);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "vsmp: cannot create %s: %s\n", path, strerror(errno));
        free(tmp);
        free(target);
        return -1;
    }
    /* the mode a new file gets from fopen, or the one the previous file had */
    mode_t mask = umask(0);
    umask(mask);
    int err = fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask) ? errno : 0;
    if (!err)
        err = write_fd(fd, data, n);
    if (!err && fsync(fd))
        err = errno;
    if (close(fd) && !err)
        err = errno;
    if (!err && rename(tmp, dst))
        err = errno;
    if (err)
        unlink(tmp);
    free(tmp);
    free(target);
    return err ? write_failed(path, err) : 0;
}

static int parse_dialect(const char *s, vsmp_dialect *out)
{
    if (strcmp(s, "12504") == 0 || strcmp(s, "genx-12504") == 0) {
        *out = VSMP_DIALECT_12504;
        return 0;
    }
    if (strcmp(s, "head") == 0 || strcmp(s, "new") == 0) {
        *out = VSMP_DIALECT_HEAD;
        return 0;
    }
    fprintf(stderr, "vsmp: unknown syntax '%s' (use 12504 or head)\n", s);
    return -1;
}

/* Digits only: no sign, no blanks, no suffix; at most 9 digits so that the value fits. */
static int parse_digits(const char *s, const char **end, unsigned *out)
{
    unsigned v = 0, n = 0;
    for (; *s >= '0' && *s <= '9'; s++, n++) {
        if (n == 9)
            return -1;
        v = v * 10 + (unsigned)(*s - '0');
    }
    *end = s;
    *out = v;
    return n ? 0 : -1;
}

/* "M.m" exactly, one of the versions whose layout vsmp knows: 3.0 to 3.8, 4.0, 4.1
 * (VISA_ENCODING.md 4.2: 3.8 was followed by 4.0). */
static int parse_isa_version(const char *s, unsigned *major, unsigned *minor)
{
    unsigned ma, mi;
    const char *e;
    if (parse_digits(s, &e, &ma) || *e != '.' || parse_digits(e + 1, &e, &mi) || *e)
        return -1;
    if (!((ma == 3 && mi <= 8) || (ma == 4 && mi <= 1)))
        return -1;
    *major = ma;
    *minor = mi;
    return 0;
}

static const char usage_asm[] =
    "usage: vsmp asm [options] IN -o OUT\n"
    "Assemble a .visaasm program (or re-encode a .isa file) into a vISA binary, byte for byte\n"
    "as the fixed GenX_IR 1.0.12504 writes it (vsmp writes no Gen code).\n"
    "  -o, --output FILE        output .isa (- for stdout)\n"
    "      --syntax 12504|head  text dialect of the input (default: chosen by its content)\n"
    "      --isa-version M.m    version to write: 3.0 to 3.8, 4.0, 4.1 (default 4.1)\n"
    "      --paired-surface     read/write HEAD's paired-surface layout (vISA >= 3.8)\n"
    "      --input-format isa|text  override the extension\n"
    "      --drop-gen           leave embedded Gen binaries out\n"
    "      --max-memory BYTES   memory budget of the program read (default 1G; K, M, G, T\n"
    "                           suffixes; 0 = none)\n"
    "      --error-limit N      print at most N errors (and N warnings); 0 = all (default 20)\n";
static const char usage_dis[] =
    "usage: vsmp dis [options] IN [-o OUT]\n"
    "Print a vISA binary (or re-print a .visaasm program) as assembly text. The default text is\n"
    "accepted by Debian's GenX_IR (1.0.12504) and compiles to the same Gen code.\n"
    "  -o, --output FILE        write the text to FILE (default stdout)\n"
    "      --syntax 12504|head  dialect to parse a text input with and to print (default: the\n"
    "                           input's, chosen by content; 12504 for a binary)\n"
    "      --paired-surface     the binary uses HEAD's paired-surface layout\n"
    "      --input-format isa|text  override the extension\n"
    "      --divs reader|compiler  .divS of decoded sampler messages: the Gen code GenX_IR\n"
    "                           compiles from the binary (default), or from IGC's own text\n"
    "      --max-memory BYTES   memory budget of the program read (default 1G; K, M, G, T\n"
    "                           suffixes; 0 = none)\n"
    "      --error-limit N      print at most N errors (and N warnings); 0 = all (default 20)\n";
static const char usage_check[] =
    "usage: vsmp check --platform P [options] IN\n"
    "Check every rule of the vISA sampler specification; report compiler-style diagnostics.\n"
    "  -p, --platform P         SKL, ICLLP, TGLLP, DG2, PVC, ... (required)\n"
    "      --syntax 12504|head  text dialect of the input (default: chosen by its content)\n"
    "      --paired-surface     the binary uses HEAD's paired-surface layout\n"
    "      --input-format isa|text  override the extension\n"
    "  -W, --warnings-as-errors exit 1 on warnings too\n"
    "      --max-memory BYTES   memory budget of the program read (default 1G; K, M, G, T\n"
    "                           suffixes; 0 = none)\n"
    "      --error-limit N      print at most N errors (and N warnings); 0 = all (default 20)\n";
static const char usage_sample[] =
    "usage: vsmp sample [--format text|json] [--max-memory BYTES] JOB.json\n"
    "Run the sampler on a described surface: one result (RGBA) per lane of the job.\n"
    "The job file (docs/SAMPLE_JOB.md) gives the surface (texels, a PNG, a pattern or raw\n"
    "bytes; mips generated), the sampler state and the lanes (op, coordinates, lod, bias,\n"
    "gradients, ref, offsets), or instead of lanes one media-sampler block (SAMPLE_UNORM).\n"
    "Lanes 4k..4k+3 form the 2x2 quads of implicit derivatives.\n"
    "  -f, --format text|json   output format (default text)\n"
    "      --max-memory BYTES   memory budget of the job's surface (default 1G; K, M, G, T\n"
    "                           suffixes; 0 = none)\n"
    "      --cpu ref|c|avx2|avx512|all  the highest kernel level of the sampler and the\n"
    "                           machine (same results; VSMP_CPU too)\n";
static const char usage_run[] =
    "usage: vsmp run [--trace] [--kernel FILE] [--syntax D] [--error-limit N] RUN.json\n"
    "Run a kernel (.isa or .visaasm) on the machine, as the run description (docs/RUN.md)\n"
    "says: surfaces by binding-table index, sampler states, payload and variables, threads,\n"
    "what to print and save afterwards.\n"
    "  -t, --trace        print each executed instruction, its lanes and the values it wrote\n"
    "  -k, --kernel FILE  the kernel to run instead of the description's \"kernel\"\n"
    "      --syntax 12504|head  text dialect of a .visaasm kernel (default: by its content)\n"
    "      --error-limit N  print at most N errors (and N warnings); 0 = all (default 20)\n"
    "      --max-memory BYTES  memory budget of the kernel read and of each surface (default\n"
    "                         1G; K, M, G, T suffixes; 0 = none)\n"
    "      --cpu ref|c|avx2|avx512|all  the highest kernel level of the sampler and the\n"
    "                         machine (same results; VSMP_CPU too)\n"
    "      --png-level N  zlib level 0-9 of the PNGs \"save\" writes (default 1: fast; 9 "
    "smallest)\n"
    "Threads run on VSMP_WORKERS workers (default: one per online core).\n";
static const char usage_launch[] =
    "usage: vsmp launch [--out-dir DIR] [--quiet] [--max-instructions N] [--error-limit N]\n"
    "                   LAUNCH.json\n"
    "Launch an IGC-compiled OpenCL kernel (OpenCL C compiled by ocloc in a child process, a\n"
    "zebin, or .visaasm/.isa with its patch-token dump .cos) over an NDRange, as the launch\n"
    "description (docs/LAUNCH.md) says: buffers, images, samplers and scalars by argument;\n"
    "buffers printed, images printed or saved as PNG afterwards. Builds are cached in\n"
    "$XDG_CACHE_HOME/vsmp (VSMP_OCL_CACHE=0: not); VSMP_OCLOC names ocloc.\n"
    "  -o, --out-dir DIR  write the files \"save\" and \"raw\" name under DIR (default: beside "
    "LAUNCH.json)\n"
    "      --max-memory BYTES  memory budget of the kernel read, of each image and of the\n"
    "                         launch's machines (default 1G; K, M, G, T suffixes; 0 = none)\n"
    "      --max-instructions N  stop the launch past N instructions in all (default: none)\n"
    "  -q, --quiet        no summary line and no progress on stderr\n"
    "      --syntax 12504|head  text dialect of a .visaasm kernel (default: by its content)\n"
    "      --error-limit N      print at most N errors (and N warnings); 0 = all (default 20)\n"
    "      --cpu ref|c|avx2|avx512|all  the highest kernel level of the sampler and the\n"
    "                         machine (same results; VSMP_CPU too)\n"
    "      --png-level N  zlib level 0-9 of the PNGs \"save\" writes (default 1: fast; 9 "
    "smallest)\n"
    "Work-groups run on VSMP_WORKERS workers (default: one per online core).\n"
    "Ctrl-C stops the launch: exit status 130, nothing printed or saved.\n";
static const char usage_main[] =
    "usage: vsmp <command> [options]\n"
    "Commands:\n"
    "  asm    assemble .visaasm text into a .isa binary\n"
    "  dis    print a .isa binary as .visaasm text\n"
    "  check  validate a program against the specification for a platform\n"
    "  sample run the sampling engine on a job file\n"
    "  run    run a kernel on the machine\n"
    "  launch launch a compiled OpenCL kernel over an NDRange\n"
    "  help   print the help of a command\n"
    "Options: --version, --help. 'vsmp CMD --help' describes a command.\n"
    "Exit status: 0 success, 1 diagnostics, 2 usage error.\n";

enum {
    OPT_SYNTAX = 256,
    OPT_ISAVER,
    OPT_PAIRED,
    OPT_INFMT,
    OPT_DROPGEN,
    OPT_ERRLIMIT,
    OPT_MAXMEM,
    OPT_DIVS,
    OPT_CPU,
    OPT_PNGLEVEL
};

/* Diagnostics of each severity printed by default (--error-limit). */
#define DEFAULT_ERROR_LIMIT 20

static const struct option long_opts[] = {
    {"output", required_argument, 0, 'o'},
    {"platform", required_argument, 0, 'p'},
    {"warnings-as-errors", no_argument, 0, 'W'},
    {"syntax", required_argument, 0, OPT_SYNTAX},
    {"divs", required_argument, 0, OPT_DIVS},
    {"isa-version", required_argument, 0, OPT_ISAVER},
    {"paired-surface", no_argument, 0, OPT_PAIRED},
    {"input-format", required_argument, 0, OPT_INFMT},
    {"drop-gen", no_argument, 0, OPT_DROPGEN},
    {"error-limit", required_argument, 0, OPT_ERRLIMIT},
    {"format", required_argument, 0, 'f'},
    {"max-memory", required_argument, 0, OPT_MAXMEM},
    {"cpu", required_argument, 0, OPT_CPU},
    {"help", no_argument, 0, 'h'},
    {0, 0, 0, 0},
};

typedef struct cli {
    common_opts co;
    const char *platform;
    int werror;
    unsigned isa_major, isa_minor;
    int drop_gen;
    int divs_compiler;
    const char *in_path;
    int json;
    unsigned error_limit;
} cli;

/* Whether a command's usage text lists the option: the usage is the one list of what each
 * command takes, and an option a command would ignore is refused. */
static int option_listed(const char *usage, int ch, const char **name)
{
    for (const struct option *o = long_opts; o->name; o++) {
        if (o->val != ch)
            continue;
        char flag[32];
        snprintf(flag, sizeof(flag), "--%s", o->name);
        const char *at = strstr(usage, flag);
        *name = o->name;
        return at && (at[strlen(flag)] == ' ' || at[strlen(flag)] == '\n');
    }
    return 0;
}

/* --max-memory: one budget, 1 GiB by default, for what an input makes vsmp allocate (the
 * program read, each surface). */
static int parse_max_memory(const char *arg, size_t *out)
{
    if (!vsmp_job_parse_size(arg, out))
        return 0;
    fprintf(stderr, "vsmp: --max-memory takes a byte count (1073741824, 512M, 4G)\n");
    return -1;
}

/* --cpu: the highest kernel level, of the sampling plans and of the machine's fast path alike
 * (results are the same at every level). */
/* --png-level: zlib's level 0..9 for the PNGs "save" writes (tool_out.h) */
static int parse_png_level(const char *arg)
{
    if (arg[0] < '0' || arg[0] > '9' || arg[1]) {
        fprintf(stderr, "vsmp: --png-level '%s': not a level 0 to 9\n", arg);
        return -1;
    }
    vsmp_tool_png_level = arg[0] - '0';
    return 0;
}

static int parse_cpu(const char *arg)
{
    if (strcmp(arg, "ref") == 0)
        vsmp_cpu_set_mask(0);
    /* the levels above the one named off, every other bit the machine has (the machine's
     * generated code among them) left on */
    else if (strcmp(arg, "c") == 0)
        vsmp_cpu_set_mask(~(VSMP_CPU_AVX2 | VSMP_CPU_AVX512));
    else if (strcmp(arg, "avx2") == 0)
        vsmp_cpu_set_mask(~VSMP_CPU_AVX512);
    else if (strcmp(arg, "avx512") == 0)
        vsmp_cpu_set_mask(~0u);
    else if (strcmp(arg, "all") != 0) {
        fprintf(stderr, "vsmp: --cpu takes ref, c, avx2, avx512 or all\n");
        return -1;
    }
    return 0;
}

static int parse_args(int argc, char **argv, const char *usage, cli *c)
{
    memset(c, 0, sizeof(*c));
    c->co.dialect = VSMP_DIALECT_AUTO;
    c->error_limit = DEFAULT_ERROR_LIMIT;
    c->co.max_memory = VSMP_DEFAULT_MAX_MEMORY;
    optind = 1;
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":o:p:f:Wh", long_opts, NULL)) != -1) {
        const char *name = "";
        if (ch != 'h' && ch != ':' && ch != '?' && !option_listed(usage, ch, &name)) {
            fprintf(stderr, "vsmp: %s does not take --%s\n%s", argv[0], name, usage);
            return EXIT_USAGE;
        }
        switch (ch) {
        case 'f':
            if (strcmp(optarg, "json") && strcmp(optarg, "text")) {
                fprintf(stderr, "vsmp: --format takes text or json\n");
                return EXIT_USAGE;
            }
            c->json = strcmp(optarg, "json") == 0;
            break;
        case 'o':
            if (!*optarg) {
                fprintf(stderr, "vsmp: -o needs a file name (- for stdout)\n");
                return EXIT_USAGE;
            }
            c->co.output = optarg;
            break;
        case 'p':
            c->platform = optarg;
            break;
        case 'W':
            c->werror = 1;
            break;
        case OPT_SYNTAX:
            if (parse_dialect(optarg, &c->co.dialect))
                return EXIT_USAGE;
            break;
        case OPT_ISAVER:
            if (parse_isa_version(optarg, &c->isa_major, &c->isa_minor)) {
                fprintf(stderr,
                        "vsmp: --isa-version '%s': not a vISA version vsmp writes (3.0 to 3.8, "
                        "4.0, 4.1)\n",
                        optarg);
                return EXIT_USAGE;
            }
            break;
        case OPT_PAIRED:
            c->co.paired = 1;
            break;
        case OPT_CPU:
            if (parse_cpu(optarg))
                return EXIT_USAGE;
            break;
        case OPT_INFMT:
            if (strcmp(optarg, "isa") && strcmp(optarg, "text")) {
                fprintf(stderr, "vsmp: --input-format takes isa or text\n");
                return EXIT_USAGE;
            }
            c->co.input_format = optarg;
            break;
        case OPT_DROPGEN:
            c->drop_gen = 1;
            break;
        case OPT_DIVS:
            if (strcmp(optarg, "reader") && strcmp(optarg, "compiler")) {
                fprintf(stderr, "vsmp: --divs takes reader or compiler\n");
                return EXIT_USAGE;
            }
            c->divs_compiler = !strcmp(optarg, "compiler");
            break;
        case OPT_ERRLIMIT: {
            const char *e;
            if (parse_digits(optarg, &e, &c->error_limit) || *e) {
                fprintf(stderr, "vsmp: --error-limit '%s': not a count (0 to 999999999)\n", optarg);
                return EXIT_USAGE;
            }
            break;
        }
        case OPT_MAXMEM:
            if (parse_max_memory(optarg, &c->co.max_memory))
                return EXIT_USAGE;
            break;
        case 'h':
            fputs(usage, stdout);
            return 0 - 1;
        case ':':
            fprintf(stderr, "vsmp: option %s needs a value\n%s", argv[optind - 1], usage);
            return EXIT_USAGE;
        default:
            fprintf(stderr, "vsmp: unknown option %s\n%s", argv[optind - 1], usage);
            return EXIT_USAGE;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "vsmp: expected one input file\n%s", usage);
        return EXIT_USAGE;
    }
    c->in_path = argv[optind];
    return 0;
}

static int finish(vsmp_diags *d, input *in, vsmp_module *m, int rc)
{
    vsmp_diags_print(d, in->name, stderr);
    vsmp_diags_free(d);
    vsmp_module_free(m);
    free(in->data);
    return rc;
}

/* The module asm, dis and check read (c's input, dialect and budget), with the diagnostics
 * list it reports into (c's error limit). @return 0, or -1 with the diagnostics said. */
static int open_module(const cli *c, vsmp_diags *d, input *in, vsmp_module **m)
{
    vsmp_diags_init(d);
    d->limit = c->error_limit;
    memset(in, 0, sizeof(*in));
    *m = NULL;
    return load_module(c->in_path, &c->co, m, d, in);
}

static int cmd_asm(int argc, char **argv)
{
    cli c;
    int rc = parse_args(argc, argv, usage_asm, &c);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!c.co.output) {
        fprintf(stderr, "vsmp: asm needs -o OUT\n%s", usage_asm);
        return EXIT_USAGE;
    }
    vsmp_diags d;
    input in;
    vsmp_module *m;
    if (open_module(&c, &d, &in, &m))
        return finish(&d, &in, m, EXIT_DIAG);
    vsmp_write_options wo = {.major = (uint8_t)c.isa_major,
                             .minor = (uint8_t)c.isa_minor,
                             .paired_surface = c.co.paired != 0,
                             .drop_gen = c.drop_gen != 0};
    size_t need = 0;
    vsmp_status st = vsmp_module_write(m, &wo, NULL, 0, &need, &d);
    if (st && st != VSMP_ERR_SPACE)
        return finish(&d, &in, m, EXIT_DIAG);
    unsigned char *buf = malloc(need ? need : 1);
    if (!buf) {
        fprintf(stderr, "vsmp: out of memory\n");
        return finish(&d, &in, m, EXIT_DIAG);
    }
    st = vsmp_module_write(m, &wo, buf, need, &need, &d);
    rc = st ? EXIT_DIAG : (write_file(c.co.output, buf, need) ? EXIT_DIAG : 0);
    free(buf);
    return finish(&d, &in, m, rc);
}

static int cmd_dis(int argc, char **argv)
{
    cli c;
    int rc = parse_args(argc, argv, usage_dis, &c);
    if (rc)
        return rc < 0 ? 0 : rc;
    vsmp_diags d;
    input in;
    vsmp_module *m;
    if (open_module(&c, &d, &in, &m))
        return finish(&d, &in, m, EXIT_DIAG);
    vsmp_print_options po;
    vsmp_print_options_init(&po);
    /* a binary prints in 12504's syntax unless --syntax says otherwise; text in its own */
    po.dialect = c.co.dialect != VSMP_DIALECT_AUTO ? c.co.dialect
                 : in.is_binary                    ? VSMP_DIALECT_12504
                                                   : in.dialect;
    po.divs = c.divs_compiler ? VSMP_DIVS_AS_COMPILER : VSMP_DIVS_AS_READER;
    size_t need = vsmp_text_print(m, &po, NULL, 0, NULL);
    char *buf = malloc(need + 1);
    if (!buf) {
        fprintf(stderr, "vsmp: out of memory\n");
        return finish(&d, &in, m, EXIT_DIAG);
    }
    vsmp_text_print(m, &po, buf, need + 1, &d);
    rc = write_file(c.co.output ? c.co.output : "-", buf, need) ? EXIT_DIAG : 0;
    free(buf);
    return finish(&d, &in, m, rc);
}

static int cmd_check(int argc, char **argv)
{
    cli c;
    int rc = parse_args(argc, argv, usage_check, &c);
    if (rc)
        return rc < 0 ? 0 : rc;
    vsmp_platform plat;
    if (!c.platform) {
        fprintf(stderr, "vsmp: check needs --platform\n%s", usage_check);
        return EXIT_USAGE;
    }
    if (vsmp_platform_find(c.platform, &plat)) {
        fprintf(stderr, "vsmp: unknown platform '%s'; known:", c.platform);
        for (int p = 0; p < VSMP_PLATFORM_COUNT; p++)
            fprintf(stderr, " %s", vsmp_platform_name((vsmp_platform)p));
        fputc('\n', stderr);
        return EXIT_USAGE;
    }
    vsmp_diags d;
    input in;
    vsmp_module *m;
    if (open_module(&c, &d, &in, &m))
        return finish(&d, &in, m, EXIT_DIAG);
    vsmp_check_options co = {.platform = plat};
    vsmp_module_check(m, &co, &d);
    rc = d.errors || (c.werror && d.warnings) ? EXIT_DIAG : 0;
    if (!rc)
        fprintf(stderr, "%s: ok for %s (%zu warning%s)\n", in.name, vsmp_platform_name(plat),
                d.warnings, d.warnings == 1 ? "" : "s");
    return finish(&d, &in, m, rc);
}

static int cmd_sample(int argc, char **argv)
{
    cli c;
    int rc = parse_args(argc, argv, usage_sample, &c);
    if (rc)
        return rc < 0 ? 0 : rc;
    vsmp_job_options jo;
    vsmp_job_options_init(&jo);
    jo.json_out = c.json != 0;
    jo.max_memory = c.co.max_memory;
    input in = {0};
    if (read_all(c.in_path, &in))
        return EXIT_DIAG;
    rc = vsmp_sample_job(in.name, (const char *)in.data, in.size, &jo, stdout, stderr);
    free(in.data);
    return rc;
}

/* Ctrl-C during a launch: the launch stops before its next hardware thread (a second Ctrl-C
 * ends the process: the handler is reset when it runs). */
static volatile sig_atomic_t launch_interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    launch_interrupted = 1;
}

/* The options vsmp launch and vsmp run share. @return 1 when ch is one of them and its value
 * is good, 0 when ch is not one of them, -1 (the message printed) when its value is bad. */
static int job_option(int ch, size_t *max_memory, unsigned *error_limit)
{
    const char *e;
    switch (ch) {
    case OPT_SYNTAX:
        return parse_dialect(optarg, &vsmp_tool_dialect) ? -1 : 1;
    case OPT_CPU:
        return parse_cpu(optarg) ? -1 : 1;
    case OPT_PNGLEVEL:
        return parse_png_level(optarg) ? -1 : 1;
    case OPT_MAXMEM:
        return parse_max_memory(optarg, max_memory) ? -1 : 1;
    case OPT_ERRLIMIT:
        if (parse_digits(optarg, &e, error_limit) || *e) {
            fprintf(stderr, "vsmp: --error-limit '%s': not a count (0 to 999999999)\n", optarg);
            return -1;
        }
        return 1;
    default:
        return 0;
    }
}

/* The exit status of vsmp launch and vsmp run for an option neither parses as a value: -h
 * prints the usage (0); a missing value or an unknown option is a usage error. */
static int job_other_option(int ch, char **argv, const char *usage)
{
    if (ch == 'h') {
        fputs(usage, stdout);
        return 0;
    }
    if (ch == ':')
        fprintf(stderr, "vsmp: option %s needs a value\n%s", argv[optind - 1], usage);
    else
        fprintf(stderr, "vsmp: unknown option %s\n%s", argv[optind - 1], usage);
    return EXIT_USAGE;
}

/* The one description file vsmp launch and vsmp run take, read whole. @return -1 when read,
 * else the exit status. */
static int job_input(int argc, char **argv, const char *what, const char *usage, input *in)
{
    if (optind != argc - 1) {
        fprintf(stderr, "vsmp: expected one %s description\n%s", what, usage);
        return EXIT_USAGE;
    }
    return read_all(argv[optind], in) ? EXIT_DIAG : -1;
}

static int cmd_launch(int argc, char **argv)
{
    enum { OPT_MAXINSN = 0x200 };
    static const struct option lo[] = {{"out-dir", required_argument, NULL, 'o'},
                                       {"syntax", required_argument, NULL, OPT_SYNTAX},
                                       {"max-memory", required_argument, NULL, OPT_MAXMEM},
                                       {"error-limit", required_argument, NULL, OPT_ERRLIMIT},
                                       {"max-instructions", required_argument, NULL, OPT_MAXINSN},
                                       {"quiet", no_argument, NULL, 'q'},
                                       {"cpu", required_argument, NULL, OPT_CPU},
                                       {"png-level", required_argument, NULL, OPT_PNGLEVEL},
                                       {"help", no_argument, NULL, 'h'},
                                       {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int ch;
    launch_job_options jo = {.max_memory = VSMP_DEFAULT_MAX_MEMORY,
                             .error_limit = DEFAULT_ERROR_LIMIT};
    while ((ch = getopt_long(argc, argv, ":o:qh", lo, NULL)) != -1) {
        int shared = job_option(ch, &jo.max_memory, &jo.error_limit);
        if (shared < 0)
            return EXIT_USAGE;
        if (shared)
            continue;
        switch (ch) {
        case 'o':
            jo.out_dir = optarg;
            break;
        case 'q':
            jo.quiet = true;
            break;
        case OPT_MAXINSN: {
            char *end;
            errno = 0;
            unsigned long long v = strtoull(optarg, &end, 10);
            if (!*optarg || *end || errno || optarg[0] == '-' || v == 0) {
                fprintf(stderr, "vsmp: --max-instructions takes a positive count\n");
                return EXIT_USAGE;
            }
            jo.max_instructions = v;
            break;
        }
        default:
            return job_other_option(ch, argv, usage_launch);
        }
    }
    input in = {0};
    int st = job_input(argc, argv, "launch", usage_launch, &in);
    if (st >= 0)
        return st;
    struct sigaction sa, old;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_sigint;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);
    jo.cancel = &launch_interrupted;
    int rc = vsmp_launch_job_opt(in.name, (const char *)in.data, in.size, &jo, stdout, stderr);
    sigaction(SIGINT, &old, NULL);
    free(in.data);
    return rc;
}

static int cmd_run(int argc, char **argv)
{
    static const struct option lo[] = {{"trace", no_argument, NULL, 't'},
                                       {"kernel", required_argument, NULL, 'k'},
                                       {"syntax", required_argument, NULL, OPT_SYNTAX},
                                       {"max-memory", required_argument, NULL, OPT_MAXMEM},
                                       {"error-limit", required_argument, NULL, OPT_ERRLIMIT},
                                       {"cpu", required_argument, NULL, OPT_CPU},
                                       {"png-level", required_argument, NULL, OPT_PNGLEVEL},
                                       {"help", no_argument, NULL, 'h'},
                                       {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int ch, trace = 0;
    const char *kernel = NULL;
    size_t max_memory = VSMP_DEFAULT_MAX_MEMORY;
    unsigned error_limit = DEFAULT_ERROR_LIMIT;
    while ((ch = getopt_long(argc, argv, ":tk:h", lo, NULL)) != -1) {
        int shared = job_option(ch, &max_memory, &error_limit);
        if (shared < 0)
            return EXIT_USAGE;
        if (shared)
            continue;
        switch (ch) {
        case 't':
            trace = 1;
            break;
        case 'k':
            kernel = optarg;
            break;
        default:
            return job_other_option(ch, argv, usage_run);
        }
    }
    input in = {0};
    int st = job_input(argc, argv, "run", usage_run, &in);
    if (st >= 0)
        return st;
    int rc = vsmp_run_job(in.name, (const char *)in.data, in.size, kernel, trace != 0, max_memory,
                          error_limit, stdout, stderr);
    free(in.data);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_main, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    int is_help = strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0;
    if (is_help || strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        if (argc > 2) {
            fprintf(stderr, "vsmp: %s takes no argument\n%s", cmd, usage_main);
            return EXIT_USAGE;
        }
        if (is_help)
            fputs(usage_main, stdout);
        else
            printf("vsmp %s\n", VSMP_VERSION_STRING);
        return 0;
    }
    if (strcmp(cmd, "help") == 0) {
        if (argc > 3) {
            fprintf(stderr, "vsmp: help takes one command name\n%s", usage_main);
            return EXIT_USAGE;
        }
        const char *what = argc > 2 ? argv[2] : NULL;
        const char *text = !what                         ? usage_main
                           : strcmp(what, "asm") == 0    ? usage_asm
                           : strcmp(what, "dis") == 0    ? usage_dis
                           : strcmp(what, "check") == 0  ? usage_check
                           : strcmp(what, "sample") == 0 ? usage_sample
                           : strcmp(what, "run") == 0    ? usage_run
                           : strcmp(what, "launch") == 0 ? usage_launch
                           : strcmp(what, "help") == 0   ? usage_main
                                                         : NULL;
        if (!text) {
            fprintf(stderr, "vsmp: help: unknown command '%s'\n%s", what, usage_main);
            return EXIT_USAGE;
        }
        fputs(text, stdout);
        return 0;
    }
    if (strcmp(cmd, "asm") == 0)
        return cmd_asm(argc - 1, argv + 1);
    if (strcmp(cmd, "dis") == 0)
        return cmd_dis(argc - 1, argv + 1);
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "sample") == 0)
        return cmd_sample(argc - 1, argv + 1);
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 1, argv + 1);
    if (strcmp(cmd, "launch") == 0)
        return cmd_launch(argc - 1, argv + 1);
    fprintf(stderr, "vsmp: unknown command '%s'\n%s", cmd, usage_main);
    return EXIT_USAGE;
}
