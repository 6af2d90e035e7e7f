#!/bin/bash
# mb-cross.sh: prints the MicroBlaze cross-compiler prefix
# (<prefix>/bin/microblazeel-linux-musl-), building the toolchain first
# when needed (tools/guest/mb-toolchain.sh), for the scripts and makefiles
# that do not source lib.sh.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
mb_cross
