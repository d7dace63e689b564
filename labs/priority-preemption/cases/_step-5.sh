# Shared beginning for cases (not a case itself): step 5 as the reference solution does it.
LOW=$(kubectl -n team-a get workloads -o name | grep train-low)
kubectl -n team-a describe $LOW
HIGH=$(kubectl -n team-a get workloads -o jsonpath='{.items[?(@.metadata.ownerReferences[0].name=="train-high")].metadata.name}')
printf 'evicted_reason=%s\n' "$(kubectl -n team-a get $LOW -o jsonpath='{.status.conditions[?(@.type=="Evicted")].reason}')" > preempted.txt
printf 'preempted_reason=%s\n' "$(kubectl -n team-a get $LOW -o jsonpath='{.status.conditions[?(@.type=="Preempted")].reason}')" >> preempted.txt
printf 'preemptor=%s\n' "$HIGH" >> preempted.txt
cat preempted.txt
