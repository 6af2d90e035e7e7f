#!/bin/bash
# fuzz.sh FUZZER SECONDS: a bounded libFuzzer run of the perf CSV reader,
# seeded with the test inputs; one TAP line.
fuzzer=$1
secs=$2
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(dirname "$fuzzer")/fuzz-corpus
mkdir -p "$corpus"
cp "$here"/data/*.csv "$corpus"/ 2>/dev/null
printf '     1.000000000,<not counted>,,axiperf0/rd_beats/,0,0.00,,\n' >"$corpus/seed-interval"
printf 'CPU0,5,,axiperf0/event=0x13/,1,100.00,,\n250000000,ns,duration_time,1,100.00,,\n' >"$corpus/seed-spellings"
log=$(dirname "$fuzzer")/fuzz.log
if "$fuzzer" -max_total_time="$secs" -timeout=5 -rss_limit_mb=1024 \
	-artifact_prefix="$(dirname "$fuzzer")/" "$corpus" >"$log" 2>&1; then
	runs=$(grep -Eo 'Done [0-9]+ runs' "$log" | grep -Eo '[0-9]+')
	echo "ok 1 - fuzz: perf CSV reader survives ${runs:-?} libFuzzer inputs in ${secs}s (ASan+UBSan)"
else
	echo "not ok 1 - fuzz: perf CSV reader crashed, see $log"
	grep -E 'ERROR|SUMMARY|artifact' "$log" | head -5 | sed 's/^/# /'
	exit 1
fi
