# Common mistake: the ledger credits the lender: team-a's borrowed written as 2 (what it lent).
# A ClusterQueue's `borrowed` counts only what it takes beyond its own nominal quota.
# expect: borrow pass
# expect: ledger fail "says team-a.borrowed = \"2\"; expected 0 (ClusterQueue team-a's `borrowed` of nvidia.com/gpu reserved in flavor fake-gpu is \"0\" now)"
# expect: ledger fail ko "빌려준 team-a 의 borrowed 는 0 이고"
# setup: _steps-1-2.sh
# setup: _step-3.sh
printf 'team-a.total=0\nteam-a.borrowed=2\nteam-b.total=4\nteam-b.borrowed=2\n' > ledger.txt
