/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "vk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define VKCHECK(x)                                                                                 \
    do {                                                                                           \
        VkResult r_ = (x);                                                                         \
        if (r_ != VK_SUCCESS) {                                                                    \
            fprintf(stderr, "vk: %s failed: %d (%s:%d)\n", #x, r_, __FILE__, __LINE__);            \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

static VkDescriptorSetLayout g_dsl;
static VkPipelineLayout g_pl;
static VkDescriptorPool g_dpool;

typedef struct shader_entry {
    char *src;
    VkShaderModule sm;
    VkPipeline pipe;
} shader_entry;
static shader_entry g_sh[4096];
static int g_nsh;

int vk_init(vk *v)
{
    memset(v, 0, sizeof(*v));
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .pApplicationName = "vsmp-lavapipe-tier",
                             .apiVersion = VK_API_VERSION_1_2};
    VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pApplicationInfo = &app};
    VKCHECK(vkCreateInstance(&ici, NULL, &v->inst));
    uint32_t n = 0;
    VKCHECK(vkEnumeratePhysicalDevices(v->inst, &n, NULL));
    VkPhysicalDevice devs[16];
    if (n > 16)
        n = 16;
    VKCHECK(vkEnumeratePhysicalDevices(v->inst, &n, devs));
    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(devs[i], &p);
        if (strstr(p.deviceName, "llvmpipe")) {
            v->phys = devs[i];
            snprintf(v->device_name, sizeof(v->device_name), "%s", p.deviceName);
        }
    }
    if (!v->phys) {
        fprintf(stderr, "vk: no lavapipe (llvmpipe) device among %u devices\n", n);
        return -1;
    }
    VkPhysicalDeviceDriverProperties drv = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                      .pNext = &drv};
    vkGetPhysicalDeviceProperties2(v->phys, &p2);
    snprintf(v->driver_info, sizeof(v->driver_info), "%.100s %.100s", drv.driverName,
             drv.driverInfo);
    vkGetPhysicalDeviceMemoryProperties(v->phys, &v->mem);
    uint32_t nq = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(v->phys, &nq, NULL);
    VkQueueFamilyProperties qp[8];
    if (nq > 8)
        nq = 8;
    vkGetPhysicalDeviceQueueFamilyProperties(v->phys, &nq, qp);
    for (v->qfam = 0; v->qfam < nq && !(qp[v->qfam].queueFlags & VK_QUEUE_COMPUTE_BIT); v->qfam++)
        ;
    float prio = 1.0f;
    VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                   .queueFamilyIndex = v->qfam,
                                   .queueCount = 1,
                                   .pQueuePriorities = &prio};
    /* robustImageAccess2 defines out-of-range texelFetch (the zero texel with the format's
     * missing channels filled), the rule vsmp follows */
    VkPhysicalDeviceRobustness2FeaturesEXT rb2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
    VkPhysicalDeviceFeatures2 q2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &rb2};
    vkGetPhysicalDeviceFeatures2(v->phys, &q2);
    v->robust2 = rb2.robustImageAccess2;
    rb2.pNext = NULL;
    rb2.robustBufferAccess2 = VK_FALSE;
    rb2.nullDescriptor = VK_FALSE;
    VkPhysicalDeviceCustomBorderColorFeaturesEXT cbc = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
        .pNext = v->robust2 ? &rb2 : NULL,
        .customBorderColors = VK_TRUE,
        .customBorderColorWithoutFormat = VK_TRUE};
    VkPhysicalDeviceVulkan12Features f12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
        .pNext = &cbc,
        .samplerMirrorClampToEdge = VK_TRUE,
        .samplerFilterMinmax = VK_TRUE};
    VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &f12};
    f2.features.imageCubeArray = VK_TRUE;
    f2.features.samplerAnisotropy = VK_TRUE;
    VkPhysicalDeviceFeatures have;
    vkGetPhysicalDeviceFeatures(v->phys, &have);
    f2.features.shaderStorageImageMultisample = have.shaderStorageImageMultisample;
    v->ms_storage = have.shaderStorageImageMultisample;
    const char *ext[] = {"VK_EXT_custom_border_color", "VK_EXT_robustness2"};
    VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                              .pNext = &f2,
                              .queueCreateInfoCount = 1,
                              .pQueueCreateInfos = &qci,
                              .enabledExtensionCount = v->robust2 ? 2 : 1,
                              .ppEnabledExtensionNames = ext};
    VKCHECK(vkCreateDevice(v->phys, &dci, NULL, &v->dev));
    vkGetDeviceQueue(v->dev, v->qfam, 0, &v->queue);
    VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                   .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                   .queueFamilyIndex = v->qfam};
    VKCHECK(vkCreateCommandPool(v->dev, &cpi, NULL, &v->pool));
    VkDescriptorSetLayoutBinding b[3] = {
        {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
    VkDescriptorSetLayoutCreateInfo dli = {.sType =
                                               VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                           .bindingCount = 3,
                                           .pBindings = b};
    VKCHECK(vkCreateDescriptorSetLayout(v->dev, &dli, NULL, &g_dsl));
    VkPipelineLayoutCreateInfo pli = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &g_dsl};
    VKCHECK(vkCreatePipelineLayout(v->dev, &pli, NULL, &g_pl));
    VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 4},
                                  {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8}};
    VkDescriptorPoolCreateInfo dpi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
                                      .maxSets = 4,
                                      .poolSizeCount = 2,
                                      .pPoolSizes = ps};
    VKCHECK(vkCreateDescriptorPool(v->dev, &dpi, NULL, &g_dpool));
    snprintf(v->tmpdir, sizeof(v->tmpdir), "/tmp/vsmp-lvp-XXXXXX");
    if (!mkdtemp(v->tmpdir)) {
        fprintf(stderr, "vk: cannot make a temporary directory\n");
        return -1;
    }
    return 0;
}

