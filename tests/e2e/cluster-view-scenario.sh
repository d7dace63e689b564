# Two teams share 4 GPUs through the cohort gpu-pool: team-b borrows team-a's idle quota, then
# team-a's high-priority job takes its quota back by preemption. Typed into the browser by
# cluster-view.test.mjs and replayed natively by app/src/cluster_view.rs's tests.
kubectl create namespace team-a
kubectl create namespace team-b
cat <<'EOF' > pool.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: high
value: 1000
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
EOF
kubectl apply -f pool.yaml
cat <<'EOF' > b1.yaml
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
        command: ["sh", "-c", "sleep 600"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f b1.yaml
sed s/b1/b2/ b1.yaml | kubectl apply -f -
sleep 1
sed s/b1/b3/ b1.yaml | kubectl apply -f -
sleep 1
sed s/b1/b4/ b1.yaml | kubectl apply -f -
sleep 5
# -- team-a takes its quota back --
cat <<'EOF' > a1.yaml
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
        command: ["sh", "-c", "sleep 60"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f a1.yaml
sleep 2
