#!/bin/sh
# tap-number.sh: number the unnumbered TAP lines ("ok - x") of a suite made
# of several test bench runs, and end with the plan.
exec awk '
/^ok - / { n++; sub(/^ok - /, "ok " n " - ") }
/^not ok - / { n++; sub(/^not ok - /, "not ok " n " - ") }
{ print; fflush() }
END { print "1.." n }'
