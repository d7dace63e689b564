# Common mistake: preempted.txt gives the Evicted reason for the Preempted condition too.
# expect: preempt pass
# expect: read-eviction fail "says preempted_reason = \"Preempted\"; expected \"InClusterQueue\""
# expect: read-eviction fail ko "Preempted 조건은 왜 일어났는지(InClusterQueue 등)"
# setup: _step-1.sh
# setup: _step-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
HIGH=$(kubectl -n team-a get workloads -o name | grep train-high | cut -d/ -f2)
printf 'evicted_reason=Preempted\npreempted_reason=Preempted\npreemptor=%s\n' "$HIGH" > preempted.txt
