# Shared beginning for cases (not a case itself): steps 1-2 as the reference solution does them.
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
