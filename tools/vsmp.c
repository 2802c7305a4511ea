/* SPDX-License-Identifier: MIT */
/* The vsmp command-line tool. Uses only the public API (include/vsmp). */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample_job.h"
#include "vsmp/vsmp.h"

#define EXIT_DIAG  1
#define EXIT_USAGE 2
#define MAX_INPUT  (256u << 20)

typedef struct input {
    const char *name; /* for diagnostics */
    unsigned char *data;
    size_t size;
    int is_binary;
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
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        if (cap >= MAX_INPUT) {
            fprintf(stderr, "vsmp: %s: input larger than %u MiB\n", in->name, MAX_INPUT >> 20);
            free(buf);
            buf = NULL;
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
    int err = f != stdin && ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf || err) {
        if (err)
            fprintf(stderr, "vsmp: cannot read %s\n", path);
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
} common_opts;

static int load_module(const char *path, const common_opts *o, vsmp_module **m, vsmp_diags *d,
                       input *in)
{
    if (read_all(path, in))
        return -1;
    classify(in, path, o->input_format);
    vsmp_status st;
    if (in->is_binary) {
        vsmp_read_options ro = {o->paired != 0};
        st = vsmp_module_read(in->data, in->size, &ro, m, d);
    } else {
        st = vsmp_text_parse((const char *)in->data, in->size, o->dialect, m, d);
    }
    if (st && d->errors == 0)
        vsmp_diags_add(d, VSMP_SEV_ERROR, "input", 0, 0, -1, "%s", vsmp_status_str(st));
    return st ? -1 : 0;
}

static int write_file(const char *path, const void *data, size_t n)
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "vsmp: cannot create %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t w = fwrite(data, 1, n, f);
    int bad = w != n;
    if (f != stdout)
        bad |= fclose(f) != 0;
    else
        bad |= fflush(f) != 0;
    if (bad)
        fprintf(stderr, "vsmp: cannot write %s\n", path);
    return bad ? -1 : 0;
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

static const char usage_asm[] =
    "usage: vsmp asm [options] IN -o OUT\n"
    "Assemble a .visaasm program (or re-encode a .isa file) into a vISA binary, byte for byte\n"
    "as the fixed GenX_IR 1.0.12504 writes it (vsmp writes no Gen code).\n"
    "  -o, --output FILE        output .isa (- for stdout)\n"
    "      --syntax 12504|head  text dialect of the input (default 12504)\n"
    "      --isa-version M.m    binary version to write, 3.0 to 4.1 (default 4.1)\n"
    "      --paired-surface     read/write HEAD's paired-surface layout (vISA >= 3.8)\n"
    "      --input-format isa|text  override the extension\n"
    "      --drop-gen           leave embedded Gen binaries out\n";
static const char usage_dis[] =
    "usage: vsmp dis [options] IN [-o OUT]\n"
    "Print a vISA binary (or re-print a .visaasm program) as assembly text. The default text is\n"
    "accepted by Debian's GenX_IR (1.0.12504) and compiles to the same Gen code.\n"
    "  -o, --output FILE        write the text to FILE (default stdout)\n"
    "      --syntax 12504|head  dialect to print, and to parse a text input with (default 12504)\n"
    "      --paired-surface     the binary uses HEAD's paired-surface layout\n"
    "      --input-format isa|text  override the extension\n";
static const char usage_check[] =
    "usage: vsmp check --platform P [options] IN\n"
    "Check every rule of the vISA sampler specification; report compiler-style diagnostics.\n"
    "  -p, --platform P         SKL, ICLLP, TGLLP, DG2, PVC, ... (required)\n"
    "      --syntax 12504|head  text dialect of the input (default 12504)\n"
    "      --paired-surface     the binary uses HEAD's paired-surface layout\n"
    "      --input-format isa|text  override the extension\n"
    "  -W, --warnings-as-errors exit 1 on warnings too\n";
static const char usage_sample[] =
    "usage: vsmp sample [--format text|json] JOB.json\n"
    "Run the sampler on a described surface: one result (RGBA) per lane of the job.\n"
    "The job file (docs/SAMPLE_JOB.md) gives the surface (texels, a PNG, a pattern or raw\n"
    "bytes; mips generated), the sampler state and the lanes (op, coordinates, lod, bias,\n"
    "gradients, ref, offsets), or instead of lanes one media-sampler block (SAMPLE_UNORM).\n"
    "Lanes 4k..4k+3 form the 2x2 quads of implicit derivatives.\n"
    "  -f, --format text|json   output format (default text)\n"
    "      --cpu c|avx2|all     the highest kernel level to use (same results; VSMP_CPU too)\n";
static const char usage_main[] =
    "usage: vsmp <command> [options]\n"
    "Commands:\n"
    "  asm    assemble .visaasm text into a .isa binary\n"
    "  dis    print a .isa binary as .visaasm text\n"
    "  check  validate a program against the specification for a platform\n"
    "  sample run the sampling engine on a job file\n"
    "  help   print the help of a command\n"
    "Options: --version, --help. 'vsmp CMD --help' describes a command.\n"
    "Exit status: 0 success, 1 diagnostics, 2 usage error.\n";

enum { OPT_SYNTAX = 256, OPT_ISAVER, OPT_PAIRED, OPT_INFMT, OPT_DROPGEN, OPT_CPU };

static const struct option long_opts[] = {
    {"output", required_argument, 0, 'o'},
    {"platform", required_argument, 0, 'p'},
    {"warnings-as-errors", no_argument, 0, 'W'},
    {"syntax", required_argument, 0, OPT_SYNTAX},
    {"isa-version", required_argument, 0, OPT_ISAVER},
    {"paired-surface", no_argument, 0, OPT_PAIRED},
    {"input-format", required_argument, 0, OPT_INFMT},
    {"drop-gen", no_argument, 0, OPT_DROPGEN},
    {"format", required_argument, 0, 'f'},
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
    const char *in_path;
    int json;
} cli;

static int parse_args(int argc, char **argv, const char *usage, cli *c)
{
    memset(c, 0, sizeof(*c));
    optind = 1;
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":o:p:f:Wh", long_opts, NULL)) != -1) {
        switch (ch) {
        case 'f':
            if (strcmp(optarg, "json") && strcmp(optarg, "text")) {
                fprintf(stderr, "vsmp: --format takes text or json\n");
                return EXIT_USAGE;
            }
            c->json = strcmp(optarg, "json") == 0;
            break;
        case 'o':
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
            if (sscanf(optarg, "%u.%u", &c->isa_major, &c->isa_minor) != 2 || c->isa_major < 3 ||
                c->isa_major > 4 || c->isa_minor > 99) {
                fprintf(stderr, "vsmp: --isa-version takes M.m between 3.0 and 4.1\n");
                return EXIT_USAGE;
            }
            break;
        case OPT_PAIRED:
            c->co.paired = 1;
            break;
        case OPT_CPU: /* the highest kernel level: results are the same at every level */
            if (strcmp(optarg, "c") == 0)
                vsmp_cpu_set_mask(0);
            else if (strcmp(optarg, "avx2") == 0)
                vsmp_cpu_set_mask(VSMP_CPU_AVX2);
            else if (strcmp(optarg, "all") != 0) {
                fprintf(stderr, "vsmp: --cpu takes c, avx2 or all\n");
                return EXIT_USAGE;
            }
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
    vsmp_diags_init(&d);
    input in = {0};
    vsmp_module *m = NULL;
    if (load_module(c.in_path, &c.co, &m, &d, &in))
        return finish(&d, &in, m, EXIT_DIAG);
    vsmp_write_options wo = {(uint8_t)c.isa_major, (uint8_t)c.isa_minor, c.co.paired != 0,
                             c.drop_gen != 0};
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
    vsmp_diags_init(&d);
    input in = {0};
    vsmp_module *m = NULL;
    if (load_module(c.in_path, &c.co, &m, &d, &in))
        return finish(&d, &in, m, EXIT_DIAG);
    vsmp_print_options po = {c.co.dialect};
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
    vsmp_diags_init(&d);
    input in = {0};
    vsmp_module *m = NULL;
    if (load_module(c.in_path, &c.co, &m, &d, &in))
        return finish(&d, &in, m, EXIT_DIAG);
    vsmp_check_options co = {plat};
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
    input in = {0};
    if (read_all(c.in_path, &in))
        return EXIT_DIAG;
    rc = vsmp_sample_job(in.name, (const char *)in.data, in.size, c.json != 0, stdout, stderr);
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
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("vsmp %s\n", VSMP_VERSION_STRING);
        return 0;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        fputs(usage_main, stdout);
        return 0;
    }
    if (strcmp(cmd, "help") == 0) {
        const char *what = argc > 2 ? argv[2] : "";
        fputs(strcmp(what, "asm") == 0      ? usage_asm
              : strcmp(what, "dis") == 0    ? usage_dis
              : strcmp(what, "check") == 0  ? usage_check
              : strcmp(what, "sample") == 0 ? usage_sample
                                            : usage_main,
              stdout);
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
    fprintf(stderr, "vsmp: unknown command '%s'\n%s", cmd, usage_main);
    return EXIT_USAGE;
}
