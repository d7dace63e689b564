# Common mistake: the team with most workloads admitted besides team-a, read from the wrong column.
# expect: size pass
# expect: borrower fail "team-d"
# setup: _steps-1-2.sh
echo team=team-d > borrower.txt
