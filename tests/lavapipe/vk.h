/* SPDX-License-Identifier: MIT */
/* A minimal Vulkan compute harness for the lavapipe tier: one device, one queue, helpers to
 * make buffers and sampled images, compile GLSL with glslangValidator and dispatch. */
#ifndef VSMP_TEST_VK_H
#define VSMP_TEST_VK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

typedef struct vk {
    VkInstance inst;
    VkPhysicalDevice phys;
    VkDevice dev;
    VkQueue queue;
    uint32_t qfam;
    VkCommandPool pool;
    VkPhysicalDeviceMemoryProperties mem;
    char device_name[256];
    char driver_info[256];
    char tmpdir[256];
    bool ms_storage; /* shaderStorageImageMultisample */
    bool robust2;    /* robustImageAccess2: out-of-range texelFetch is defined */
} vk;

typedef struct vk_buffer {
    VkBuffer buf;
    VkDeviceMemory mem;
    void *map;
    size_t size;
} vk_buffer;

typedef struct vk_image_desc {
    VkImageViewType view_type;
    VkFormat format;
    uint32_t width, height, depth, layers, levels;
    uint32_t view_levels; /* levels the view exposes (from base_level) */
    uint32_t base_level;
    bool depth_aspect;
} vk_image_desc;

typedef struct vk_image {
    VkImage img;
    VkDeviceMemory mem;
    VkImageView view;
} vk_image;

/* 0 on success; a message on stderr otherwise (the tier then fails, it is never skipped). */
int vk_init(vk *v);
void vk_finish(vk *v);
int vk_buffer_make(vk *v, size_t size, VkBufferUsageFlags usage, vk_buffer *b);
void vk_buffer_free(vk *v, vk_buffer *b);
/* Create, upload (packed per level: all slices of a level, rows tight) and make the view. */
int vk_image_make(vk *v, const vk_image_desc *d, const void *data, const size_t *level_offset,
                  vk_image *im);
void vk_image_free(vk *v, vk_image *im);
bool vk_format_supported(vk *v, VkFormat f, bool need_linear);
/* A multisample 2D array image (one level) whose samples the compute shader @p writer stores
 * (binding 0: the image as a storage image; one invocation), left ready for sampling. The
 * view is a 2D array view. */
int vk_ms_image_make(vk *v, VkFormat f, uint32_t w, uint32_t h, uint32_t layers, uint32_t samples,
                     const char *writer, vk_image *im);
/* Compile GLSL for @p stage ("comp", "frag", "vert") with glslangValidator. 0 on success. */
int vk_compile(vk *v, const char *glsl, const char *stage, VkShaderModule *out);
/* Compile a compute shader and its pipeline; cached by source text. NULL on failure. */
VkShaderModule vk_shader(vk *v, const char *glsl);
/* Run one compute pass: binding 0 = combined image sampler, 1 = input SSBO, 2 = output SSBO. */
int vk_dispatch(vk *v, VkShaderModule sm, VkImageView view, VkSampler smp, vk_buffer *in,
                vk_buffer *out);
/* The same with @p groups work groups. */
int vk_dispatch_groups(vk *v, VkShaderModule sm, VkImageView view, VkSampler smp, vk_buffer *in,
                       vk_buffer *out, uint32_t groups);

#endif
