# Alternative: kubectl create instead of apply, train-2 and train-3 in one multi-document file,
# waiting.txt holding the condition's message, gpu_reserved written as the string "2".
# expect: all pass
# setup: _steps-1-3.sh
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
EOF
kubectl create -f job-1.yaml
sleep 5
sed 's/train-1/train-2/' job-1.yaml > more-jobs.yaml
echo --- >> more-jobs.yaml
sed 's/train-1/train-3/' job-1.yaml >> more-jobs.yaml
kubectl create -f more-jobs.yaml
sleep 5
kubectl -n team-a get workload $(kubectl -n team-a get job train-3 -o jsonpath='{.metadata.annotations.kueue\.x-k8s\.io/workload}') 2>/dev/null
WL=$(kubectl -n team-a get workloads -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}' | grep train-3)
kubectl -n team-a get workload $WL -o jsonpath='{.status.conditions[?(@.type=="QuotaReserved")].message}{"\n"}' > waiting.txt
cat waiting.txt
# setup: _step-6.sh
echo '{"admitted": 2, "pending": 1, "gpu_reserved": "2"}' > usage.json
# setup: _step-8.sh
