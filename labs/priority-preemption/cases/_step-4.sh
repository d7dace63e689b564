# Shared beginning for cases (not a case itself): step 4 as the reference solution does it.
cat <<'YAML' > job-high.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: train-high
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
    kueue.x-k8s.io/priority-class: high
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sh", "-c", "echo deadline training; sleep 60"]
        resources:
          limits:
            nvidia.com/gpu: 2
YAML
kubectl apply -f job-high.yaml
sleep 5
kubectl -n team-a get workloads,pods
