# Shared helpers for the guest build scripts (sourced, not run).
# Every slow product lives in ${CACHE}/<name>-<hash>/, where the hash covers
# every input of that product, and is published by a ".done" stamp written
# last, so an interrupted build resumes and a finished one is never redone.

: "${TOP:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
: "${CACHE:=$HOME/.cache/axiperf}"
: "${JOBS:=2}"
CROSS_ARM=arm-linux-gnueabihf-
CROSS_ARM64=aarch64-linux-gnu-
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
				rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
				tar -xf /usr/src/linux-source-6.1.tar.xz -C "$dir.tmp"
				rm -rf "$dir"
				mv "$dir.tmp/linux-source-6.1" "$dir" && rmdir "$dir.tmp"
				touch "$dir/.axiperf-extracted"
			fi
		) 9>"$dir.lock"
	fi
	echo "$dir"
}

need_cmd() {
	command -v "$1" >/dev/null 2>&1 ||
		die "$1 not found: run scripts/install-deps.sh (it installs $2)"
}
