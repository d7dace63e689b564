# The ClusterQueue's flavor misspelled `fake-gpus`: the ClusterQueue stays inactive (FlavorNotFound),
# and the checks say that, not that a quota is absent.
# expect: flavor pass
# expect: cluster-queue fail "`/root/gsb-kueue/cq.yaml` has no `fake-gpu` in `flavors` (it has `fake-gpus`)"
# expect: local-queue fail "LocalQueue `lq` cannot take work: ClusterQueue `team-a` is not Active because ResourceFlavor \"fake-gpus\" does not exist"
# expect: first-job fail "cannot be admitted: ClusterQueue `team-a` is not Active because ResourceFlavor \"fake-gpus\" does not exist. A flavor's `name` must match a name in `kubectl get resourceflavors` exactly (FlavorNotFound: Can't admit new workloads: references missing ResourceFlavor(s): fake-gpus.)"
# expect: first-job fail ko "ClusterQueue `team-a` 가 Active 가 아닙니다. ResourceFlavor \"fake-gpus\" 가 없기 때문입니다"
cd /root/gsb-kueue
cat <<'EOF2' > flavor.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
EOF2
kubectl apply -f flavor.yaml
cat <<'EOF2' > cq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu", "memory", "nvidia.com/gpu"]
    flavors:
    - name: fake-gpus
      resources:
      - name: "cpu"
        nominalQuota: 2
      - name: "memory"
        nominalQuota: 2Gi
      - name: "nvidia.com/gpu"
        nominalQuota: 2
EOF2
kubectl apply -f cq.yaml
kubectl create namespace team-a
cat <<'EOF2' > lq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
EOF2
kubectl apply -f lq.yaml
# setup: _step-4.sh
