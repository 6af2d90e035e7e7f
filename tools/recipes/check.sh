#!/bin/bash
# Suite `recipes`: the Yocto layer (tools/recipes/meta-axiperf) and the
# Buildroot external tree (tools/recipes/buildroot) checked without
# bitbake or Buildroot (neither is available offline): their files as
# those tools read them, then exactly the build and install commands their
# recipes make (module.bbclass's, the kernel-module infrastructure's, the
# front end's), with the recipes' own variables, for each architecture
# they build for (arm: Zynq-7000, aarch64: ZynqMP, riscv64: MicroBlaze V,
# microblazeel: MicroBlaze), against that test bed's guest kernel tree and
# cross compiler; the installed files are checked.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. scripts/tap.sh
. tools/guest/lib.sh
out=${BUILD:-$top/build}/recipes
rm -rf "$out"
mkdir -p "$out"
Y=tools/recipes/meta-axiperf
BR=tools/recipes/buildroot
MOD=$Y/recipes-kernel/axiperf-mod/axiperf-mod_git.bb
FE=$Y/recipes-devtools/axiperf/axiperf_git.bb
var() { /usr/bin/python3 tools/recipes/recipe_vars.py "$@"; }
# brvar FILE NAME DIR [VAR=VALUE...]: NAME of a Buildroot .mk as GNU make
# expands it in a rule of the package whose build directory ($(@D)) is DIR
brvar() {
	local f=$1 name=$2 dir=$3
	shift 3
	# shellcheck disable=SC2016
	printf '%%/.axiperf-var:\n\t$(info $(%s))@:\n' "$name" |
		make -s --no-print-directory -f "$f" -f - "$@" "$dir/.axiperf-var"
}

# --- the files, as bitbake and Buildroot read them
grep -q '^BBFILE_COLLECTIONS += "axiperf"' $Y/conf/layer.conf &&
	grep -q '^LAYERSERIES_COMPAT_axiperf = ".*scarthgap.*walnascar' $Y/conf/layer.conf &&
	grep -q '^BBFILES += "${LAYERDIR}/recipes-\*/\*/\*.bb' $Y/conf/layer.conf
