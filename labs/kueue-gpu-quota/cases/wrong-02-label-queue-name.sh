# Common mistake 2: the label key written as `queue-name`. The Job skips Kueue and runs anyway.
# expect: flavor pass
# expect: local-queue pass
# expect: first-job fail "the label `kueue.x-k8s.io/queue-name` should be \"lq\" but is (absent)"
# setup: _steps-1-3.sh
sed 's#kueue.x-k8s.io/queue-name: lq#queue-name: lq#' > job-1.yaml <<'EOF'
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
cat job-1.yaml
kubectl apply -f job-1.yaml
sleep 5
kubectl -n team-a get pods
