#!/bin/sh
# replay.sh REPLAY TWOLINK DIR: on the host, the axiperf-replay commands
# Documentation/replay.rst shows, each with its output, in zynq.sh's
# format: on tools/replay/tests/basic.vcd (20 clocks whose categories are
# known by hand) and on a dump Verilator wrote of two monitored links
# (tests/replay-rtl/twolink.v, 2,000 clocks). The outputs are the same on
# every run: nothing is masked.
R=$1 GEN=$2 D=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../userspace/guest/figcheck.sh"	# cap
mkdir -p "$D" && cp "$here/../../tools/replay/tests/basic.vcd" "$D/" &&
	"$GEN" "$D/twolink" 2000 0x5eed0039 >/dev/null || exit 1
mkdir -p "$D/bin" && ln -sf "$R" "$D/bin/axiperf-replay" || exit 1
cd "$D" || exit 1
PATH=$D/bin:$PATH
cap replay-basic '^$' 'axiperf-replay basic.vcd'
cap replay-csv '^$' 'axiperf-replay --csv basic.vcd | grep -E "^#|read_transaction|rd_bursts"'
cap replay-json '^$' 'axiperf-replay --json basic.vcd | head -12'
cap replay-csv-twolink '^$' 'axiperf-replay --csv twolink.vcd'
cap replay-id-slots '^$' 'axiperf-replay --id-slots 8 --csv twolink.vcd | grep -E "rd_max_responding|read_first_data_latency,|resp_approx"'
cap replay-window '^$' 'axiperf-replay --start 130 --end 200 basic.vcd | grep -E "^#|^rd_|^read_(lag|latency|transaction)"'
cap replay-list '^$' 'axiperf-replay --list twolink.vcd'
cap replay-twolink '^$' 'axiperf-replay twolink.vcd | head -24'
cap replay-latency '^$' 'axiperf-replay --latency --link link0.slv twolink.vcd | sed -n "/latency in clocks/,/write_transaction,/p"'
cap replay-worst '^$' 'axiperf-replay --worst 3 --errors --markers slow.gtkw --link link0.slv twolink.vcd | sed -n "/slowest/,\$p"'
cap replay-markers '^$' 'grep -v "^\[dumpfile\]" slow.gtkw | head -14'
cap replay-interval '^$' 'axiperf-replay --interval 100 --latency basic.vcd | grep -E "^# (basic|axiperf0 tb.dut.m_axi_\\*: from)|^(rd_bursts|wr_bursts|read_transaction|write_transaction) "'
echo "@@@ end"
