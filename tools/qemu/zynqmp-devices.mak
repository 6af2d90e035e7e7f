# Only what the xlnx-zcu102 machine (ZynqMP) needs (configure
# --with-devices-aarch64). XLNX_ZYNQMP_ARM builds the SoC and the board and
# selects their devices; tools/qemu/apply-zynqmp.sh makes it select AXIPERF.
CONFIG_XLNX_ZYNQMP_ARM=y
# the SoC instantiates these, but QEMU 7.2's XLNX_ZYNQMP_ARM does not select
# them (its default device list has them through other boards)
CONFIG_OR_IRQ=y
CONFIG_UNIMP=y
CONFIG_USB_DWC3=y
# needed to link qemu-system-aarch64 even without the boards that use them
CONFIG_ARM_V7M=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y
