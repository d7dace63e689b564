# Alternative: queues.yaml applied unchanged first, then the policy set with `kubectl patch`; the
# answers read only after train-low came back, from the events (the conditions then say
# `Previously: …`): the Preempted event's words "prioritization in the ClusterQueue" mean
# InClusterQueue, and the preemptor is found from its own PreemptedWorkload event.
# expect: all pass
# setup: _step-1.sh
kubectl apply -f queues.yaml
kubectl patch clusterqueue team-a --type merge -p '{"spec":{"preemption":{"withinClusterQueue":"LowerPriority"}}}'
kubectl describe clusterqueue team-a
# setup: _step-3.sh
# setup: _step-4.sh
sleep 70
kubectl -n team-a get events
kubectl -n team-a describe job train-low
LOW=$(kubectl -n team-a get workloads -o name | grep train-low)
kubectl -n team-a get $LOW -o jsonpath='{.status.conditions[?(@.type=="Preempted")].message}'
echo evicted_reason=Preempted > preempted.txt
echo preempted_reason=InClusterQueue >> preempted.txt
echo "preemptor=$(kubectl -n team-a get events -o jsonpath='{range .items[?(@.reason=="PreemptedWorkload")]}{.involvedObject.name}{end}')" >> preempted.txt
cat preempted.txt
