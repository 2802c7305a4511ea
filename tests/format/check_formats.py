#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every surface format's pack and unpack against an independent encoder.

usage: check_formats.py TEST_FORMAT_PACK

The layouts come from Intel's format names (channels listed from bit 0: R8G8B8A8 has R in bits
0-7; B5G6R5 has B in bits 0-4), not from vsmp's table. Conversions follow the rules as the
D3D/Vulkan format chapters state them, in exact rational arithmetic:
  UNORM  clamp to [0, 1], times 2^n - 1, round to nearest even;  q / (2^n - 1)
  SNORM  clamp to [-1, 1], times 2^(n-1) - 1, round;  max(-1, q / (2^(n-1) - 1))
  sRGB   the sRGB transfer function before UNORM (R, G, B), its inverse after
  FLOAT  binary32 bits as given; binary16 through Python's struct 'e' (IEEE round to nearest
         even), overflow past 65520 to infinity
  UFLOAT 11-bit (6-bit mantissa) and 10-bit (5-bit mantissa) unsigned floats with a 5-bit
         exponent, bias 15: negative values and -0 store 0, NaN stays NaN
  R9G9B9E5  the shared-exponent algorithm of the Vulkan specification (N = 9, B = 15, E = 5)
  UINT/SINT saturate to the channel's range, the word read as unsigned (UINT) or signed
         (SINT), as OpenCL's convert_uchar_sat/convert_char_sat; unpack zero- or sign-extends