tap $? "meta-axiperf: layer.conf names its collection, its BBFILES and the releases it fits (scarthgap: PetaLinux 2024, 6.6; walnascar: PetaLinux 2025, 6.12)"
for bb in $MOD $FE; do
	why=
	for v in SUMMARY LICENSE LIC_FILES_CHKSUM SRC_URI S; do
		grep -q "^$v = " "$bb" || why="$why no $v;"
	done
	lic=$(var "$bb" LIC_FILES_CHKSUM S=.)
	f=${lic#file://}; f=${f%%;*}
	b=$(sed -n 's/.*beginline=\([0-9]*\).*/\1/p' <<<"$lic")
	e=$(sed -n 's/.*endline=\([0-9]*\).*/\1/p' <<<"$lic")
	want=$(sed -n 's/.*md5=\([0-9a-f]*\).*/\1/p' <<<"$lic")
	got=$(sed -n "${b},${e}p" "$f" | md5sum | cut -d' ' -f1)
	[ "$got" = "$want" ] || why="$why LIC_FILES_CHKSUM md5 $want, the file's lines give $got;"
	[ -z "$why" ]
	tap $? "$(basename "$bb"): SUMMARY, LICENSE, SRC_URI, S set; LIC_FILES_CHKSUM matches $f lines $b-$e${why:+ ($why)}"
done
grep -q '^inherit module$' $MOD
tap $? "axiperf-mod: inherit module (module.bbclass builds and installs it)"
# the APMs' module autoloaded, the vendor's UIO driver for the same nodes never
[[ " $(var $MOD KERNEL_MODULE_AUTOLOAD) " == *" axiperf_apm "* ]] &&
	[[ " $(var $MOD RPROVIDES:\${PN} PN=axiperf-mod) " == *" kernel-module-axiperf-apm "* ]] &&
	[[ " $(var $MOD KERNEL_MODULE_PROBECONF) " == *" uio_xilinx_apm "* ]] &&
	[ "$(var $MOD module_conf_uio_xilinx_apm)" = "blacklist uio_xilinx_apm" ]
tap $? "axiperf-mod: autoloads axiperf_apm (KERNEL_MODULE_AUTOLOAD), provides kernel-module-axiperf-apm, and blacklists uio_xilinx_apm (KERNEL_MODULE_PROBECONF, module_conf_uio_xilinx_apm)"
reach() { # every file Config.in sources is there
	local c
	for c in $(sed -n 's|^source "$BR2_EXTERNAL_AXIPERF_PATH/\(.*\)"|\1|p' $BR/Config.in); do
		[ -f "$BR/$c" ] || return 1
	done
}
grep -q '^name: AXIPERF$' $BR/external.desc && grep -q 'BR2_EXTERNAL_AXIPERF_PATH' $BR/external.mk && reach
tap $? "buildroot: external.desc names AXIPERF; external.mk and Config.in reach every package"
grep -q '^$(eval $(kernel-module))$' $BR/package/axiperf/axiperf.mk &&
	grep -q '^$(eval $(generic-package))$' $BR/package/axiperf/axiperf.mk &&
	grep -q '^config BR2_PACKAGE_AXIPERF$' $BR/package/axiperf/Config.in &&
	grep -q '^config BR2_PACKAGE_AXIPERF_TOOLS$' $BR/package/axiperf-tools/Config.in
tap $? "buildroot: the drivers use the kernel-module infrastructure, each package has its option"

# --- which targets the recipes admit: bitbake's COMPATIBLE_HOST test
# (base.bbclass: re.match against HOST_SYS), and Buildroot's Kconfig (the
# kernel's own conf, which Buildroot's is a copy of) on the external tree
# with Buildroot's target architecture options
need_cmd arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
kdir_arm=$(tools/guest/kernel-tree.sh) || { tap 1 "the Zynq guest kernel tree builds"; echo "1..$n"; exit 1; }
host_ok() { # host_ok HOST_SYS: the front end recipe's COMPATIBLE_HOST admits it
	/usr/bin/python3 -c 'import re, sys; sys.exit(not re.match(sys.argv[1], sys.argv[2]))' \
		"$(var $FE COMPATIBLE_HOST)" "$1"
}
kc=$out/kconfig
mkdir -p "$kc"
sed "s|\$BR2_EXTERNAL_AXIPERF_PATH|$top/$BR|" $BR/Config.in >"$kc/external.in"
cat >"$kc/Kconfig" <<'EOF'
mainmenu "Buildroot's target architectures (arch/Config.in, arch/Config.in.*), the external tree"
choice
	prompt "Target Architecture"
config BR2_arm
	bool "ARM (little endian)"
config BR2_aarch64
	bool "AArch64 (little endian)"
config BR2_microblazeel
	bool "Microblaze AXI (little endian)"
config BR2_microblazebe
	bool "Microblaze non-AXI (big endian)"
config BR2_riscv
	bool "RISCV"
config BR2_x86_64
	bool "x86_64"
endchoice
config BR2_microblaze
	bool
	default y if BR2_microblazeel || BR2_microblazebe
choice
	prompt "Target Architecture Size"
	depends on BR2_riscv
	default BR2_RISCV_64
config BR2_RISCV_32
	bool "32-bit"
config BR2_RISCV_64
	bool "64-bit"
endchoice
config BR2_LINUX_KERNEL
	bool "Linux Kernel"
config BR2_PACKAGE_LIBTRACEEVENT
	bool "libtraceevent"
source "external.in"
EOF
kconf() { # kconf SYMBOL=y...: what olddefconfig keeps of these and both packages
	printf '%s\n' "$@" BR2_LINUX_KERNEL=y BR2_PACKAGE_AXIPERF=y BR2_PACKAGE_AXIPERF_TOOLS=y >"$kc/.config"
	(cd "$kc" && CONFIG_='' KCONFIG_CONFIG=.config "$kdir_arm/scripts/kconfig/conf" -s --olddefconfig Kconfig) \
		>>"$kc/log" 2>&1 && grep '^BR2_PACKAGE_AXIPERF' "$kc/.config" | sort | paste -sd ' '
}
both="BR2_PACKAGE_AXIPERF=y BR2_PACKAGE_AXIPERF_TOOLS=y BR2_PACKAGE_AXIPERF_TOOLS_PERF_SERIES=y"
ok=0
for h in x86_64-poky-linux riscv32-poky-linux aarch64_be-poky-linux microblaze-xilinx-linux; do
	if host_ok $h; then echo "# COMPATIBLE_HOST admits $h"; ok=1; fi
done
for c in BR2_x86_64=y "BR2_riscv=y BR2_RISCV_32=y" BR2_microblazebe=y; do
	# shellcheck disable=SC2086
	got=$(kconf $c)
	[ "$got" = BR2_PACKAGE_AXIPERF=y ] || { echo "# Buildroot with $c keeps '$got', not the modules alone"; ok=1; }
done
tap $ok "the front end is refused where userspace/Makefile has no target: COMPATIBLE_HOST refuses x86_64, riscv32, aarch64_be, big-endian MicroBlaze; Buildroot drops its option (not the modules') for x86_64, riscv32, big-endian MicroBlaze" "$kc/log"

# --- each architecture: the guest kernel tree the commands build against
# (tools/guest/kernel-tree.sh: the test bed's kernel, 6.12 but 6.1 for the
# ZynqMP; driver-build covers the others), the kernel's ARCH and compiler
# (kernel-arch.bbclass's, Buildroot's KERNEL_ARCH and TARGET_CROSS),
# Yocto's TARGET_ARCH and TARGET_OS, Buildroot's options, userspace/Makefile's
# ARCH the recipes must pass, and what file(1) calls the machine
mbcross=$(tools/guest/mb-cross.sh 2>"$out/mb-cross.log") || mbcross=microblazeel-linux-musl-
archinfo() {
	case $1 in
	arm) tree=arm karch=arm cross=arm-linux-gnueabihf- os=linux-gnueabi br=(BR2_arm=y) fe=arm mach='ARM, EABI5' ;;
	aarch64) tree=arm64 karch=arm64 cross=aarch64-linux-gnu- os=linux br=(BR2_aarch64=y) fe=arm64 mach='ARM aarch64' ;;
	riscv64) tree=riscv karch=riscv cross=riscv64-linux-gnu- os=linux br=(BR2_riscv=y BR2_RISCV_64=y) fe=riscv64 mach='UCB RISC-V' ;;
	microblazeel) tree=microblaze karch=microblaze cross=$mbcross os=linux br=(BR2_microblazeel=y BR2_microblaze=y)
		fe=microblaze mach='Xilinx MicroBlaze' ;;
	esac
}
# a recipe's work copy of the tree (what SRC_URI fetches)
copy() {
	mkdir -p "$1"
	git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$1"
}
installed() { # installed DIR WHAT: the three modules there, built for this kernel and machine
	local ok=0 f m
	for m in axiperf axiperf_mb axiperf_apm; do
		f=$(find "$1/lib/modules/$krel/extra" -name "$m.ko" 2>/dev/null | head -1)
		if [ -z "$f" ]; then
			echo "# $2: no $m.ko under $1/lib/modules/$krel/extra"; ok=1
		elif [ "$(modinfo -F vermagic "$f" | cut -d' ' -f1)" != "$krel" ]; then
			echo "# $2: $f has vermagic '$(modinfo -F vermagic "$f")', the kernel is $krel"; ok=1
		elif ! file -b "$f" | grep -q "relocatable, $mach"; then
			echo "# $2: $f is $(file -b "$f" | cut -d, -f1-2), not $mach"; ok=1
		fi
	done
	return $ok
}
program() { # program FILE WHAT: the front end, a $mach executable built as ARCH=$fe
	local b=$3/userspace/$fe/axiperf
	if [ ! -x "$1" ]; then
		echo "# $2: no $1"; return 1
	elif ! file -b "$1" | grep -q "executable, $mach"; then
		echo "# $2: $1 is $(file -b "$1" | cut -d, -f1-2), not $mach"; return 1
	elif ! cmp -s "$1" "$b"; then
		echo "# $2: not built as ARCH=$fe (no $b, or another file)"; return 1
	fi
}

