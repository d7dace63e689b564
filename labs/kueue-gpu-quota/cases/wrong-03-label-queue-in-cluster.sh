# Common mistake 2, in the cluster: job-1.yaml is right but the Job running is one made with
# the label key `queue` — Kueue never sees it.
# expect: first-job fail "has no `kueue.x-k8s.io/queue-name` label, so Kueue does not manage it (queue)"
# expect: first-job fail ko "라벨이 없어 Kueue 가 맡지 않습니다"
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
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
sed 's#kueue.x-k8s.io/queue-name: lq#queue: lq#' job-1.yaml | kubectl apply -f -
sleep 5