void vk_finish(vk *v)
{
    if (!v->dev)
        return;
    vkDeviceWaitIdle(v->dev);
    for (int i = 0; i < g_nsh; i++) {
        vkDestroyPipeline(v->dev, g_sh[i].pipe, NULL);
        vkDestroyShaderModule(v->dev, g_sh[i].sm, NULL);
        free(g_sh[i].src);
    }
    g_nsh = 0;
    vkDestroyDescriptorPool(v->dev, g_dpool, NULL);
    vkDestroyPipelineLayout(v->dev, g_pl, NULL);
    vkDestroyDescriptorSetLayout(v->dev, g_dsl, NULL);
    vkDestroyCommandPool(v->dev, v->pool, NULL);
    vkDestroyDevice(v->dev, NULL);
    vkDestroyInstance(v->inst, NULL);
    char cmd[300];
    snprintf(cmd, sizeof(cmd), "rm -rf %s", v->tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "vk: could not remove %s\n", v->tmpdir);
}

static int mem_type(vk *v, uint32_t bits, VkMemoryPropertyFlags want)
{
    for (uint32_t i = 0; i < v->mem.memoryTypeCount; i++)
        if ((bits >> i & 1) && (v->mem.memoryTypes[i].propertyFlags & want) == want)
            return (int)i;
    return -1;
}

int vk_buffer_make(vk *v, size_t size, VkBufferUsageFlags usage, vk_buffer *b)
{
    memset(b, 0, sizeof(*b));
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size ? size : 4, .usage = usage};
    VKCHECK(vkCreateBuffer(v->dev, &bci, NULL, &b->buf));
    VkMemoryRequirements mr;
    vkGetBufferMemoryRequirements(v->dev, b->buf, &mr);
    int t = mem_type(v, mr.memoryTypeBits,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = mr.size,
                                .memoryTypeIndex = (uint32_t)t};
    VKCHECK(vkAllocateMemory(v->dev, &mai, NULL, &b->mem));
    VKCHECK(vkBindBufferMemory(v->dev, b->buf, b->mem, 0));
    VKCHECK(vkMapMemory(v->dev, b->mem, 0, VK_WHOLE_SIZE, 0, &b->map));
    b->size = size;
    return 0;
}

void vk_buffer_free(vk *v, vk_buffer *b)
{
    if (b->buf)
        vkDestroyBuffer(v->dev, b->buf, NULL);
    if (b->mem)
        vkFreeMemory(v->dev, b->mem, NULL);
    memset(b, 0, sizeof(*b));
}

static int submit(vk *v, VkCommandBuffer cb)
{
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cb};
    VKCHECK(vkQueueSubmit(v->queue, 1, &si, VK_NULL_HANDLE));
    VKCHECK(vkQueueWaitIdle(v->queue));
    return 0;
}

