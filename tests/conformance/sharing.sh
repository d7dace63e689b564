# Conformance: sharing — a Cohort, two ClusterQueues borrowing in it, a WorkloadPriorityClass, and a
# high-priority Job reclaiming a GPU by preemption; the new kinds through real kubectl.
kubectl create namespace team-a
kubectl create namespace team-b
cat <<YAML > pool.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata:
  name: gpu-pool
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: high
value: 1000
description: deadline training
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  cohortName: gpu-pool
  namespaceSelector: {}
  preemption:
    reclaimWithinCohort: Any
    withinClusterQueue: LowerPriority
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 2
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  cohortName: gpu-pool
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 2
        borrowingLimit: 2
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-b
spec:
  clusterQueue: team-b
YAML
kubectl apply -f pool.yaml
cat <<YAML > b1.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: b1
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
        command: ["sh", "-c", "echo training; sleep 600"]
        resources:
          requests:
            nvidia.com/gpu: 1
          limits:
            nvidia.com/gpu: 1
YAML
cat <<YAML > b2.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: b2
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
        command: ["sh", "-c", "echo training; sleep 600"]
        resources:
          requests:
            nvidia.com/gpu: 1
          limits:
            nvidia.com/gpu: 1
YAML
cat <<YAML > b3.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: b3
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
        command: ["sh", "-c", "echo training; sleep 600"]
        resources:
          requests:
            nvidia.com/gpu: 1
          limits:
            nvidia.com/gpu: 1
YAML
cat <<YAML > b4.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: b4
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
        command: ["sh", "-c", "echo training; sleep 600"]
        resources:
          requests:
            nvidia.com/gpu: 1
          limits:
            nvidia.com/gpu: 1
YAML
kubectl apply -f b1.yaml
kubectl apply -f b2.yaml
kubectl apply -f b3.yaml
kubectl apply -f b4.yaml
sleep 2
kubectl get cq
kubectl get cq -o wide
kubectl get clusterqueues.kueue.x-k8s.io team-b -o yaml
kubectl get cohorts
kubectl get co gpu-pool -o yaml
kubectl get cohort.kueue.x-k8s.io -o name
kubectl describe cohort gpu-pool
kubectl get wpc
kubectl get workloadpriorityclasses -o wide
kubectl get wpc high -o json
kubectl describe wpc high
kubectl get cq team-b -o jsonpath='{.status.flavorsReservation[0].resources[0].borrowed}'
kubectl get cq -o custom-columns=NAME:.metadata.name,COHORT:.spec.cohortName,RECLAIM:.spec.preemption.reclaimWithinCohort
kubectl describe cq team-b
kubectl -n team-b get workloads
kubectl apply -f a1.yaml
sleep 2
kubectl get workloads -A
kubectl get workloads -A -o wide
kubectl -n team-b get workloads --field-selector status.admission.clusterQueue=team-b
kubectl -n team-b get workloads -o jsonpath='{range .items[*]}{.metadata.name}{" "}{.status.conditions[?(@.type=="Preempted")].reason}{"\n"}{end}'
kubectl -n team-b describe job b4
kubectl -n team-a get events --field-selector reason=PreemptedWorkload
kubectl get events -n team-b --field-selector reason=Preempted
kubectl describe cq team-a
kubectl get cq team-a -o yaml
kubectl delete cohort gpu-pool
kubectl get cohorts
kubectl get cq
cat <<'YAML' > bad-quantity.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: bad-quantity
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default
      resources:
      - name: cpu
        nominalQuota: abc
YAML
kubectl apply -f bad-quantity.yaml
cat <<'YAML' > bad-limits.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: bad-limits
spec:
  namespaceSelector: {}
  preemption:
    borrowWithinCohort:
      policy: LowerPriority
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 2
        borrowingLimit: 1
        lendingLimit: 3
YAML
kubectl apply -f bad-limits.yaml
cat <<'YAML' > bad-cohort.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata:
  name: bad-cohort
spec:
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 2
        lendingLimit: 1
YAML
kubectl apply -f bad-cohort.yaml
cat <<'YAML' > bad-wpc.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: bad-wpc
description: no value
YAML
kubectl apply -f bad-wpc.yaml
