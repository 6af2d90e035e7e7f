#!/bin/sh
# Installs every Debian package axiperf's build, demo and tests need.
# Idempotent: exits at once when everything is already present.
#
# A package index that fails to download (a mirror mid-sync, a source
# this machine cannot reach) does not stop it: `apt-get update` is tried
# up to three times, then the install goes ahead with whatever indexes
# arrived. Only when a needed package really cannot be installed does it
# stop, with one message naming the package and the indexes that failed.
#
# The commands it runs can be replaced for tests (tests/deps/check.mk):
# APT_GET, APT_CACHE, DPKG, DPKG_QUERY, APT_SOURCES_D, DEPS_RETRY_SLEEP.
set -eu

PKGS="make gcc g++ python3 git ca-certificates xz-utils \
verilator iverilog yosys z3 boolector gtkwave xvfb xauth \
libcmocka-dev libtraceevent-dev gnuplot-nox \
device-tree-compiler dt-schema python3-jsonschema python3-ruamel.yaml python3-docutils \
sparse bc bison flex libelf-dev libssl-dev kmod cpio \
gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu \
gcc-riscv64-linux-gnu libc6-dev-riscv64-cross opensbi \
linux-source-6.1 linux-source-6.12 linux-headers-amd64 \
busybox-static \
ninja-build meson pkg-config libglib2.0-dev libpixman-1-dev libfdt-dev \
dpkg-dev clang libclang-rt-14-dev libc6-dev-armhf-cross libc6-dev-arm64-cross \
libtraceevent-dev:armhf nextpnr-ice40 \
libgmp-dev libmpfr-dev libmpc-dev zlib1g-dev patch rsync"

APT_GET=${APT_GET:-apt-get}
APT_CACHE=${APT_CACHE:-apt-cache}
DPKG=${DPKG:-dpkg}
DPKG_QUERY=${DPKG_QUERY:-dpkg-query}
APT_SOURCES_D=${APT_SOURCES_D:-/etc/apt/sources.list.d}
DEPS_RETRY_SLEEP=${DEPS_RETRY_SLEEP:-5}

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo

say() { echo "install-deps: $*" >&2; }

# The ARM guest's front end links Debian's armhf libtraceevent; the arm64
# (ZynqMP) guest's busybox is Debian's busybox-static:arm64, downloaded and
# unpacked by tools/guest/busybox.sh arm64 (not installed).
arch_new=0
foreign=$($DPKG --print-foreign-architectures)
for a in armhf arm64; do
	case " $(echo $foreign) " in
	*" $a "*) ;;
	*)
		$SUDO $DPKG --add-architecture $a
		arch_new=1
		;;
	esac
done

# One dpkg-query for the whole list: the packages not installed. A name
# without an architecture means the native one (or "all").
missing_pkgs() {
	native=$($DPKG --print-architecture)
	# shellcheck disable=SC2086
	$DPKG_QUERY -W -f='${Package}:${Architecture} ${Status}\n' $PKGS \
		2>/dev/null | awk -v want="$PKGS" -v native="$native" '
		/ ok installed$/ { sub(/ .*/, ""); have[$0] = 1 }
		END {
			n = split(want, w, " ")
			for (i = 1; i <= n; i++) {
				p = w[i]
				if (p ~ /:/) { if (!(p in have)) printf " %s", p; continue }
				if (!((p ":" native) in have) && !((p ":all") in have))
					printf " %s", p
			}
		}'
}
missing=$(missing_pkgs)

# deb-src entries are needed for `apt-get source qemu` (tools/qemu).
need_src=0
if ! grep -rqs '^Types:.*deb-src' "$APT_SOURCES_D"/ &&
   ! grep -qs '^deb-src' "$APT_SOURCES_D/../sources.list"; then
	need_src=1
fi

if [ -z "$missing" ] && [ $need_src -eq 0 ] && [ $arch_new -eq 0 ]; then
	exit 0
fi

# The deb-src entry names the mirror the machine's own sources use.
if [ $need_src -eq 1 ]; then
	mirror=$(APT_SOURCES_D="$APT_SOURCES_D" "$(dirname "$0")/apt-mirror.sh") || exit 1
	printf 'Types: deb-src\nURIs: %s\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$mirror" |
		$SUDO tee "$APT_SOURCES_D/axiperf-src.sources" >/dev/null
fi

say "installing:${missing:- (none: new architecture or source entry)}"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp "${TMPDIR:-/tmp}/axiperf-deps.XXXXXX")
trap 'rm -f "$log" "$log.i"' EXIT

# apt-get update: up to three tries. An index that still fails is noted
# and the install goes on: the packages may well be in the others.
failed_idx=""
try=1
while :; do
	if $SUDO $APT_GET update -q >"$log" 2>&1; then
		failed_idx=""
		break
	fi
	failed_idx=$(sed -n 's/^[EW]: Failed to fetch \([^ ]*\).*/\1/p' "$log" |
		sort -u | tr '\n' ' ')
	if [ $try -ge 3 ]; then
		say "apt-get update failed $try times; going on without:" \
			"${failed_idx:-(see below)}"
		grep -E '^(E|W|Err):' "$log" | head -5 | sed 's/^/  /' >&2 || true
		break
	fi
	say "apt-get update failed (try $try of 3), retrying in ${DEPS_RETRY_SLEEP}s"
	sleep "$DEPS_RETRY_SLEEP"
	try=$((try + 1))
done

[ -n "$missing" ] || exit 0

# The install itself: two tries (a package download can fail like an index).
try=1
while :; do
	# shellcheck disable=SC2086
	if $SUDO $APT_GET install -y -q --no-install-recommends $missing \
		>"$log.i" 2>&1; then
		tail -1 "$log.i" >&2
		exit 0
	fi
	[ $try -ge 2 ] && break
	say "apt-get install failed (try $try of 2), retrying in ${DEPS_RETRY_SLEEP}s"
	sleep "$DEPS_RETRY_SLEEP"
	try=$((try + 1))
done

# Name the packages that cannot be had, and why.
bad=""
for p in $missing; do
	cand=$($APT_CACHE policy "$p" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
	if [ -z "$cand" ] || [ "$cand" = "(none)" ]; then
		bad="$bad $p"
	fi
done
say "FAILED: cannot install${bad:-$missing}."
if [ -n "$bad" ]; then
	say "  no index offers${bad}"
fi
if [ -n "$failed_idx" ]; then
	say "  package indexes that failed to download: $failed_idx"
	say "  (a mirror mid-sync passes: run 'make deps' again in a few minutes)"
fi
say "  last lines of apt-get install:"
tail -8 "$log.i" | sed 's/^/    /' >&2
exit 1