static VkCommandBuffer begin(vk *v)
{
    VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = v->pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 1};
    VkCommandBuffer cb = VK_NULL_HANDLE;
    if (vkAllocateCommandBuffers(v->dev, &ai, &cb) != VK_SUCCESS)
        return VK_NULL_HANDLE;
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    vkBeginCommandBuffer(cb, &bi);
    return cb;
}

bool vk_format_supported(vk *v, VkFormat f, bool need_linear)
{
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(v->phys, f, &fp);
    VkFormatFeatureFlags want =
        VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
        (need_linear ? VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT : 0);
    return (fp.optimalTilingFeatures & want) == want;
}

int vk_image_make(vk *v, const vk_image_desc *d, const void *data, const size_t *level_offset,
                  vk_image *im)
{
    memset(im, 0, sizeof(*im));
    bool cube =
        d->view_type == VK_IMAGE_VIEW_TYPE_CUBE || d->view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
    VkImageType it =
        d->view_type == VK_IMAGE_VIEW_TYPE_1D || d->view_type == VK_IMAGE_VIEW_TYPE_1D_ARRAY
            ? VK_IMAGE_TYPE_1D
        : d->view_type == VK_IMAGE_VIEW_TYPE_3D ? VK_IMAGE_TYPE_3D
                                                : VK_IMAGE_TYPE_2D;
    VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                             .flags = cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0,
                             .imageType = it,
                             .format = d->format,
                             .extent = {d->width, d->height, d->depth},
                             .mipLevels = d->levels,
                             .arrayLayers = d->layers,
                             .samples = VK_SAMPLE_COUNT_1_BIT,
                             .tiling = VK_IMAGE_TILING_OPTIMAL,
                             .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                             .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    VKCHECK(vkCreateImage(v->dev, &ici, NULL, &im->img));
    VkMemoryRequirements mr;
    vkGetImageMemoryRequirements(v->dev, im->img, &mr);
    VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = mr.size,
                                .memoryTypeIndex = (uint32_t)mem_type(v, mr.memoryTypeBits, 0)};
    VKCHECK(vkAllocateMemory(v->dev, &mai, NULL, &im->mem));
    VKCHECK(vkBindImageMemory(v->dev, im->img, im->mem, 0));
    VkImageAspectFlags aspect =
        d->depth_aspect ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
    size_t total = level_offset[d->levels];
    vk_buffer st;
    if (vk_buffer_make(v, total, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &st))
        return -1;
    memcpy(st.map, data, total);
    VkCommandBuffer cb = begin(v);
    VkImageMemoryBarrier bar = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                .srcAccessMask = 0,
                                .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .image = im->img,
                                .subresourceRange = {aspect, 0, d->levels, 0, d->layers}};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 0, NULL, 1, &bar);
    for (uint32_t l = 0; l < d->levels; l++) {
        uint32_t w = d->width >> l ? d->width >> l : 1, h = d->height >> l ? d->height >> l : 1;
        uint32_t dd = d->depth >> l ? d->depth >> l : 1;
        VkBufferImageCopy r = {.bufferOffset = level_offset[l],
                               .imageSubresource = {aspect, l, 0, d->layers},
                               .imageExtent = {w, h, dd}};
        vkCmdCopyBufferToImage(cb, st.buf, im->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);
    }
    bar.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    bar.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    bar.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    bar.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         0, 0, NULL, 0, NULL, 1, &bar);
    vkEndCommandBuffer(cb);
    int rc = submit(v, cb);
    vkFreeCommandBuffers(v->dev, v->pool, 1, &cb);
    vk_buffer_free(v, &st);
    if (rc)
        return -1;
    VkImageViewCreateInfo vci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = im->img,
        .viewType = d->view_type,
        .format = d->format,
        .subresourceRange = {aspect, d->base_level, d->view_levels, 0, d->layers}};
    VKCHECK(vkCreateImageView(v->dev, &vci, NULL, &im->view));
    return 0;
}

void vk_image_free(vk *v, vk_image *im)
{
    if (im->view)
        vkDestroyImageView(v->dev, im->view, NULL);
    if (im->img)
        vkDestroyImage(v->dev, im->img, NULL);
    if (im->mem)
        vkFreeMemory(v->dev, im->mem, NULL);
    memset(im, 0, sizeof(*im));
}

