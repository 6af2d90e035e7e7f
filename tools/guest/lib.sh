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

linux_version() {
	dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null ||
		die "linux-source-6.1 is not installed: run scripts/install-deps.sh"
}

# linux_src: path of the extracted linux-source-6.1 tree (extracted once).
linux_src() {
	local v dir
	v=$(linux_version)
	dir=$CACHE/linux-src-$v
	if [ ! -e "$dir/.axiperf-extracted" ]; then
		(
			flock 9
			if [ ! -e "$dir/.axiperf-extracted" ]; then
				log "extracting /usr/src/linux-source-6.1.tar.xz"
				local start
				start=$(date +%s)
				rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
				tar -xf /usr/src/linux-source-6.1.tar.xz -C "$dir.tmp"
				rm -rf "$dir"
				mv "$dir.tmp/linux-source-6.1" "$dir" && rmdir "$dir.tmp"
				touch "$dir/.axiperf-extracted"
				record_step linux-src "$start" "$dir"
			fi
		) 9>"$dir.lock"
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

# linux_src_patched DIR...: path of a copy of the linux-source-6.1 tree
# with the patch series DIR... applied, in that order (made once per
# series contents). The copy hard-links the pristine tree, and every file a
# patch touches is copied first, so the pristine tree the other kernels
# build from never changes. A patch that does not apply stops the build
# naming it and its log, and leaves no copy behind.
linux_src_patched() {
	local v pristine key dir p s pats=()
	v=$(linux_version)
	pristine=$(linux_src)
	for s in "$@"; do
		mapfile -t -O ${#pats[@]} pats < <(series_patches "$s")
	done
	[ ${#pats[@]} -gt 0 ] || die "no patches (NNNN-*.patch) in $*"
	key=$(hash_of "$v" "${pats[@]}")
	dir=$CACHE/linux-src-$v-patched-$key
	if [ ! -e "$dir/.axiperf-patched" ]; then
		(
			flock 9
			[ -e "$dir/.axiperf-patched" ] && exit 0
			rm -rf "$dir" "$dir.log"
			log "applying ${#pats[@]} patches ($(for s in "$@"; do basename "$s"; done | paste -sd ' ')) to a copy of linux-source-6.1 $v"
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
					die "patch ${p#"$TOP"/} does not apply to linux-source-6.1 $v: see $dir.log"
				fi
			done
			touch "$dir/.axiperf-patched"
			record_step linux-src-patched "$start" "$dir"
		) 9>"$dir.lock" || exit 1
	fi
	echo "$dir"
}

# mb_linux_src: linux-source-6.1 for the MicroBlaze guest: the 6.1.y fix
# its headers need (patches/microblaze-6.1-stable/), the arch fixes for
# mainline (patches/microblaze-fixes/: lockdep's interrupt state on the
# interrupt return), then the perf series (patches/microblaze-perf/)
mb_linux_src() {
	linux_src_patched "$TOP/patches/microblaze-6.1-stable" "$TOP/patches/microblaze-fixes" \
		"$TOP/patches/microblaze-perf"
}

# mb_cross: the MicroBlaze cross-compiler prefix (tools/guest/mb-toolchain.sh
# builds the toolchain the first time)
mb_cross() {
	local tc
	tc=$("$TOP/tools/guest/mb-toolchain.sh") || exit 1
	echo "$tc/bin/microblazeel-linux-musl-"
}
