# Common mistake: an old v1beta1 example's `cohort:` field. v1beta2 refuses the whole ClusterQueue
# (strict decoding: unknown field "spec.cohort"), so neither queue exists.
# expect: queues fail "`/root/gsb-cohort/cq-a.yaml` should not have `cohort`, but it is \"gpu-pool\""
# expect: borrow fail
cd /root/gsb-cohort
kubectl apply -f flavor.yaml
cat <<'YAML' > cq-a.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  cohort: gpu-pool
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
