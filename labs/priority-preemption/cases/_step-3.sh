# Shared beginning for cases (not a case itself): step 3 as the reference solution does it.
cat <<'YAML' > job-low.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: train-low
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
    kueue.x-k8s.io/priority-class: low
spec:
  parallelism: 4
  completions: 4
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sh", "-c", "trap 'exit 0' TERM; echo overnight training; sleep 3600 & wait"]
        resources:
          limits:
            nvidia.com/gpu: 1
YAML
kubectl apply -f job-low.yaml
sleep 5
kubectl -n team-a get workloads,pods