Missing channels read 0, 0, 0, 1. Block formats: one hand-made block per format (values derived
in the comments). Exit 0 when every check passes."""
import math
import random
import re
import struct
import subprocess
import sys
from fractions import Fraction as Fr

tool = sys.argv[1]
passed = failed = 0
rng = random.Random(8)


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 60:
            print("FAIL:", what)


# ---- float helpers ----

def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def bits_f32(u):
    return struct.unpack("<f", struct.pack("<I", u))[0]


def round_even(fr):
    """Fraction -> nearest integer, ties to even."""
    return round(fr)


def to_f32(fr):
    """An exact rational -> the nearest binary32 (ties to even), as bits."""
    if fr == 0:
        return 0
    neg = fr < 0
    a = -fr if neg else fr
    e = math.floor(math.log2(a.numerator)) - math.floor(math.log2(a.denominator))
    while Fr(2) ** e > a:
        e -= 1
    while Fr(2) ** (e + 1) <= a:
        e += 1
    e = max(e, -126)
    m = round_even(a / Fr(2) ** (e - 23))  # 24-bit significand (or less when subnormal)
    if m == 1 << 24:
        m, e = m >> 1, e + 1
    if m < (1 << 23):  # subnormal
        bits = m
    else:
        bits = (e + 127) << 23 | (m - (1 << 23))
    return bits | (neg << 31)


def exact(bits):
    return Fr(bits_f32(bits))


def small_float_enc(x, m, signed):
    """binary32 value x -> a float with 5 exponent bits, m mantissa bits (bias 15)."""
    if math.isnan(x):
        return None  # checked as "a NaN"
    sign = 0
    if x < 0 or (x == 0 and math.copysign(1, x) < 0):
        if not signed:
            return 0
        sign, x = 1 << (m + 5), -x
    if math.isinf(x):
        return sign | 31 << m
    if x == 0:
        return sign
    if signed and m == 10:
        try:
            return struct.unpack("<H", struct.pack("<e", x))[0] | sign
        except OverflowError:
            return sign | 31 << m
    a = Fr(x)
    e = math.frexp(x)[1] - 1  # 2^e <= x < 2^(e+1)
    if e < -14:
        q = round_even(a / Fr(2) ** (-14 - m))  # subnormal units; may round up to 1 << m
        bits = q
    else:
        q = round_even((a / Fr(2) ** e - 1) * (1 << m))
        bits = (e + 15) * (1 << m) + q  # a carry moves into the exponent
    if bits >= 31 << m:
        bits = 31 << m
    return sign | bits


def small_float_dec(v, m, signed):
    mant, ex = v & ((1 << m) - 1), (v >> m) & 31
    neg = signed and (v >> (m + 5)) & 1
    if ex == 31:
        r = math.nan if mant else math.inf
        return -r if neg else r
    r = Fr(mant, 1 << m) * Fr(2) ** -14 if ex == 0 else (1 + Fr(mant, 1 << m)) * Fr(2) ** (ex - 15)
    r = float(r)
    return -r if neg else r


def srgb_encode(c):
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def srgb_decode(c):
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


# ---- layouts from the names ----

KIND = {"UNORM": "unorm", "SNORM": "snorm", "SINT": "sint", "UINT": "uint", "FLOAT": "float",
        "UNORM_SRGB": "unorm"}


def layout(name):
    """-> (bytes, kind per channel R,G,B,A as (kind, bits, shift) or None, srgb, special)."""
    if name == "R9G9B9E5_SHAREDEXP":
        return 4, None, False, "sharedexp"
    if name == "R11G11B10_FLOAT":
        return 4, [("ufloat", 11, 0), ("ufloat", 11, 11), ("ufloat", 10, 22), None], False, None
    if name == "R24_UNORM_X8_TYPELESS":
        return 4, [("unorm", 24, 0), None, None, None], False, None
    m = re.fullmatch(r"((?:[RGBALI]\d+)+)_(UNORM_SRGB|UNORM|SNORM|SINT|UINT|FLOAT)", name)
    if not m:
        return None
    kind = KIND[m.group(2)]
    ch = [None] * 4
    shift = 0
    for letter, bits in re.findall(r"([RGBALI])(\d+)", m.group(1)):
        bits = int(bits)
        d = (kind, bits, shift)
        if letter in "RGBA":
            ch["RGBA".index(letter)] = d
        elif letter == "L":  # luminance: R = G = B = L
            ch[0] = ch[1] = ch[2] = d
        else:  # intensity: R = G = B = A = I
            ch = [d] * 4
        shift += bits
    return shift // 8, ch, m.group(2).endswith("SRGB"), None


def enc_channel(kind, bits, x, srgb_c):
    """texel word x (float bits or integer) -> the channel's bits (None: a NaN)."""
    mask = (1 << bits) - 1
    if kind == "uint":
        return min(x, mask)
    if kind == "sint":
        sx = x - (1 << 32) if x >> 31 else x
        lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        return min(max(sx, lo), hi) & mask
    f = bits_f32(x)
    if kind == "float":
        return x if bits == 32 else small_float_enc(f, 10, True)
    if kind == "ufloat":
        return small_float_enc(f, bits - 5, False)
    if math.isnan(f):
        return 0
    if kind == "unorm":
        c = min(max(f, 0.0), 1.0)
        if srgb_c:
            # vsmp's float channel: the encoded value rounded to binary32 before scaling
            return round_even(Fr(bits_f32(to_f32(Fr(srgb_encode(c))))) * mask)
        return round_even(Fr(c) * mask)
    smax = (1 << (bits - 1)) - 1
    q = round_even(Fr(min(max(f, -1.0), 1.0)) * smax)
    return q & mask


def dec_channel(kind, bits, v, srgb_c):
    """the channel's bits -> the unpacked word (float bits or integer)."""
    if kind == "uint":
        return v
    if kind == "sint":
        return (v - (1 << bits) if v >> (bits - 1) else v) & 0xFFFFFFFF
    if kind == "float":
        return v if bits == 32 else f32_bits(small_float_dec(v, 10, True))
    if kind == "ufloat":
        return f32_bits(small_float_dec(v, bits - 5, False))
    if kind == "unorm":
        q = to_f32(Fr(v, (1 << bits) - 1))
        return f32_bits(srgb_decode(bits_f32(q))) if srgb_c else q
    s = v - (1 << bits) if v >> (bits - 1) else v
    return to_f32(max(Fr(-1), Fr(s, (1 << (bits - 1)) - 1)))


