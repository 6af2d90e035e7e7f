SUMMARY = "axiperf front end: AXI latency, throughput, efficiency and bias from perf counts"
DESCRIPTION = "The axiperf command: runs perf counting on the axiperf PMUs and \
turns the counts into figures; libperf from the kernel's own tools/lib/perf."
LICENSE = "GPL-2.0-only"
LIC_FILES_CHKSUM = "file://${S}/driver/axiperf_pmu.c;beginline=1;endline=1;md5=50d2ba0afecd20f74c12a4bdbcfcfe61"

AXIPERF_GIT_URI ??= "git://${TOPDIR}/../axiperf;protocol=file;branch=main"
AXIPERF_SRCREV ??= "${AUTOREV}"
SRC_URI = "${AXIPERF_GIT_URI}"
SRCREV = "${AXIPERF_SRCREV}"
PV = "1.0+git${SRCPV}"
S = "${WORKDIR}/git"

DEPENDS = "libtraceevent"
# libperf is built from the kernel source the image's kernel is built from
do_compile[depends] += "virtual/kernel:do_shared_workdir"
# the targets userspace/Makefile builds for: 32-bit ARM (Zynq-7000),
# aarch64 (ZynqMP), riscv64 (MicroBlaze V), little-endian MicroBlaze
COMPATIBLE_HOST = "(arm|aarch64|riscv64|microblazeel)-.*linux"
# its ARCH for the target (overrides from TRANSLATED_TARGET_ARCH)
AXIPERF_ARCH = "arm"
AXIPERF_ARCH:aarch64 = "arm64"
AXIPERF_ARCH:riscv64 = "riscv64"
AXIPERF_ARCH:microblazeel = "microblaze"

AXIPERF_MAKE = "-C ${S}/userspace ARCH=${AXIPERF_ARCH} CROSS=${TARGET_PREFIX} CC='${CC}' \
    LINUX_SRC=${STAGING_KERNEL_DIR} CACHE=${B}/cache BUILD=${B} \
    TRACEEVENT_INC=${STAGING_INCDIR}/traceevent \
    TRACEEVENT_LIB=${STAGING_LIBDIR}/libtraceevent.a"

do_compile() {
    oe_runmake ${AXIPERF_MAKE} all
}

do_install() {
    oe_runmake ${AXIPERF_MAKE} DESTDIR=${D} PREFIX=${prefix} install
}
