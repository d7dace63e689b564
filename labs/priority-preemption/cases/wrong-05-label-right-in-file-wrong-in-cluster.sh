# Common mistake, in the cluster: job-high.yaml is right, but the Job submitted was made from
# job-low.yaml with only the name changed, so it still carries `priority-class: low` and cannot
# preempt a Workload of equal priority.
# expect: preempt fail "Job `train-high`: the label `kueue.x-k8s.io/priority-class` should be \"high\" but is \"low\""
# setup: _step-1.sh
# setup: _step-2.sh
# setup: _step-3.sh
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
        command: ["sh", "-c", "sleep 60"]
        resources:
          limits:
            nvidia.com/gpu: 2
YAML
sed 's/train-low/train-high/' job-low.yaml | kubectl apply -f -
sleep 5
