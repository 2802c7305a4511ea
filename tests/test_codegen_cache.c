/* SPDX-License-Identifier: MIT */
/*
 * The generated code's process-wide cache and its fallback (src/exec/codegen.c, docs/CODEGEN.md
 * 2.3-2.4), through the machine as test_exec_fast_flow.c drives it (ff_kit.h):
 * - machines on several threads that make the same runs' code at once end with one function per
 *   run, the same in every machine, and each machine's results are the reference level's;
 * - where the OS refuses to make memory executable (here a seccomp filter that fails mprotect
 *   with PROT_EXEC, as SELinux's execmem rule or PaX's MPROTECT do), no run of two kernels gets
 *   code and every result is still the reference level's. That part runs in a child process:
 *   the filter cannot be taken off.
 */
#define _GNU_SOURCE /* syscall numbers */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ff_kit.h"

uintptr_t vsmp_x_codegen_at(const vsmp_machine *m, uint32_t index);

/* Two programs of runs with labels between them, every member a mode the code emits */
static const char prog_a[] = "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
                             "mul (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
                             "ca1:\n"
                             "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
                             "mov (M1, 16) DC(0,0)<1> DD(0,0)<8;8,1>\n"
                             "ca2:\n"
                             "mad (M1, 16) FA(0,0)<1> FB(0,0)<8;8,1> FC(0,0)<8;8,1> "
                             "FD(0,0)<8;8,1>\n"
                             "add (M1, 16) FB(0,0)<1> FA(0,0)<8;8,1> FD(0,0)<8;8,1>\n";
static const char prog_b[] = "mul (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
                             "add (M1, 16) DD(0,0)<1> DB(0,0)<8;8,1> DC(0,0)<8;8,1>\n"
                             "cb1:\n"
                             "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
                             "mov (M1, 16) DA(0,0)<1> DD(0,0)<8;8,1>\n"
                             "cb2:\n"
                             "mul (M1, 16) FB(0,0)<1> FC(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
                             "add (M1, 16) DB(0,0)<1> DA(0,0)<8;8,1> DD(0,0)<8;8,1>\n";
enum { NINST = 9, SEEDS = 24, THREADS = 4 };

/* The highest fast level the host has, with generated code */
static unsigned cg_level(void)
{
    unsigned levels[FF_LEVELS], n = ff_levels(levels);
    return levels[n - 1];
}

/* @p ms[0] (the reference level) and ms[1] (@p level) filled alike and run, @p SEEDS times: how
 * many seeds left them different (no CHECK here: it runs on the test's threads) */
static unsigned run_pair(vsmp_machine *const *ms, uint64_t salt)
{
    unsigned bad = 0;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        ff_fill(ms, 2, seed * 7919u + salt);
        bool ok0 = kit_run(ms[0], NULL), ok1 = kit_run(ms[1], NULL);
        const char *which = "";
        bad += !ok0 || !ok1 || !ff_same(ms[0], ms[1], &which);
    }
    return bad;
}

/* How many of the machine's runs have code */
static unsigned with_code(const vsmp_machine *m)
{
    unsigned n = 0;
    for (uint32_t i = 0; i < NINST; i++)
        n += vsmp_x_is_codegen(m, i);
    return n;
}

/* ---- executable memory refused ---- */

/* mprotect with PROT_EXEC fails with EACCES from here on, in this process */
static bool refuse_exec(void)
{
    struct sock_filter f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mprotect, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[2])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {(unsigned short)(sizeof f / sizeof f[0]), f};
    return !prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) &&
           !prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}

/* @p prog on the reference level and at @p level, run alike (run_pair): 2 where a machine was
 * not made, 8 where results differ, else 0; how many of its runs got code in *code */
static int prog_pair(const char *prog, unsigned level, uint64_t salt, unsigned *code)
{
    vsmp_module *mod = ff_parse(prog, "");
    vsmp_machine *ms[2] = {mod ? ff_machine(mod, 0, 0xffffffffu) : NULL,
                           mod ? ff_machine(mod, level, 0xffffffffu) : NULL};
    int fail = !ms[0] || !ms[1] ? 2 : run_pair(ms, salt) ? 8 : 0;
    *code = ms[1] ? with_code(ms[1]) : 0;
    vsmp_machine_free(ms[0]);
    vsmp_machine_free(ms[1]);
    vsmp_module_free(mod);
    return fail;
}

