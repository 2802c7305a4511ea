/* SPDX-License-Identifier: MIT */
/* Fragment-shader runs for the lavapipe tier: implicit derivatives exist only in fragment
 * shaders on Mesa 22's lavapipe. An 8x2 framebuffer holds four 2x2 quads; pixel (x, y) is lane
 * 4 (x / 2) + 2 (y & 1) + (x & 1): TL, TR, BL, BR as in vISA messages. Lane inputs come through
 * a uniform texel buffer (Mesa 22 fragment shaders lose some storage-buffer loads). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk.h"

#define W 8
#define H 2

#define VKCHECK(x)                                                                                 \
    do {                                                                                           \
        VkResult r_ = (x);                                                                         \
        if (r_ != VK_SUCCESS) {                                                                    \
            fprintf(stderr, "vk: %s failed: %d (%s:%d)\n", #x, r_, __FILE__, __LINE__);            \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

static VkDescriptorSetLayout f_dsl;
static VkPipelineLayout f_pl;
static VkDescriptorPool f_pool;
static VkRenderPass f_rp;
static VkShaderModule f_vs;
static VkImage f_img;
static VkDeviceMemory f_mem;
static VkImageView f_view;
static VkFramebuffer f_fb;

typedef struct frag_entry {
    char *src;
    VkShaderModule fs;
    VkPipeline pipe;
} frag_entry;
static frag_entry f_sh[4096];
static int f_nsh;

static int mem_type(vk *v, uint32_t bits)
{
    for (uint32_t i = 0; i < v->mem.memoryTypeCount; i++)
        if (bits >> i & 1)
            return (int)i;
    return -1;
}

int vk_frag_init(vk *v)
{
    VkDescriptorSetLayoutBinding b[2] = {
        {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL}};
    VkDescriptorSetLayoutCreateInfo dli = {.sType =
                                               VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                           .bindingCount = 2,
                                           .pBindings = b};
    VKCHECK(vkCreateDescriptorSetLayout(v->dev, &dli, NULL, &f_dsl));
    VkPipelineLayoutCreateInfo pli = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &f_dsl};
    VKCHECK(vkCreatePipelineLayout(v->dev, &pli, NULL, &f_pl));
    VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2},
                                  {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 2}};
    VkDescriptorPoolCreateInfo dpi = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
                                      .maxSets = 2,
                                      .poolSizeCount = 2,
                                      .pPoolSizes = ps};
    VKCHECK(vkCreateDescriptorPool(v->dev, &dpi, NULL, &f_pool));
    VkAttachmentDescription att = {.format = VK_FORMAT_R32G32B32A32_UINT,
                                   .samples = VK_SAMPLE_COUNT_1_BIT,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                   .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                   .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                   .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                   .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL};
    VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                .colorAttachmentCount = 1,
                                .pColorAttachments = &ref};
    VkRenderPassCreateInfo rpi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 1,
                                  .pAttachments = &att,
                                  .subpassCount = 1,
                                  .pSubpasses = &sub};
    VKCHECK(vkCreateRenderPass(v->dev, &rpi, NULL, &f_rp));
    VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                             .imageType = VK_IMAGE_TYPE_2D,
                             .format = VK_FORMAT_R32G32B32A32_UINT,
                             .extent = {W, H, 1},
                             .mipLevels = 1,
                             .arrayLayers = 1,
                             .samples = VK_SAMPLE_COUNT_1_BIT,
                             .tiling = VK_IMAGE_TILING_OPTIMAL,
                             .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                      VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
    VKCHECK(vkCreateImage(v->dev, &ici, NULL, &f_img));
    VkMemoryRequirements mr;
    vkGetImageMemoryRequirements(v->dev, f_img, &mr);
    VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = mr.size,
                                .memoryTypeIndex = (uint32_t)mem_type(v, mr.memoryTypeBits)};
    VKCHECK(vkAllocateMemory(v->dev, &mai, NULL, &f_mem));
    VKCHECK(vkBindImageMemory(v->dev, f_img, f_mem, 0));
    VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                 .image = f_img,
                                 .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                 .format = VK_FORMAT_R32G32B32A32_UINT,
                                 .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
    VKCHECK(vkCreateImageView(v->dev, &vci, NULL, &f_view));
    VkFramebufferCreateInfo fbi = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                   .renderPass = f_rp,
                                   .attachmentCount = 1,
                                   .pAttachments = &f_view,
                                   .width = W,
                                   .height = H,
                                   .layers = 1};
    VKCHECK(vkCreateFramebuffer(v->dev, &fbi, NULL, &f_fb));
    static const char vs[] = "#version 450\n"
                             "void main() {\n"
                             "  vec2 p = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);\n"
                             "  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
                             "}\n";
    return vk_compile(v, vs, "vert", &f_vs);
}

void vk_frag_finish(vk *v)
{
    for (int i = 0; i < f_nsh; i++) {
        vkDestroyPipeline(v->dev, f_sh[i].pipe, NULL);
        vkDestroyShaderModule(v->dev, f_sh[i].fs, NULL);
        free(f_sh[i].src);
    }
    f_nsh = 0;
    vkDestroyShaderModule(v->dev, f_vs, NULL);
    vkDestroyFramebuffer(v->dev, f_fb, NULL);
    vkDestroyImageView(v->dev, f_view, NULL);
    vkDestroyImage(v->dev, f_img, NULL);
    vkFreeMemory(v->dev, f_mem, NULL);
    vkDestroyRenderPass(v->dev, f_rp, NULL);
    vkDestroyDescriptorPool(v->dev, f_pool, NULL);
    vkDestroyPipelineLayout(v->dev, f_pl, NULL);
    vkDestroyDescriptorSetLayout(v->dev, f_dsl, NULL);
}

static VkPipeline pipeline_for(vk *v, const char *glsl)
{
    for (int i = 0; i < f_nsh; i++)
        if (strcmp(f_sh[i].src, glsl) == 0)
            return f_sh[i].pipe;
    if (f_nsh == (int)(sizeof(f_sh) / sizeof(f_sh[0])))
        return VK_NULL_HANDLE;
    frag_entry *e = &f_sh[f_nsh];
    if (vk_compile(v, glsl, "frag", &e->fs))
        return VK_NULL_HANDLE;
    VkPipelineShaderStageCreateInfo st[2] = {
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_VERTEX_BIT,
         .module = f_vs,
         .pName = "main"},
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
         .module = e->fs,
         .pName = "main"}};
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo ia = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
    VkViewport vp = {0, 0, W, H, 0, 1};
    VkRect2D sc = {{0, 0}, {W, H}};
    VkPipelineViewportStateCreateInfo vps = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
        .viewportCount = 1,
        .pViewports = &vp,
        .scissorCount = 1,
        .pScissors = &sc};
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = VK_CULL_MODE_NONE,
        .lineWidth = 1.0f};
    VkPipelineMultisampleStateCreateInfo ms = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
    VkPipelineColorBlendAttachmentState cba = {.colorWriteMask = 0xf};
    VkPipelineColorBlendStateCreateInfo cb = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
        .attachmentCount = 1,
        .pAttachments = &cba};
    VkGraphicsPipelineCreateInfo gpi = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                        .stageCount = 2,
                                        .pStages = st,
                                        .pVertexInputState = &vi,
                                        .pInputAssemblyState = &ia,
                                        .pViewportState = &vps,
                                        .pRasterizationState = &rs,
                                        .pMultisampleState = &ms,
                                        .pColorBlendState = &cb,
                                        .layout = f_pl,
                                        .renderPass = f_rp};
    if (vkCreateGraphicsPipelines(v->dev, VK_NULL_HANDLE, 1, &gpi, NULL, &e->pipe) != VK_SUCCESS)
        return VK_NULL_HANDLE;
    e->src = strdup(glsl);
    f_nsh++;
    return e->pipe;
}

int vk_frag_run(vk *v, const char *glsl, VkImageView view, VkSampler smp, const float *lanes,
                size_t floats, uint32_t out[16][4])
{
    VkPipeline pipe = pipeline_for(v, glsl);
    if (!pipe)
        return -1;
    vk_buffer in, rb;
    if (vk_buffer_make(v, floats * 4, VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT, &in) ||
        vk_buffer_make(v, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &rb))
        return -1;
    memcpy(in.map, lanes, floats * 4);
    VkBufferViewCreateInfo bvi = {.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
                                  .buffer = in.buf,
                                  .format = VK_FORMAT_R32G32B32A32_SFLOAT,
                                  .range = VK_WHOLE_SIZE};
    VkBufferView bv;
    VKCHECK(vkCreateBufferView(v->dev, &bvi, NULL, &bv));
    VkDescriptorSetAllocateInfo dai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = f_pool,
                                       .descriptorSetCount = 1,
                                       .pSetLayouts = &f_dsl};
    VkDescriptorSet ds;
    VKCHECK(vkAllocateDescriptorSets(v->dev, &dai, &ds));
    VkDescriptorImageInfo ii = {smp, view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    VkWriteDescriptorSet w[2] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = ds,
                                  .dstBinding = 0,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                  .pImageInfo = &ii},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = ds,
                                  .dstBinding = 1,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
                                  .pTexelBufferView = &bv}};
    vkUpdateDescriptorSets(v->dev, 2, w, 0, NULL);
    VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = v->pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 1};
    VkCommandBuffer cmd;
    VKCHECK(vkAllocateCommandBuffers(v->dev, &ai, &cmd));
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &bi);
    VkClearValue clear = {{{0, 0, 0, 0}}};
    VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                 .renderPass = f_rp,
                                 .framebuffer = f_fb,
                                 .renderArea = {{0, 0}, {W, H}},
                                 .clearValueCount = 1,
                                 .pClearValues = &clear};
    vkCmdBeginRenderPass(cmd, &rbi, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, f_pl, 0, 1, &ds, 0, NULL);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRenderPass(cmd);
    VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                           .imageExtent = {W, H, 1}};
    vkCmdCopyImageToBuffer(cmd, f_img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, rb.buf, 1, &r);
    vkEndCommandBuffer(cmd);
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    VKCHECK(vkQueueSubmit(v->queue, 1, &si, VK_NULL_HANDLE));
    VKCHECK(vkQueueWaitIdle(v->queue));
    const uint32_t *px = rb.map;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int lane = 4 * (x / 2) + 2 * (y & 1) + (x & 1);
            memcpy(out[lane], px + 4 * (y * W + x), 16);
        }
    vkFreeCommandBuffers(v->dev, v->pool, 1, &cmd);
    vkFreeDescriptorSets(v->dev, f_pool, 1, &ds);
    vkDestroyBufferView(v->dev, bv, NULL);
    vk_buffer_free(v, &in);
    vk_buffer_free(v, &rb);
    return 0;
}
