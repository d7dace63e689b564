# Alternative: the namespace given with -n instead of in the YAML, no cpu/memory requests,
# usage.json and bypass.txt written by hand, waiting.txt holding only the reason.
# expect: all pass
cd /root/gsb-kueue
cat > flavor.yaml <<'EOF'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: fake-gpu}
spec: {nodeLabels: {nvidia.com/gpu.present: "true"}}
EOF
kubectl apply -f flavor.yaml
cat > cq.yaml <<'EOF'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu, memory, nvidia.com/gpu]
    flavors:
    - name: fake-gpu
      resources:
      - {name: cpu, nominalQuota: "2"}
      - {name: memory, nominalQuota: 2048Mi}
      - {name: nvidia.com/gpu, nominalQuota: "2"}
EOF
kubectl apply -f cq.yaml
kubectl create ns team-a
printf 'apiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: lq\nspec:\n  clusterQueue: team-a\n' > lq.yaml
kubectl -n team-a apply -f lq.yaml
cat > job-1.yaml <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: train-1
  labels:
    kueue.x-k8s.io/queue-name: lq
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: t
        image: busybox
        command: ["sleep", "3600"]
        resources:
          limits:
            nvidia.com/gpu: "1"
EOF
kubectl -n team-a apply -f job-1.yaml
sleep 10
sed 's/train-1/train-2/' job-1.yaml | kubectl -n team-a apply -f -
sed 's/train-1/train-3/' job-1.yaml | kubectl -n team-a apply -f -
sleep 5
kubectl -n team-a get workloads
kubectl -n team-a get workloads -o jsonpath='{.items[2].status.conditions[?(@.type=="QuotaReserved")].reason}' > waiting.txt
cat > sneaky.yaml <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: sneaky
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: t
        image: busybox
        command: ["sleep", "3600"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
kubectl -n team-a apply -f sneaky.yaml
sleep 5
echo suspended=false > bypass.txt
echo workload=none >> bypass.txt
echo '{"admitted": 2, "pending": 1, "gpu_reserved": 2}' > usage.json
kubectl -n team-a delete job train-1
sleep 40
kubectl -n team-a get pods
