# The reference solution: the lab solved the straightforward way.
cd /root/gsb-priority
cat <<'YAML' > priorities.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: low
value: 100
description: "Training that can wait: overnight runs, sweeps"
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: high
value: 1000
description: "Training with a deadline"
YAML
kubectl apply -f priorities.yaml
kubectl get wpc
sed -i 's/^  namespaceSelector: {}$/  namespaceSelector: {}\n  preemption:\n    withinClusterQueue: LowerPriority/' queues.yaml
cat queues.yaml
kubectl apply -f queues.yaml
sleep 2
kubectl get cq,lq -A
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
LOW=$(kubectl -n team-a get workloads -o name | grep train-low)
kubectl -n team-a describe $LOW
HIGH=$(kubectl -n team-a get workloads -o jsonpath='{.items[?(@.metadata.ownerReferences[0].name=="train-high")].metadata.name}')
printf 'evicted_reason=%s\n' "$(kubectl -n team-a get $LOW -o jsonpath='{.status.conditions[?(@.type=="Evicted")].reason}')" > preempted.txt
printf 'preempted_reason=%s\n' "$(kubectl -n team-a get $LOW -o jsonpath='{.status.conditions[?(@.type=="Preempted")].reason}')" >> preempted.txt
printf 'preemptor=%s\n' "$HIGH" >> preempted.txt
cat preempted.txt
sleep 75
kubectl -n team-a get jobs,workloads,pods
