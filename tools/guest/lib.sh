# Shared helpers for the guest build scripts (sourced, not run).
# Every slow product lives in ${CACHE}/<name>-<hash>/, where the hash covers
# every input of that product, and is published by a ".done" stamp written
# last, so an interrupted build resumes and a finished one is never redone.

: "${TOP:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
: "${CACHE:=$HOME/.cache/axiperf}"
: "${JOBS:=2}"
CROSS_ARM=arm-linux-gnueabihf-
CROSS_ARM64=aarch64-linux-gnu-
CROSS_RISCV=riscv64-linux-gnu-
mkdir -p "$CACHE"

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
log() { echo "$(basename "$0"): $*" >&2; }

# hash_of ITEM...: short hash of files' contents and literal strings.
hash_of() {
	local i
	for i in "$@"; do
		if [ -f "$i" ]; then
			printf 'file %s\n' "${i#"$TOP"/}"; cat "$i"
		else
			printf 'str %s\n' "$i"
		fi
	done | sha256sum | cut -c1-12
}

# The kernels axiperf builds against (SPEC section 3): 6.1 and 6.12 are
# Debian packages of the machine's own suites (linux-source-6.1,
# linux-source-6.12, installed by scripts/install-deps.sh); 7.3, the
# newest, comes from trixie-backports, fetched by linux_deb with an apt
# configuration of the project's own, never added to the machine's.
KERNELS="6.1 6.12 7.3"

# bed_kernel ARCH: the kernel the test bed of ARCH boots (kernel-tree.sh's
# default). 6.12 (PetaLinux 2025, the first with MicroBlaze V Linux) for
# the Zynq, the ml605 and the MicroBlaze V beds; 6.1 (PetaLinux 2023) for
# the ZynqMP. Every other kernel and arch is built, not booted
# (driver/scripts/ktree.sh matrix).
bed_kernel() {
	case $1 in
	arm|microblaze|riscv|riscv32) echo 6.12 ;;
	*) echo 6.1 ;;
	esac
}

need_kernel() {
	case " $KERNELS " in
	*" $1 "*) ;;
	*) die "kernel '$1': only $KERNELS are known" ;;
	esac
}

# linux_deb: the directory holding linux-source-7.3's .deb and its version,
# downloaded once. The sources list is the project's own (trixie-backports
# on the mirror the machine's sources name, amd64 only: a foreign index
# that fails to download would drop the whole suite), as are the lists
# and the archive directory; the machine's apt configuration is not
# touched.
linux_deb() {
	local dir=$CACHE/linux-deb-7.3
	if [ ! -e "$dir/.done" ]; then
		(
			flock 9
			[ -e "$dir/.done" ] && exit 0
			local mirror start try=1 a
			mirror=$("$TOP/scripts/apt-mirror.sh") || exit 1
			start=$(date +%s)
			rm -rf "$dir" && mkdir -p "$dir/lists/partial" "$dir/archives/partial"
			printf 'Types: deb\nURIs: %s\nSuites: trixie-backports\nComponents: main\nArchitectures: amd64\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
				"$mirror" >"$dir/axiperf.sources"
			a=(-q -o Dir::Etc::SourceList="$dir/axiperf.sources" -o Dir::Etc::SourceParts=/nonexistent
				-o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir" -o Dir::Cache::archives="$dir/archives"
				-o APT::Architectures::=amd64 -o APT::Sandbox::User=root -o Debug::NoLocking=1)
			log "fetching linux-source-7.3 from trixie-backports ($mirror) with the project's own apt configuration"
			until apt-get "${a[@]}" update >"$dir/apt.log" 2>&1 &&
				(cd "$dir" && apt-get "${a[@]}" download linux-source-7.3 >>"$dir/apt.log" 2>&1); do
				[ $try -ge 3 ] && die "cannot download linux-source-7.3 from $mirror trixie-backports (3 tries): see $dir/apt.log"
				log "apt-get failed (try $try of 3), retrying in 5 s"
				sleep 5
				try=$((try + 1))
			done
			dpkg-deb -f "$dir"/linux-source-7.3_*_all.deb Version >"$dir/version"
			touch "$dir/.done"
			record_step linux-deb-7.3 "$start" "$dir"
		) 9>"$dir.lock" || exit 1
	fi
	echo "$dir"
}

# linux_version [KVER]: the Debian version of linux-source-KVER (6.1 when
# not given)
linux_version() {
	local k=${1:-6.1}
	need_kernel "$k"
	if [ "$k" = 7.3 ]; then
		cat "$(linux_deb)/version"
	else
		dpkg-query -W -f='${Version}' "linux-source-$k" 2>/dev/null ||
			die "linux-source-$k is not installed: run scripts/install-deps.sh"
	fi
}

