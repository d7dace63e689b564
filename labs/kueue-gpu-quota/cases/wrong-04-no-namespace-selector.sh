# The ClusterQueue without `namespaceSelector: {}`.
# expect: flavor pass
# expect: cluster-queue fail "`namespaceSelector` should be {} but is (absent)"
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
kubectl apply -f flavor.yaml
cat <<'EOF' > cq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
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
kubectl apply -f cq.yaml
