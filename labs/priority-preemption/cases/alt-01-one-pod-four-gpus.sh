# Alternative: train-low as one pod holding all 4 GPUs, train-high a 45 s run, the priority classes
# created with `kubectl create -f -` from a heredoc (priorities.yaml written with tee), the policy
# added by rewriting queues.yaml whole, and preempted.txt typed by hand after reading `describe` and
# matching the UID in the message against the Workloads' UIDs.
# expect: all pass
cd /root/gsb-priority
cat <<'YAML' | tee priorities.yaml | kubectl create -f -
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: high
value: 1000
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: low
value: 100
YAML
cat <<'YAML' > queues.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: team-a
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  preemption:
    withinClusterQueue: LowerPriority
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: "nvidia.com/gpu"
        nominalQuota: 4
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
YAML
kubectl apply -f queues.yaml
cat <<'YAML' > job-low.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: train-low
  namespace: team-a
  labels:
    kueue.x-k8s.io/priority-class: low
    kueue.x-k8s.io/queue-name: lq
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sh", "-c", "trap 'exit 0' TERM; sleep 3600 & wait"]
        resources:
          limits:
            nvidia.com/gpu: 4
YAML
kubectl create -f job-low.yaml
sleep 8
cat <<'YAML' > job-high.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: train-high
  namespace: team-a
  labels:
    kueue.x-k8s.io/priority-class: high
    kueue.x-k8s.io/queue-name: lq
spec:
  backoffLimit: 0
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sleep", "45"]
        resources:
          requests:
            nvidia.com/gpu: 2
          limits:
            nvidia.com/gpu: 2
YAML
kubectl create -f job-high.yaml
sleep 4
kubectl -n team-a get workloads
kubectl -n team-a describe workloads
kubectl -n team-a get workloads -o custom-columns=NAME:.metadata.name,UID:.metadata.uid
printf 'evicted_reason=Preempted\npreempted_reason=InClusterQueue\npreemptor=%s\n' "$(kubectl -n team-a get workloads -o custom-columns=NAME:.metadata.name --no-headers | grep train-high)" > preempted.txt
sleep 60
kubectl -n team-a get jobs,pods
