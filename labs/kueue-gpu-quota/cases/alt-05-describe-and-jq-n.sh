# Alternative: waiting.txt is the whole `kubectl describe` of train-3's Workload, bypass.txt and
# usage.json are typed out (jq -n), and the learner looks around a lot in between.
# expect: all pass
# setup: _steps-1-3.sh
# setup: _step-4.sh
kubectl -n team-a get pod -l job-name=train-1 -o jsonpath='{.items[0].spec.nodeSelector}'
kubectl -n team-a apply -f job-1.yaml
sed 's/train-1/train-2/' job-1.yaml > job-2.yaml
kubectl apply -f job-2.yaml
sed 's/train-1/train-3/' job-1.yaml > job-3.yaml
kubectl apply -f job-3.yaml
sleep 3
kubectl -n team-a describe workloads > all-workloads.txt
grep -B 2 -A 2 WaitingForQuota all-workloads.txt > waiting.txt
cat waiting.txt
kubectl -n team-a get job train-3 -o jsonpath='{.spec.suspend}'
# setup: _step-6.sh
printf 'suspended=false\nworkload=none\n' > bypass.txt
jq -n '{admitted: 2, pending: 1, gpu_reserved: 2}' > usage.json
kubectl -n team-a delete job/train-1
kubectl -n team-a wait --for=condition=Admitted workload --all --timeout=30s
sleep 5
