#!/bin/bash
# run-guest.sh [options] [--] COMMAND: boots the QEMU Zynq test bed with a
# busybox initramfs, runs COMMAND (a shell command line) in the guest,
# prints the command's console output and exits with its status.
#
#   --add SRC:DST   put host file SRC at DST in the initramfs (repeatable)
#   --perf          put the guest's perf (tools/guest/perf.sh) at /usr/bin/perf
#   --debug-kernel  boot the lockdep/DEBUG_ATOMIC_SLEEP kernel
#   --no-irq        device tree without the monitor's interrupt
#   --no-raw-row    riscv: the riscv,pmu node without its raw-event row
#   --bad-apm       arm64: two PS monitors' nodes malformed (dtb.sh --bad-apm)
#   --overlay F     device tree: the board's PS part with overlay F.dtso
#                   applied (tools/guest/dtb.sh --overlay); repeatable
#   --timeout SEC   kill the guest after SEC seconds (default 120): exit 124
#   --log FILE      the whole serial console (default build/guest/console.log)
#   --arch arm64    the ZynqMP test bed instead (QEMU xlnx-zcu102, two
#                   Cortex-A53s, monitor at 0xa0000000 and its traffic
#                   generator at 0xa0010000, the PS's four AXI Performance
#                   Monitors (tools/qemu/ps/); --perf: perf 6.12); --arch
#                   arm is the default, the Zynq one
#   --arch microblaze  the MicroBlaze test bed (QEMU petalogix-ml605, the
#                   Zynq test bed's monitors, generators and MDM at the
#                   same addresses; kernel with the microblaze-perf series,
#                   --perf puts the MicroBlaze perf there). The MDM has a
#                   fourth port, the ml605's own CPU (microblaze3, the CPU
#                   PMU), whose cycles follow the virtual clock
#   --arch riscv    the MicroBlaze V test bed (QEMU virt as an RV64
#                   MicroBlaze V: tools/qemu/microblaze-v-cpu/; the test bed's
#                   mvendorid-marchid-mimpid from spec/microblaze_v.toml,
#                   OpenSBI from Debian's opensbi package, the Zynq test
#                   bed's monitors, generators and MDM at the same
#                   addresses; --perf puts the RV64 perf, with the
#                   MicroBlaze V event names, there)
#   --arch riscv32  the same as an RV32 MicroBlaze V (qemu-system-riscv32,
#                   OpenSBI built for RV32 by tools/guest/opensbi.sh, the
#                   CPU property x-axiperf-hpm-shift=24: an HPM event adds
#                   2^24). No RV32 C library exists here, so no busybox:
#                   the initramfs's /init is the program --add puts at
#                   /init (a nolibc one, tests/mbv/rv32_init.c), which
#                   prints the AXIPERF-GUEST-* lines itself; COMMAND is
#                   not run (give -)
#   --icount SHIFT  arm, arm64, microblaze, riscv: QEMU -icount
#                   shift=SHIFT,sleep=off, each instruction 2^SHIFT ns, so
#                   that the local CPU's instructions count what it
#                   executes (QEMU's ARM PMU counts instructions only then)
#   --local-width W microblaze: the local CPU's counters are W bits (32)
#   --harts 2       riscv, riscv32: two harts (QEMU -smp 2, the device
#                   tree's second cpu node: dtb.sh --harts 2)
# AXIPERF_QEMU_ARGS adds QEMU options (e.g. a -monitor for debugging).
# Exit status: COMMAND's, 124 on timeout, 125 if the guest died before
# reporting one (the console log says why).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

timeout=120
flavour=
dtbopt=()
adds=()
perf=0
arch=arm
icount=
lwidth=32
harts=1
logf=${BUILD:-$TOP/build}/guest/console.log
while [ $# -gt 0 ]; do
	case $1 in
	--add) adds+=("$2"); shift 2 ;;
	--perf) perf=1; shift ;;
	--debug-kernel) flavour=--debug; shift ;;
	--no-irq) dtbopt+=(--no-irq); shift ;;
	--no-raw-row) dtbopt+=(--no-raw-row); shift ;;
	--bad-apm) dtbopt+=(--bad-apm); shift ;;
	--overlay) dtbopt+=(--overlay "${2:-}"); shift 2 || die "--overlay needs a .dtso" ;;
	--timeout) timeout=$2; shift 2 ;;
	--log) logf=$2; shift 2 ;;
	--arch) arch=${2:-}; shift 2 || die "--arch needs arm, arm64, microblaze, riscv or riscv32" ;;
	--icount) icount=${2:-}; shift 2 || die "--icount needs a shift (0-10)" ;;
	--local-width) lwidth=${2:-}; shift 2 || die "--local-width needs 32, 48 or 64" ;;
	--harts) harts=${2:-}; dtbopt+=(--harts "$harts"); shift 2 || die "--harts needs 1 or 2" ;;
	--) shift; break ;;
	-*) die "unknown option $1 (see the header of $0)" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || die "usage: $0 [--add SRC:DST]... [--perf] [--timeout SEC] [--] COMMAND"
