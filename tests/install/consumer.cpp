// SPDX-License-Identifier: MIT
// The consumer built as C++ (the same program: consumer.c is written in the common subset).
#include "consumer.c"
