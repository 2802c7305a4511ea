/* SPDX-License-Identifier: MIT */
/* An ordinary OpenCL host program: it picks the platform named "vsmp" through the system's ICD
 * loader, builds examples/launch/rotate.cl from source, rotates a PNG by 30 degrees with it and
 * writes the result. Nothing in it is specific to vsmp but the platform's name.
 *
 * usage: vsmp-ocl-rotate KERNEL.cl IN.png OUT.png
 * (run it with OCL_ICD_VENDORS naming build/ocl/icd/libvsmp_opencl.so, or with vsmp installed) */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *s = NULL;
    long n = fseek(f, 0, SEEK_END) ? -1 : ftell(f);
    if (n >= 0 && n < (1l << 24) && !fseek(f, 0, SEEK_SET) && (s = malloc((size_t)n + 1))) {
        if (fread(s, 1, (size_t)n, f) != (size_t)n) {
            free(s);
            s = NULL;
        } else {
            s[n] = '\0';
        }
    }
    fclose(f);
    return s;
}

static int fail(const char *what, cl_int err)
{
    fprintf(stderr, "vsmp-ocl-rotate: %s failed (OpenCL error %d)\n", what, err);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: vsmp-ocl-rotate KERNEL.cl IN.png OUT.png\n");
        return 2;
    }
    /* the platform named "vsmp" and its default device */
    cl_platform_id plats[16], plat = NULL;
    cl_uint np = 0;
    cl_int err = clGetPlatformIDs(16, plats, &np);
    for (cl_uint i = 0; !err && i < np && i < 16; i++) {
        char name[64] = "";
        clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (!strcmp(name, "vsmp"))
            plat = plats[i];
    }
    if (!plat) {
        fprintf(stderr, "vsmp-ocl-rotate: no OpenCL platform named vsmp (set OCL_ICD_VENDORS to "
                        "build/ocl/icd/libvsmp_opencl.so, or install vsmp)\n");
        return 1;
    }
    cl_device_id dev;
    char dname[64] = "";
    if ((err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_DEFAULT, 1, &dev, NULL)))
        return fail("clGetDeviceIDs", err);
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof dname, dname, NULL);

    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, argv[2])) {
        fprintf(stderr, "vsmp-ocl-rotate: %s: %s\n", argv[2], img.message);
        return 1;
    }
    img.format = PNG_FORMAT_RGBA;
    size_t w = img.width, h = img.height;
    unsigned char *pixels = malloc(PNG_IMAGE_SIZE(img)), *out = malloc(PNG_IMAGE_SIZE(img));
    if (!pixels || !out || !png_image_finish_read(&img, NULL, pixels, 0, NULL)) {
        fprintf(stderr, "vsmp-ocl-rotate: %s: cannot read it\n", argv[2]);
        return 1;
    }
    char *src = read_text(argv[1]);
    if (!src) {
        fprintf(stderr, "vsmp-ocl-rotate: %s: cannot read it\n", argv[1]);
        return 1;
    }

    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (err)
        return fail("clCreateContext", err);
    cl_queue_properties qp[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, qp, &err);
    if (err)
        return fail("clCreateCommandQueueWithProperties", err);
    const char *srcs[] = {src};
    cl_program prog = clCreateProgramWithSource(ctx, 1, srcs, NULL, &err);
    if (!err)
        err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
    if (err) {
        static char log[1 << 16];
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "%s\n", log);
        return fail("clBuildProgram", err);
    }
    cl_kernel k = clCreateKernel(prog, "rotate", &err);
    if (err)
        return fail("clCreateKernel", err);

    cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = w, .image_height = h};
    cl_mem in =
        clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fmt, &desc, pixels, &err);
    if (err)
        return fail("clCreateImage", err);
    cl_mem res = clCreateImage(ctx, CL_MEM_WRITE_ONLY, &fmt, &desc, NULL, &err);
    if (err)
        return fail("clCreateImage", err);
    const double pi = 3.14159265358979323846;
    float c = (float)cos(pi / 6), s = (float)sin(pi / 6);
    clSetKernelArg(k, 0, sizeof in, &in);
    clSetKernelArg(k, 1, sizeof res, &res);
    clSetKernelArg(k, 2, sizeof c, &c);
    clSetKernelArg(k, 3, sizeof s, &s);
    size_t global[2] = {w, h}, origin[3] = {0, 0, 0}, region[3] = {w, h, 1};
    cl_event run;
    if ((err = clEnqueueNDRangeKernel(q, k, 2, NULL, global, NULL, 0, NULL, &run)))
        return fail("clEnqueueNDRangeKernel", err);
    if ((err = clEnqueueReadImage(q, res, CL_TRUE, origin, region, 0, 0, out, 1, &run, NULL)))
        return fail("clEnqueueReadImage", err);
    cl_ulong t0 = 0, t1 = 0;
    clGetEventProfilingInfo(run, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(run, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    printf("OpenCL platform vsmp, device %s: built %s, ran rotate over %zux%zu work-items in "
           "%.1f ms\n",
           dname, argv[1], w, h, (double)(t1 - t0) / 1e6);

    if (!png_image_write_to_file(&img, argv[3], 0, out, 0, NULL)) {
        fprintf(stderr, "vsmp-ocl-rotate: %s: %s\n", argv[3], img.message);
        return 1;
    }
    printf("wrote %s (%s rotated by 30 degrees)\n", argv[3], argv[2]);
    clReleaseEvent(run);
    clReleaseMemObject(in);
    clReleaseMemObject(res);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(src);
    free(pixels);
    free(out);
    return 0;
}
