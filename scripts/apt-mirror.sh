#!/bin/sh
# apt-mirror.sh: prints the URI of the Debian archive this machine's own apt
# sources already use for its main suite (bookworm, not -security), so that
# the project's own apt configurations (the deb-src entry install-deps.sh
# adds, the trixie-backports download of tools/guest/lib.sh) use the same
# mirror and no host name is written into the repository.
# Reads deb822 files (*.sources) and one-line lists (*.list, sources.list).
# APT_SOURCES_D replaces /etc/apt/sources.list.d (tests).
set -eu
d=${APT_SOURCES_D:-/etc/apt/sources.list.d}

uri=$(
	for f in "$d"/*.sources; do [ -f "$f" ] && cat "$f" && echo; done |
	awk 'function flush() {
			if (types ~ /(^| )deb( |$)/ && suites ~ /(^| )bookworm( |$)/ && uri != "" && !done) {
				print uri; done = 1
			}
			types = ""; suites = ""; uri = ""
		}
		/^[ \t]*$/ { flush(); next }
		/^Types:/ { sub(/^Types:[ \t]*/, ""); types = $0 }
		/^URIs:/ { uri = $2 }
		/^Suites:/ { sub(/^Suites:[ \t]*/, ""); suites = $0 }
		END { flush() }'
)
if [ -z "$uri" ]; then
	uri=$(cat "$d/../sources.list" "$d"/*.list 2>/dev/null |
		awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) while ($i !~ /\]$/) i++;
			if ($2 ~ /^\[/) i++;
			if ($(i + 1) == "bookworm") { print $i; exit } }')
fi
if [ -z "$uri" ]; then
	echo "apt-mirror.sh: no 'deb ... bookworm' entry in $d or sources.list: add the Debian archive to apt's sources" >&2
	exit 1
fi
echo "${uri%/}"