def sharedexp_enc(words):
    n, b = 9, 15
    smax = Fr((1 << n) - 1, 1 << n) * 2 ** (31 - b)  # (2^9 - 1) / 2^9 * 2^16 = 65408
    c = []
    for w in words[:3]:
        f = bits_f32(w)
        c.append(Fr(0) if math.isnan(f) or f <= 0 else min(smax, Fr(f)) if not math.isinf(f)
                 else smax)
    mx = max(c)
    fl = -b - 1 if mx == 0 else math.floor(math.log2(mx))
    while mx and Fr(2) ** fl > mx:
        fl -= 1
    while mx and Fr(2) ** (fl + 1) <= mx:
        fl += 1
    ep = max(-b - 1, fl) + 1 + b
    maxs = math.floor(mx / Fr(2) ** (ep - b - n) + Fr(1, 2))
    if maxs == 1 << n:
        ep += 1
    r = ep << 27
    for i in range(3):
        r |= (math.floor(c[i] / Fr(2) ** (ep - b - n) + Fr(1, 2)) & 0x1FF) << (9 * i)
    return r


def sharedexp_dec(v):
    e = v >> 27
    return [f32_bits(float(Fr((v >> (9 * i)) & 0x1FF) * Fr(2) ** (e - 24))) for i in range(3)] + \
        [f32_bits(1.0)]


# ---- the tool ----

def run(lines, expect_lines=True):
    r = subprocess.run([tool], input="\n".join(lines) + "\n", capture_output=True, text=True,
                       timeout=120)
    out = r.stdout.splitlines()
    if r.returncode or (expect_lines and len(out) != len(lines)):
        print("FAIL: the tool refused a command:", r.stdout[-200:], r.stderr[-200:])
        sys.exit(1)
    return out


def same_word(got, want, kind, srgb_c):
    if want is None:
        return True
    if kind in ("float", "ufloat", "unorm", "snorm", "sharedexp"):
        g, w = bits_f32(got), bits_f32(want)
        if math.isnan(w):
            return math.isnan(g)
        if srgb_c:
            return abs(g - w) <= 1e-6
    return got == want


formats = [line.split() for line in run(["list"], False)]
names = [f[0] for f in formats]
VALUES = {
    # float inputs: +0 and -0 first (the 16-bit and 11/10-bit zero), ranges, ties, specials
    "unorm": [0.0, -0.0, 1.0, 0.2, 0.7, -3.0, 2.5, 0.123, 0.5, 1e-9, math.nan],
    "snorm": [0.0, -0.0, -1.0, 1.0, 0.3, -0.7, -5.0, 5.0, 0.5, -0.5, math.nan],
    "float": [0.0, -0.0, 1.0, -2.5, 1 / 3, 65504.0, 65519.0, 65520.0, 1e-7, 6.1e-5, -1e-8,
              math.inf, -math.inf, 1e30, math.nan, 2 ** -24, 3 * 2 ** -25],
    "ufloat": [0.0, -0.0, 1.0, 0.5, 1 / 3, -1.0, 1e-6, 3e-5, 6.0e-5, 60000.0, math.inf,
               math.nan, 2 ** -20, 0.99999],
    "uint": [0, 1, 0x12345678, 0xFFFFFFFF, 300, 0x8000, 255, 256, 65535, 65536, 70000, 1023, 1024],
    "sint": [0, 0xFFFFFFFF, 0xFFFFFFFE, 127, (-129) & 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 128,
             (-128) & 0xFFFFFFFF, (-200) & 0xFFFFFFFF, 32767, 32768, (-32769) & 0xFFFFFFFF],
}


def word_of(kind, v):
    return v if kind in ("uint", "sint") else f32_bits(v)


