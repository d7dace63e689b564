# Conformance: changing things — re-applying changed manifests (configured, the Job template's
# immutability), JSON and strategic patches, deleting a namespace, waiting for deletion.
cat <<'EOF' > setup.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: team-a
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
---
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
      - name: "cpu"
        nominalQuota: 2
      - name: "memory"
        nominalQuota: 2Gi
      - name: "nvidia.com/gpu"
        nominalQuota: 2
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
EOF
kubectl apply -f setup.yaml
sed -i 's/nominalQuota: 2$/nominalQuota: 3/' setup.yaml
kubectl apply -f setup.yaml
kubectl get cq team-a -o jsonpath='{.spec.resourceGroups[0].flavors[0].resources[*].nominalQuota}'
sleep 2
cat <<'EOF' > job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: train-1
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sh", "-c", "trap 'exit 0' TERM; sleep 3600 & wait"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f job.yaml
sleep 3
sed -i 's/busybox:1.36/busybox:1.37/' job.yaml
kubectl apply -f job.yaml
kubectl -n team-a patch job train-1 --type=json -p '[{"op": "add", "path": "/metadata/labels/owner", "value": "me"}]'
kubectl -n team-a patch job train-1 -p '{"metadata":{"annotations":{"note":"strategic"}}}'
kubectl -n team-a patch job train-1 --type=json -p '[{"op": "remove", "path": "/metadata/labels/nothere"}]'
kubectl -n team-a get job train-1 -o jsonpath='{.metadata.labels.owner} {.metadata.annotations.note}'
kubectl patch cq team-a --type=merge -p '{"spec":{"stopPolicy":"Hold"}}'
sleep 2
kubectl get cq team-a
kubectl describe cq team-a
kubectl patch cq team-a --type=merge -p '{"spec":{"stopPolicy":"None"}}'
sleep 2
kubectl get cq team-a
kubectl -n team-a delete job train-1
kubectl -n team-a wait --for=delete job/train-1 --timeout=5s
kubectl delete ns team-a
kubectl get ns team-a
kubectl get lq -A
kubectl delete cq team-a --timeout=20s
kubectl delete rf fake-gpu
kubectl get cq,rf
