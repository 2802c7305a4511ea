#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The commands README.md prints, run literally so that they cannot rot.

Every command line in README.md's code blocks that starts with `build/vsmp` (indented blocks and
fenced blocks, a leading `$ ` prompt allowed, a trailing `# comment` ignored) runs, in the order
of the README, in a scratch directory laid out like the checkout: build/vsmp is the vsmp under
test, examples/ and tests/ are the checkout's. A command must exit 0, unless the README prints
its output (the lines after a `$ ` command in a fenced block): then stdout and stderr together
must be exactly those lines and the exit status 1 when they hold an error, 0 otherwise.
usage: readme_test.py VSMP SOURCE_DIR"""
import os
import shlex
import subprocess
import sys
import tempfile

vsmp, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
passed = failed = 0


def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)
        if detail:
            print(detail)


def commands(readme):
    """[(line number, argv, expected output lines or None)] of the build/vsmp commands."""
    out = []
    fenced = False
    expect = None
    for n, line in enumerate(readme.splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
            expect = None
            continue
        if fenced:
            text = line
        elif line.startswith("    "):
            text = line[4:]
        else:
            expect = None
            continue
        prompt = text.startswith("$ ")
        if prompt:
            text = text[2:]
        if text.startswith("build/vsmp"):
            expect = [] if fenced and prompt else None
            out.append((n, shlex.split(text, comments=True), expect))
        elif expect is not None and text:
            expect.append(text)
    return out


readme = open(os.path.join(source, "README.md")).read()
cmds = commands(readme)
check(len(cmds) >= 6, "README.md prints the vsmp commands (found %d)" % len(cmds))
with tempfile.TemporaryDirectory() as tmp:
    os.mkdir(os.path.join(tmp, "build"))
    os.symlink(vsmp, os.path.join(tmp, "build", "vsmp"))
    for d in ("examples", "tests"):
        os.symlink(os.path.join(source, d), os.path.join(tmp, d))
    for n, argv, expect in cmds:
        what = "README.md:%d: %s" % (n, " ".join(argv))
        # ocloc's builds (vsmp launch of OpenCL C) are cached in the scratch directory
        r = subprocess.run(argv, cwd=tmp, capture_output=True, timeout=60,
                           env=dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache")))
        got = (r.stdout + r.stderr).decode(errors="replace")
        if expect is None:
            check(r.returncode == 0, what + " -> exit %d" % r.returncode, got[-2000:])
        else:
            want_rc = 1 if any(": error: " in l for l in expect) else 0
            check(r.returncode == want_rc and got.splitlines() == expect,
                  what + ": exit %d and the output the README prints" % r.returncode,
                  "README:\n%s\ngot:\n%s" % ("\n".join(expect), got))
        for i, a in enumerate(argv[:-1]):
            if a == "-o" and argv[i + 1] != "-":
                f = os.path.join(tmp, argv[i + 1])
                check(os.path.exists(f) and os.path.getsize(f) > 0,
                      what + ": writes " + argv[i + 1])
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
