# train-1 asks for no GPU.
# expect: first-job fail "the limit `nvidia.com/gpu` of a container should be 1 but is (absent)"
# setup: _steps-1-3.sh
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
        command: ["sleep", "3600"]
EOF
kubectl apply -f job-1.yaml
sleep 5
