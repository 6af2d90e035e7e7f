# figcheck.sh: sourced by the guest scripts that check axiperf's counts and
# figures against the traffic generator's closed-form expectations
# (tests/userspace/guest/frontend.sh for make check, tools/guest/demo-guest.sh
# for make demo). busybox sh and awk. Each check prints a table indented by
# three spaces and returns 0 only if everything matches.
#
# Files are `axiperf ... --csv` output: instance,kind,name,value,unit,num,den.

# TAP for the scripts that source this: ok NAME, notok NAME, check NAME
# COMMAND..., show FILE [LINES] (as comments); $n tests so far, $failed 1
# after any failure
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }
check() { name=$1; shift; if "$@"; then ok "$name"; else notok "$name"; fi; }
show() { sed 's/^/# /' "$1" | head -${2:-20}; }

# cap NAME MASK COMMAND: for tests/docs/ (capture.sh), COMMAND's output,
# stdout and stderr in order, after "@@@ NAME MASK" and "$ COMMAND" (MASK:
# the lines whose numbers vary from run to run)
cap() {
	echo "@@@ $1 $2"
	echo "\$ $3"
	sh -c "$3" >"${TMPDIR:-/tmp}/cap.out" 2>&1
	cat "${TMPDIR:-/tmp}/cap.out"
}

# expect_csv G N FILE [framed|expect]: the counts monitor G must see for
# pattern N, as `perf stat -x,` lines of axiperfG: every counter as a FRAME
# run counts it (idle counts included, for the figures they cancel out
# of), or with "expect" only those that do not depend on the window; plus
# a duration_time of 1 s so that the bytes-per-second figures have their
# bytes as numerator.
expect_csv() {
	tgrun -g "$1" "${4:-framed}" "$2" |
		awk -v pmu="axiperf$1" '{ printf "%s,,%s/%s/,100,100.00,,\n", $2, pmu, $1 }
			END { print "1000000000,ns,duration_time,100,100.00,," }' >"$3"
}

# The MDM model's workload (tools/qemu/mdm/mdm_core.h), its window at wl:
# mdm_program programs the three cores as frontend.sh describes (per core
# c: cycles 1 per cycle, instructions 2 per 5 + c cycles, icache requests
# 4 and hits 3 per 40, fp instructions 1 per 10, E60 4 per 40 cycles of
# latencies 1, 1, 1, 10), RUN off; `devmem $((wl + 0x24)) 32 N` (ADVANCE)
# then runs them N cycles.
wl=0x41410000
wl_w() { devmem "$(printf '0x%x' $((wl + $1)))" 32 "$2"; }
rate() { wl_w 0x0c "$1"; wl_w 0x10 "$2"; wl_w 0x14 "$3"; }
mdm_program() {
	wl_w 0x04 0
	wl_w 0x3c 1
	for c in 0 1 2; do
		wl_w 0x08 $c
		rate 0 2 $((5 + c))
		rate 10 4 40
		rate 11 3 40
		rate 29 1 10
		rate 60 4 40
		wl_w 0x18 0
		for l in 1 1 1 10; do wl_w 0x1c $l; done
		wl_w 0x20 4
	done
}

# expected_figures G N FILE [framed|expect]: axiperf's figures from those
# counts, at the monitor's clock rate (for the figures in ns).
expected_figures() {
	expect_csv "$1" "$2" "$3.counts" "${4:-framed}" &&
		axiperf report --csv --clock-hz "$(cat /sys/bus/event_source/devices/axiperf$1/caps/clock_hz)" \
			"$3.counts" >"$3"
}

# check_counts INSTANCE GOT G N: every count of pattern N that does not
# depend on when the monitor starts and stops (tgrun expect) is in GOT
# exactly.
check_counts() {
	tgrun -g "$3" expect "$4" >/tmp/figcheck.want || return 1
	awk -F, -v inst="$1" '
		FNR == NR { split($0, w, " "); order[++n] = w[1]; want[w[1]] = w[2]; next }
		$1 == inst && $2 == "event" { got[$3] = $4 }
		END {
			printf "   %-10s %-24s %14s %14s\n", inst, "event", "measured", "closed form"
			for (i = 1; i <= n; i++) {
				e = order[i]
				ok = (e in got) && got[e] == want[e]
				if (!ok) bad++
				printf "   %-10s %-24s %14s %14s  %s\n", "", e, (e in got) ? got[e] : "missing",
					want[e], ok ? "ok" : "MISMATCH"
			}
			exit bad != 0 || n < 10
		}' /tmp/figcheck.want "$2"
}

# time_figures: the figures whose denominator is the elapsed time, as the
# description writes them (axiperf list: "... / (seconds)").
time_figures() {
	axiperf list | awk '$1 == "figure" && / \/ \(seconds\)$/ { print $2 }' | sort -u
}

# window_figures: the figures whose formula reads a count that depends on
# the window (the events tgrun framed has and tgrun expect has not:
# active_cycles and the idle counts).
window_figures() {
	tgrun expect 0 >/tmp/figcheck.exact
	tgrun framed 0 | awk 'FNR == NR { exact[$1] = 1; next } !($1 in exact) { print $1 }' \
		/tmp/figcheck.exact - >/tmp/figcheck.window
	axiperf list | awk 'FNR == NR { w[$1] = 1; next }
		$1 == "figure" { for (e in w) if (index($0, "(" e " ") || index($0, " " e " ") ||
						      index($0, " " e ")")) print $2 }' /tmp/figcheck.window - |
		sort -u
}

