# The devices of qemu-system-riscv64 and -riscv32 (configure
# --with-devices-riscv64, --with-devices-riscv32),
# which runs the MicroBlaze V test bed: only QEMU's virt machine, which
# tools/qemu/microblaze-v-cpu/edits.py makes select AXIPERF.
CONFIG_RISCV_VIRT=y
# riscv_cpu_do_interrupt() calls the semihosting code, board or not
CONFIG_SEMIHOSTING=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y