int vk_compile(vk *v, const char *glsl, const char *stage, VkShaderModule *out)
{
    static int serial;
    char src[320], spv[320], cmd[1024];
    snprintf(src, sizeof(src), "%s/s%d.%s", v->tmpdir, serial, stage);
    snprintf(spv, sizeof(spv), "%s/s%d.spv", v->tmpdir, serial++);
    FILE *f = fopen(src, "w");
    if (!f)
        return -1;
    fputs(glsl, f);
    fclose(f);
    snprintf(cmd, sizeof(cmd), "glslangValidator -V --target-env vulkan1.2 -o %s %s > %s.log 2>&1",
             spv, src, src);
    if (system(cmd) != 0) {
        fprintf(stderr, "vk: glslangValidator failed on:\n%s\n", glsl);
        snprintf(cmd, sizeof(cmd), "cat %s.log >&2", src);
        if (system(cmd) != 0)
            fprintf(stderr, "vk: (no log)\n");
        return -1;
    }
    f = fopen(spv, "rb");
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint32_t *code = malloc((size_t)n);
    if (!code || fread(code, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(code);
        return -1;
    }
    fclose(f);
    VkShaderModuleCreateInfo smi = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = (size_t)n, .pCode = code};
    VkResult r = vkCreateShaderModule(v->dev, &smi, NULL, out);
    free(code);
    return r == VK_SUCCESS ? 0 : -1;
}

VkShaderModule vk_shader(vk *v, const char *glsl)
{
    for (int i = 0; i < g_nsh; i++)
        if (strcmp(g_sh[i].src, glsl) == 0)
            return g_sh[i].sm;
    if (g_nsh == (int)(sizeof(g_sh) / sizeof(g_sh[0])))
        return VK_NULL_HANDLE;
    shader_entry *e = &g_sh[g_nsh];
    if (vk_compile(v, glsl, "comp", &e->sm))
        return VK_NULL_HANDLE;
    VkComputePipelineCreateInfo cpi = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = e->sm,
                  .pName = "main"},
        .layout = g_pl};
    if (vkCreateComputePipelines(v->dev, VK_NULL_HANDLE, 1, &cpi, NULL, &e->pipe) != VK_SUCCESS)
        return VK_NULL_HANDLE;
    e->src = strdup(glsl);
    g_nsh++;
    return e->sm;
}

int vk_dispatch(vk *v, VkShaderModule sm, VkImageView view, VkSampler smp, vk_buffer *in,
                vk_buffer *out)
{
    return vk_dispatch_groups(v, sm, view, smp, in, out, 1);
}

int vk_dispatch_groups(vk *v, VkShaderModule sm, VkImageView view, VkSampler smp, vk_buffer *in,
                       vk_buffer *out, uint32_t groups)
{
    VkPipeline pipe = VK_NULL_HANDLE;
    for (int i = 0; i < g_nsh; i++)
        if (g_sh[i].sm == sm)
            pipe = g_sh[i].pipe;
    VkDescriptorSetAllocateInfo dai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = g_dpool,
                                       .descriptorSetCount = 1,
                                       .pSetLayouts = &g_dsl};
    VkDescriptorSet ds;
    VKCHECK(vkAllocateDescriptorSets(v->dev, &dai, &ds));
    VkDescriptorImageInfo ii = {smp, view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    VkDescriptorBufferInfo bi[2] = {{in->buf, 0, VK_WHOLE_SIZE}, {out->buf, 0, VK_WHOLE_SIZE}};
    VkWriteDescriptorSet w[3] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = ds,
                                  .dstBinding = 0,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                  .pImageInfo = &ii},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = ds,
                                  .dstBinding = 1,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = &bi[0]},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = ds,
                                  .dstBinding = 2,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = &bi[1]}};
    vkUpdateDescriptorSets(v->dev, 3, w, 0, NULL);
    VkCommandBuffer cb = begin(v);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, g_pl, 0, 1, &ds, 0, NULL);
    vkCmdDispatch(cb, groups, 1, 1);
    vkEndCommandBuffer(cb);
    int rc = submit(v, cb);
    vkFreeCommandBuffers(v->dev, v->pool, 1, &cb);
    vkFreeDescriptorSets(v->dev, g_dpool, 1, &ds);
    return rc;
}

