SUMMARY = "axiperf: AXI4 monitors, APMs and MicroBlaze debug counters as perf PMUs"
DESCRIPTION = "axiperf.ko (the AXI performance monitor PMU), axiperf_mb.ko \
(MicroBlaze debug performance counters through the MDM) and axiperf_apm.ko \
(the AXI Performance Monitors, the ZynqMP PS's four)."
LICENSE = "GPL-2.0-only"
LIC_FILES_CHKSUM = "file://${S}/driver/axiperf_pmu.c;beginline=1;endline=1;md5=50d2ba0afecd20f74c12a4bdbcfcfe61"

inherit module

# AXIPERF_GIT_URI: by default a clone beside the build directory; set it
# (and AXIPERF_SRCREV) in local.conf, or build a local
# checkout with EXTERNALSRC (devtool modify axiperf-mod).
AXIPERF_GIT_URI ??= "git://${TOPDIR}/../axiperf;protocol=file;branch=main"
AXIPERF_SRCREV ??= "${AUTOREV}"
SRC_URI = "${AXIPERF_GIT_URI}"
SRCREV = "${AXIPERF_SRCREV}"
PV = "1.0+git${SRCPV}"
S = "${WORKDIR}/git"

# driver/Makefile is the out-of-tree module Makefile (KERNEL_SRC, M=,
# modules_install with INSTALL_MOD_PATH / MODLIB); module.bbclass adds
# KERNEL_SRC=${STAGING_KERNEL_DIR} and O=${STAGING_KERNEL_BUILDDIR}.
EXTRA_OEMAKE:append = " -C ${S}/driver"

RPROVIDES:${PN} += "kernel-module-axiperf kernel-module-axiperf-mb kernel-module-axiperf-apm"
KERNEL_MODULE_AUTOLOAD += "axiperf axiperf_apm"
# the vendor's UIO driver matches the APM nodes too: never loaded for them
# (a kernel with CONFIG_UIO_XILINX_APM=y needs initcall_blacklist=xapm_driver_init
# on its command line instead: Documentation/apm.rst)
KERNEL_MODULE_PROBECONF += "uio_xilinx_apm"
module_conf_uio_xilinx_apm = "blacklist uio_xilinx_apm"
