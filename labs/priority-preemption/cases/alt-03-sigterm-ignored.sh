# Alternative: train-low's pods ignore SIGTERM (a bare `sleep 3600`). Kueue releases the quota as
# soon as the Job is suspended, so train-high is admitted at once, but its pod stays Pending until
# the old pods' 30 s grace period ends and the GPUs are free on the node; train-low returns after.
# expect: all pass
# setup: _step-1.sh
# setup: _step-2.sh
sed 's/command: .*/command: ["sleep", "3600"]/' > job-low.yaml <<'YAML'
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
        command: []
        resources:
          limits:
            nvidia.com/gpu: 1
YAML
kubectl apply -f job-low.yaml
sleep 5
# setup: _step-4.sh
kubectl -n team-a get pods
kubectl -n team-a describe pod -l job-name=train-high
# setup: _step-5.sh
sleep 40
kubectl -n team-a get pods
sleep 60
kubectl -n team-a get jobs,workloads,pods