covered = set()
for name, nbytes, bw, bh, planes in formats:
    lay = layout(name)
    if lay is None or int(bw) != 1 or int(planes) != 1:
        continue
    size, ch, srgb, special = lay
    check(size == int(nbytes), "%s: %s bytes per texel, expected %d" % (name, nbytes, size))
    kinds = ["ufloat"] if special else sorted({d[0] for d in ch if d})
    vals = VALUES[kinds[0]]
    texels = [[word_of(kinds[0], vals[(i + 3 * c) % len(vals)]) for c in range(4)]
              for i in range(len(vals))]
    for _ in range(40):
        if kinds[0] in ("uint", "sint"):
            texels.append([rng.getrandbits(32) for _ in range(4)])
        else:
            texels.append([f32_bits(rng.choice([-1, 1]) * rng.random() * rng.choice([1, 4, 1e4]))
                           for _ in range(4)])
    packed = run(["pack %s %s" % (name, " ".join("%08x" % w for w in t)) for t in texels])
    mems = [bytes.fromhex(p) for p in packed]
    # decode: vsmp's own packed bytes and random bytes, against the reference decoder
    rand_mems = [bytes(rng.getrandbits(8) for _ in range(size)) for _ in range(48)]
    allm = mems + rand_mems
    unpacked = run(["unpack %s %s" % (name, m.hex()) for m in allm])
    for t, m in zip(texels, mems):
        v = int.from_bytes(m, "little")
        if special:
            want = sharedexp_enc(t)
            check(v == want, "%s pack %s -> %08x, expected %08x" % (name, t, v, want))
            continue
        written = set()
        for c in range(4):
            d = ch[c]
            if not d or d in written:
                continue  # L and I: the bits hold R
            written.add(d)
            kind, bits, shift = d
            got = (v >> shift) & ((1 << bits) - 1)
            want = enc_channel(kind, bits, t[c], srgb and c < 3)
            if want is None:  # a NaN: exponent all ones, mantissa not zero
                mb = 10 if kind == "float" else bits - 5
                ok = (got >> mb) & 31 == 31 and got & ((1 << mb) - 1)
            else:
                ok = got == want
            check(ok, "%s pack channel %d of %s (%r): got %#x, expected %#x" %
                  (name, c, ["%08x" % w for w in t], bits_f32(t[c]) if kind not in
                   ("uint", "sint") else t[c], got, want if want is not None else -1))
    for m, line in zip(allm, unpacked):
        got = [int(w, 16) for w in line.split()]
        v = int.from_bytes(m, "little")
        if special:
            want = sharedexp_dec(v)
            check(got == want, "%s unpack %s -> %s, expected %s" % (name, m.hex(), got, want))
            continue
        is_int = kinds[0] in ("uint", "sint")
        for c in range(4):
            d = ch[c]
            if not d:
                want = (1 if c == 3 else 0) if is_int else f32_bits(1.0 if c == 3 else 0.0)
                kind = "uint"
            else:
                kind, bits, shift = d
                want = dec_channel(kind, bits, (v >> shift) & ((1 << bits) - 1), srgb and c < 3)
            check(same_word(got[c], want, kind, srgb and c < 3),
                  "%s unpack %s channel %d: got %08x, expected %08x" %
                  (name, m.hex(), c, got[c], want))
    covered.add(name)

# ---- the +0.0 regression, by hand: binary16 +0 is 0x0000, -0 is 0x8000; 11/10-bit +0 is 0 ----
for name, want in (("R16_FLOAT", "0000"), ("R16G16_FLOAT", "00000000"),
                   ("R16G16B16A16_FLOAT", "0000000000000000"), ("R11G11B10_FLOAT", "00000000")):
    got = run(["pack %s 00000000 00000000 00000000 00000000" % name])[0]
    check(got == want, "%s: +0.0 packs to %s, expected %s" % (name, got, want))