int vk_ms_image_make(vk *v, VkFormat f, uint32_t w, uint32_t h, uint32_t layers, uint32_t samples,
                     const char *writer, vk_image *im)
{
    memset(im, 0, sizeof(*im));
    if (!v->ms_storage) {
        fprintf(stderr, "vk: no shaderStorageImageMultisample\n");
        return -1;
    }
    VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                             .imageType = VK_IMAGE_TYPE_2D,
                             .format = f,
                             .extent = {w, h, 1},
                             .mipLevels = 1,
                             .arrayLayers = layers,
                             .samples = (VkSampleCountFlagBits)samples,
                             .tiling = VK_IMAGE_TILING_OPTIMAL,
                             .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT,
                             .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    VKCHECK(vkCreateImage(v->dev, &ici, NULL, &im->img));
    VkMemoryRequirements mr;
    vkGetImageMemoryRequirements(v->dev, im->img, &mr);
    VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = mr.size,
                                .memoryTypeIndex = (uint32_t)mem_type(v, mr.memoryTypeBits, 0)};
    VKCHECK(vkAllocateMemory(v->dev, &mai, NULL, &im->mem));
    VKCHECK(vkBindImageMemory(v->dev, im->img, im->mem, 0));
    VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                 .image = im->img,
                                 .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
                                 .format = f,
                                 .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers}};
    VKCHECK(vkCreateImageView(v->dev, &vci, NULL, &im->view));

    /* the writer: one storage-image binding, one invocation */
    VkShaderModule sm;
    if (vk_compile(v, writer, "comp", &sm))
        return -1;
    VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1,
                                      VK_SHADER_STAGE_COMPUTE_BIT, NULL};
    VkDescriptorSetLayoutCreateInfo dli = {.sType =
                                               VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                           .bindingCount = 1,
                                           .pBindings = &b};
    VkDescriptorSetLayout dsl;
    VKCHECK(vkCreateDescriptorSetLayout(v->dev, &dli, NULL, &dsl));
    VkPipelineLayoutCreateInfo pli = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &dsl};
    VkPipelineLayout pl;
    VKCHECK(vkCreatePipelineLayout(v->dev, &pli, NULL, &pl));
    VkComputePipelineCreateInfo cpi = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = sm,
                  .pName = "main"},
        .layout = pl};
    VkPipeline pipe;
    VKCHECK(vkCreateComputePipelines(v->dev, VK_NULL_HANDLE, 1, &cpi, NULL, &pipe));
    VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1};
    VkDescriptorPoolCreateInfo dpi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .maxSets = 1,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &ps};
    VkDescriptorPool dp;
    VKCHECK(vkCreateDescriptorPool(v->dev, &dpi, NULL, &dp));
    VkDescriptorSetAllocateInfo dai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = dp,
                                       .descriptorSetCount = 1,
                                       .pSetLayouts = &dsl};
    VkDescriptorSet ds;
    VKCHECK(vkAllocateDescriptorSets(v->dev, &dai, &ds));
    VkDescriptorImageInfo ii = {VK_NULL_HANDLE, im->view, VK_IMAGE_LAYOUT_GENERAL};
    VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                               .dstSet = ds,
                               .dstBinding = 0,
                               .descriptorCount = 1,
                               .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                               .pImageInfo = &ii};
    vkUpdateDescriptorSets(v->dev, 1, &wr, 0, NULL);

    VkCommandBuffer cb = begin(v);
    VkImageMemoryBarrier bar = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                .dstAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .image = im->img,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers}};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, 0, NULL, 1, &bar);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &ds, 0, NULL);
    vkCmdDispatch(cb, 1, 1, 1);
    bar.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    bar.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    bar.oldLayout = VK_IMAGE_LAYOUT_GENERAL;
    bar.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, 0, NULL, 1, &bar);
    vkEndCommandBuffer(cb);
    int rc = submit(v, cb);
    vkFreeCommandBuffers(v->dev, v->pool, 1, &cb);
    vkDestroyDescriptorPool(v->dev, dp, NULL);
    vkDestroyPipeline(v->dev, pipe, NULL);
    vkDestroyPipelineLayout(v->dev, pl, NULL);
    vkDestroyDescriptorSetLayout(v->dev, dsl, NULL);
    vkDestroyShaderModule(v->dev, sm, NULL);
    return rc;
}
