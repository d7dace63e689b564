# Alternative: the ledger in one go with a jsonpath range over both queues, the limits applied to
# the cluster with `kubectl patch` (the files edited as well, as the steps ask), and a-1 submitted
# early, right after b-5 started waiting: it still gets team-a's idle GPU at once.
# expect: all pass
# setup: _steps-1-2.sh
# setup: _step-3.sh
kubectl get cq -o jsonpath='{range .items[*]}{.metadata.name}.total={.status.flavorsReservation[0].resources[0].total}{"\n"}{.metadata.name}.borrowed={.status.flavorsReservation[0].resources[0].borrowed}{"\n"}{end}' > ledger.txt
cat ledger.txt
sed -i 's/        nominalQuota: 2/        nominalQuota: 2\n        borrowingLimit: 1/' cq-b.yaml
kubectl patch clusterqueue team-b --type merge -p '{"spec":{"resourceGroups":[{"coveredResources":["nvidia.com/gpu"],"flavors":[{"name":"fake-gpu","resources":[{"name":"nvidia.com/gpu","nominalQuota":2,"borrowingLimit":1}]}]}]}}'
kubectl -n team-b delete job b-4
sed 's/b-1/b-5/' job.yaml | kubectl apply -f -
sleep 3
sed 's/b-1/a-1/; s/team-b/team-a/' job.yaml | kubectl apply -f -
sleep 3
kubectl get workloads -A
sed -i 's/        nominalQuota: 2/        nominalQuota: 2\n        lendingLimit: 1/' cq-a.yaml
kubectl patch clusterqueue team-a --type merge -p '{"spec":{"resourceGroups":[{"coveredResources":["nvidia.com/gpu"],"flavors":[{"name":"fake-gpu","resources":[{"name":"nvidia.com/gpu","nominalQuota":2,"lendingLimit":1}]}]}]}}'
sed -i 's/borrowingLimit: 1/borrowingLimit: 2/' cq-b.yaml
kubectl patch clusterqueue team-b --type merge -p '{"spec":{"resourceGroups":[{"coveredResources":["nvidia.com/gpu"],"flavors":[{"name":"fake-gpu","resources":[{"name":"nvidia.com/gpu","nominalQuota":2,"borrowingLimit":2}]}]}]}}'
sleep 5
kubectl get cq -o wide