check(run(["pack R16_FLOAT 80000000 0 0 0"])[0] == "0080", "R16_FLOAT: -0.0 packs to 0x8000")
# 1.0 = 0x3c00; 1/3 = 0x3555 (0x3555 = 1.0101010101b * 2^-2 = 0.33325, the nearer neighbour)
check(run(["pack R16_FLOAT 3f800000 0 0 0"])[0] == "003c", "R16_FLOAT: 1.0 -> 0x3c00")
check(run(["pack R16_FLOAT 3eaaaaab 0 0 0"])[0] == "5535", "R16_FLOAT: 1/3 -> 0x3555")
# R11G11B10: R = 1.0 = 15 << 6 = 0x3c0; G = 0.5 = 14 << 6 = 0x380 at bit 11; B = 2.0 = 16 << 5
# = 0x200 at bit 22: 0x3c0 | 0x380 << 11 | 0x200 << 22 = 0x801c03c0
check(run(["pack R11G11B10_FLOAT 3f800000 3f000000 40000000 0"])[0] == "c0031c80",
      "R11G11B10_FLOAT: (1, 0.5, 2) -> 0x801c03c0")

# ---- packed 4:2:2 YCrCb: bytes as format.h names them; texel = [Cr, Y, Cb] ----
ORDER = {"YCRCB_NORMAL": "Y0 Cb Y1 Cr", "YCRCB_SWAPUVY": "Cr Y0 Cb Y1",
         "YCRCB_SWAPUV": "Y0 Cr Y1 Cb", "YCRCB_SWAPY": "Cb Y0 Cr Y1"}
for name, order in ORDER.items():
    pos = {k: i for i, k in enumerate(order.split())}
    # texel 0: Cr 0.5 -> 128 (127.5 ties to even 128), Y 0.2 -> 51, Cb 0.8 -> 204
    # texel 1: Cr 1.0 -> 255, Y 0.4 -> 102, Cb 0.0 -> 0 (replaces the shared pair)
    t0 = [f32_bits(0.5), f32_bits(0.2), f32_bits(0.8), f32_bits(1.0)]
    t1 = [f32_bits(1.0), f32_bits(0.4), f32_bits(0.0), f32_bits(1.0)]
    b0 = run(["packblock %s 00000000 0 %s" % (name, " ".join("%08x" % w for w in t0))])[0]
    b1 = run(["packblock %s %s 1 %s" % (name, b0, " ".join("%08x" % w for w in t1))])[0]
    want = [0] * 4
    want[pos["Y0"]], want[pos["Y1"]], want[pos["Cr"]], want[pos["Cb"]] = 51, 102, 255, 0
    check(bytes.fromhex(b1) == bytes(want), "%s: two texels -> %s, expected %s" %
          (name, b1, bytes(want).hex()))
    for x, y in ((0, 51), (1, 102)):
        got = [int(w, 16) for w in run(["block %s %s %d 0" % (name, b1, x)])[0].split()]
        want = [to_f32(Fr(255, 255)), to_f32(Fr(y, 255)), to_f32(Fr(0)), f32_bits(1.0)]
        check(got == want, "%s: texel %d reads %s, expected %s" % (name, x, got, want))
    covered.add(name)

# ---- planar 4:2:0: one Y texel, the (Cb, Cr) pair ----
for name, w in (("PLANAR_420_8", 1), ("PLANAR_420_16", 2)):
    mx = (1 << (8 * w)) - 1
    t = [f32_bits(0.25), f32_bits(0.75), f32_bits(0.125), f32_bits(1.0)]  # Cr, Y, Cb
    luma, chroma = run(["planar %s %s" % (name, " ".join("%08x" % v for v in t))])[0].split()
    q = [round_even(Fr(x) * mx) for x in (0.25, 0.75, 0.125)]  # 8-bit: 64 (63.75), 191, 32
    check(luma == q[1].to_bytes(w, "little").hex(), "%s: Y -> %s" % (name, luma))
    check(chroma == (q[2].to_bytes(w, "little") + q[0].to_bytes(w, "little")).hex(),
          "%s: Cb, Cr -> %s" % (name, chroma))
    got = [int(v, 16) for v in run(["unplanar %s %s %s" % (name, luma, chroma)])[0].split()]
    want = [to_f32(Fr(q[0], mx)), to_f32(Fr(q[1], mx)), to_f32(Fr(q[2], mx)), f32_bits(1.0)]
    check(got == want, "%s: reads %s, expected %s" % (name, got, want))
    covered.add(name)

