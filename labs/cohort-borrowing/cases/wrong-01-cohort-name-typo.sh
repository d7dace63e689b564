# Common mistake: team-b's cohortName misspelled (`gpu-pol`). Kueue accepts it — a second,
# implicit cohort with team-b alone — so team-b cannot borrow and b-3, b-4 wait.
# expect: queues fail "cq-b.yaml`: `cohortName` should be \"gpu-pool\" but is \"gpu-pol\""
# expect: queues fail ko "`cohortName` 이 \"gpu-pool\" 이어야 하는데 지금은 \"gpu-pol\""
# expect: local-queues pass
# expect: borrow fail "is not admitted yet (QuotaReserved: WaitingForQuota — couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor fake-gpu, 1 more needed)"
# setup: _steps-1-2.sh
sed -i 's/gpu-pool/gpu-pol/' cq-b.yaml
kubectl apply -f cq-b.yaml
kubectl get clusterqueues
# setup: _step-3.sh
