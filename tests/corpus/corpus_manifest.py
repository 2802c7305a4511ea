#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write tests/corpus/manifest.tsv and the syntax summary of tests/corpus/README.md.

usage: corpus_manifest.py CORPUS_DIR

manifest.tsv: one row per kernel/device/width (kernel, source, device, platform, simd, vISA
instructions in the .visaasm, Gen instructions GenX_IR compiled (its //.instCount), files).
README.md: the text between the "forms:begin" and "forms:end" markers is replaced by counts of
every instruction mnemonic, declaration form and operand form in the corpus's .visaasm.gz files.
Run by scripts/gen-corpus.sh; rerun by hand after editing this file.
"""
import collections
import gzip
import os
import re
import sys

PLATFORM = {"skl": "SKL", "tgllp": "TGLLP", "acm-g10": "DG2"}
INST = re.compile(r"^\s+(.*?)\s*/// \$\d+\s*$")
PRED = re.compile(r"^\((!?)P\d+(\.[a-z0-9]+)?\)\s*")
EXEC = re.compile(r"\((M\d+(?:_NM)?),\s*(\d+)\)")
OPERAND = re.compile(
    r"(?P<mod>\((?:-|abs|-abs)\))?"
    r"(?:(?P<ind>r\[[^\]]*\](?:<[^>]*>)?(?::\w+)?)"
    r"|(?P<addrof>&[%\w]+)"
    r"|(?P<reg>[%\w]+)\((?P<r>\d+),(?P<c>\d+)\)(?P<rgn><[^>]*>)"
    r"|(?P<idx>[%\w]+)\((?P<i>\d+)\)(?P<irgn><[^>]*>)?"
    r"|(?P<imm>-?0x[0-9a-fA-F]+:\w+|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?:\w+)"
    r"|(?P<raw>[%\w]+\.\d+)"
    r"|(?P<bare>[%\w.]+))")


def kind_of(name):
    """The variable class of a name as the dump spells it (V12, P3, A0, T6, S0, %null)."""
    if name.startswith("%"):
        return name
    m = re.match(r"([VPASTL])\d+$", name)
    return {"V": "V (general)", "P": "P (predicate)", "A": "A (address)", "S": "S (sampler)",
            "T": "T (surface)"}.get(m.group(1)) if m else None


def operand_forms(text):
    forms = []
    for m in OPERAND.finditer(text):
        mod = m.group("mod") or ""
        if m.group("ind"):
            ind = re.sub(r"A\d+\(\d+\)", "A(i)", m.group("ind"))
            ind = re.sub(r",\s*-?\d+\]", ",off]", ind)
            forms.append(f"{mod}indirect {ind}")
        elif m.group("addrof"):
            k = kind_of(m.group("addrof")[1:]) or m.group("addrof")[1:]
            forms.append(f"address of &{k}")
        elif m.group("reg"):
            k = kind_of(m.group("reg")) or "V (general)"
            forms.append(f"{mod}{k}(r,c){m.group('rgn')}")
        elif m.group("idx"):
            k = kind_of(m.group("idx")) or m.group("idx")
            forms.append(f"{mod}{k}(i){m.group('irgn') or ''}")
        elif m.group("imm"):
            forms.append("immediate :" + m.group("imm").rsplit(":", 1)[1])
        elif m.group("raw"):
            k = kind_of(m.group("raw").split(".")[0]) or m.group("raw")
            forms.append(f"raw {k}.off")
        else:
            b = m.group("bare")
            k = kind_of(b)
            forms.append(f"bare {k}" if k else "bare name (label, function or keyword)")
    return forms


def analyse(path, st, dev):
    inst = 0
    seen = set()
    for line in gzip.open(path, "rt"):
        if line.startswith("//"):
            continue
        if line.startswith(".decl"):
            name, rest = line.split(None, 2)[1:]
            vt = re.search(r"v_type=(\w)", rest).group(1)
            shape = [f"v_type={vt}"]
            for m in re.finditer(r"(\w+)=(<[^>]*>|\"[^\"]*\"|\S+)", rest):
                k, v = m.groups()
                if k in ("type", "align"):
                    shape.append(f"{k}={v}")
                elif k == "alias":
                    base = v[1:-1].split(",")[0].strip()
                    shape.append("alias=<%s, off>" % (base if base.startswith("%") else "V"))
                elif k not in ("v_type", "num_elts", "v_name"):
                    shape.append(k + "=")
            st["decl"][".decl " + " ".join(shape)] += 1
            continue
        if line.startswith("."):
            f = line.split()
            key = f[0]
            if f[0] == ".kernel_attr":
                key += " " + f[1].split("=")[0] + "="
            elif f[0] == ".input":
                key += " " + " ".join(a.split("=")[0] + "=" for a in f[2:])
            st["directive"][key.strip()] += 1
            continue
        if re.match(r"^[A-Za-z_][\w.]*:\s*$", line):
            st["directive"]["LABEL:"] += 1
            continue
        m = INST.match(line)
        if not m:
            if line.strip():
                st["directive"]["(unclassified line)"] += 1
            continue
        inst += 1
        body = m.group(1)
        p = PRED.match(body)
        if p:
            st["pred"]["(" + p.group(1) + "P" + (p.group(2) or "") + ")"] += 1
            body = body[p.end():]
        mnem, _, rest = body.partition(" ")
        st["mnem"][mnem] += 1
        st["mnem_" + dev][mnem] += 1
        if mnem not in seen:
            st["mnem_files"][mnem] += 1
            seen.add(mnem)
        e = EXEC.match(rest.strip())
        if e:
            st["exec"][f"({e.group(1)}, {e.group(2)})"] += 1
            rest = rest.strip()[e.end():]
        for f in operand_forms(rest):
            st["operand"][f] += 1
    return inst


def table(title, counter, extra=None):
    out = [f"### {title}", "", "| form | count |" if not extra else "| mnemonic | instructions | files |",
           "| --- | ---: |" if not extra else "| --- | ---: | ---: |"]
    for k, v in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])):
        k = k.replace("|", "\\|")
        out.append(f"| `{k}` | {v} |" + (f" {extra[k]} |" if extra else ""))
    return out + [""]


def main():
    corpus = sys.argv[1]
    kdir = os.path.join(corpus, "k")
    source = {}
    for cl in sorted(os.listdir(os.path.join(corpus, "cl"))):
        for line in open(os.path.join(corpus, "cl", cl)):
            m = re.match(r"__kernel void (\w+)", line)
            if m:
                source[m.group(1)] = cl
    st = collections.defaultdict(collections.Counter)
    rows = []
    files = sorted(os.listdir(kdir))
    for f in files:
        if not f.endswith(".visaasm.gz"):
            continue
        stem = f[:-len(".visaasm.gz")]
        kernel, dev, simd = stem.rsplit(".", 2)
        n = analyse(os.path.join(kdir, f), st, dev)
        gen = "?"
        asm = os.path.join(kdir, stem + ".asm.gz")
        if os.path.exists(asm):
            with gzip.open(asm, "rt") as g:
                for line in g:
                    if line.startswith("//.instCount"):
                        gen = line.split()[1]
                        break
        mine = [x[len(stem) + 1:] for x in files if x.startswith(stem + ".")]
        rows.append((kernel, source.get(kernel, "?"), dev, PLATFORM[dev], simd[4:], str(n), gen,
                     ",".join(sorted(mine))))
    with open(os.path.join(corpus, "manifest.tsv"), "w") as m:
        m.write("kernel\tsource\tdevice\tplatform\tsimd\tvisa_insts\tgen_insts\tfiles\n")
        for r in rows:
            m.write("\t".join(r) + "\n")

    total = sum(int(r[5]) for r in rows)
    big = sorted(rows, key=lambda r: -int(r[5]))[:5]
    lines = ["<!-- forms:begin (written by corpus_manifest.py) -->", "",
             f"{len(rows)} kernel files ({len({r[0] for r in rows})} kernels from "
             f"{len({r[1] for r in rows})} sources), {total} vISA instructions; the largest: " +
             ", ".join(f"{r[0]}.{r[2]}.simd{r[4]} ({r[5]})" for r in big) + ".", ""]
    lines += ["### Mnemonics (as printed, with their suffixes)", "",
              "| mnemonic | instructions | kernel files | skl | tgllp | acm-g10 |",
              "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for k, v in sorted(st["mnem"].items(), key=lambda kv: (-kv[1], kv[0])):
        per = " | ".join(str(st["mnem_" + d][k]) for d in PLATFORM)
        lines.append(f"| `{k}` | {v} | {st['mnem_files'][k]} | {per} |")
    lines.append("")
    base = collections.Counter()
    for k, v in st["mnem"].items():
        base[k.split(".")[0]] += v
    lines += table("Mnemonics without suffix", base)
    lines += table("Execution size and mask", st["exec"])
    lines += table("Predicates", st["pred"])
    lines += table("Operand forms", st["operand"])
    lines += table("Declarations (.decl shapes)", st["decl"])
    lines += table("Directives and labels", st["directive"])
    lines.append("<!-- forms:end -->")
    readme = os.path.join(corpus, "README.md")
    text = open(readme).read() if os.path.exists(readme) else \
        "<!-- forms:begin -->\n<!-- forms:end -->\n"
    a = text.index("<!-- forms:begin")
    b = text.index("<!-- forms:end -->") + len("<!-- forms:end -->")
    with open(readme, "w") as r:
        r.write(text[:a] + "\n".join(lines) + text[b:])


if __name__ == "__main__":
    main()
