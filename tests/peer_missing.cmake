# SPDX-License-Identifier: MIT
# The test of a required tier whose peer was not found when the build was configured: it fails
# with the reason and the remedy. usage: cmake -DTIER=name -DWHY=text -P peer_missing.cmake
message(FATAL_ERROR "the ${TIER} tier cannot run: ${WHY}")
