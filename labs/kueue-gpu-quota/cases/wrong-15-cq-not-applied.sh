# cq.yaml written but never applied.
# expect: flavor pass
# expect: cluster-queue fail "there is no ClusterQueue `team-a` in the cluster"
# expect: local-queue fail "LocalQueue `lq` is Active=False"
cd /root/gsb-kueue
cat <<'EOF' > flavor.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
EOF
cat <<'EOF' > cq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu", "memory", "nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: cpu
        nominalQuota: 2
      - name: memory
        nominalQuota: 2Gi
      - name: nvidia.com/gpu
        nominalQuota: 2
EOF
cat <<'EOF' > lq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
EOF
kubectl apply -f flavor.yaml
kubectl create namespace team-a
kubectl apply -f lq.yaml
sleep 2