for ta in arm aarch64 riscv64 microblazeel; do
	archinfo $ta
	o=$out/$ta
	mkdir -p "$o"
	if ! command -v "${cross}gcc" >/dev/null; then
		tap 1 "$ta: ${cross}gcc is there (scripts/install-deps.sh; tools/guest/mb-cross.sh for MicroBlaze, $out/mb-cross.log)"
		continue
	fi
	ok=0
	for h in "$ta-poky-$os" "$ta-xilinx-$os"; do
		host_ok "$h" || { echo "# COMPATIBLE_HOST '$(var $FE COMPATIBLE_HOST)' refuses $h"; ok=1; }
	done
	tap $ok "$ta: axiperf_git.bb's COMPATIBLE_HOST admits $ta-poky-$os and $ta-xilinx-$os (PetaLinux) (bitbake's re.match)"
	got=$(kconf "${br[@]}")
	[ "$got" = "$both" ]
	tap $? "$ta: Buildroot's Kconfig keeps both packages with ${br[*]} (olddefconfig keeps '$got')" "$kc/log"
	kdir=$(tools/guest/kernel-tree.sh --arch "$tree" 2>"$o/kernel-tree.log") || {
		tap 1 "$ta: the guest kernel tree builds (tools/guest/kernel-tree.sh --arch $tree)" "$o/kernel-tree.log"
		continue
	}
	ksrc=$(readlink -f "$kdir/source")
	krel=$(cat "$kdir/include/config/kernel.release")
	A=(ARCH="$karch" CROSS_COMPILE="$cross")

	# Yocto: module.bbclass's compile and install, with the recipe's EXTRA_OEMAKE
	S=$o/yocto/git
	D=$o/yocto/image
	copy "$S"
	extra=$(var $MOD EXTRA_OEMAKE:append S="$S") ||
		extra=$(var $MOD EXTRA_OEMAKE S="$S")
	# shellcheck disable=SC2086
	nice make $extra KERNEL_SRC="$ksrc" O="$kdir" "${A[@]}" >"$o/yocto-compile.log" 2>&1
	tap $? "$ta: Yocto: module.bbclass's compile (make ${extra//$S/\$\{S\}} KERNEL_SRC=<source> O=<build>, ARCH=$karch) builds the three modules" "$o/yocto-compile.log"
	# shellcheck disable=SC2086
	nice make $extra KERNEL_SRC="$ksrc" O="$kdir" "${A[@]}" DEPMOD=echo \
		MODLIB="$D/lib/modules/$krel" INSTALL_FW_PATH="$D/lib/firmware" modules_install \
		>"$o/yocto-install.log" 2>&1 && installed "$D" Yocto
	tap $? "$ta: Yocto: module.bbclass's install (MODLIB=\${D}/lib/modules/$krel modules_install) puts axiperf.ko, axiperf_mb.ko and axiperf_apm.ko in extra/: $mach code, vermagic $krel" "$o/yocto-install.log"

	# Buildroot: the kernel-module infrastructure's commands, the package's subdirs
	T=$o/buildroot/target
	BD=$o/buildroot/build/axiperf-1.0
	copy "$BD"
	subdirs=$(brvar $BR/package/axiperf/axiperf.mk AXIPERF_MODULE_SUBDIRS "$BD" "${br[@]}")
	mopts=$(brvar $BR/package/axiperf/axiperf.mk AXIPERF_MODULE_MAKE_OPTS "$BD" "${br[@]}")
	okc=0
	oki=0
	[ -n "$subdirs" ] || okc=1
	for sub in $subdirs; do
		# shellcheck disable=SC2086
		nice make -C "$kdir" "${A[@]}" $mopts PWD="$BD/$sub" M="$BD/$sub" modules >>"$o/br-compile.log" 2>&1 || okc=1
		# shellcheck disable=SC2086
		nice make -C "$kdir" "${A[@]}" $mopts INSTALL_MOD_PATH="$T" DEPMOD=true PWD="$BD/$sub" M="$BD/$sub" \
			modules_install >>"$o/br-install.log" 2>&1 || oki=1
	done
	tap $okc "$ta: Buildroot: kernel-module's build (make -C \$(LINUX_DIR) M=\$(@D)/$subdirs modules, ARCH=$karch)" "$o/br-compile.log"
	[ $oki -eq 0 ] && installed "$T" Buildroot &&
		depmod -b "$T" "$krel" >>"$o/br-install.log" 2>&1 &&
		grep -q 'extra/axiperf.ko' "$T/lib/modules/$krel/modules.dep" &&
		grep -q 'extra/.*axiperf_mb.ko' "$T/lib/modules/$krel/modules.dep" &&
		grep -q 'extra/.*axiperf_apm.ko' "$T/lib/modules/$krel/modules.dep"
	tap $? "$ta: Buildroot: modules_install with INSTALL_MOD_PATH=\$(TARGET_DIR), then depmod: the three modules ($mach code) in modules.dep" "$o/br-install.log"
	hooks=$(brvar $BR/package/axiperf/axiperf.mk AXIPERF_POST_INSTALL_TARGET_HOOKS "$BD" "${br[@]}")
	hook=$(brvar $BR/package/axiperf/axiperf.mk AXIPERF_INSTALL_MODPROBE_CONF "$BD" "${br[@]}" \
		INSTALL=install TARGET_DIR="$T")
	[[ " $hooks " == *" AXIPERF_INSTALL_MODPROBE_CONF "* ]] && sh -c "$hook" >>"$o/br-install.log" 2>&1 &&
		grep -qx 'blacklist uio_xilinx_apm' "$T/etc/modprobe.d/axiperf-apm.conf"
	tap $? "$ta: Buildroot: the post-install hook puts etc/modprobe.d/axiperf-apm.conf (blacklist uio_xilinx_apm) in the target" "$o/br-install.log"

	# the front end: each recipe's make command, libtraceevent in a
	# staging directory standing in for the build system's: Debian's
	# libtraceevent-dev:armhf for arm (the one foreign port installed;
	# Debian 12 has no riscv64 or MicroBlaze one), elsewhere the one
	# build-libperf.sh builds from linux-source-6.1
	st=$o/staging
	mkdir -p "$st/usr/include" "$st/usr/lib"
	if [ $ta = arm ]; then
		tep=/usr/include/traceevent
		teplib=/usr/lib/arm-linux-gnueabihf/libtraceevent.a
	else
		CROSS=$cross userspace/build-libperf.sh "$fe" "$o/tep" >"$o/yocto-fe.log" 2>&1
		tep=$o/tep/include/traceevent
		teplib=$o/tep/lib/libtraceevent.a
	fi
	ln -s "$tep" "$st/usr/include/traceevent"
	ln -s "$teplib" "$st/usr/lib/libtraceevent.a"
	B=$o/yocto/build
	mk=$(var $FE AXIPERF_MAKE OVERRIDES="$os:$ta" S="$S" TARGET_PREFIX="$cross" CC="${cross}gcc" \
		STAGING_KERNEL_DIR="$ksrc" B="$B" STAGING_INCDIR="$st/usr/include" STAGING_LIBDIR="$st/usr/lib" 2>>"$o/yocto-fe.log")
	# shellcheck disable=SC2086
	eval nice make $mk all >>"$o/yocto-fe.log" 2>&1 &&
		eval nice make $mk DESTDIR="$o/yocto/fe-image" PREFIX=/usr install >>"$o/yocto-fe.log" 2>&1 &&
		program "$o/yocto/fe-image/usr/bin/axiperf" Yocto "$B"
	tap $? "$ta: Yocto: the front end recipe's do_compile and do_install (ARCH=\${AXIPERF_ARCH}, libperf from the kernel source) give /usr/bin/axiperf, a $mach executable built as ARCH=$fe" "$o/yocto-fe.log"
	mk=$(brvar $BR/package/axiperf-tools/axiperf-tools.mk AXIPERF_TOOLS_MAKE_OPTS "$BD" "${br[@]}" \
		TARGET_CROSS="$cross" TARGET_CC="${cross}gcc" LINUX_DIR="$ksrc" STAGING_DIR="$st")
	# shellcheck disable=SC2086
	eval nice make $mk all >"$o/br-fe.log" 2>&1 &&
		eval nice make $mk DESTDIR="$T" PREFIX=/usr install >>"$o/br-fe.log" 2>&1 &&
		program "$T/usr/bin/axiperf" Buildroot "$BD/build"
	tap $? "$ta: Buildroot: axiperf-tools' build and install commands give the target's /usr/bin/axiperf, a $mach executable built as ARCH=$fe" "$o/br-fe.log"
