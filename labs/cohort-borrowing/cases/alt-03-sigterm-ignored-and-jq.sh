# Alternative: the Jobs ignore SIGTERM (a bare `sleep 3600`), so deleting b-4 frees its GPU on the
# node only after the 30 s grace period (Kueue releases the quota at once); the ledger is built
# with jq; the queues are written in flow style (`{name: team-a}`) and applied together with the
# flavor.
# expect: all pass
cd /root/gsb-cohort
sed -i 's/command: .*/command: ["sleep", "3600"]/' job.yaml
cat job.yaml
cat > cq-a.yaml <<'YAML'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: team-a}
spec:
  cohortName: gpu-pool
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [nvidia.com/gpu]
    flavors:
    - name: fake-gpu
      resources: [{name: nvidia.com/gpu, nominalQuota: 2}]
YAML
sed 's/name: team-a/name: team-b/' cq-a.yaml > cq-b.yaml
kubectl apply -f flavor.yaml -f cq-a.yaml -f cq-b.yaml
kubectl create ns team-a
kubectl create ns team-b
cat > lq.yaml <<'YAML'
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: lq, namespace: team-b}
spec: {clusterQueue: team-b}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: lq, namespace: team-a}
spec: {clusterQueue: team-a}
YAML
kubectl apply -f lq.yaml
kubectl apply -f job.yaml
sed 's/b-1/b-2/' job.yaml | kubectl apply -f -
sed 's/b-1/b-3/' job.yaml | kubectl apply -f -
sed 's/b-1/b-4/' job.yaml | kubectl apply -f -
sleep 8
kubectl get cq -o json | jq -r '.items[] | "\(.metadata.name).total=\(.status.flavorsReservation[0].resources[0].total)", "\(.metadata.name).borrowed=\(.status.flavorsReservation[0].resources[0].borrowed)"' > ledger.txt
cat ledger.txt
sed -i 's/resources: \[{name: nvidia.com\/gpu, nominalQuota: 2}\]/resources: [{name: nvidia.com\/gpu, nominalQuota: 2, borrowingLimit: 1}]/' cq-b.yaml
kubectl apply -f cq-b.yaml
kubectl -n team-b delete job b-4
sed 's/b-1/b-5/' job.yaml | kubectl apply -f -
sleep 5
kubectl -n team-b get pods
sed -i 's/resources: \[{name: nvidia.com\/gpu, nominalQuota: 2}\]/resources: [{name: nvidia.com\/gpu, nominalQuota: 2, lendingLimit: 1}]/' cq-a.yaml
kubectl apply -f cq-a.yaml
sed -i 's/borrowingLimit: 1/borrowingLimit: 2/' cq-b.yaml
kubectl apply -f cq-b.yaml
sed 's/b-1/a-1/; s/team-b/team-a/' job.yaml | kubectl apply -f -
sleep 40
kubectl get workloads -A
kubectl -n team-a get pods