cmd=$*
case $harts:$arch in 1:*|2:riscv|2:riscv32) ;; *) die "--harts $harts: only the MicroBlaze V test beds (--arch riscv, riscv32) take --harts 2" ;; esac
# a documented entry point: the packages first (a no-op when all are there)
"$TOP/scripts/install-deps.sh"

case $arch in
arm)
	qemu=$("$TOP/tools/qemu/build-qemu.sh")
	kdir=$("$TOP/tools/guest/kernel-tree.sh" $flavour)
	dtb=$("$TOP/tools/guest/dtb.sh" ${dtbopt[@]+"${dtbopt[@]}"})
	busybox=$("$TOP/tools/guest/busybox.sh")
	# the console is the second UART
	machine=(-M xilinx-zynq-a9 -m 512M -kernel "$kdir/arch/arm/boot/zImage")
	serial0=null
	;;
arm64)
	qemu=$("$TOP/tools/qemu/build-qemu.sh" aarch64)
	kdir=$("$TOP/tools/guest/kernel-tree.sh" --arch arm64 $flavour)
	dtb=$("$TOP/tools/guest/dtb.sh" --machine zynqmp ${dtbopt[@]+"${dtbopt[@]}"})
	busybox=$("$TOP/tools/guest/busybox.sh" arm64)
	# two APUs (the device tree has two CPUs); the console is the first UART
	machine=(-M xlnx-zcu102 -smp 2 -m 512M -kernel "$kdir/arch/arm64/boot/Image")
	serial0=
	;;
microblaze)
	qemu=$("$TOP/tools/qemu/build-qemu.sh" microblazeel)
	kdir=$("$TOP/tools/guest/kernel-tree.sh" --arch microblaze $flavour)
	dtb=$("$TOP/tools/guest/dtb.sh" --machine ml605 --local-width "$lwidth" ${dtbopt[@]+"${dtbopt[@]}"})
	busybox=$("$TOP/tools/guest/busybox.sh" microblaze)
	# the console is the board's 16550 (ttyS0); RAM at 0x50000000; the
	# MDM's port 3 is this CPU (tools/qemu/mdm/axiperf-mdm.c local-core)
	machine=(-M petalogix-ml605 -m 256M -kernel "$kdir/vmlinux"
		-global axiperf-mdm.num-cores=4 -global axiperf-mdm.local-core=3
		-global axiperf-mdm.core3-width="$lwidth")
	serial0=
	console=ttyS0
	;;
riscv|riscv32)
	# RV64 (amd,mbv64, with busybox and perf) or RV32 (amd,mbv32: no C
	# library, /init comes from --add; each HPM event adds 2^24)
	if [ $arch = riscv ]; then
		xlen=64 dtm=mbv busybox=$("$TOP/tools/guest/busybox.sh" riscv64) hpm=
	else
		[ $perf -eq 0 ] || die "--perf: there is no RV32 perf (no RV32 C library)"
		xlen=32 dtm=mbv32 busybox= hpm=,x-axiperf-hpm-shift=24
	fi
	qemu=$("$TOP/tools/qemu/build-qemu.sh" riscv$xlen)
	kdir=$("$TOP/tools/guest/kernel-tree.sh" --arch $arch $flavour)
	dtb=$("$TOP/tools/guest/dtb.sh" --machine $dtm ${dtbopt[@]+"${dtbopt[@]}"})
	fw=$("$TOP/tools/guest/opensbi.sh" riscv$xlen)
	# the identification perf's mapfile row matches (spec/microblaze_v.toml)
	id() { sed -n "s/^#define AXIPERF_MBV_$1[[:space:]]*//p" "$TOP/include/axiperf/microblaze_v.h"; }
	machine=(-M virt -smp "$harts" -m 256M -bios "$fw" -kernel "$kdir/arch/riscv/boot/Image"
		-cpu "rv$xlen,h=false,mvendorid=$(id MVENDORID),marchid=$(id MARCHID),mimpid=$(id MIMPID)$hpm")
	serial0=
	console=ttyS0
	;;
