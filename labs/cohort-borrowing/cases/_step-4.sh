# Shared beginning for cases (not a case itself): step 4 as the reference solution does it.
P='{.status.flavorsReservation[0].resources[0]'
printf 'team-a.total=%s\n' "$(kubectl get cq team-a -o jsonpath="$P.total}")" > ledger.txt
printf 'team-a.borrowed=%s\n' "$(kubectl get cq team-a -o jsonpath="$P.borrowed}")" >> ledger.txt
printf 'team-b.total=%s\n' "$(kubectl get cq team-b -o jsonpath="$P.total}")" >> ledger.txt
printf 'team-b.borrowed=%s\n' "$(kubectl get cq team-b -o jsonpath="$P.borrowed}")" >> ledger.txt
cat ledger.txt
