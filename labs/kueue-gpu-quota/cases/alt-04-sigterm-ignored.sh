# Alternative: the training pods ignore SIGTERM (a bare `sleep 3600` as PID 1), so deleting
# train-1 frees its GPU only after the 30 s grace period; train-3 is admitted after that.
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
        command: ["sleep", "3600"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f job-1.yaml
sleep 5
# setup: _step-5.sh
# setup: _step-6.sh
# setup: _step-7.sh
kubectl -n team-a delete job train-1
kubectl -n team-a get workloads
sleep 35
kubectl -n team-a get workloads,pods
