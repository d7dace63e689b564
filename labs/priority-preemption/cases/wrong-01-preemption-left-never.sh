# Common mistake: queues.yaml applied as it came, without the preemption policy. withinClusterQueue
# stays Never: train-high, for all its priority, waits in line and train-low keeps the GPUs.
# expect: priority-classes pass
# expect: queues fail "ClusterQueue `team-a`: `withinClusterQueue` should be \"LowerPriority\" but is \"Never\""
# expect: low-job pass
# expect: preempt fail "ClusterQueue `team-a` has `spec.preemption.withinClusterQueue: Never`, so Kueue makes no room and `train-high` waits for quota instead"
# expect: preempt fail ko "`spec.preemption.withinClusterQueue` 가 Never 라서 Kueue 가 자리를 비우지 않고"
# expect: comeback fail
# setup: _step-1.sh
kubectl apply -f queues.yaml
# setup: _step-3.sh
# setup: _step-4.sh
kubectl -n team-a describe workload $(kubectl -n team-a get workloads -o name | grep train-high | cut -d/ -f2)
sleep 60
