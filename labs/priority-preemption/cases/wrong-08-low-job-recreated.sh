# Common mistake: seeing train-low suspended, the learner deletes it and submits it again. The new
# Workload has no preemption history and goes to the back of the line.
# expect: read-eviction pass
# expect: comeback fail "An earlier Workload of Job `train-low` was preempted, but the Job was deleted and created again since"
# expect: comeback fail ko "선점된 Job 은 그대로 두세요"
# setup: _step-1.sh
# setup: _step-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
kubectl -n team-a delete job train-low
kubectl apply -f job-low.yaml
sleep 70
kubectl -n team-a get workloads