# ---- block-compressed: one hand-made block each; texels (x, y) -> expected RGBA ----
R565, B565 = 0xF800, 0x001F
bc1 = struct.pack("<HHI", R565, B565, 0b11100100)  # texels 0..3: indices 0, 1, 2, 3
bc1_3 = struct.pack("<HHI", B565, R565, 0b11100100)  # c0 <= c1: 3-colour mode
third, two3 = to_f32(Fr(1, 3)), to_f32(Fr(2, 3))
one, zero, half = f32_bits(1.0), 0, f32_bits(0.5)
BC = {
    # BC1 4-colour: red, blue, (2 red + blue) / 3, (red + 2 blue) / 3
    "BC1_UNORM": (bc1, [((0, 0), [one, 0, 0, one]), ((1, 0), [0, 0, one, one]),
                        ((2, 0), [two3, 0, third, one]), ((3, 0), [third, 0, two3, one])]),
    # 3-colour: index 2 is the mean, index 3 transparent black
    "BC1_UNORM_SRGB": (bc1_3, [((0, 0), [0, 0, one, one]), ((3, 0), [0, 0, 0, 0])]),
    # BC2: 4-bit alpha 9 for texel 0 -> 9/15; colour block after it
    "BC2_UNORM": (struct.pack("<Q", 9) + bc1, [((0, 0), [one, 0, 0, to_f32(Fr(9, 15))]),
                                               ((1, 0), [0, 0, one, 0])]),
    "BC2_UNORM_SRGB": (struct.pack("<Q", 15) + bc1, [((0, 0), [one, 0, 0, one])]),
    # BC3: alpha endpoints 255, 0 (8-value mode), texel 0 index 2 -> (6 * 255 + 0) / 7 / 255
    "BC3_UNORM": (bytes([255, 0]) + (2).to_bytes(6, "little") + bc1,
                  [((0, 0), [one, 0, 0, to_f32(Fr(6, 7))]), ((1, 0), [0, 0, one, one])]),
    "BC3_UNORM_SRGB": (bytes([255, 0]) + (1).to_bytes(6, "little") + bc1,
                       [((0, 0), [one, 0, 0, 0])]),
    # BC4: r0 = 128, r1 = 64; texel 0 index 0 -> 128/255, texel 1 index 1 -> 64/255,
    # texel 2 index 7 -> (1 * 128 + 6 * 64) / 7 / 255 in float: ((8-7) e0 + 6 e1) / 7
    "BC4_UNORM": (bytes([128, 64]) + (0 | 1 << 3 | 7 << 6).to_bytes(6, "little"),
                  [((0, 0), [to_f32(Fr(128, 255)), 0, 0, one]),
                   ((1, 0), [to_f32(Fr(64, 255)), 0, 0, one])]),
    # BC4 SNORM: r0 = -127 (-1.0) < r1 = 127 (1.0): 6-value mode; index 6 -> -1, 7 -> +1
    "BC4_SNORM": (bytes([0x81, 0x7F]) + (6 | 7 << 3).to_bytes(6, "little"),
                  [((0, 0), [f32_bits(-1.0), 0, 0, one]), ((1, 0), [one, 0, 0, one])]),
    # BC5: R from the first channel block, G from the second
    "BC5_UNORM": (bytes([255, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0]),
                  [((0, 0), [one, 0, 0, one])]),
    "BC5_SNORM": (bytes([0x81, 0x7F, 0, 0, 0, 0, 0, 0, 0x7F, 0x81, 0, 0, 0, 0, 0, 0]),
                  [((0, 0), [f32_bits(-1.0), one, 0, one])]),
}


