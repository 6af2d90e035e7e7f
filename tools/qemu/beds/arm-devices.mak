# The devices of qemu-system-aarch64 (configure --with-devices-aarch64),
# which runs both ARM test beds: only what xilinx-zynq-a9 (Zynq-7000) and
# xlnx-zcu102 (ZynqMP) need. ZYNQ and XLNX_ZYNQMP_ARM build the boards and
# select their devices; tools/qemu/beds/zynq.py and zynqmp.py make them
# select AXIPERF.
CONFIG_ZYNQ=y
CONFIG_XLNX_ZYNQMP_ARM=y
# the ZynqMP SoC instantiates these, but QEMU 7.2's XLNX_ZYNQMP_ARM does
# not select them (its default device list has them through other boards)
CONFIG_OR_IRQ=y
CONFIG_UNIMP=y
CONFIG_USB_DWC3=y
# needed to link an ARM QEMU even without the boards that use them
CONFIG_ARM_V7M=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y
