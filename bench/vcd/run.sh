#!/bin/sh
# bench vcd: what a user of axiperf-replay waits for, file to figures, on a
# dump Verilator wrote (tests/replay-rtl/twolink.v: two monitored links),
# next to the floor of merely reading the file, GTKWave's vcd2fst on the
# same file, the replay of that FST, and the memory on a multi-GB dump;
# then on an all-watched dump: the same simulation with only what the
# replay watches of link 0 traced, every value change one it needs.
#   run.sh REPLAY GEN WORKDIR [CLOCKS [BIG_CLOCKS [GEN1 [CLOCKS1]]]]
# GEN is the VCD build of the twolink harness: GEN OUT_BASE CLOCKS SEED;
# GEN1 its all-watched build (tests/replay-rtl/onelink.vlt), run for
# CLOCKS1 clocks (none: no all-watched dump).
R=$1 GEN=$2 W=$3 CLOCKS=${4:-2000000} BIG=${5:-20000000} GEN1=$6 CLOCKS1=${7:-4000000}
GOAL=500	# MB/s end to end on one core (issues 27 and 39)
mkdir -p "$W" || exit 1

# the dump, kept between runs while the harness and the clock count stay
if [ ! -s "$W/bench.vcd" ] || [ "$GEN" -nt "$W/bench.vcd" ] ||
	[ "$(cat "$W/bench.clocks" 2>/dev/null)" != "$CLOCKS" ]; then
	"$GEN" "$W/bench" "$CLOCKS" 0x5eedbe4c >/dev/null || exit 1
	echo "$CLOCKS" >"$W/bench.clocks"
fi
size=$(stat -c %s "$W/bench.vcd")
one_core="taskset -c 0"
command -v taskset >/dev/null || one_core=""

# best NAME CMD...: the least wall time of three runs, in microseconds, in $best
best() {
	best=""
	for i in 1 2 3; do
		s=$(date +%s%N)
		"$@" >/dev/null 2>&1 || { echo "bench vcd: '$*' failed" >&2; exit 1; }
		e=$(date +%s%N)
		t=$(((e - s) / 1000))
		if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
	done
}
mbs() { awk -v b="$1" -v us="$2" 'BEGIN { printf "%.0f", b / us }'; }
sec() { awk -v us="$1" 'BEGIN { printf "%.3f", us / 1e6 }'; }

cat "$W/bench.vcd" >/dev/null	# the page cache warm, as for a file just written
links=$("$R" --list "$W/bench.vcd" | sed -n '1s/.*: \([0-9]*\) AXI4 link.*/\1/p')
echo "bench vcd: dump of $CLOCKS clocks, $links links, $(mbs "$size" 1000000) MB (Verilator's VCD of tests/replay-rtl/twolink.v)"

best wc -l "$W/bench.vcd"
floor=$best
best cat "$W/bench.vcd"
echo "bench vcd: read floor: wc -l $(sec "$floor") s = $(mbs "$size" "$floor") MB/s, cat $(sec "$best") s = $(mbs "$size" "$best") MB/s"

best $one_core "$R" "$W/bench.vcd"
vcd=$best
rate=$(mbs "$size" "$vcd")
verdict="met"
[ "$rate" -ge "$GOAL" ] || verdict="NOT met"
echo "bench vcd: axiperf-replay, every link, one core: $(sec "$vcd") s = $rate MB/s end to end (file to figures) = $(awk -v a="$floor" -v b="$vcd" 'BEGIN { printf "%.2f", a / b }') of the wc -l floor (goal >= $GOAL MB/s: $verdict)"
"$R" --bench "$W/bench.vcd" 2>&1 >/dev/null | sed 's/^bench: /bench vcd: /'

