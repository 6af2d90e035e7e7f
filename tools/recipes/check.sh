#!/bin/bash
# Suite `recipes`: the Yocto layer (tools/recipes/meta-axiperf) and the
# Buildroot external tree (tools/recipes/buildroot) checked without
# bitbake or Buildroot (neither is available offline): their files as
# those tools read them, then exactly the build and install commands their
# recipes make (module.bbclass's, the kernel-module infrastructure's, the
# front end's), with the recipes' own variables, against the Zynq guest
# kernel tree and Debian's ARM toolchain; the installed files are checked.
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
grep -q '^name: AXIPERF$' $BR/external.desc && grep -q 'BR2_EXTERNAL_AXIPERF_PATH' $BR/external.mk &&
	for c in $(sed -n 's|^source "$BR2_EXTERNAL_AXIPERF_PATH/\(.*\)"|\1|p' $BR/Config.in); do
		[ -f "$BR/$c" ] || exit 1
	done
tap $? "buildroot: external.desc names AXIPERF; external.mk and Config.in reach every package"
grep -q '^$(eval $(kernel-module))$' $BR/package/axiperf/axiperf.mk &&
	grep -q '^$(eval $(generic-package))$' $BR/package/axiperf/axiperf.mk &&
	grep -q '^config BR2_PACKAGE_AXIPERF$' $BR/package/axiperf/Config.in &&
	grep -q '^config BR2_PACKAGE_AXIPERF_TOOLS$' $BR/package/axiperf-tools/Config.in
tap $? "buildroot: the drivers use the kernel-module infrastructure, each package has its option"

# --- the kernel tree the commands build against: the Zynq guest's (6.12,
# the PetaLinux 2025 kernel; driver-build covers 6.1 and 7.3)
need_cmd arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
kdir=$(tools/guest/kernel-tree.sh) || { tap 1 "the guest kernel tree builds"; echo "1..$n"; exit 1; }
ksrc=$(linux_src "$(bed_kernel arm)")
krel=$(cat "$kdir/include/config/kernel.release")
A=(ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-)
# a recipe's work copy of the tree (what SRC_URI fetches)
copy() {
	mkdir -p "$1"
	git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$1"
}
installed() { # installed DIR WHAT: both modules there, built for this kernel
	local ok=0
	for m in axiperf axiperf_mb; do
		f=$(find "$1/lib/modules/$krel/extra" -name "$m.ko" 2>/dev/null | head -1)
		if [ -z "$f" ]; then
			echo "# $2: no $m.ko under $1/lib/modules/$krel/extra"; ok=1
		elif [ "$(modinfo -F vermagic "$f" | cut -d' ' -f1)" != "$krel" ]; then
			echo "# $2: $f has vermagic '$(modinfo -F vermagic "$f")', the kernel is $krel"; ok=1
		fi
	done
	return $ok
}

# --- Yocto: module.bbclass's compile and install, with the recipe's EXTRA_OEMAKE
S=$out/yocto/git
D=$out/yocto/image
copy "$S"
extra=$(var $MOD EXTRA_OEMAKE:append S="$S") ||
	extra=$(var $MOD EXTRA_OEMAKE S="$S")
# shellcheck disable=SC2086
nice make $extra KERNEL_SRC="$ksrc" O="$kdir" "${A[@]}" >"$out/yocto-compile.log" 2>&1
tap $? "Yocto: module.bbclass's compile (make $extra KERNEL_SRC=<source> O=<build>) builds both modules" "$out/yocto-compile.log"
# shellcheck disable=SC2086
nice make $extra KERNEL_SRC="$ksrc" O="$kdir" "${A[@]}" DEPMOD=echo \
	MODLIB="$D/lib/modules/$krel" INSTALL_FW_PATH="$D/lib/firmware" modules_install \
	>"$out/yocto-install.log" 2>&1 && installed "$D" Yocto
tap $? "Yocto: module.bbclass's install (MODLIB=\${D}/lib/modules/$krel modules_install) puts axiperf.ko and axiperf_mb.ko in extra/, vermagic $krel" "$out/yocto-install.log"