done

# --- the image's perf takes axiperf's perf series: perf.bbappend (Yocto)
# and axiperf-tools' hook (Buildroot) both run tools/recipes/perf-series.sh
# on the source perf builds from; here on that source as perf.bb's
# copy_perf_source_from_kernel leaves it (the top Makefile, tools/perf)
PB=$Y/recipes-kernel/perf/perf.bbappend
[ "$(/usr/bin/python3 -c 'import os, sys; print(os.path.normpath(sys.argv[1] + "/../../../../.."))' "$top/$(dirname $PB)")" = "$top" ] &&
	grep -q '^do_configure\[prefuncs\] += "axiperf_perf_series"$' $PB &&
	grep -q '^		AXIPERF_PERF_SERIES="${AXIPERF_PERF_SERIES}" ${AXIPERF_TOP}/tools/recipes/perf-series.sh ${S}$' $PB &&
	[ "$(var $PB AXIPERF_PERF_PATCH)" = 1 ]
tap $? "perf.bbappend: a do_configure prefunc (after perf.bb's copy) runs perf-series.sh on \${S}, found from the layer's own place (AXIPERF_TOP)"
hook=$(brvar $BR/package/axiperf-tools/axiperf-tools.mk AXIPERF_TOOLS_PERF_SERIES "$out" \
	BR2_PACKAGE_AXIPERF_TOOLS_PERF_SERIES=y BR2_EXTERNAL_AXIPERF_PATH="$top/$BR" LINUX_DIR=/L)
