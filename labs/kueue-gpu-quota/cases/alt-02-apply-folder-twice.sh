# Alternative: every manifest written first (the namespace as a file too), then `kubectl apply -f .`
# twice: the first pass fails for the LocalQueue (its namespace is created after it, in file
# order) and the ClusterQueue waits for its flavor; the second pass fixes both.
# expect: all pass
cd /root/gsb-kueue
cat > ns.yaml <<'EOF'
apiVersion: v1
kind: Namespace
metadata:
  name: team-a
EOF
cat > flavor.yaml <<'EOF'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    "nvidia.com/gpu.present": "true"
EOF
cat > cq.yaml <<'EOF'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu", "memory", "nvidia.com/gpu"]
    flavors:
    - name: "fake-gpu"
      resources:
      - name: "cpu"
        nominalQuota: 2000m
      - name: "memory"
        nominalQuota: 2Gi
      - name: "nvidia.com/gpu"
        nominalQuota: 2
EOF
cat > lq.yaml <<'EOF'
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
EOF
kubectl apply -f .
kubectl apply -f .
sleep 2
kubectl get cq,lq -A
mkdir jobs
cat > job-1.yaml <<'EOF'
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
          requests:
            nvidia.com/gpu: 1
EOF
kubectl apply -f job-1.yaml
kubectl -n team-a wait --for=condition=Ready pod -l job-name=train-1 --timeout=60s
sed 's/train-1/train-2/' job-1.yaml > jobs/job-2.yaml
sed 's/train-1/train-3/' job-1.yaml > jobs/job-3.yaml
kubectl apply -f jobs/
sleep 5
kubectl -n team-a describe $(kubectl -n team-a get workloads -o name | grep train-3) > waiting.txt
# setup: _step-6.sh
kubectl get cq team-a -o json | jq -c '{admitted: .status.admittedWorkloads, pending: .status.pendingWorkloads, gpu_reserved: .status.flavorsReservation[0].resources[2].total}' > usage.json
cat usage.json
# setup: _step-8.sh
