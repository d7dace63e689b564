# Common mistake: the first lab's Job pasted in, with cpu and memory requests. These queues cover
# only nvidia.com/gpu, so Kueue finds no flavor for cpu and the Job never gets in.
# expect: borrow fail "is not admitted yet (QuotaReserved: NoMatchingFlavor — couldn't assign flavors to pod set main: resource cpu unavailable in ClusterQueue)"
# expect: borrow fail ko "아직 입장하지 못했습니다 (QuotaReserved: NoMatchingFlavor"
# setup: _steps-1-2.sh
cat <<'YAML' > job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: b-1
  namespace: team-b
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
YAML
# setup: _step-3.sh
