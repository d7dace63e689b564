# The reference solution: the lab solved the straightforward way.
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
EOF
kubectl apply -f cq.yaml
kubectl create namespace team-a
cat <<'EOF' > lq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
EOF
kubectl apply -f lq.yaml
cat <<'EOF' > job-1.yaml
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
        command: ["sh", "-c", "trap 'exit 0' TERM; echo training; sleep 3600 & wait"]
        resources:
          requests:
            cpu: 500m
            memory: 512Mi
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f job-1.yaml
sleep 5
kubectl -n team-a get workloads,pods
sed 's/train-1/train-2/' job-1.yaml > job-2.yaml
sed 's/train-1/train-3/' job-1.yaml > job-3.yaml
kubectl apply -f job-2.yaml -f job-3.yaml
sleep 5
kubectl -n team-a get workloads
kubectl -n team-a get workload -o jsonpath='{.items[?(@.metadata.ownerReferences[0].name=="train-3")].status.conditions[?(@.type=="QuotaReserved")].message}' > waiting.txt
cat waiting.txt
cat <<'EOF' > sneaky.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: sneaky
  namespace: team-a
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sleep", "3600"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f sneaky.yaml
sleep 5
kubectl -n team-a get jobs
printf 'suspended=%s\nworkload=none\n' "$(kubectl -n team-a get job sneaky -o jsonpath='{.spec.suspend}')" > bypass.txt
cat bypass.txt
kubectl get clusterqueue team-a -o json | jq '{admitted: .status.admittedWorkloads, pending: .status.pendingWorkloads, gpu_reserved: (.status.flavorsReservation[0].resources[] | select(.name == "nvidia.com/gpu") | .total | tonumber)}' > usage.json
cat usage.json
kubectl -n team-a delete job train-1
sleep 5
kubectl -n team-a get workloads,pods
