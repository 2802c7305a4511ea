#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The pyopencl tier: Debian's pyopencl on vsmp's platform, picked by name through the loader.

Buffer and image programs of ours run on the device and every result is compared exactly with
numpy. The tier runs twice, in two processes sharing one PYOPENCL_CACHE_DIR: the first builds
from OpenCL C (ocloc) and fills pyopencl's binary cache; the second must run from that cache
alone (vsmp's own build cache off, ocloc replaced by a program that fails), so the zebins
pyopencl read from CL_PROGRAM_BINARIES go back in through clCreateProgramWithBinary.

usage: pyopencl_tier.py              (both runs, in a temporary cache directory)
       pyopencl_tier.py --one MODE   (one run; MODE is 'source' or 'cache')
The environment names the ICD (OCL_ICD_VENDORS).
"""
import os
import subprocess
import sys
import tempfile

SAXPY = r"""
__kernel void saxpy(__global const float *x, __global float *y, float a)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
"""

# an integer image copy with a horizontal mirror: every channel of every texel moves unchanged
MIRROR = r"""
__kernel void mirror(read_only image2d_t src, write_only image2d_t dst)
{
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_image_width(src);
    uint4 t = read_imageui(src, (int2)(w - 1 - x, y));
    write_imageui(dst, (int2)(x, y), t);
}
"""

# integer coordinates through a sampler argument (as the conformance tests read): IGC passes the
# sampler's addressing mode in a payload argument (sampler_address) the launcher fills
SAMPLER_INT = r"""
__kernel void sampler_int(read_only image2d_t src, sampler_t s, __global uint4 *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = read_imageui(src, s, (int2)(x, y));
}
"""

# arguments the kernel does not use, which the compiler leaves out of its interface: one between
# two used ones and two after them (OpenCL still counts and sets them)
INT_COORDS = r"""
__kernel void int_coords(read_only image2d_t src, __global int *unused, __global uint4 *out,
                         sampler_t s, int unused_too)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = read_imageui(src, (int2)(x, y));
}
"""

# read_imagef through a nearest sampler on RGBA8 UNORM: texel centres, a 2x downscale
# (the coordinate 2x + 0.75 floors to 2x) and clamping past both edges
NEAREST = r"""
__constant sampler_t near = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                            CLK_FILTER_NEAREST;
__kernel void nearest(read_only image2d_t src, __global float4 *out, float scale, float shift)
{
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    float2 c = (float2)(x * scale + shift, y * scale + shift);
    out[y * w + x] = read_imagef(src, near, c);
}
"""

# OpenCL C 3.0 (as the conformance tests build): a read_write image, read and written in place
RW_IMAGE = r"""
__kernel void twice(read_write image2d_t im)
{
    int2 c = (int2)(get_global_id(0), get_global_id(1));
    uint4 t = read_imageui(im, c);
    write_imageui(im, c, t * 2u + (uint4)(1, 2, 3, 4));
}
"""

# a 3D image: its size queries (which the compiler's header declares only with
# cl_khr_3d_image_writes) and a write to another 3D image
IMAGE_3D = r"""
__kernel void add_dims(read_only image3d_t a, write_only image3d_t b)
{
    int4 c = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
    uint4 d = (uint4)(get_image_width(a), get_image_height(a), get_image_depth(a), 1);
    write_imageui(b, c, read_imageui(a, c) + d);
}
"""

# small scalars by value (IGC passes char and short in 4 bytes; OpenCL sets them with their own
# size) and a 3-vector (set with the size of a 4-vector)
SCALARS = r"""
__kernel void scalars(char c, uchar uc, short s, ushort us, int3 v, __global int *out)
{
    int i = get_global_id(0);
    int r[7] = {c, uc, s, us, v.x, v.y, v.z};
    out[i] = r[i];
}
"""

# a 2D reduction: each 16x8 work-group sums its tile of an int matrix in local memory
REDUCE = r"""
__kernel void tile_sum(__global const int *m, __global int *sums, __local int *tmp)
{
    int lx = get_local_id(0), ly = get_local_id(1);
    int lw = get_local_size(0), lh = get_local_size(1);
    int w = get_global_size(0);
    int l = ly * lw + lx;
    tmp[l] = m[get_global_id(1) * w + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = lw * lh / 2; s > 0; s /= 2) {
        if (l < s)
            tmp[l] += tmp[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        sums[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = tmp[0];
}
"""


def one(mode):
    import numpy as np
    import pyopencl as cl

    # the platform by name (the loader may offer others beside vsmp)
    plats = [p for p in cl.get_platforms() if p.name == "vsmp"]
    if not plats:
        sys.exit("no platform named vsmp: %s" % [p.name for p in cl.get_platforms()])
    dev = [d for d in plats[0].get_devices() if d.name == "vsmp tgllp"]
    assert dev, [d.name for d in plats[0].get_devices()]
    ctx = cl.Context(dev)
    # and as PYOPENCL_CTX names it: platform and device by name
    os.environ["PYOPENCL_CTX"] = "vsmp:tgllp"
    ctx2 = cl.create_some_context(interactive=False)
    assert ctx2.devices[0].name == "vsmp tgllp", ctx2.devices
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    checks = []

    def check(name, got, want):
        if got.dtype != want.dtype or got.shape != want.shape or not np.array_equal(got, want):
            bad = np.argwhere(got != want)[:5] if got.shape == want.shape else []
            sys.exit("%s (%s): differs from numpy at %s\n got %s\nwant %s"
                     % (name, mode, bad, got.ravel()[:8], want.ravel()[:8]))
        checks.append(name)

    def build(src, options=None):
        # pyopencl's binary cache in the folder the environment names (Debian's pyopencl
        # 2022.3 takes it as an argument only)
        prg = cl.Program(ctx, src).build(options=options,
                                         cache_dir=os.environ["PYOPENCL_CACHE_DIR"])
        was_cached = prg._build_duration_info[1]
        if was_cached != (mode == "cache"):
            sys.exit("pyopencl (%s): the program was %sread from pyopencl's cache"
                     % (mode, "" if was_cached else "not "))
        return prg

    # saxpy over 4096 floats: a * x is exact (x integers below 2^13, a = 1.5), so a fused and an
    # unfused multiply-add give the same float
    n = 4096
    x = np.arange(n, dtype=np.float32)
    y = (np.arange(n, dtype=np.float32) % 97) - 48
    a = np.float32(1.5)
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    yb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
    build(SAXPY).saxpy(q, (n,), (64,), xb, yb, a)
    got = np.empty_like(y)
    cl.enqueue_copy(q, got, yb)
    check("saxpy", got, a * x + y)

    # saxpy again on acm-g10 (DG2 kernels carry an inline data payload)
    acm = [d for d in plats[0].get_devices() if d.name == "vsmp acm-g10"]
    actx = cl.Context(acm)
    aq = cl.CommandQueue(actx)
    axb = cl.Buffer(actx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    ayb = cl.Buffer(actx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
    aprg = cl.Program(actx, SAXPY).build(cache_dir=os.environ["PYOPENCL_CACHE_DIR"])
    aprg.saxpy(aq, (n,), (64,), axb, ayb, a)
    got = np.empty_like(y)
    cl.enqueue_copy(aq, got, ayb)
    check("saxpy_acm_g10", got, a * x + y)

    # the integer image copy: RGBA UNSIGNED_INT8, 37x23 (odd sizes: no padding to hide behind)
    h, w = 23, 37
    rng = np.random.default_rng(17)
    src = rng.integers(0, 256, size=(h, w, 4), dtype=np.uint8)
    fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNSIGNED_INT8)
    si = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, fmt, shape=(w, h), hostbuf=src)
    di = cl.Image(ctx, mf.WRITE_ONLY, fmt, shape=(w, h))
    build(MIRROR).mirror(q, (w, h), None, si, di)
    got = np.empty_like(src)
    cl.enqueue_copy(q, got, di, origin=(0, 0), region=(w, h))
    check("image_mirror_rgba_uint8", got, src[:, ::-1, :].copy())

    # the unused arguments are set like any other (clSetKernelArg)
    smp = cl.Sampler(ctx, False, cl.addressing_mode.CLAMP_TO_EDGE, cl.filter_mode.NEAREST)
    out = cl.Buffer(ctx, mf.WRITE_ONLY, w * h * 16)
    build(INT_COORDS).int_coords(q, (w, h), None, si, xb, out, smp, np.int32(5))
    got = np.empty((h, w, 4), dtype=np.uint32)
    cl.enqueue_copy(q, got, out)
    check("int_coords_unused_args", got, src.astype(np.uint32))

    prg = build(SAMPLER_INT)
    log = prg.get_build_info(dev[0], cl.program_build_info.LOG)
    k = prg.sampler_int
    if "vsmp cannot run kernel sampler_int" in log:
        sys.exit("sampler_int (%s): the build log says it cannot run:\n%s" % (mode, log))
    k.set_args(si, smp, out)
    cl.enqueue_nd_range_kernel(q, k, (w, h), None)
    got = np.zeros((h, w, 4), dtype=np.uint32)
    cl.enqueue_copy(q, got, out)
    check("sampler_int", got, src.astype(np.uint32))

    # read_imagef, nearest sampler, RGBA UNORM_INT8: c / 255 as a float (OpenCL 1.2, 8.3.1.1)
    fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNORM_INT8)
    ui = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, fmt, shape=(w, h), hostbuf=src)
    prg = build(NEAREST)
    norm = src.astype(np.float32) / np.float32(255)
    for name, ow, oh, scale, shift, xs, ys in (
            ("read_imagef_nearest_centres", w, h, 1.0, 0.5, np.arange(w), np.arange(h)),
            ("read_imagef_nearest_half", w // 2, h // 2, 2.0, 0.75,
             np.arange(w // 2) * 2, np.arange(h // 2) * 2),
            # from -3.5 past the left/top edge to past the right/bottom edge: clamped
            ("read_imagef_nearest_clamp", w + 8, h + 8, 1.0, -3.5,
             np.clip(np.floor(np.arange(w + 8) - 3.5), 0, w - 1).astype(int),
             np.clip(np.floor(np.arange(h + 8) - 3.5), 0, h - 1).astype(int))):
        out = cl.Buffer(ctx, mf.WRITE_ONLY, ow * oh * 16)
        prg.nearest(q, (ow, oh), None, ui, out, np.float32(scale), np.float32(shift))
        got = np.empty((oh, ow, 4), dtype=np.float32)
        cl.enqueue_copy(q, got, out)
        check(name, got, norm[ys][:, xs])

    # -cl-std=CL3.0 and a read_write image (OpenCL C 3.0 with __opencl_c_read_write_images)
    ri = cl.Image(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                  cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNSIGNED_INT8),
                  shape=(w, h), hostbuf=src)
    build(RW_IMAGE, ["-cl-std=CL3.0"]).twice(q, (w, h), None, ri)
    got = np.empty_like(src)
    cl.enqueue_copy(q, got, ri, origin=(0, 0), region=(w, h))
    # t * 2 + (1, 2, 3, 4) is computed in uint and written with saturation (OpenCL's
    # convert_uchar_sat for CL_UNSIGNED_INT8): 203 * 2 + 2 = 408 is stored as 255
    check("read_write_image_cl30", got,
          np.minimum(src.astype(np.uint32) * 2 + np.array([1, 2, 3, 4], np.uint32),
                     255).astype(np.uint8))

    # the 3D image, 5x4x3
    w3, h3, d3 = 5, 4, 3
    v3 = rng.integers(0, 200, size=(d3, h3, w3, 4), dtype=np.uint8)
    fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNSIGNED_INT8)
    a3 = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, fmt, shape=(w3, h3, d3), hostbuf=v3)
    b3 = cl.Image(ctx, mf.WRITE_ONLY, fmt, shape=(w3, h3, d3))
    build(IMAGE_3D).add_dims(q, (w3, h3, d3), None, a3, b3)
    got = np.empty_like(v3)
    cl.enqueue_copy(q, got, b3, origin=(0, 0, 0), region=(w3, h3, d3))
    check("image3d_dims_write", got, v3 + np.array([w3, h3, d3, 1], np.uint8))

    # small scalars: clSetKernelArg with each type's own size
    sk = build(SCALARS).scalars
    sout = cl.Buffer(ctx, mf.WRITE_ONLY, 7 * 4)
    sk(q, (7,), None, np.int8(-5), np.uint8(250), np.int16(-3000), np.uint16(60000),
       np.array([7, -8, 9, 0], np.int32), sout)
    got = np.empty(7, np.int32)
    cl.enqueue_copy(q, got, sout)
    check("small_scalars", got, np.array([-5, 250, -3000, 60000, 7, -8, 9], np.int32))

    # the 2D reduction: a 128x64 int matrix in 16x8 tiles
    mw, mh, tw, th = 128, 64, 16, 8
    m = rng.integers(-100000, 100000, size=(mh, mw), dtype=np.int32)
    mb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=m)
    sb = cl.Buffer(ctx, mf.WRITE_ONLY, (mw // tw) * (mh // th) * 4)
    build(REDUCE).tile_sum(q, (mw, mh), (tw, th), mb, sb, cl.LocalMemory(tw * th * 4))
    got = np.empty((mh // th, mw // tw), dtype=np.int32)
    cl.enqueue_copy(q, got, sb)
    check("reduce_2d_tiles", got, m.reshape(mh // th, th, mw // tw, tw).sum(axis=(1, 3),
                                                                         dtype=np.int32))

    # pyopencl's own generated kernels (pyopencl.array: an elementwise kernel and a reduction),
    # in pyopencl's default cache (under XDG_CACHE_HOME)
    import pyopencl.array as cla
    v = rng.integers(-1000, 1000, size=5000, dtype=np.int32)
    dv = cla.to_device(q, v)
    check("array_elementwise", (dv * 3 + 7).get(), v * 3 + 7)
    check("array_sum", np.array(cla.sum(dv).get()), np.array(v.sum(dtype=np.int32)))
    q.finish()
    print("pyopencl (%s): %d checks equal to numpy: %s" % (mode, len(checks), " ".join(checks)))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--one":
        one(sys.argv[2])
        return
    if "OCL_ICD_VENDORS" not in os.environ:
        sys.exit("OCL_ICD_VENDORS must name vsmp's ICD")
    try:
        import numpy  # noqa: F401
        import pyopencl  # noqa: F401
    except ImportError as e:
        sys.exit("pyopencl tier: %s (apt-get install python3-pyopencl python3-numpy, or "
                 "make deps-test; -DVSMP_OPENCL_TESTS=OFF leaves the OpenCL tier out)" % e)
    with tempfile.TemporaryDirectory(prefix="vsmp-pyopencl-") as tmp:
        env = dict(os.environ, PYOPENCL_CACHE_DIR=os.path.join(tmp, "pyopencl"),
                   XDG_CACHE_HOME=os.path.join(tmp, "xdg"))
        env.pop("PYOPENCL_NO_CACHE", None)
        subprocess.run([sys.executable, __file__, "--one", "source"], env=env, check=True)
        cached = [f for _, _, fs in os.walk(env["PYOPENCL_CACHE_DIR"]) for f in fs]
        if not cached:
            sys.exit("pyopencl wrote nothing to its cache %s" % env["PYOPENCL_CACHE_DIR"])
        # the second run: no vsmp build cache, and an ocloc that fails; only pyopencl's cache
        fail = os.path.join(tmp, "ocloc-fails")
        with open(fail, "w") as f:
            f.write("#!/bin/sh\necho 'ocloc must not run: the binaries come from the cache' >&2\n"
                    "exit 1\n")
        os.chmod(fail, 0o755)
        env.update(VSMP_OCL_CACHE="0", VSMP_OCLOC=fail)
        subprocess.run([sys.executable, __file__, "--one", "cache"], env=env, check=True)
        print("pyopencl: %d cached files reused" % len(cached))


if __name__ == "__main__":
    main()
