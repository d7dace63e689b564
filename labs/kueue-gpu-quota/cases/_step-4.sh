# Shared beginning for cases (not a case itself): step 4 as the reference solution.
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
