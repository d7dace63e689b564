# waiting.txt in the learner's own words instead of what the Workload says.
# expect: first-job pass
# expect: queueing fail "does not hold what Workload"
# expect: queueing fail "1 more needed"
# setup: _steps-1-3.sh
# setup: _step-4.sh
sed 's/train-1/train-2/' job-1.yaml > job-2.yaml
sed 's/train-1/train-3/' job-1.yaml > job-3.yaml
kubectl apply -f job-2.yaml -f job-3.yaml
sleep 5
kubectl -n team-a get workloads
echo "train-3 is waiting because the quota is full" > waiting.txt