hooks=$(brvar $BR/package/axiperf-tools/axiperf-tools.mk LINUX_POST_PATCH_HOOKS "$out" \
	BR2_PACKAGE_AXIPERF_TOOLS_PERF_SERIES=y)
[ "$(echo $hook)" = "$top/$BR/../perf-series.sh /L" ] && [ "$(echo $hooks)" = AXIPERF_TOOLS_PERF_SERIES ] &&
	grep -q '^config BR2_PACKAGE_AXIPERF_TOOLS_PERF_SERIES$' $BR/package/axiperf-tools/Config.in
tap $? "buildroot: with BR2_PACKAGE_AXIPERF_TOOLS_PERF_SERIES, a LINUX_POST_PATCH_HOOKS entry runs perf-series.sh on \$(LINUX_DIR) ($(echo $hook))"
perf_src() { # perf_src KERNEL_SOURCE DIR: what copy_perf_source_from_kernel copies, in part
	rm -rf "$2" && mkdir -p "$2/tools" && cp "$1/Makefile" "$2/" && cp -r "$1/tools/perf" "$2/tools/"
}
sums() { (cd "$1" && find . -type f | LC_ALL=C sort | xargs md5sum); }
ps=$out/perf-series
perf_src "$(readlink -f "$kdir_arm/source")" "$ps/6.12"
tools/recipes/perf-series.sh "$ps/6.12" >"$ps/6.12.log" 2>&1 &&
	[ "$(grep -c '^perf-series.sh: applied ' "$ps/6.12.log")" = "$(ls patches/6.12/axiperf-perf patches/6.12/microblaze-v-perf patches/6.12/perf-tools | grep -c '\.patch$')" ] &&
	cmp -s "$ps/6.12/tools/perf/pmu-events/arch/arm/axiperf/monitor/sys/axiperf.json" \
		<(sed -n '/^diff --git a\/tools\/perf\/pmu-events\/arch\/arm\/axiperf\/monitor\/sys\/axiperf.json/,/^diff --git/p' \
			patches/6.12/axiperf-perf/0001-*.patch | sed -n '/^@@/,/^diff --git/{/^+/s/^+//p}') &&
	tools/recipes/perf-series.sh "$ps/6.12" >"$ps/6.12-again.log" 2>&1 &&
	grep -q 'the series are already in' "$ps/6.12-again.log"