# linux_src [KVER]: path of the extracted linux-source-KVER tree (6.1 when
# not given), extracted once.
linux_src() {
	local k=${1:-6.1} v dir
	v=$(linux_version "$k") || exit 1
	dir=$CACHE/linux-src-$k-$v
	[ "$k" = 6.1 ] && dir=$CACHE/linux-src-$v
	if [ ! -e "$dir/.axiperf-extracted" ]; then
		(
			flock 9
			if [ ! -e "$dir/.axiperf-extracted" ]; then
				log "extracting linux-source-$k $v"
				local start
				start=$(date +%s)
				rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
				if [ "$k" = 7.3 ]; then
					dpkg-deb --fsys-tarfile "$(linux_deb)"/linux-source-7.3_*_all.deb |
						tar -xO ./usr/src/linux-source-7.3.tar.xz | tar -xJ -C "$dir.tmp"
				else
					tar -xf "/usr/src/linux-source-$k.tar.xz" -C "$dir.tmp"
				fi
				rm -rf "$dir"
				mv "$dir.tmp/linux-source-$k" "$dir" && rmdir "$dir.tmp"
				touch "$dir/.axiperf-extracted"
				record_step "linux-src-$k" "$start" "$dir"
			fi
		) 9>"$dir.lock" || exit 1
	fi
	echo "$dir"
}

# record_step NAME START [DIR]: the cached build step NAME ran from START
# (date +%s) until now (scripts/record-step.sh: the cache entry DIR and
# `make check`'s summary keep its time)
record_step() { "$TOP/scripts/record-step.sh" "$@"; }

need_cmd() {
	command -v "$1" >/dev/null 2>&1 ||
		die "$1 not found: run scripts/install-deps.sh (it installs $2)"
}

# series_patches DIR: the patches of a series in git format-patch form, in
# order (NNNN-*.patch, the cover letter 0000-* left out)
series_patches() {
	local p
	for p in "$1"/[0-9][0-9][0-9][0-9]-*.patch; do
		case $(basename "$p") in 0000-*) continue ;; esac
		[ -f "$p" ] && echo "$p"
	done
}

# series_dir KVER SERIES: the directory of a patch series for a kernel:
# patches/KVER/SERIES (a series a kernel no longer needs has no directory
# there); a SERIES with a slash is a directory already
series_dir() {
	case $2 in
	*/*) echo "$2" ;;
	*) echo "$TOP/patches/$1/$2" ;;
	esac
}

# linux_src_patched KVER SERIES...: path of a copy of the linux-source-KVER
# tree with the patch series (series_dir) applied, in that order (made
# once per series contents). The copy hard-links the pristine tree, and
# every file a patch touches is copied first, so the pristine tree the
# other kernels build from never changes. A patch that does not apply
# stops the build naming it and its log, and leaves no copy behind.
linux_src_patched() {
	local k=$1 v pristine key dir p s d pats=()
	shift
	v=$(linux_version "$k") || exit 1
	pristine=$(linux_src "$k") || exit 1
	for s in "$@"; do
		d=$(series_dir "$k" "$s")
		[ -d "$d" ] || die "no patch series $s for linux $k (${d#"$TOP"/})"
		mapfile -t -O ${#pats[@]} pats < <(series_patches "$d")
	done
	[ ${#pats[@]} -gt 0 ] || die "no patches (NNNN-*.patch) in $*"
	key=$(hash_of "$k" "$v" "${pats[@]}")
	dir=${pristine}-patched-$key
	if [ ! -e "$dir/.axiperf-patched" ]; then
		(
			flock 9
			[ -e "$dir/.axiperf-patched" ] && exit 0
			rm -rf "$dir" "$dir.log"
			log "applying ${#pats[@]} patches ($(for s in "$@"; do basename "$s"; done | paste -sd ' ')) to a copy of linux-source-$k $v"
			local start
			start=$(date +%s)
			cp -al "$pristine" "$dir"
			rm -f "$dir/.axiperf-extracted"
			for p in "${pats[@]}"; do
				sed -n 's|^+++ b/||p' "$p" | while IFS= read -r f; do
					if [ -f "$dir/$f" ]; then
						cp "$dir/$f" "$dir/$f.axiperf-tmp" && mv "$dir/$f.axiperf-tmp" "$dir/$f"
					fi
				done
				echo "== $p" >>"$dir.log"
				if ! patch -p1 --forward --batch -d "$dir" <"$p" >>"$dir.log" 2>&1; then
					rm -rf "$dir"
					die "patch ${p#"$TOP"/} does not apply to linux-source-$k $v: see $dir.log"
				fi
			done
			touch "$dir/.axiperf-patched"
			record_step linux-src-patched "$start" "$dir"
		) 9>"$dir.lock" || exit 1
	fi
	echo "$dir"
}

# mb_series KVER: the series the MicroBlaze guest's kernel takes, in order:
# the stable fixes that kernel's headers need (microblaze-stable/, 6.1
# only), the arch fixes for mainline (microblaze-fixes/: lockdep's
# interrupt state on the interrupt return), then the perf series
# (microblaze-perf/)
mb_series() {
	kernel_series "$1" microblaze-stable microblaze-fixes microblaze-perf
}

# kernel_series KVER SERIES...: those of SERIES that linux KVER still
# needs (those with a directory in patches/KVER/), in the order given
kernel_series() {
	local k=$1 s
	shift
	for s in "$@"; do
		[ -d "$TOP/patches/$k/$s" ] && echo "$s"
	done
	return 0
}

# mb_linux_src KVER: linux-source-KVER for the MicroBlaze guest (mb_series)
mb_linux_src() {
	# shellcheck disable=SC2046
	linux_src_patched "$1" $(mb_series "$1")
}

# mb_cross: the MicroBlaze cross-compiler prefix (tools/guest/mb-toolchain.sh
# builds the toolchain the first time)
mb_cross() {
	local tc
	tc=$("$TOP/tools/guest/mb-toolchain.sh") || exit 1
	echo "$tc/bin/microblazeel-linux-musl-"
}
