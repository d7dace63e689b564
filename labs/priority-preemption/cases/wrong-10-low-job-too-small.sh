# Common mistake: train-low with 2 pods instead of 4. Two GPUs stay free, train-high simply fits,
# and nothing is preempted.
# expect: low-job fail "the resource usage `nvidia.com/gpu` of a pod set should be 4 but is \"2\" — train-low alone must reserve all 4 GPUs"
# expect: preempt fail "`train-high` was admitted without evicting anything, because the quota had room left"
# setup: _step-1.sh
# setup: _step-2.sh
sed 's/: 4$/: 2/' > job-low.yaml <<'YAML'
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
        command: ["sh", "-c", "trap 'exit 0' TERM; sleep 3600 & wait"]
        resources:
          limits:
            nvidia.com/gpu: 1
YAML
kubectl apply -f job-low.yaml
sleep 5
# setup: _step-4.sh