# --- Buildroot: the kernel-module infrastructure's commands, the package's subdirs
T=$out/buildroot/target
BD=$out/buildroot/build/axiperf-1.0
copy "$BD"
subdirs=$(var $BR/package/axiperf/axiperf.mk AXIPERF_MODULE_SUBDIRS)
mopts=$(var $BR/package/axiperf/axiperf.mk AXIPERF_MODULE_MAKE_OPTS)
okc=0
oki=0
for sub in $subdirs; do
	# shellcheck disable=SC2086
	nice make -C "$kdir" "${A[@]}" $mopts PWD="$BD/$sub" M="$BD/$sub" modules >>"$out/br-compile.log" 2>&1 || okc=1
	# shellcheck disable=SC2086
	nice make -C "$kdir" "${A[@]}" $mopts INSTALL_MOD_PATH="$T" DEPMOD=true PWD="$BD/$sub" M="$BD/$sub" \
		modules_install >>"$out/br-install.log" 2>&1 || oki=1
done
tap $okc "Buildroot: kernel-module's build (make -C \$(LINUX_DIR) M=\$(@D)/$subdirs modules)" "$out/br-compile.log"
[ $oki -eq 0 ] && installed "$T" Buildroot &&
	depmod -b "$T" "$krel" >>"$out/br-install.log" 2>&1 &&
	grep -q 'extra/axiperf.ko' "$T/lib/modules/$krel/modules.dep" &&
	grep -q 'extra/.*axiperf_mb.ko' "$T/lib/modules/$krel/modules.dep"
tap $? "Buildroot: modules_install with INSTALL_MOD_PATH=\$(TARGET_DIR), then depmod: both modules in modules.dep" "$out/br-install.log"

# --- the front end: each recipe's make command, with Debian's ARM
# toolchain and libtraceevent:armhf standing in for the build system's
st=$out/staging
mkdir -p "$st/usr/include" "$st/usr/lib"
ln -s /usr/include/traceevent "$st/usr/include/traceevent"
ln -s /usr/lib/arm-linux-gnueabihf/libtraceevent.a "$st/usr/lib/libtraceevent.a"
arm_elf() { # arm_elf FILE: an ARM executable
	[ -x "$1" ] && readelf -h "$1" 2>/dev/null | grep -q 'Machine:.*ARM$'
}
B=$out/yocto/build
mk=$(var $FE AXIPERF_MAKE S="$S" TARGET_PREFIX=arm-linux-gnueabihf- CC=arm-linux-gnueabihf-gcc \
	STAGING_KERNEL_DIR="$ksrc" B="$B" STAGING_INCDIR="$st/usr/include" STAGING_LIBDIR="$st/usr/lib")
# shellcheck disable=SC2086
eval nice make $mk all >"$out/yocto-fe.log" 2>&1 &&
	eval nice make $mk DESTDIR="$out/yocto/fe-image" PREFIX=/usr install >>"$out/yocto-fe.log" 2>&1 &&
	arm_elf "$out/yocto/fe-image/usr/bin/axiperf"
tap $? "Yocto: the front end recipe's do_compile and do_install (libperf from the kernel source) give an ARM /usr/bin/axiperf" "$out/yocto-fe.log"
mk=$(var $BR/package/axiperf-tools/axiperf-tools.mk AXIPERF_TOOLS_MAKE_OPTS @D="$BD" \
	TARGET_CROSS=arm-linux-gnueabihf- TARGET_CC=arm-linux-gnueabihf-gcc LINUX_DIR="$ksrc" STAGING_DIR="$st")
# shellcheck disable=SC2086
eval nice make $mk all >"$out/br-fe.log" 2>&1 &&
	eval nice make $mk DESTDIR="$T" PREFIX=/usr install >>"$out/br-fe.log" 2>&1 &&
	arm_elf "$T/usr/bin/axiperf"
tap $? "Buildroot: axiperf-tools' build and install commands give an ARM /usr/bin/axiperf in the target" "$out/br-fe.log"

# --- a tree never prepared for modules (Yocto's source beside an empty
# build directory) is refused before anything compiles, saying what to run
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