tap $? "perf-series.sh on Linux 6.12's perf source: axiperf-perf, microblaze-v-perf and perf-tools applied in order (the monitor's JSON as the patch has it); run again, nothing applied twice" "$ps/6.12.log"
k61=$(tools/guest/kernel-tree.sh --arch arm64 2>/dev/null) && perf_src "$(readlink -f "$k61/source")" "$ps/6.1"
before=$(sums "$ps/6.1")
AXIPERF_PERF_SERIES="$top/patches/6.12/axiperf-perf" tools/recipes/perf-series.sh "$ps/6.1" >"$ps/6.1-wrong.log" 2>&1
rc=$?
[ $rc -ne 0 ] && [ "$(sums "$ps/6.1")" = "$before" ] &&
	grep -q '0001-perf-vendor-events-Add-the-axiperf-AXI-monitor-and-MicroBlaze-MDM.patch does not apply to .* (Linux 6.1):' "$ps/6.1-wrong.log" &&
	grep -q 'nothing applied; set AXIPERF_PERF_SERIES' "$ps/6.1-wrong.log"
tap $? "perf-series.sh: 6.12's series forced on Linux 6.1's perf is refused, naming the patch, and the source is left exactly as it was" "$ps/6.1-wrong.log"
tools/recipes/perf-series.sh "$ps/6.1" >"$ps/6.1.log" 2>&1 &&
	grep -q '^perf-series.sh: applied microblaze-v-perf/' "$ps/6.1.log" && ! grep -q 'axiperf-perf/' "$ps/6.1.log"