*) die "--arch $arch: only arm (Zynq), arm64 (ZynqMP), microblaze (ml605), riscv and riscv32 (MicroBlaze V) are known" ;;
esac
if [ -n "$icount" ]; then
	case $arch in arm|arm64|microblaze|riscv) ;; *) die "--icount: not on the RV32 test bed" ;; esac
	case $icount in [0-9]|10) ;; *) die "--icount $icount: a shift of 0 to 10" ;; esac
	machine+=(-icount shift="$icount",sleep=off)
fi
[ $perf -eq 1 ] && adds+=("$("$TOP/tools/guest/perf.sh" $arch):/usr/bin/perf")

work=$(mktemp -d "${TMPDIR:-/tmp}/axiperf-guest.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,dev,proc,sys,tmp,root}
[ -z "$busybox" ] || cp "$busybox" "$root/bin/busybox"
for a in ${adds[@]+"${adds[@]}"}; do
	src=${a%%:*}
	dst=${a#*:}
	[ -e "$src" ] || die "--add $a: $src does not exist"
	mkdir -p "$root$(dirname "$dst")"
	cp -a "$src" "$root$dst"
done
if [ -n "$busybox" ]; then
cat >"$root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s
mount -t devtmpfs dev /dev
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t tmpfs tmp /tmp
# tracepoints (kernels built with CONFIG_TRACING)
[ -d /sys/kernel/tracing ] && mount -t tracefs tracefs /sys/kernel/tracing
cd /root
echo AXIPERF-GUEST-BEGIN
sh /payload.sh
echo "AXIPERF-GUEST-EXIT $?"
reboot -f
INIT
chmod +x "$root/init"
elif [ ! -x "$root/init" ]; then
	die "--arch $arch has no busybox: --add an /init program"
fi
printf '%s\n' "$cmd" >"$root/payload.sh"
(cd "$root" && find . | cpio -o -H newc --quiet) >"$work/initramfs.cpio"

mkdir -p "$(dirname "$logf")"
start=$(date +%s.%N)
set +e
# the console goes to a file, not a pipe: the guest's UART then never
# waits on a slow reader
timeout --kill-after=5 "$timeout" "$qemu" "${machine[@]}" -dtb "$dtb" \
	-initrd "$work/initramfs.cpio" \
	-append "console=${console:-ttyPS0},115200 rdinit=/init loglevel=4 panic=-1" \
	-display none -monitor none ${serial0:+-serial $serial0} -serial "file:$work/serial" \
	-no-reboot ${AXIPERF_QEMU_ARGS:-} </dev/null >"$work/qemu.log" 2>&1 &
qpid=$!
# A machine with no reset device (ml605) halts at the guest's reboot or
# panic instead of ending QEMU: once the guest has reported its status, or
# panicked, QEMU gets two seconds to end by itself, then is stopped.
while kill -0 $qpid 2>/dev/null; do
	if grep -aqE '^AXIPERF-GUEST-EXIT |Kernel panic - not syncing' "$work/serial" 2>/dev/null; then
		for _ in $(seq 20); do kill -0 $qpid 2>/dev/null || break; sleep 0.1; done
		kill $qpid 2>/dev/null
		break
	fi
	sleep 0.2
done
wait $qpid
st=$?
tr -d '\r' <"$work/serial" >"$logf"
cat "$work/qemu.log" >>"$logf"
sed -n '/^AXIPERF-GUEST-BEGIN$/,/^AXIPERF-GUEST-EXIT /{/^AXIPERF-GUEST-/!p}' "$logf"
set -e
end=$(date +%s.%N)
echo "run-guest: linux $(cat "$kdir/include/config/kernel.release" 2>/dev/null || echo '?') ($arch${flavour:+, debug kernel})," \
	"$(awk "BEGIN{printf \"%.1f\", $end-$start}") s in the guest (console: $logf)" >&2
if [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; then
	log "timeout: the guest ran past ${timeout} s"
	exit 124
fi
rc=$(sed -n 's/^AXIPERF-GUEST-EXIT \([0-9]*\)$/\1/p' "$logf" | tail -1)
if [ -z "$rc" ]; then
	log "the guest stopped without reporting a status (QEMU status $st); last console lines:"
	tail -15 "$logf" >&2
	exit 125
fi
exit "$rc"