def bits_le(fields):
    """[(value, width), ...] from bit 0 -> bytes of a 128-bit block."""
    v, at = 0, 0
    for val, w in fields:
        v |= (val & ((1 << w) - 1)) << at
        at += w
    return v.to_bytes(16, "little")


# BC7 mode 6 (mode bits 0000001): 7-bit endpoints R0 R1 G0 G1 B0 B1 A0 A1, P-bits P0 P1, 4-bit
# indices (the anchor's 3). Endpoint = (e << 1) | p. Index 0 -> endpoint 0:
# R0 = 0x40 -> 129, G0 = 0x7f -> 255, B0 = 0 -> 1, A0 = 0x20 -> 65 (P0 = 1).
bc7 = bits_le([(1 << 6, 7), (0x40, 7), (0, 7), (0x7F, 7), (0, 7), (0, 7), (0, 7), (0x20, 7), (0, 7),
               (1, 1), (0, 1)])
BC["BC7_UNORM"] = (bc7, [((0, 0), [to_f32(Fr(129, 255)), one, to_f32(Fr(1, 255)),
                                   to_f32(Fr(65, 255))])])
BC["BC7_UNORM_SRGB"] = (bc7, [((0, 0), [f32_bits(srgb_decode(bits_f32(to_f32(Fr(129, 255))))),
                                        one, f32_bits(srgb_decode(bits_f32(to_f32(Fr(1, 255))))),
                                        to_f32(Fr(65, 255))])])
# BC6H mode 11 (mode bits 00011): 10-bit endpoints rw gw bw, rx gx bx, untransformed; index 0
# -> endpoint 0. Unsigned: unquantize ((x << 16) + 0x8000) >> 10, then (x * 31) >> 6:
# 512 -> 32800 -> 15887 = 0x3e0f (1 + 527/1024); 0 -> 0; 1023 -> 0xffff -> 31743 = 0x7bff.
bc6u = bits_le([(3, 5), (512, 10), (0, 10), (1023, 10), (0, 10), (0, 10), (0, 10)])
BC["BC6H_UF16"] = (bc6u, [((0, 0), [f32_bits(small_float_dec(0x3E0F, 10, True)), 0,
                                    f32_bits(65504.0), one])])
# Signed: endpoints sign-extended; 256 -> ((256 << 15) + 0x4000) >> 9 = 16416, then
# (x * 31) >> 5 = 15903 = 0x3e1f; -256 (0x300) -> -0x3e1f = 0xbe1f (half -1.5302734375).
bc6s = bits_le([(3, 5), (256, 10), (0x300, 10), (0, 10), (0, 10), (0, 10), (0, 10)])
BC["BC6H_SF16"] = (bc6s, [((0, 0), [f32_bits(small_float_dec(0x3E1F, 10, True)),
                                    f32_bits(small_float_dec(0xBE1F, 10, True)), 0, one])])
for name, (block, cases) in BC.items():
    srgb_f = name.endswith("SRGB")
    for (x, y), want in cases:
        got = [int(w, 16) for w in run(["block %s %s %d %d" % (name, block.hex(), x, y)])[0]
               .split()]
        if srgb_f and not name.startswith("BC7"):
            want = [f32_bits(srgb_decode(bits_f32(w))) if c < 3 else w for c, w in enumerate(want)]
        ok = all(same_word(g, w, "float", srgb_f and c < 3) for c, (g, w) in
                 enumerate(zip(got, want)))
        check(ok, "%s texel (%d, %d): got %s, expected %s" % (name, x, y,
              [bits_f32(g) for g in got], [bits_f32(w) for w in want]))
    covered.add(name)

missing = sorted(set(names) - covered)
check(not missing, "formats without an independent check: %s" % missing)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
