#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The vsmp CLI: exit codes (0 success, 1 diagnostics, 2 usage), compiler-style diagnostics,
stdin, --help/--version, and the bytes it writes. usage: cli_test.py VSMP GOLDEN_DIR"""
import os
import re
import subprocess
import sys
import tempfile

vsmp, golden = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def run(args, stdin=None):
    return subprocess.run([vsmp, *args], input=stdin, capture_output=True, timeout=60)


case = os.path.join(golden, "cases", "rep_sample")
src = os.path.join(case, "rep_sample.visaasm")
isa = os.path.join(case, "rep_sample.TGLLP.isa")
bad_text = b'.version 4.1\n.kernel "k"\n.decl D v_type=G type=f num_elts=8\n' \
           b'frob (M1, 1) D(0,0)<1> D(0,0)<0;1,0>\nsample_3d.RGBA (M1, 16) 0x0:uw S9 T6 D.0 D.0\n'

r = run([])
check(r.returncode == 2, "no command -> 2")
r = run(["--version"])
check(r.returncode == 0 and re.match(rb"vsmp \d+\.\d+\.\d+", r.stdout), "--version")
for cmd in ("asm", "dis", "check"):
    r = run([cmd, "--help"])
    check(r.returncode == 0 and b"usage: vsmp " + cmd.encode() in r.stdout, cmd + " --help")
    r = run(["help", cmd])
    check(r.returncode == 0 and b"usage: vsmp " + cmd.encode() in r.stdout, "help " + cmd)
    r = run([cmd, "--no-such-option", src])
    check(r.returncode == 2, cmd + " unknown option -> 2")
# strict command names and numeric options: a usage error (2) with a message, never a guess
for args in (["help", "bogus"], ["help", "asm", "dis"], ["--version", "x"], ["bogus"]):
    r = run(args)
    check(r.returncode == 2 and r.stderr.startswith(b"vsmp: ") and not r.stdout,
          "%r -> 2: %r" % (args, r.stderr[:80]))
r = run(["asm", src, "-o", ""])
check(r.returncode == 2 and b"-o needs a file name" in r.stderr, "-o '' -> 2")
# an option a command does not use is refused, not ignored
for args in (["dis", "--drop-gen", isa], ["dis", "--isa-version", "3.6", isa],
             ["asm", "-p", "TGLLP", src, "-o", os.devnull], ["check", "-p", "TGLLP", "-o", "x", isa],
             ["sample", "-W", src], ["asm", "--format", "json", src, "-o", os.devnull]):
    r = run(args)
    check(r.returncode == 2 and b"vsmp: %s does not take -" % args[0].encode() in r.stderr,
          "%r -> 2: %r" % (args, r.stderr[:80]))
r = run(["help"])
check(r.returncode == 0 and b"Commands:" in r.stdout, "help alone prints the command list")
# versions with a layout: 3.0 to 3.8 (VISA_ENCODING.md 4.2: 4.0 followed 3.8), 4.0, 4.1
for v in ("3.99", "3.9", "4.1junk", "4.2", "2.9", "5.0", "4", "4.", ".1", "+4.1", "4.+1", " 4.1",
          "4.1 ", "-3.6", "04294967299.1", "4.0x1", "3.6.1", ""):
    r = run(["asm", "--isa-version", v, src, "-o", os.devnull])
    check(r.returncode == 2 and b"--isa-version" in r.stderr and not r.stdout,
          "--isa-version %r -> 2: %r" % (v, r.stderr[:100]))
r = run(["asm", src])
check(r.returncode == 2 and b"-o" in r.stderr, "asm without -o -> 2")
r = run(["check", src])
check(r.returncode == 2, "check without --platform -> 2")
r = run(["check", "--platform", "NOPE", src])
check(r.returncode == 2, "unknown platform -> 2")
# a read error is reported with its reason, from a file and from stdin (it was ignored on
# stdin: reading a directory parsed as an empty program)
with tempfile.TemporaryDirectory() as tmp:
    r = run(["dis", tmp])
    check(r.returncode == 1 and b"cannot read %s: Is a directory" % tmp.encode() in r.stderr,
          "a directory as input: %r" % r.stderr)
    dfd = os.open(tmp, os.O_RDONLY)
    r = subprocess.run([vsmp, "dis", "-"], stdin=dfd, capture_output=True, timeout=60)
    os.close(dfd)
    check(r.returncode == 1 and r.stderr == b"vsmp: cannot read <stdin>: Is a directory\n",
          "a directory on stdin: %r" % r.stderr)
r = run(["dis", "/no/such/file.isa"])
check(r.returncode == 1 and b"cannot open" in r.stderr, "missing file -> 1")

with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "o.isa")
    r = run(["asm", src, "-o", out])
    check(r.returncode == 0 and os.path.exists(out), "asm -> 0")
    # the kernel object is the fixed GenX_IR's (offset/size from the header)
    def kobj(b):
        nl = b[8] | b[9] << 8
        p = 10 + nl
        off = int.from_bytes(b[p:p + 4], "little")
        size = int.from_bytes(b[p + 4:p + 8], "little")
        return b[off:off + size]
    check(kobj(open(out, "rb").read()) == kobj(open(isa, "rb").read()), "asm bytes")
    r = run(["asm", "--isa-version", "3.6", src, "-o", out])
    check(r.returncode == 0 and open(out, "rb").read()[4:6] == b"\x03\x06", "asm 3.6")
    r = run(["asm", "--isa-version", "3.3", src, "-o", out])
    check(r.returncode == 1 and b"cannot be encoded in vISA 3.3" in r.stderr,
          "a variable aoffimmi has no 3.3 encoding")
    r = run(["asm", "-", "-o", "-"], stdin=open(src, "rb").read())
    check(r.returncode == 0 and r.stdout[:4] == b"CISA", "stdin to stdout")
    r = run(["dis", isa, "-o", os.path.join(tmp, "t.visaasm")])
    check(r.returncode == 0 and b"sample_b" in open(os.path.join(tmp, "t.visaasm"), "rb").read(),
          "dis -o")

# output files: written to a temporary file and renamed, so a write error keeps the previous
# file; the message carries the system's reason
import resource as _res, signal as _sig, stat as _stat
if os.path.exists("/dev/full"):
    for args in (["asm", src, "-o", "/dev/full"], ["dis", isa, "-o", "/dev/full"]):
        r = run(args)
        check(r.returncode == 1 and b"cannot write /dev/full: No space left on device" in r.stderr,
              "%s to /dev/full: %r" % (args[0], r.stderr))
    with open("/dev/full", "wb") as full:
        r = subprocess.run([vsmp, "asm", src, "-o", "-"], stdout=full, capture_output=False,
                           stderr=subprocess.PIPE, timeout=60)
    check(r.returncode == 1 and b"No space left on device" in r.stderr, "stdout on /dev/full")


def small_fsize():  # writes past 100 bytes fail with EFBIG (SIGXFSZ ignored)
    _sig.signal(_sig.SIGXFSZ, _sig.SIG_IGN)
    _res.setrlimit(_res.RLIMIT_FSIZE, (100, 100))


with tempfile.TemporaryDirectory() as tmp:
    for cmd, inp, name in (("asm", src, "o.isa"), ("dis", isa, "o.visaasm")):
        out = os.path.join(tmp, name)
        open(out, "wb").write(b"previous contents\n")
        os.chmod(out, 0o640)
        r = subprocess.run([vsmp, cmd, inp, "-o", out], capture_output=True, timeout=60,
                           preexec_fn=small_fsize)
        check(r.returncode == 1 and b"File too large" in r.stderr and
              open(out, "rb").read() == b"previous contents\n",
              "%s: a failed write keeps the previous file: %r" % (cmd, r.stderr))
        check(sorted(os.listdir(tmp)) == sorted(n for n in ("o.isa", "o.visaasm")
                                                if os.path.exists(os.path.join(tmp, n))),
              "%s: no temporary file left: %r" % (cmd, os.listdir(tmp)))
        r = run([cmd, inp, "-o", out])
        check(r.returncode == 0 and open(out, "rb").read() != b"previous contents\n" and
              _stat.S_IMODE(os.stat(out).st_mode) == 0o640, "%s: replaced, mode kept" % cmd)
    # through a symlink: the link stays, its target is replaced
    real = os.path.join(tmp, "o.isa")
    link = os.path.join(tmp, "link.isa")
    os.symlink("o.isa", link)
    open(real, "wb").write(b"old")
    r = run(["asm", src, "-o", link])
    check(r.returncode == 0 and os.path.islink(link) and open(real, "rb").read()[:4] == b"CISA",
          "a symlinked output keeps the link")
    r = run(["asm", src, "-o", os.path.join(tmp, "no", "such", "dir", "o.isa")])
    check(r.returncode == 1 and b"No such file or directory" in r.stderr, "missing directory")
    ro = os.path.join(tmp, "ro")
    os.mkdir(ro)
    open(os.path.join(ro, "o.isa"), "wb").write(b"old")
    os.chmod(ro, 0o555)
    if os.geteuid() != 0:  # root writes into a 0555 directory anyway
        r = run(["asm", src, "-o", os.path.join(ro, "o.isa")])
        check(r.returncode == 1 and b"Permission denied" in r.stderr and
              open(os.path.join(ro, "o.isa"), "rb").read() == b"old",
              "unwritable directory: %r" % r.stderr)
    os.chmod(ro, 0o755)

# a 2.3 MB .isa whose 1000 kernels each list 255 Gen binaries spanning the whole file asked
# for 590 GB; it is refused from its header, within 1 GB (ASan builds: its RSS limit)
with tempfile.TemporaryDirectory() as tmp:
    tiny = os.path.join(tmp, "tiny.isa")
    r = run(["asm", "-", "-o", tiny], stdin=b'.version 4.1\n.kernel "k"\nret (M1, 1)\n')
    t = open(tiny, "rb").read()
    # 4.1 header: magic, version, count 2, name length 2 + "k", offset 4, size 4 (byte 11)
    kobj = t[int.from_bytes(t[11:15], "little"):][:int.from_bytes(t[15:19], "little")]
    nk = 1000
    hsize = 8 + nk * (2 + 1 + 12 + 4 + 1 + 255 * 9) + 4
    total = hsize + len(kobj)
    entry = (b"\x01\x00k" + hsize.to_bytes(4, "little") + len(kobj).to_bytes(4, "little") +
             bytes(4 + 4) + b"\xff" + (b"\x06" + bytes(4) + total.to_bytes(4, "little")) * 255)
    big = t[:6] + nk.to_bytes(2, "little") + entry * nk + bytes(4) + kobj
    check(r.returncode == 0 and len(big) == total, "overlap file built: %d bytes" % len(big))
    bigp = os.path.join(tmp, "big.isa")
    open(bigp, "wb").write(big)
    asan = b"__asan_init" in open(vsmp, "rb").read()
    env = dict(os.environ)
    if asan:
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":hard_rss_limit_mb=1024"
    r = subprocess.run([vsmp, "dis", bigp], capture_output=True, timeout=60, env=env,
                       preexec_fn=None if asan else lambda: _res.setrlimit(
                           _res.RLIMIT_AS, (1 << 30, 1 << 30)))
    check(r.returncode == 1 and b"offset 0x1d: error: the Gen binary overlaps" in r.stderr,
          "overlapping Gen binaries: %r" % r.stderr[:300])

# an instruction of the model holds every operand slot (about 1.7 KB) while `ret` takes 4
# bytes of binary and 12 of text: 4 MB of them asked for 1.8 GB, 64 MB for 29 GB. Reading
# stops at the memory budget (default 1 GiB, --max-memory) with a diagnostic naming the place,
# within an address space of 1.5 GiB (ASan builds: an RSS limit)
with tempfile.TemporaryDirectory() as tmp:
    t = run(["asm", "-", "-o", "-"], stdin=b'.version 4.1\n.kernel "k"\nret (M1, 1)\n').stdout
    off, size = int.from_bytes(t[11:15], "little"), int.from_bytes(t[15:19], "little")
    kobj = t[off:off + size]
    # the kernel object ends with its code (ret: opcode 0x34, exec size, predicate (2)); its
    # header holds code_size (4) then entry (4), the code's offset
    code = b"\x34\x00\x00\x00"
    entry = len(kobj) - len(code)
    at = kobj.find((4).to_bytes(4, "little") + entry.to_bytes(4, "little"))
    check(off + size == len(t) and kobj[entry:] == code and at > 0,
          "ret kernel layout: %r" % kobj[-16:])
    n = (4 << 20) // len(code)
    nk = kobj[:at] + (4 * n).to_bytes(4, "little") + kobj[at + 4:entry] + code * n
    big = t[:15] + len(nk).to_bytes(4, "little") + t[19:off] + nk
    bigp, bigt = os.path.join(tmp, "ret.isa"), os.path.join(tmp, "ret.visaasm")
    open(bigp, "wb").write(big)
    open(bigt, "wb").write(b'.version 4.1\n.kernel "k"\n' + b"ret (M1, 1)\n" * (700 << 10))
    asan = b"__asan_init" in open(vsmp, "rb").read()
    env = dict(os.environ)
    # ASan's realloc copies (glibc's moves pages) and its shadow counts: a 256 MiB budget there
    big_opts, big_budget = (["--max-memory", "256M"], 256 << 20) if asan else ([], 1 << 30)
    if asan:
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":hard_rss_limit_mb=1536"

    def limited(args):
        return subprocess.run([vsmp] + args, capture_output=True, timeout=120, env=env,
                              preexec_fn=None if asan else lambda: _res.setrlimit(
                                  _res.RLIMIT_AS, (3 << 29, 3 << 29)))
    budget = re.compile(rb"needs (\d+) bytes or more for its instructions, over the memory "
                        rb"budget of %d bytes \[memory\]" % big_budget)
    for cmd in (["dis", bigp], ["check", "-p", "TGLLP", bigp], ["asm", bigp, "-o", os.devnull]):
        r = limited(cmd[:1] + big_opts + cmd[1:])
        m = budget.search(r.stderr)
        check(r.returncode == 1 and re.search(rb"ret\.isa: offset 0x[0-9a-f]+: error: out of "
                                              rb"memory", r.stderr) and m and
              int(m.group(1)) > big_budget, "%s: 4 MB of ret refused: %r" % (cmd[0], r.stderr[:300]))
    r = limited(["check"] + big_opts + ["-p", "TGLLP", bigt])
    check(r.returncode == 1 and re.search(rb"ret\.visaasm:\d+:1: error: out of memory",
                                          r.stderr) and budget.search(r.stderr),
          "8 MB of ret lines refused: %r" % r.stderr[:300])
    r = limited(["dis", "--max-memory", "64K", bigp])
    check(r.returncode == 1 and b"over the memory budget of 65536 bytes [memory]" in r.stderr,
          "--max-memory 64K: %r" % r.stderr[:300])
    r = limited(["asm", "--max-memory", "lots", bigt, "-o", os.devnull])
    check(r.returncode == 2 and b"--max-memory takes a byte count" in r.stderr, "--max-memory lots")
    # run and launch read their kernel within the same budget
    open(os.path.join(tmp, "ret.json"), "w").write('{"kernel": "ret.visaasm", "platform": "TGLLP"}')
    r = limited(["run"] + big_opts + [os.path.join(tmp, "ret.json")])
    check(r.returncode == 1 and budget.search(r.stderr), "run: %r" % r.stderr[:300])
    # instructions of 1760 bytes, reserved 16, 24, 36, 54: 36 fit 64 KiB (63360 bytes), the
    # 37th (line 2 + 37) asks for 54 (95040 bytes)
    r = limited(["run", "--max-memory", "64K", os.path.join(tmp, "ret.json")])
    check(r.returncode == 1 and b"ret.visaasm:39:1: error: out of memory: the program needs "
          b"95040 bytes" in r.stderr and
          b"over the memory budget of 65536 bytes [memory]" in r.stderr,
          "run --max-memory 64K: %r" % r.stderr[:300])
    r = limited(["launch", "--max-memory", "lots", os.path.join(tmp, "ret.json")])
    check(r.returncode == 2 and b"--max-memory takes a byte count" in r.stderr,
          "launch --max-memory lots")
    # a normal kernel is read under the same limits, and under a small budget
    for cmd in (["check", "-p", "TGLLP", src], ["dis", isa], ["asm", "--max-memory", "1M", src,
                                                             "-o", os.devnull]):
        r = limited(cmd)
        check(r.returncode == 0, "%s of a normal kernel within the budget: %r" % (cmd[0], r.stderr))

r = run(["asm", "-", "-o", os.devnull], stdin=bad_text)
err = r.stderr.decode()
check(r.returncode == 1, "bad text -> 1")
check(re.search(r"^<stdin>:4:1: error: unknown instruction 'frob'", err, re.M),
      "unsupported instruction reported with line:col")
check(re.search(r"^<stdin>:5:\d+: error: S9: undefined sampler variable \[undeclared\]", err, re.M),
      "second error reported too")
# deeply nested integer expressions end with a diagnostic, not a stack overflow (100,000
# levels took the stack before the parser bounded them at 256; such a line is now also past
# the 4096 tokens of a line, so 1000 levels show the nesting limit)
for deep_n, msg in ((1000, rb"expression nested more than 256 levels deep"),
                    (200000, rb"a line of more than 4096 tokens")):
    for name, expr in (("(", "(" * deep_n + "8" + ")" * deep_n), ("-", "-" * deep_n + "8"),
                       ("~", "~" * deep_n + "8")):
        prog = ('.version 4.1\n.kernel "k"\n.decl D v_type=G type=f num_elts=%s\nret (M1, 1)\n'
                % expr).encode()
        for args in (["asm", "-", "-o", os.devnull], ["dis", "--input-format", "text", "-"],
                     ["check", "--platform", "TGLLP", "-"]):
            r = run(args, stdin=prog)
            check(r.returncode == 1 and re.search(rb"^<stdin>:3:\d+: error: " + msg, r.stderr, re.M),
                  "%s nested %s %d: %r %r" % (args[0], name, deep_n, r.returncode, r.stderr[:200]))
# the limit is exact: 255 parentheses around a literal are 256 levels, 256 are one too many
for n, want in ((255, 0), (256, 1)):
    prog = ('.version 4.1\n.kernel "k"\n.decl D v_type=G type=f num_elts=%s\nret (M1, 1)\n'
            % ("(" * n + "8" + ")" * n)).encode()
    r = run(["check", "--platform", "TGLLP", "-"], stdin=prog)
    check(r.returncode == want, "%d nested parentheses: %r" % (n, r.stderr[:200]))
r = run(["check", "--platform", "TGLLP", "-"],
        stdin=b'.version 4.1\n.kernel "k"\n.decl V0 v_type=G type=f num_elts=8\n'
              b'.decl X v_type=G type=f num_elts=8\n.decl X v_type=G type=f num_elts=8\n')
check(r.returncode == 1 and b"<stdin>:3:7: error: V0: a pre-defined name" in r.stderr and
      b"<stdin>:5:7: error: X: variable redeclaration" in r.stderr,
      "redeclaring a pre-defined name says so: %r" % r.stderr)
# float literals: up to 127 characters are read whole (1e124 as a double: struct.pack('<d',
# 1e124) = 0x59ae412f0f768fad); a longer one was cut to 63 characters and meant another number
for zeros, want in ((124, b" 0x59ae412f0f768fad:df "), (125, b"<stdin>:6:25: error: unexpected "
                                                          b"character or malformed literal")):
    prog = ('.version 4.1\n.kernel "k"\n.decl D v_type=G type=f num_elts=64\n'
            '.decl smp v_type=S num_elts=1\n.decl tex v_type=T num_elts=1\n'
            'sample_3d.RGBA (M1, 16) 1%s.0:df smp tex D.0 D.0\nret (M1, 1)\n' % ("0" * zeros))
    r = run(["dis", "--input-format", "text", "-"], stdin=prog.encode())
    check(want in r.stdout + r.stderr, "a %d-character float literal: %r" % (zeros + 3, r.stdout + r.stderr))
# integer expressions: a result that does not fit int64_t is an error, not a wrapped number
# (2^32 * 2^32 + 8 meant 8); num_elts is 0..65535, negative ones named as such
for expr, want in (("4294967296*4294967296+8", b"<stdin>:3:44: error: the expression overflows"),
                   ("0x7fffffffffffffff+1", b"<stdin>:3:52: error: the expression overflows"),
                   ("3037000500*3037000500", b"<stdin>:3:44: error: the expression overflows"),
                   ("0x8000000000000000/-1", b"<stdin>:3:52: error: the expression overflows"),
                   ("3037000499*3037000499/3037000499/3037000499+7", b"num_elts=8\n"),
                   ("-(5)", b"<stdin>:3:7: error: num_elts -5 does not fit 16 bits"),
                   ("2*3+4-1", b"num_elts=9\n")):
    prog = '.version 4.1\n.kernel "k"\n.decl D v_type=G type=f num_elts=%s\nret (M1, 1)\n' % expr
    r = run(["dis", "--input-format", "text", "-"], stdin=prog.encode())
    check(want in r.stdout + r.stderr, "num_elts=%s: %r" % (expr, r.stdout + r.stderr))
# the error limit: a 5 MB file of 2.5 million bad lines printed 2.5 million errors and kept
# them all in memory (690 MB). Line 1 is reported as a missing .version, every other line as
# a scope: 2,500,000 errors, of which the default limit prints 20.
with tempfile.TemporaryDirectory() as tmp:
    braces = os.path.join(tmp, "braces.visaasm")
    open(braces, "wb").write(b"}\n" * 2500000)
    # its own peak memory, not that of every child so far. A child's peak starts from its
    # parent's at the fork (Linux carries the high-water mark through fork and exec), and this
    # script's peak holds the vsmp binary it read whole above: a fresh, small interpreter starts
    # the command, waits for it (wait4) and prints the peak it reports.
    meter = ("import os, subprocess, sys\n"
             "p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
             "_, status, usage = os.wait4(p.pid, 0)\n"
             "print(usage.ru_maxrss)\n"
             "sys.exit(os.waitstatus_to_exitcode(status))\n")
    r = subprocess.run([sys.executable, "-c", meter, vsmp, "check", "--platform", "TGLLP", braces],
                       capture_output=True, timeout=120)
    usage_kb = int(r.stdout or b"0")
    lines = r.stderr.decode().splitlines()
    check(r.returncode == 1 and len(lines) == 21 and
          sum(": error: " in l for l in lines) == 20 and
          lines[-1] == braces + ": ... and 2499980 more errors",
          "default error limit 20: %d lines, last %r" % (len(lines), lines[-1:]))
    rss_mb = usage_kb / 1024
    check(rss_mb < 100, "2.5 million errors are counted, not kept: %.0f MB" % rss_mb)
    open(braces, "wb").write(b"}\n" * 30)
    r = run(["asm", "--error-limit", "0", braces, "-o", os.devnull])
    check(r.returncode == 1 and r.stderr.count(b": error: ") == 30 and b"more" not in r.stderr,
          "--error-limit 0 prints all 30")
    r = run(["dis", "--error-limit", "3", braces])
    check(r.returncode == 1 and r.stderr.count(b": error: ") == 3 and
          r.stderr.endswith(b": ... and 27 more errors\n"), "--error-limit 3: %r" % r.stderr[-60:])
    r = run(["check", "--platform", "TGLLP", "--error-limit", "1", "-"],
            stdin=b"}\n" * 3)
    check(r.returncode == 1 and r.stderr.endswith(b"<stdin>: ... and 2 more errors\n"),
          "the count is exact: %r" % r.stderr)
    for v in ("-1", "5x", "", " 5", "1e3", "0x10", "9999999999"):
        r = run(["check", "--platform", "TGLLP", "--error-limit", v, braces])
        check(r.returncode == 2 and b"--error-limit" in r.stderr, "--error-limit %r -> 2" % v)
r = run(["check", "--platform", "PVC", isa])
check(r.returncode == 1 and re.search(rb"instruction at 0x1c6: error: .*PVC has no sampler",
                                      r.stderr), "binary diagnostics carry the offset")
r = run(["check", "--platform", "TGLLP", isa])
check(r.returncode == 0, "valid program -> 0")
r = run(["check", "-W", "--platform", "TGLLP",
         os.path.join(golden, "cases", "s3d_slm", "s3d_slm.visaasm")])
check(r.returncode == 1 and b"warning" in r.stderr, "-W turns warnings into failure")
# vsmp sample: values computed by hand from the rules in docs/SAMPLING.md
import json as _json
job = {
    "surface": {"type": "2D", "format": "R32_FLOAT", "width": 4, "height": 1,
                "texels": [[0], [1], [2], [4]], "generate_mips": False},
    "sampler": {"min_filter": "linear", "mag_filter": "linear", "address": ["clamp", "clamp"]},
    "lanes": [
        {"op": "sample_lz", "u": 0.5, "v": 0.5},      # x = 2 - 0.5 = 1.5: halfway 1 and 2
        {"op": "sample_lz", "u": 0.875, "v": 0.5},    # x - 0.5 = 3: texel 3 = 4
        {"op": "sample_lz", "u": 0.0, "v": 0.5, "offset": [1]},  # taps -1, 0 (+1): 0 and 1 clamp
        {"op": "ld", "u": 3, "v": 0, "lod": 0},       # texel 3
        {"op": "ld", "u": 4, "v": 0, "lod": 0},       # out of range: (0, 0, 0, 1)
        {"op": "resinfo", "lod": 0},
    ],
}
with tempfile.TemporaryDirectory() as tmp:
    jp = os.path.join(tmp, "job.json")
    open(jp, "w").write(_json.dumps(job))
    r = run(["sample", "--format", "json", jp])
    check(r.returncode == 0, "sample job runs")
    if r.returncode == 0:
        out = _json.loads(r.stdout)
        got = [l["rgba"] for l in out["lanes"]]
        check(got[0][0] == 1.5 and got[1][0] == 4.0, "bilinear weights: %r" % got[:2])
        check(got[2][0] == 0.5, "immediate offset then clamp: %r" % got[2])
        check(got[3] == [4.0, 0, 0, 1] and got[4] == [0, 0, 0, 1], "ld and its bound: %r" % got[3:5])
        check(got[5] == [4, 1, 0, 1], "resinfo of a 4x1 2D surface: %r" % got[5])
    r = run(["sample", jp])
    check(r.returncode == 0 and r.stdout.startswith(b"lane 0 sample_lz: 1.5 0 0 1"), "text output")
    # --cpu: the same lanes from the C kernels (hand values above hold at every level)
    for level in ("ref", "c", "avx2"):
        r2 = run(["sample", "--cpu", level, jp])
        check(r2.returncode == 0 and r2.stdout == r.stdout, "--cpu %s gives the same output" % level)
    r2 = run(["sample", "--cpu", "sse9", jp])
    check(r2.returncode == 2 and b"--cpu takes" in r2.stderr, "--cpu with an unknown level: usage")
    # given mips: level 1 (2x1) = 10, 20; sample_l lod 1 at u 0.75 -> x 1.5 -> texel 1 = 20
    job["surface"]["levels"] = 2
    job["surface"]["mip_texels"] = [[[10], [20]]]
    job["sampler"] = {"mip_filter": "nearest"}
    job["lanes"] = [{"op": "sample_l", "u": 0.75, "v": 0.5, "lod": 1.0}]
    open(jp, "w").write(_json.dumps(job))
    r = run(["sample", "--format", "json", jp])
    check(r.returncode == 0 and _json.loads(r.stdout)["lanes"][0]["rgba"][0] == 20.0,
          "given mip levels")
    # multisample + MCS + sparse in a job: 4x, pixel samples 5 7 5 9 -> MCS 0x84 (SEMANTICS 4.1)
    ms = {"surface": {"format": "R32_UINT", "width": 1, "height": 1, "samples": 4, "mcs": True,
                      "compress": True, "texels": [[5], [7], [5], [9]]},
          "lanes": [{"op": "ld_mcs", "u": 0, "v": 0},
                    {"op": "ld2dms_w", "si": 3, "mcsl": 0x84, "u": 0, "v": 0},
                    {"op": "ld2dms_w", "si": 1, "mcs0": 0x84, "u": 0, "v": 0}]}
    open(jp, "w").write(_json.dumps(ms))
    r = run(["sample", "--format", "json", jp])
    check(r.returncode == 0, "multisample job runs: %r" % r.stderr)
    if r.returncode == 0:
        got = [l["rgba"][0] for l in _json.loads(r.stdout)["lanes"]]
        check(got == [0x84, 9, 7], "ld_mcs, UD and UW ld2dms_w: %r" % got)
    sp = {"surface": {"format": "R8G8B8A8_UNORM", "width": 256, "height": 128, "pattern": "checker",
                      "nonresident_tiles": [1]},
          "lanes": [{"op": "ld", "u": 0, "v": 100, "lod": 0}, {"op": "ld", "u": 0, "v": 0, "lod": 0}]}
    open(jp, "w").write(_json.dumps(sp))
    r = run(["sample", "--format", "json", jp])
    if r.returncode == 0:
        ls = _json.loads(r.stdout)["lanes"]
        check(ls[0]["mapped"] is False and ls[0]["rgba"] == [0, 0, 0, 0] and ls[1]["mapped"] is True,
              "sparse: row 100 lies in the unmapped tile 1: %r" % ls)
    else:
        check(False, "sparse job runs: %r" % r.stderr)
    # raw memory: a BC1 block, red and blue endpoints, texel (2, 0) index 2 = (2 red + blue) / 3
    bc = {"surface": {"format": "BC1_UNORM", "width": 4, "height": 4,
                      "bytes": "00f8 1f00 e4000000"},
          "lanes": [{"op": "ld", "u": 2, "v": 0, "lod": 0}]}
    open(jp, "w").write(_json.dumps(bc))
    import struct
    f32 = lambda x: struct.unpack("<f", struct.pack("<f", x))[0]  # output is %.9g of a float
    r = run(["sample", "--format", "json", jp])
    check(r.returncode == 0 and [f32(x) for x in _json.loads(r.stdout)["lanes"][0]["rgba"]] ==
          [f32(2 / 3), 0, f32(1 / 3), 1], "BC1 block given as bytes: %r %r" % (r.stdout, r.stderr))
    bc["surface"]["bytes"] = "00" * 9
    open(jp, "w").write(_json.dumps(bc))
    r = run(["sample", jp])
    check(r.returncode == 1 and b"more than the surface's 8 bytes" in r.stderr, "too many bytes")
    bc["surface"].pop("bytes")
    bc["surface"]["pattern"] = "checker"
    open(jp, "w").write(_json.dumps(bc))
    r = run(["sample", jp])
    check(r.returncode == 1 and b"BC1_UNORM texels cannot be given one by one" in r.stderr,
          "texels for a BC surface are refused")
    # NV12 from texels (R = Cr, G = Y, B = Cb): the 2x2 texels share one pair, written last by
    # texel (1, 1): Cr round(0.5 * 255) = 128, Cb round(0.75 * 255) = 191, its Y 0
    nv = {"surface": {"format": "PLANAR_420_8", "width": 2, "height": 2,
                      "texels": [[0.5, 0.25, 0.75], [0.5, 0.5, 0.75], [0.5, 1, 0.75], [0.5, 0, 0.75]]},
          "lanes": [{"op": "ld", "u": 1, "v": 1, "lod": 0}, {"op": "ld", "u": 0, "v": 1, "lod": 0}]}
    open(jp, "w").write(_json.dumps(nv))
    r = run(["sample", "--format", "json", jp])
    if r.returncode == 0:
        ls = _json.loads(r.stdout)["lanes"]
        check([f32(x) for x in ls[0]["rgba"]] == [f32(128 / 255), 0, f32(191 / 255), 1] and
              ls[1]["rgba"][1] == 1.0, "NV12 job: %r" % ls)
    else:
        check(False, "NV12 job runs: %r" % r.stderr)
    # the media sampler on NV12 4x4: Y rows 01..04, 11..14, ...; pairs (Cb, Cr) = (40, c0),
    # (50, d0) / (41, c1), (51, d1). Nearest, clamp, du = dv = 1/4: pixel p reads texel
    # (min(p % 8, 3), p / 8): R = Cr << 8, G = Y << 8, B = Cb << 8, A = 0xff00 (SEMANTICS 1.3)
    md = {"surface": {"format": "PLANAR_420_8", "width": 4, "height": 4,
                      "bytes": "01020304 11121314 21222324 31323334 40c050d0 41c151d1"},
          "sampler": {"address": "clamp"},
          "media": {"u": 0, "v": 0, "du": 0.25, "dv": 0.25}}
    open(jp, "w").write(_json.dumps(md))
    r = run(["sample", "--format", "json", jp])
    if r.returncode == 0:
        px = _json.loads(r.stdout)["media"]["pixels"]
        check(len(px) == 32 and px[2] == [0xd000, 0x0300, 0x5000, 0xff00] and
              px[31] == [0xd100, 0x3400, 0x5100, 0xff00] and px[8] == [0xc000, 0x1100, 0x4000, 0xff00],
              "media block on NV12: %r" % px[:9])
    else:
        check(False, "media job runs: %r" % r.stderr)
    md["media"].update({"channels": "RB", "output": "8_downsampled"})
    open(jp, "w").write(_json.dumps(md))
    r = run(["sample", "--format", "json", jp])
    # R (even pixels) in bytes 0..15, B in 16..31: row y holds x = 0, 2, 4, 6 -> clamp to 0, 2, 3, 3
    want = "c0d0d0d0" "c0d0d0d0" "c1d1d1d1" "c1d1d1d1" "40505050" "40505050" "41515151" "41515151"
    check(r.returncode == 0 and _json.loads(r.stdout)["media"]["bytes"] == want,
          "media 8-bit downsampled layout: %r" % r.stdout)
    md["lanes"] = [{"op": "ld", "u": 0, "v": 0}]
    open(jp, "w").write(_json.dumps(md))
    r = run(["sample", jp])
    check(r.returncode == 1 and b"not both" in r.stderr, "lanes and media together are refused")
    open(jp, "w").write('{"surface": {"format": "R8_UNORM", "width": 0}, "lanes": [{"op": "sample"}]}')
    r = run(["sample", jp])
    check(r.returncode == 1 and b"invalid surface" in r.stderr, "bad surface reported")
    open(jp, "w").write('{"surface": {}, "lanes": [{"op": "frobnicate"}]}')
    r = run(["sample", jp])
    check(r.returncode == 1 and b"lanes[0]" in r.stderr, "bad op reported with its lane")
    open(jp, "w").write('{"surface": ')
    r = run(["sample", jp])
    check(r.returncode == 1 and b"invalid JSON" in r.stderr, "bad JSON reported")

# ---- vsmp sample: hostile and mistaken jobs ----
import zlib


def png(w, h, rows=None, idat=None):
    """A minimal 8-bit RGBA PNG (rows: lists of (r, g, b, a)); idat overrides the pixel data."""
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    if idat is None:
        raw = b"".join(b"\0" + bytes(c for px in row for c in px) for row in rows)
        idat = zlib.compress(raw)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def sample_job(tmp, job, *opts, raw=None):
    jp = os.path.join(tmp, "job.json")
    open(jp, "w").write(raw if raw is not None else _json.dumps(job))
    return run(["sample", *opts, "--format", "json", jp])


def lanes_of(r):
    return [l["rgba"] for l in _json.loads(r.stdout)["lanes"]] if r.returncode == 0 else r.stderr


with tempfile.TemporaryDirectory() as tmp:
    # a PNG is level 0 at its own size: 2x1, texel (1, 0) = (255, 0, 51, 255) -> 1, 0, 0.2, 1
    open(os.path.join(tmp, "a.png"), "wb").write(png(2, 1, [[(0, 0, 0, 255), (255, 0, 51, 255)]]))
    pj = {"surface": {"png": "a.png"}, "lanes": [{"op": "ld", "u": 1, "v": 0, "lod": 0}]}
    r = sample_job(tmp, pj)
    check(r.returncode == 0 and [f32(x) for x in lanes_of(r)[0]] == [1, 0, f32(0.2), 1],
          "png job: %r" % (lanes_of(r),))
    # a size that differs from the PNG's read past the decoded pixels
    pj["surface"].update({"width": 64, "height": 64})
    r = sample_job(tmp, pj)
    check(r.returncode == 1 and b"surface.png" in r.stderr and b"is 2x1, the surface 64x64"
          in r.stderr, "png with a larger width/height is refused: %r" % r.stderr)
    pj["surface"].update({"width": 2, "height": 1})
    r = sample_job(tmp, pj)
    check(r.returncode == 0, "png with its own width/height: %r" % r.stderr)
    # a 20000x20000 header (with 100 bytes of pixel data) is refused before anything is decoded
    open(os.path.join(tmp, "big.png"), "wb").write(png(20000, 20000, idat=zlib.compress(b"\0" * 100)))
    pj["surface"] = {"png": "big.png"}
    r = sample_job(tmp, pj)
    check(r.returncode == 1 and b"20000x20000, larger than 16384x16384" in r.stderr,
          "huge png refused from its header: %r" % r.stderr)
    # the budget covers the decoded PNG: 2x1 RGBA = 8 bytes
    pj["surface"] = {"png": "a.png"}
    r = sample_job(tmp, pj, "--max-memory", "4")
    check(r.returncode == 1 and b"out of memory: decoding" in r.stderr, "png over budget: %r" % r.stderr)

    # +0.0 in binary16: a checker's black cells read 0, not 0.25; level 1 of a black 4x4 cell too
    cj = {"surface": {"format": "R16G16B16A16_FLOAT", "width": 8, "height": 8, "levels": 2,
                      "pattern": "checker"},
          "lanes": [{"op": "ld", "u": 0, "v": 0, "lod": 0}, {"op": "ld", "u": 4, "v": 0, "lod": 0},
                    {"op": "ld", "u": 0, "v": 0, "lod": 1}]}
    r = sample_job(tmp, cj)
    check(lanes_of(r) == [[0, 0, 0, 1], [1, 1, 1, 1], [0, 0, 0, 1]], "R16 float checker: %r" %
          (lanes_of(r),))
    cj["surface"]["format"] = "R11G11B10_FLOAT"
    r = sample_job(tmp, cj)
    check(lanes_of(r) == [[0, 0, 0, 1], [1, 1, 1, 1], [0, 0, 0, 1]], "R11G11B10 checker: %r" %
          (lanes_of(r),))

    # loads take integers: a 2x1 4x MCS surface of floats; pixel 0 samples 1 2 1 2, pixel 1
    # samples 3 4 3 4: compressed, each pixel's planes hold (a, b) and its MCS entries are
    # 0 1 0 1 -> 0b01000100 = 68 (2 bits per sample, sample 0 lowest)
    mj = {"surface": {"format": "R32_FLOAT", "width": 2, "height": 1, "samples": 4, "mcs": True,
                      "compress": True, "texels": [[1], [3], [2], [4], [1], [3], [2], [4]]},
          "lanes": [{"op": "ld_mcs", "u": 1, "v": 0},
                    {"op": "ld2dms_w", "si": 1, "mcsl": 68, "u": 1, "v": 0, "lod": 0},
                    {"op": "ld2dms_w", "si": 2, "mcs0": 68, "u": 1, "v": 0, "lod": 0}]}
    r = sample_job(tmp, mj)
    got = lanes_of(r)
    check(r.returncode == 0 and got[0][0] == 68 and got[1][0] == 4.0 and got[2][0] == 3.0,
          "ld_mcs prints the MCS as an integer; ld2dms_w reads integer u: %r" % (got,))
    mj["lanes"] = [{"op": "ld2dms_w", "si": 1, "mcsl": 68, "u": 1.0, "v": 0}]
    r = sample_job(tmp, mj)
    check(r.returncode == 1 and b"lanes[0].u: expected an integer, got a fractional number"
          in r.stderr, "a load's float u is refused: %r" % r.stderr)

    # memory budget: RGBA32F 16384^2 is 4 GiB (+ 65536 bytes: the residency map, a byte per
    # 64 KiB tile), over the 1 GiB default, refused before allocating
    big = {"surface": {"format": "R32G32B32A32_FLOAT", "width": 16384, "height": 16384},
           "lanes": [{"op": "ld", "u": 0, "v": 0, "lod": 0}]}
    r = sample_job(tmp, big)
    check(r.returncode == 1 and b"out of memory: the surface needs 4295032832 bytes" in r.stderr
          and b"1073741824" in r.stderr, "4 GiB surface over the default budget: %r" % r.stderr)
    big["surface"] = {"format": "R8_UNORM", "width": 16384, "height": 16384, "array": True,
                      "array_len": 2048}
    r = sample_job(tmp, big, "--max-memory", "64G")
    check(r.returncode == 1 and b"over the memory budget of 68719476736" not in r.stderr and
          b"exceeds 16 GiB" in r.stderr, "512 GiB array: %r" % r.stderr)
    big["surface"] = {"format": "R8G8B8A8_UNORM", "width": 32, "height": 32}  # 4096 bytes + 1
    r = sample_job(tmp, big, "--max-memory", "4K")
    check(r.returncode == 1 and b"needs 4097 bytes, over the memory budget of 4096" in r.stderr,
          "--max-memory 4K: %r" % r.stderr)
    r = sample_job(tmp, big, "--max-memory", "5K")
    check(r.returncode == 0, "--max-memory 5K: %r" % r.stderr)
    r = sample_job(tmp, big, "--max-memory", "lots")
    check(r.returncode == 2, "--max-memory lots -> usage error")

    # strict job files: each mistake named by its JSON path
    base = {"surface": {"format": "R8_UNORM", "width": 2, "height": 2},
            "sampler": {"min_filter": "linear"},
            "lanes": [{"op": "sample", "u": 0.5, "v": 0.5}]}
    bad = [
        (("surface", "widht", 4), b"surface.widht: unknown key; did you mean 'width'?"),
        (("sampler", "min_filtre", "linear"),
         b"sampler.min_filtre: unknown key; did you mean 'min_filter'?"),
        (("lane0", "u", "0.5"), b"lanes[0].u: expected a number, got a string"),
        ((None, "sampler", "linear"), b"sampler: expected an object, got a string"),
        (("surface", "format", None), b"surface.format: null is not a value here"),
        ((None, "lane", []), b"lane: unknown key; did you mean 'lanes'?"),
        (("lane0", "bias", 1.0), b"lanes[0].bias: sample takes no \"bias\""),
        (("surface", "array", 1), b"surface.array: expected true or false, got an integer"),
        (("surface", "texels", [[0], ["1"], [0], [0]]),
         b"surface.texels[1][0]: expected a number, got a string"),
        (("sampler", "address", ["clamp", "clmap"]),
         b"sampler.address[1]: \"clmap\" is not a valid value; did you mean \"clamp\"?"),
        (("sampler", "address", "sideways"), b"sampler.address: \"sideways\" is not one of \"wrap\""),
        (("surface", "format", "R8G8B8A8_UNROM"), b"did you mean \"R8G8B8A8_UNORM\"?"),
        (("lane0", "op", "sampel"), b"lanes[0].op: \"sampel\" is not a sampler operation; did you "
                                    b"mean \"sample\"?"),
        (("surface", "width", -1), b"surface.width: -1 is out of range"),
        (("lane0", "offset", [1, 9]), b"lanes[0].offset[1]: 9 is out of range [-8, 7]"),
        (("surface", "pattern", "checker"), None),
    ]
    for (obj, key, val), msg in bad:
        job = _json.loads(_json.dumps(base))
        target = job if obj is None else job["lanes"][0] if obj == "lane0" else job[obj]
        target[key] = val
        r = sample_job(tmp, job)
        if msg is None:
            check(r.returncode == 0, "a valid job runs: %r" % r.stderr)
        else:
            check(r.returncode == 1 and msg in r.stderr, "%s: %r" % (msg, r.stderr))
    r = sample_job(tmp, None, raw=_json.dumps(base) + " trailing")
    check(r.returncode == 1 and b"unexpected text after the job" in r.stderr,
          "trailing garbage: %r" % r.stderr)
    r = sample_job(tmp, None, raw='{"surface": {"width": 2, "height": 2, "width": 4}, "lanes": '
                                  '[{"op": "ld", "u": 0, "v": 1, "u": 1}]}')
    check(r.returncode == 1 and b"surface.width: duplicate key" in r.stderr, "duplicate key: %r" %
          r.stderr)
    r = sample_job(tmp, None, raw='{"surface": {"width": 2}, "lanes": [{"op": "ld", "u": 0}, '
                                  '{"op": "ld", "u": 0, "v": 1, "\\u0075": 1}]}')
    check(r.returncode == 1 and b"lanes[1].u: duplicate key" in r.stderr,
          "duplicate key spelt with an escape: %r" % r.stderr)
    r = sample_job(tmp, None, raw='{"surface": {"texels": [[0], [1]], "width": 2}, "lanes": '
                                  '[{"op": "ld", "u": 0}, {"op": "ld", "u": 1}]}')
    check(r.returncode == 0, "the same key in two objects is fine: %r" % r.stderr)
    r = sample_job(tmp, None, raw=_json.dumps(base) + "\n\n")
    check(r.returncode == 0, "trailing whitespace is fine: %r" % r.stderr)
    r = sample_job(tmp, None, raw='{"surface": {}, /* c */ "lanes": [{"op": "sample"}]}')
    check(r.returncode == 1 and b"invalid JSON" in r.stderr, "comments are not JSON: %r" % r.stderr)
    ex = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples",
                      "trilinear.json")
    r = run(["sample", ex])
    check(r.returncode == 0, "examples/trilinear.json runs: %r" % r.stderr)

# vsmp launch: a misspelt top-level key ("globl") was ignored and the launch ran with the
# default NDRange; it is refused before the kernel is read
with tempfile.TemporaryDirectory() as tmp:
    exl = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "launch")
    lj = {"kernel": os.path.join(exl, "rotate.visaasm"), "interface": os.path.join(exl, "rotate.cos"),
          "global": [1, 1], "globl": [128, 128], "args": [],
          # rotate's inline sampler (without it the launch is refused before the arguments)
          "inline_samplers": [{"index": 0, "sampler": "CLK_NORMALIZED_COORDS_TRUE | "
                               "CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR"}]}
    jp = os.path.join(tmp, "launch.json")
    open(jp, "w").write(_json.dumps(lj))
    r = run(["launch", jp])
    check(r.returncode == 1 and b"globl: unknown key; did you mean 'global'?" in r.stderr,
          "launch: misspelt key: %r" % r.stderr)
    lj.pop("globl")
    # arguments: a misspelt key, and a string or a fraction where a number or an integer goes,
    # were ignored or read as 0 (the picture, then the output image, then two float scalars)
    img = {"kind": "image", "format": "R8G8B8A8_UNORM", "width": 4, "height": 4}
    for a2, a3, msg in (({"kind": "scalar", "type": "float", "value": 1, "valeu": 2}, None,
                         b"args[2].valeu: unknown key; did you mean 'value'?"),
                        ({"kind": "scalar", "type": "float", "value": "0.5"}, None,
                         b"args[2].value: expected a number for float"),
                        ({"kind": "scalar", "type": "float", "value": 0.5},
                         {"kind": "scalar", "type": "float", "value": [0.5]},
                         b"args[3].value: expected a number for float")):
        lj["args"] = [img, img, a2, a3 or {"kind": "scalar", "type": "float", "value": 0.5}]
        open(jp, "w").write(_json.dumps(lj))
        r = run(["launch", jp])
        check(r.returncode == 1 and msg in r.stderr, "launch: %s: %r" % (msg, r.stderr))
    lj["args"] = []
    lj["local"] = None  # docs/LAUNCH.md: local may be null
    open(jp, "w").write(_json.dumps(lj))
    r = run(["launch", jp])
    check(b"unknown key" not in r.stderr and b"null" not in r.stderr,
          "launch: the documented keys pass the key check: %r" % r.stderr)

# PNG compression (tools/tool_out.h): zlib level 1 by default, --png-level N otherwise; the
# level shows in the zlib header's FLEVEL bits (RFC 1950: 0 for levels 0-1, 2 for 6, 3 for 7-9)
# and the pixels are the same at every level


def png_idat(path):
    data, at, idat = open(path, "rb").read(), 8, b""
    while at < len(data):
        n = int.from_bytes(data[at:at + 4], "big")
        if data[at + 4:at + 8] == b"IDAT":
            idat += data[at + 8:at + 8 + n]
        at += 12 + n
    return idat


rotate = os.path.join(os.path.dirname(os.path.abspath(golden)), "..", "examples", "launch",
                      "rotate.json")
with tempfile.TemporaryDirectory() as tmp:
    got = {}
    for level in (None, "9", "0"):
        d = os.path.join(tmp, level or "default")
        os.mkdir(d)
        r = run(["launch", "-q", "-o", d, rotate] + (["--png-level", level] if level else []))
        check(r.returncode == 0, "launch --png-level %s: %r" % (level, r.stderr))
        if r.returncode == 0:
            got[level] = png_idat(os.path.join(d, "rotated.png"))
    if len(got) == 3:
        check(got[None][1] >> 6 == 0, "default PNG level: FLEVEL 0 (fastest), got %d" % (got[None][1] >> 6))
        check(got["9"][1] >> 6 == 3, "--png-level 9: FLEVEL 3, got %d" % (got["9"][1] >> 6))
        check(zlib.decompress(got[None]) == zlib.decompress(got["9"]) == zlib.decompress(got["0"]),
              "the same pixels at every PNG level")
        check(len(got["9"]) <= len(got[None]) < len(got["0"]), "level 9 <= level 1 < level 0 in size")
    for bad in ("10", "x", "-1", ""):
        r = run(["launch", "--png-level", bad, rotate])
        check(r.returncode == 2 and b"--png-level" in r.stderr, "--png-level %r refused" % bad)
    r = run(["run", "--png-level", "12", rotate])
    check(r.returncode == 2 and b"not a level 0 to 9" in r.stderr, "run --png-level 12 refused")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
