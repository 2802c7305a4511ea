/* SPDX-License-Identifier: MIT */
/* Replays a fuzz corpus through a fuzz target without libFuzzer: every file of every
 * directory given. Prints the closing "N passed, N failed" line (a crash fails the test). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t cap = 4096, n = 0;
    uint8_t *b = malloc(cap);
    size_t got;
    while (b && (got = fread(b + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *nb = realloc(b, cap *= 2);
            if (!nb)
                free(b);
            b = nb;
        }
    }
    fclose(f);
    if (!b)
        return 0;
    /* an exact-size copy, so ASan sees reads past the end */
    uint8_t *exact = malloc(n ? n : 1);
    memcpy(exact, b, n);
    free(b);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 1;
}

int main(int argc, char **argv)
{
    unsigned files = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISREG(st.st_mode)) {
            files += replay_file(argv[i]);
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            fprintf(stderr, "replay: cannot open %s\n", argv[i]);
            printf("0 passed, 1 failed\n");
            return 1;
        }
        struct dirent *e;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.')
                continue;
            char path[4096];
            snprintf(path, sizeof(path), "%s/%s", argv[i], e->d_name);
            files += replay_file(path);
        }
        closedir(d);
    }
    printf("%u passed, 0 failed\n", files);
    return files ? 0 : 1;
}
