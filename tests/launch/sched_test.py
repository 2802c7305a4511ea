#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`vsmp launch`'s scheduling through the tool (docs/LAUNCH.md sections 2 and 3): the summary
line's counts for launches worked out by hand, --quiet, NDRange products past 2^64, the memory
and instruction budgets, progress and Ctrl-C.

Counts by hand:
  * examples/launch/rotate: 128 x 128 items, local 16 x 1: 1024 groups of one full SIMD16
    thread; its .visaasm is straight-line, a label and 57 instructions (58 steps: the machine
    counts labels) with one sample_lz: 59,392 instructions, 1,024 sampler messages, 1 PNG.
  * buf_saxpy (tests/corpus/k, tgllp SIMD16): straight-line, a label and 14 instructions: 15
    a thread. 64 items, local 16: 4 groups, 4 threads, 100% of lanes; 40 items, local 20: 2
    groups of 2 threads (16 + 4 lanes), 40 of 64 lanes = 62.5%, 60 instructions.
  * tests/launch/sched/spin: 5 + 4 * max(n, 1) instructions a thread (test_launch_sched.c).

usage: sched_test.py --vsmp build/vsmp --source .
"""
import argparse
import gzip
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL " + what)


def launch(vsmp, desc_path, *opts, timeout=60):
    p = subprocess.run([vsmp, "launch", *opts, desc_path], capture_output=True, text=True,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def summary_re(groups, local, threads, simd, lanes, insns, smp, files):
    return re.compile(r"^%s: %d work-groups of %s, %d hardware threads of SIMD%d, %s%% of lanes "
                      r"used, %d instructions, %d sampler messages, [0-9.]+ s, %d files? "
                      r"written$" % (r"\S+", groups, re.escape(local), threads, simd,
                                     re.escape(lanes), insns, smp, files), re.M)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    ap.add_argument("--source", required=True)
    a = ap.parse_args()
    vsmp = os.path.abspath(a.vsmp)
    src = os.path.abspath(a.source)
    tmp = tempfile.mkdtemp(prefix="vsmp_sched_")
    try:
        run(vsmp, src, tmp)
    finally:
        shutil.rmtree(tmp)
    print("sched_test: %d failures" % len(FAILS))
    return 1 if FAILS else 0


def write(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f)
    return path


def run(vsmp, src, tmp):
    # ---- the summary (issue 20) ----
    rot = os.path.join(src, "examples", "launch", "rotate.json")
    rc, out, err = launch(vsmp, rot, "-o", tmp)
    check(rc == 0 and summary_re(1024, "16 x 1 x 1", 1024, 16, "100.0", 59392, 1024, 1)
          .search(err), "rotate summary: %d %r" % (rc, err))
    rc, out, err = launch(vsmp, rot, "-o", tmp, "--quiet")
    check(rc == 0 and err == "", "rotate --quiet: %d %r" % (rc, err))

    for ext in ("visaasm", "cos"):
        with gzip.open(os.path.join(src, "tests", "corpus", "k",
                                    "buf_saxpy.tgllp.simd16.%s.gz" % ext)) as f:
            with open(os.path.join(tmp, "saxpy." + ext), "wb") as g:
                g.write(f.read())

    def saxpy(n, local):
        d = {"kernel": "saxpy.visaasm", "interface": "saxpy.cos", "global": [n],
             "local": [local],
             "args": [{"kind": "buffer", "type": "float", "data": list(range(n))},
                      {"kind": "buffer", "type": "float", "data": [1.0] * n, "print": True},
                      {"kind": "scalar", "type": "float", "value": 2.0}]}
        return write(os.path.join(tmp, "saxpy%d.json" % n), d)

    rc, out, err = launch(vsmp, saxpy(64, 16))
    check(rc == 0 and summary_re(4, "16 x 1 x 1", 4, 16, "100.0", 60, 0, 0).search(err),
          "saxpy 64/16 summary: %d %r" % (rc, err))
    check(out.split()[2:5] == ["1", "3", "5"], "saxpy 64 results: %r" % out[:40])
    # --cpu: the machine's level, the same results and counts at every level; unknown: usage
    for level in ("ref", "c"):
        rc2, out2, err2 = launch(vsmp, saxpy(64, 16), "--cpu", level)
        check(rc2 == 0 and out2 == out and
              summary_re(4, "16 x 1 x 1", 4, 16, "100.0", 60, 0, 0).search(err2),
              "saxpy --cpu %s: %d %r" % (level, rc2, err2))
    rc2, out2, err2 = launch(vsmp, saxpy(64, 16), "--cpu", "sse9")
    check(rc2 == 2 and "--cpu takes" in err2, "launch --cpu sse9: %d %r" % (rc2, err2))
    rc, out, err = launch(vsmp, saxpy(40, 20))
    check(rc == 0 and summary_re(2, "20 x 1 x 1", 4, 16, "62.5", 60, 0, 0).search(err),
          "saxpy 40/20 summary: %d %r" % (rc, err))

    # ---- NDRange products past 2^64 (issue 1): refused at once, not run ----
    spin_k = os.path.join(src, "tests", "launch", "sched", "spin.visaasm")
    spin_c = os.path.join(src, "tests", "launch", "sched", "spin.cos")

    def spin(name, global_, n, local=None, kernel=spin_k, cos=spin_c):
        d = {"kernel": kernel, "interface": cos, "global": global_,
             "args": [{"kind": "scalar", "type": "int", "value": n},
                      {"kind": "scalar", "type": "int", "value": -1}]}
        if local:
            d["local"] = local
        return write(os.path.join(tmp, name), d)

    for g, l in (([1 << 24, 1 << 24, 1 << 16], None),
                 ([1 << 24, 1 << 24, 1 << 16], [1 << 16, 1 << 16, 1]),
                 ([1 << 24, 1 << 24, 1], [16, 1, 1])):
        rc, out, err = launch(vsmp, spin("big.json", g, 0, l), timeout=20)
        check(rc == 1 and "more than 2^32 work-items" in err,
              "global %r local %r: %d %r" % (g, l, rc, err))
    # past the launcher's 2^32 work-items, named under the description; sizes past 32 bits are
    # refused by the description's own read
    rc, out, err = launch(vsmp, spin("past.json", [1 << 16, (1 << 16) + 1], 0, [16, 1]), timeout=20)
    check(rc == 1 and "past.json: error: NDRange 65536 x 65537 x 1, local 16 x 1 x 1: more than "
          "2^32 work-items" in err and "[launch.ndrange]" in err, "2^32 + 2^16: %d %r" % (rc, err))
    rc, out, err = launch(vsmp, spin("wide.json", [1 << 32], 0), timeout=20)
    check(rc == 1 and "global[0]: 4294967296 is out of range [1, 4294967295]" in err,
          "global 2^32: %d %r" % (rc, err))
    # past the old bound of 2^24: 2^25 work-items are launched (stopped by a budget of 1000
    # instructions: running them all is test_launch_sched's)
    rc, out, err = launch(vsmp, spin("many.json", [1 << 25], 0), "--max-instructions", "1000",
                          timeout=20)
    check(rc == 1 and "budget of 1000 instructions" in err and "work-items" not in err,
          "2^25 work-items: %d %r" % (rc, err))

    # ---- the instruction budget (issue 18): 4 threads of 25 ----
    p = spin("budget.json", [64], 5, [16])
    rc, out, err = launch(vsmp, p, "--max-instructions", "100")
    check(rc == 0 and " 100 instructions" in err, "budget 100: %d %r" % (rc, err))
    rc, out, err = launch(vsmp, p, "--max-instructions", "99")
    check(rc == 1 and "budget of 99 instructions" in err and "[steps]" in err,
          "budget 99: %d %r" % (rc, err))
    rc, out, err = launch(vsmp, p, "--max-instructions", "-1")
    check(rc == 2, "budget -1: usage error %d" % rc)

    # ---- the memory budget (issue 15): a group of 1024 meeting at a barrier holds 64
    # machines, each with 64 unused 4 KiB variables: over 16 MiB ----
    with open(spin_k) as f:
        text = f.read()
    big = "".join(".decl BIG%d v_type=G type=d num_elts=1024 align=hword\n" % i
                  for i in range(64))
    text = text.replace(".input LIDX", big + ".input LIDX", 1)
    text = text.replace("    ret (M1, 1)\n", "    barrier\n    ret (M1, 1)\n", 1)
    with open(os.path.join(tmp, "bar.visaasm"), "w") as f:
        f.write(text)
    with open(spin_c) as f:
        cos = f.read().replace("HasBarriers = 0", "HasBarriers = 1")
    with open(os.path.join(tmp, "bar.cos"), "w") as f:
        f.write(cos)
    p = spin("bar.json", [1024], 0, [1024], kernel="bar.visaasm", cos="bar.cos")
    rc, out, err = launch(vsmp, p, "--max-memory", "8M")
    m = re.search(r"the launch needs (\d+) bytes \(64 machines", err)
    check(rc == 1 and m and int(m.group(1)) > 16 << 20 and "[memory]" in err,
          "8M budget: %d %r" % (rc, err))
    rc, out, err = launch(vsmp, p, "--max-memory", "64M")
    check(rc == 0 and "1 work-groups of 1024 x 1 x 1, 64 hardware threads" in err,
          "64M budget: %d %r" % (rc, err))

    # ---- progress and Ctrl-C (issue 18): 1024 threads of 4,000,005 instructions take
    # several seconds even where loops run fast; after 2 s a progress line is out, and SIGINT
    # stops the launch: status 130 ----
    p = spin("long.json", [16384], 1000000)
    proc = subprocess.Popen([vsmp, "launch", p], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    time.sleep(2.0)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    check(proc.returncode == 130 and "interrupted: the launch stopped after" in err and
          re.search(r"\d+ of 1024 work-groups \([0-9.]+%\), \d+/s, \d+ s left", err),
          "Ctrl-C: %r %r" % (proc.returncode, err))


if __name__ == "__main__":
    sys.exit(main())
