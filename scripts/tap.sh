# Sourced by the shell test suites. tap STATUS TEXT [LOG] prints the next
# numbered TAP line, "ok" when STATUS is 0, else "not ok" followed by the
# last lines of LOG if given; $failed is then 1. $n counts the lines.
n=0
failed=0

tap() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=1
		if [ -n "${3:-}" ]; then
			tail -20 "$3" | sed 's/^/# /'
		fi
	fi
}