# check_figures INSTANCE GOT WANT MIN_SECONDS [SKEW]: every figure of
# INSTANCE in WANT is in GOT with the same value, numerator and
# denominator; a bytes-per-second figure has the same bytes, at least
# MIN_SECONDS as denominator (the traffic's own duration: axiperf's window
# holds it and the guest's time around it), and their quotient as value.
# With SKEW, a figure reading active_cycles or an idle count may have its
# denominator off by up to SKEW clocks (a monitor without snapshot, see
# check_idle) and its numerator exact; a denominator skewed to zero or
# below prints n/a (a zero denominator is n/a, and axiperf does not show
# a figure of negative clocks).
check_figures() {
	time_figures >/tmp/figcheck.time
	window_figures >/tmp/figcheck.wfig
	awk -F, -v inst="$1" -v minsec="$4" -v skew="${5:-0}" '
		FILENAME == ARGV[1] { timed[$1] = 1; next }
		FILENAME == ARGV[2] { win[$1] = 1; next }
		FILENAME == ARGV[3] {
			if ($1 == inst && $2 == "figure") {
				order[++n] = $3; want[$3] = $4; wnum[$3] = $6; wden[$3] = $7; unit[$3] = $5
			}
			next
		}
		$1 == inst && $2 == "figure" { got[$3] = $4; gnum[$3] = $6; gden[$3] = $7 }
		END {
			printf "   %-10s %-20s %14s %14s\n", inst, "figure", "axiperf stat", "closed form"
			for (i = 1; i <= n; i++) {
				f = order[i]
				if (!(f in got)) {
					ok = 0
				} else if (f in timed) {
					ok = gnum[f] == wnum[f] && gden[f] + 0 >= minsec + 0 &&
					     got[f] == sprintf("%.0f", gnum[f] / gden[f])
					want[f] = sprintf("%s/>=%ss", wnum[f], minsec)
				} else if (skew > 0 && (f in win) && gnum[f] == wnum[f] &&
					   (got[f] != "n/a" || gden[f] + 0 <= 0)) {
					# a skewed denominator of zero or below prints n/a
					d = gden[f] - wden[f]
					ok = d <= skew && -d <= skew
					want[f] = want[f] "~" skew
				} else {
					ok = got[f] == want[f] && gnum[f] == wnum[f] && gden[f] == wden[f]
				}
				if (!ok) bad++
				printf "   %-10s %-20s %14s %14s  %s %s\n", "", f, got[f], want[f],
					unit[f], ok ? "ok" : "MISMATCH (num " gnum[f] " den " gden[f] ")"
			}
			exit bad != 0 || n < 10
		}' /tmp/figcheck.time /tmp/figcheck.wfig "$3" "$2"
}

# check_idle INSTANCE GOT G N CLOCK_HZ SECONDS [SKEW]: the counts that
# depend on the window. The monitor counts from perf's enable to its
# disable, which holds the traffic and the guest's own time around it
# (axiperf starting tgrun, tgrun mapping the generator, exiting):
# active_cycles is only bounded, below by the traffic's span and above by
# the window axiperf measured plus 1 s of enable/disable slack. But every
# clock is active, so active_cycles - rd_idle and active_cycles - wr_idle
# are the clocks the read and write sides were busy: exactly, when the
# monitor's snapshot latches every counter at one clock. A monitor without
# snapshot is read register by register while the idle link runs on, so
# the two counts are some clocks apart: within SKEW.
check_idle() {
	tgrun -g "$3" busy "$4" >/tmp/figcheck.busy || return 1
	awk -F, -v inst="$1" -v hz="$5" -v sec="$6" -v skew="${7:-0}" '
		FNR == NR { split($0, w, " "); busy[w[1]] = w[2]; next }
		$1 == inst && $2 == "event" { got[$3] = $4 }
		END {
			a = got["active_cycles"]
			rb = a - got["rd_idle"]; wb = a - got["wr_idle"]
			hi = (sec + 1) * hz
			d1 = rb - busy["rd_busy"]; d2 = wb - busy["wr_busy"]
			ok1 = d1 <= skew && -d1 <= skew; ok2 = d2 <= skew && -d2 <= skew
			ok3 = a >= busy["span"] && a <= hi
			tol = skew > 0 ? " +-" skew : ""
			printf "   %-10s active_cycles - rd_idle %12s  closed form %12s%s  %s\n", inst, rb, busy["rd_busy"], tol, ok1 ? "ok" : "MISMATCH"
			printf "   %-10s active_cycles - wr_idle %12s  closed form %12s%s  %s\n", "", wb, busy["wr_busy"], tol, ok2 ? "ok" : "MISMATCH"
			printf "   %-10s active_cycles           %12s  in [%s, %.0f]  %s\n", "", a, busy["span"], hi, ok3 ? "ok" : "OUT OF BOUNDS"
			exit !(ok1 && ok2 && ok3 && a > 0)
		}' /tmp/figcheck.busy "$2"
}

# min_seconds G N CLOCK_HZ: the traffic's own duration, its span of clocks
# at the link's clock rate.
min_seconds() {
	tgrun -g "$1" busy "$2" | awk -v hz="$3" '$1 == "span" { printf "%.9f\n", $2 / hz }'
}
