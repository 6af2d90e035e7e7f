# Only what the xilinx-zynq-a9 machine needs (configure --with-devices-arm).
CONFIG_ZYNQ=y
# needed to link qemu-system-arm even without the boards that use them
CONFIG_ARM_V7M=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y
