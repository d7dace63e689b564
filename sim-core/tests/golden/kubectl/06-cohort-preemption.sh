# Two teams share a GPU pool through a cohort: borrowing, then reclaim by preemption.
cd /root/gsb-kueue
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
sleep 1
kubectl apply -f b3.yaml
sleep 1
kubectl apply -f b4.yaml
sleep 5
kubectl get cq
kubectl get cq -o wide
kubectl get cohorts
kubectl get wpc
kubectl -n team-b get workloads
kubectl get cq team-b -o jsonpath='{.status.flavorsReservation[0].resources[0]}'; echo
kubectl describe workload -n team-b $(kubectl get workloads -n team-b -o name | tail -1 | cut -d/ -f2) | tail -3
cat <<YAML > a1.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: a1
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
        command: ["sh", "-c", "echo training; sleep 60"]
        resources:
          requests:
            nvidia.com/gpu: 1
          limits:
            nvidia.com/gpu: 1
YAML
kubectl apply -f a1.yaml
sleep 2
kubectl get workloads -A
kubectl get pods -n team-b
kubectl describe workload -n team-b $(kubectl get workloads -n team-b -o name | tail -1 | cut -d/ -f2)
kubectl describe job b4 -n team-b | tail -12
kubectl get events -n team-a --field-selector reason=PreemptedWorkload
kubectl kueue list workload -A
sleep 40
kubectl get pods -A | grep team
kubectl get cq
sleep 60
kubectl get workloads -A
kubectl get cq team-b -o jsonpath='{.status.flavorsReservation[0].resources[0]}'; echo