/* In the child: the exit status is what failed (1: the filter, 2: a machine, 4: code made, 8:
 * results differ), 0 when nothing did */
static int refused_child(unsigned level)
{
    if (!refuse_exec())
        return 1;
    void *probe = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (probe == MAP_FAILED || !mprotect(probe, 4096, PROT_READ | PROT_EXEC))
        return 1; /* the filter does not refuse */
    int fail = 0;
    const char *progs[] = {prog_a, prog_b};
    for (unsigned p = 0; p < 2; p++) {
        unsigned code = 0;
        fail |= prog_pair(progs[p], level, p, &code) | (code ? 4 : 0);
    }
    return fail;
}

static void test_refused(unsigned level)
{
    fflush(NULL);
    pid_t pid = fork();
    CHECK(pid >= 0, "fork: %d", errno);
    if (pid == 0)
        _exit(refused_child(level));
    int ws = 0;
    CHECK(waitpid(pid, &ws, 0) == pid, "waitpid");
    CHECK(WIFEXITED(ws) && WEXITSTATUS(ws) == 0,
          "refused executable memory: exit %d (1 filter, 2 machine, 4 code made, 8 results)",
          WIFEXITED(ws) ? WEXITSTATUS(ws) : -1);

    /* the same program here, where nothing refuses: its runs get code */
    unsigned code = 0;
    int fail = prog_pair(prog_a, level, 0, &code);
    CHECK(!fail, "prog_a with code: %s", fail == 2 ? "no machines" : "results differ");
    CHECK(code > 0, "prog_a: no run has code");
}

/* ---- several threads making the same code ---- */

typedef struct worker {
    vsmp_machine *ms[2];
    pthread_barrier_t *start;
    unsigned salt, bad;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    pthread_barrier_wait(w->start);
    w->bad = run_pair(w->ms, w->salt);
    return NULL;
}

static void test_threads(unsigned level)
{
    vsmp_module *mod = ff_parse(prog_b, ""); /* no run of it has code yet */
    if (!mod)
        return;
    worker w[THREADS];
    pthread_t th[THREADS];
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, THREADS);
    bool made = true;
    for (unsigned t = 0; t < THREADS; t++) { /* made here: the CPU mask is the process's */
        w[t] = (worker){
            {ff_machine(mod, 0, 0xffffffffu), ff_machine(mod, level, 0xffffffffu)}, &start, t, 0};
        made &= w[t].ms[0] && w[t].ms[1];
    }
    CHECK(made, "machines for prog_b");
    if (made) {
        for (unsigned t = 0; t < THREADS; t++)
            CHECK(!with_code(w[t].ms[1]), "machine %u has code before it ran", t);
        unsigned started = 0;
        for (unsigned t = 0; t < THREADS; t++)
            started += !pthread_create(&th[t], NULL, work, &w[t]);
        CHECK(started == THREADS, "%u threads of %u", started, (unsigned)THREADS);
        for (unsigned t = 0; t < started; t++)
            pthread_join(th[t], NULL);
        if (started == THREADS) {
            for (unsigned t = 0; t < THREADS; t++) {
                CHECK(!w[t].bad, "thread %u: %u seeds of %u differ", t, w[t].bad, (unsigned)SEEDS);
                CHECK(with_code(w[t].ms[1]) > 0, "thread %u: no run has code", t);
            }
            for (uint32_t i = 0; i < NINST; i++)
                for (unsigned t = 1; t < THREADS; t++)
                    CHECK(vsmp_x_codegen_at(w[t].ms[1], i) == vsmp_x_codegen_at(w[0].ms[1], i),
                          "run at %u: thread %u's code is not thread 0's", i, t);
        }
    }
    for (unsigned t = 0; t < THREADS; t++) {
        vsmp_machine_free(w[t].ms[0]);
        vsmp_machine_free(w[t].ms[1]);
    }
    pthread_barrier_destroy(&start);
    vsmp_module_free(mod);
}

int main(void)
{
    unsigned level = cg_level();
    CHECK(level & VSMP_CPU_CODEGEN, "no level with generated code (0x%x)", level);
    if (level & VSMP_CPU_CODEGEN) {
        test_refused(level); /* first: the child inherits no code made before it */
        test_threads(level);
    }
    return t_finish();
}