tap $? "perf-series.sh on Linux 6.1's perf source: its own series (microblaze-v-perf, perf-tools; 6.1 has no axiperf-perf)" "$ps/6.1.log"
sed -i 's/^PATCHLEVEL = .*/PATCHLEVEL = 6/' "$ps/6.1/Makefile"
before=$(sums "$ps/6.1")
tools/recipes/perf-series.sh "$ps/6.1" >"$ps/6.6.log" 2>&1 && [ "$(sums "$ps/6.1")" = "$before" ] &&
	grep -q 'axiperf has no perf series for Linux 6.6: perf counts the events by name' "$ps/6.6.log"
tap $? "perf-series.sh on a kernel with no series (6.6): perf left as it is, with a note that says what it still does" "$ps/6.6.log"
tools/recipes/perf-series.sh /nonexistent >"$ps/bad.log" 2>&1
[ $? -ne 0 ] && grep -q '/nonexistent is not a kernel source with tools/perf' "$ps/bad.log"
tap $? "perf-series.sh: a directory that is no kernel source is named" "$ps/bad.log"

# --- a tree never prepared for modules (Yocto's source beside an empty
# build directory) is refused before anything compiles, saying what to run
ksrc=$(readlink -f "$kdir_arm/source")
A=(ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-)
mkdir -p "$out/unprepared"
make -C driver KERNEL_SRC="$ksrc" O="$out/unprepared" "${A[@]}" >"$out/unprepared.log" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q "$out/unprepared is a kernel tree, but not prepared for modules" "$out/unprepared.log" &&
	grep -q "O=$out/unprepared ARCH=... CROSS_COMPILE=... olddefconfig modules_prepare" "$out/unprepared.log"
tap $? "driver/Makefile: an unprepared build directory (O=) is refused, with the modules_prepare command" "$out/unprepared.log"

# --- a wrong kernel directory is named
make -C driver KERNEL_SRC=/nonexistent/kernel >"$out/bad.log" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q 'KERNEL_SRC=/nonexistent/kernel is not a kernel build directory' "$out/bad.log" &&
	grep -q 'set KERNEL_SRC (or KDIR)' "$out/bad.log"
tap $? "driver/Makefile: a KERNEL_SRC that is no kernel tree is refused, naming it and what to set" "$out/bad.log"
echo "1..$n"
exit $failed
