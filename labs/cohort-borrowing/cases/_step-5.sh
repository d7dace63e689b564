# Shared beginning for cases (not a case itself): step 5 as the reference solution does it.
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