# the all-watched dump: one link, no data, address or response code, no
# state of the master or slave: every value change is one the model needs
if [ -n "$GEN1" ]; then
	if [ ! -s "$W/onelink.vcd" ] || [ "$GEN1" -nt "$W/onelink.vcd" ] ||
		[ "$(cat "$W/onelink.clocks" 2>/dev/null)" != "$CLOCKS1" ]; then
		"$GEN1" "$W/onelink" "$CLOCKS1" 0x5eedbe4c >/dev/null || exit 1
		echo "$CLOCKS1" >"$W/onelink.clocks"
	fi
	size1=$(stat -c %s "$W/onelink.vcd")
	cat "$W/onelink.vcd" >/dev/null
	nvars=$(sed '/\$enddefinitions/q' "$W/onelink.vcd" | grep -c '\$var')
	best $one_core "$R" "$W/onelink.vcd"
	rate1=$(mbs "$size1" "$best")
	verdict1="met"
	[ "$rate1" -ge "$GOAL" ] || verdict1="NOT met"
	echo "bench vcd: all-watched one-link dump of $CLOCKS1 clocks, $(mbs "$size1" 1000000) MB ($nvars signals, each one the replay watches): axiperf-replay one core $(sec "$best") s = $rate1 MB/s end to end (goal >= $GOAL MB/s: $verdict1)"
	$one_core "$R" --bench "$W/onelink.vcd" 2>&1 >/dev/null | sed 's/^bench: /bench vcd: all-watched: /'
	# the same with every burst followed (issue 54): distributions, each
	# ID's, the slowest, and figures per window (ten windows); goal >= 400 MB/s
	span=$(tail -c 65536 "$W/onelink.vcd" | grep '^#[0-9]' | tail -1 | cut -c 2-)
	best $one_core "$R" --latency --per-id --worst 5 --interval $((span / 10)) "$W/onelink.vcd"
	rate2=$(mbs "$size1" "$best")
	verdict2="met"
	[ "$rate2" -ge 400 ] || verdict2="NOT met"
	echo "bench vcd: all-watched, every burst followed (--latency --per-id --worst 5 --interval $((span / 10))): one core $(sec "$best") s = $rate2 MB/s end to end, against $rate1 MB/s without (goal >= 400 MB/s: $verdict2)"
	# the figures are the monitor's: every count the replay gives is the
	# register the RTL monitor of link 0 counted in the same simulation
	"$R" "$W/onelink.vcd" >"$W/onelink.out" || exit 1
	tail -n +2 "$W/onelink.out" | awk 'NR == FNR { k[$1]; next } ($1 in k) { print $1, $2 }' \
		"$W/onelink.link0.regs" - >"$W/onelink.got"
	viol=$(awk '$1 == "link0_protocol_violations" { print $2 }' "$W/onelink.info")
	if cmp -s "$W/onelink.link0.regs" "$W/onelink.got"; then
		echo "bench vcd: all-watched: every count of the replay equals link 0's RTL monitor ($(wc -l <"$W/onelink.got") registers; AXI4 rules checked on every clock: ${viol:-?} violations)"
	else
		echo "bench vcd: all-watched: the replay DIFFERS from link 0's RTL monitor:"
		diff "$W/onelink.link0.regs" "$W/onelink.got" | head
		exit 1
	fi
fi

if command -v vcd2fst >/dev/null; then
	best vcd2fst "$W/bench.vcd" "$W/bench.fst"
	fsize=$(stat -c %s "$W/bench.fst")
	echo "bench vcd: GTKWave's vcd2fst on the same file: $(sec "$best") s; FST $(mbs "$fsize" 1000000) MB ($(awk -v a="$size" -v b="$fsize" 'BEGIN { printf "%.1f", a / b }') times smaller)"
	best $one_core "$R" "$W/bench.fst"
	echo "bench vcd: axiperf-replay of the FST, every link, one core: $(sec "$best") s = $(awk -v c="$CLOCKS" -v us="$best" 'BEGIN { printf "%.2f", c / us }') Mclocks/s (the VCD's bytes at $(mbs "$size" "$best") MB/s)"
	"$R" "$W/bench.vcd" | tail -n +2 >"$W/vcd.out"
	"$R" "$W/bench.fst" | tail -n +2 >"$W/fst.out"
	if cmp -s "$W/vcd.out" "$W/fst.out"; then
		echo "bench vcd: the VCD and its FST give the same figures, every link"
	else
		echo "bench vcd: the VCD and its FST DIFFER:"
		diff "$W/vcd.out" "$W/fst.out" | head
		exit 1
	fi
fi

# memory on a multi-GB dump: streamed through a FIFO as Verilator writes it
# (the reader first: the tracer opens its file without waiting for one)
rm -f "$W/big.vcd"
mkfifo "$W/big.vcd" || exit 1
s=$(date +%s%N)
"$R" --bench "$W/big.vcd" 2>"$W/big.err" >/dev/null &
rd=$!
sleep 0.5
"$GEN" "$W/big" "$BIG" 0x5eedb16 >/dev/null || echo "bench vcd: the simulation writing the FIFO failed" >&2
wait $rd
e=$(date +%s%N)
rm -f "$W/big.vcd" "$W/big.link0.regs" "$W/big.link1.regs" "$W/big.info"
small=$("$R" --bench "$W/bench.vcd" 2>&1 >/dev/null | sed -n 's/.*max RSS \([0-9]*\) KiB.*/\1/p')
bigb=$(sed -n 's/.*end to end \([0-9]*\) bytes.*/\1/p' "$W/big.err")
bigrss=$(sed -n 's/.*max RSS \([0-9]*\) KiB.*/\1/p' "$W/big.err")
echo "bench vcd: memory: max RSS $small KiB on the $(mbs "$size" 1000000) MB file; $bigrss KiB on $(awk -v b="$bigb" 'BEGIN { printf "%.2f", b / 1e9 }') GB ($BIG clocks) streamed through a FIFO as Verilator wrote it ($(sec $(((e - s) / 1000))) s, the simulation's pace)"
