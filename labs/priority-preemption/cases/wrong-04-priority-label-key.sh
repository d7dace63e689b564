# Common mistake: the label key shortened to `kueue.x-k8s.io/priority`. Kueue ignores it, so
# train-high's Workload gets priority 0 and waits behind train-low (priority 100).
# expect: low-job pass
# expect: preempt fail "`/root/gsb-priority/job-high.yaml`: the label `kueue.x-k8s.io/priority-class` should be \"high\" but is (absent)"
# setup: _step-1.sh
# setup: _step-2.sh
# setup: _step-3.sh
sed 's#kueue.x-k8s.io/priority-class: high#kueue.x-k8s.io/priority: high#' > job-high.yaml <<'YAML'
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
        command: ["sh", "-c", "sleep 60"]
        resources:
          limits:
            nvidia.com/gpu: 2
YAML
kubectl apply -f job-high.yaml
sleep 5
kubectl -n team-a get workloads -o custom-columns=NAME:.metadata.name,PRIORITY:.spec.priority,ADMITTED:.status.conditions[1].status
