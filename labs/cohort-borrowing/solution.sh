# The reference solution: the lab solved the straightforward way.
cd /root/gsb-cohort
kubectl apply -f flavor.yaml
cat <<'YAML' > cq-a.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  cohortName: gpu-pool
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: "nvidia.com/gpu"
        nominalQuota: 2
YAML
sed 's/team-a/team-b/' cq-a.yaml > cq-b.yaml
kubectl apply -f cq-a.yaml -f cq-b.yaml
kubectl get clusterqueues
kubectl create namespace team-a
kubectl create namespace team-b
cat <<'YAML' > lq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-b
spec:
  clusterQueue: team-b
YAML
kubectl apply -f lq.yaml
kubectl get localqueues -A
kubectl apply -f job.yaml
sed 's/b-1/b-2/' job.yaml | kubectl apply -f -
sed 's/b-1/b-3/' job.yaml | kubectl apply -f -
sed 's/b-1/b-4/' job.yaml | kubectl apply -f -
sleep 5
kubectl get workloads -A
P='{.status.flavorsReservation[0].resources[0]'
printf 'team-a.total=%s\n' "$(kubectl get cq team-a -o jsonpath="$P.total}")" > ledger.txt
printf 'team-a.borrowed=%s\n' "$(kubectl get cq team-a -o jsonpath="$P.borrowed}")" >> ledger.txt
printf 'team-b.total=%s\n' "$(kubectl get cq team-b -o jsonpath="$P.total}")" >> ledger.txt
printf 'team-b.borrowed=%s\n' "$(kubectl get cq team-b -o jsonpath="$P.borrowed}")" >> ledger.txt
cat ledger.txt
cat <<'YAML' > cq-b.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  cohortName: gpu-pool
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: "nvidia.com/gpu"
        nominalQuota: 2
        borrowingLimit: 1
YAML
kubectl apply -f cq-b.yaml
kubectl get workloads -n team-b
kubectl -n team-b delete job b-4
sed 's/b-1/b-5/' job.yaml | kubectl apply -f -
sleep 5
kubectl -n team-b get workloads
sed -i 's/        nominalQuota: 2/        nominalQuota: 2\n        lendingLimit: 1/' cq-a.yaml
kubectl apply -f cq-a.yaml
sed -i 's/borrowingLimit: 1/borrowingLimit: 2/' cq-b.yaml
kubectl apply -f cq-b.yaml
sleep 5
kubectl get workloads -A
sed 's/b-1/a-1/; s/team-b/team-a/' job.yaml | kubectl apply -f -
sleep 5
kubectl get workloads -A
kubectl get cq -o wide
