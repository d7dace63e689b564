# Conformance: the visibility API through kubectl get --raw — a ClusterQueue's and a
# LocalQueue's pending workloads in queue order, limit and offset, v1beta1, unknown queues.
cat <<'EOF' > base.yaml
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
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 1
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
  name: lq2
  namespace: team-a
spec:
  clusterQueue: team-a
EOF
kubectl create namespace team-a
kubectl apply -f base.yaml
cat <<'EOF' > job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: JOBNAME
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: QUEUE
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
        command: ["sleep", "600"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
sed -e s/JOBNAME/j1/ -e s/QUEUE/lq/ job.yaml > j1.yaml
sed -e s/JOBNAME/j2/ -e s/QUEUE/lq/ job.yaml > j2.yaml
sed -e s/JOBNAME/j3/ -e s/QUEUE/lq/ job.yaml > j3.yaml
sed -e s/JOBNAME/j4/ -e s/QUEUE/lq2/ job.yaml > j4.yaml
kubectl apply -f j1.yaml
sleep 1
kubectl apply -f j2.yaml
sleep 1
kubectl apply -f j3.yaml
sleep 1
kubectl apply -f j4.yaml
sleep 3
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/team-a/pendingworkloads
kubectl get --raw '/apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/team-a/pendingworkloads?limit=1&offset=1'
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues/lq/pendingworkloads
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta1/namespaces/team-a/localqueues/lq2/pendingworkloads
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/nope/pendingworkloads
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues/nope/pendingworkloads
kubectl get --raw '/apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/team-a/pendingworkloads?limit=0'
kubectl get --raw '/apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/team-a/pendingworkloads?offset=5'
kubectl get --raw '/apis/visibility.kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues/lq/pendingworkloads?offset=1'
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta1/clusterqueues/team-a/pendingworkloads
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1alpha1/clusterqueues/team-a/pendingworkloads
cat <<'EOF2' > urgent.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: urgent
value: 1000
EOF2
kubectl apply -f urgent.yaml
sed -e s/JOBNAME/j5/ -e s/QUEUE/lq2/ job.yaml > j5.yaml
kubectl apply -f j5.yaml
kubectl label job j5 -n team-a kueue.x-k8s.io/priority-class=urgent
sleep 2
kubectl get workloads -n team-a
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/team-a/pendingworkloads
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues/lq2/pendingworkloads
kubectl delete job j1 -n team-a
sleep 3
kubectl get workloads -n team-a
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/team-a/pendingworkloads
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues/lq/pendingworkloads
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/namespaces/default/localqueues/lq/pendingworkloads
# The group in discovery: api-versions, api-resources (nothing: its resources have no verbs or are
# subresources), the group's and its versions' discovery documents.
kubectl api-versions
kubectl api-resources --api-group=visibility.kueue.x-k8s.io
kubectl api-resources --api-group=visibility.kueue.x-k8s.io -o name
kubectl get --raw /apis/visibility.kueue.x-k8s.io
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta1
