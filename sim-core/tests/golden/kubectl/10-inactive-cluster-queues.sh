# A ClusterQueue naming a missing AdmissionCheck, or using a TAS flavor whose Topology the
# simulator cannot serve, is inactive; what the simulator does not model says so.
cd /root/gsb-kueue
kubectl create namespace team-a
cat <<YAML > cq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: tas
spec:
  topologyName: default
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: checked
spec:
  namespaceSelector: {}
  admissionChecksStrategy:
    admissionChecks:
    - name: prov
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 1
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: topo
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: tas
      resources:
      - name: cpu
        nominalQuota: 1
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: checked
YAML
kubectl apply -f cq.yaml
sleep 2
kubectl get cq
kubectl get cq -o jsonpath='{range .items[*]}{.metadata.name}: {.status.conditions[0].reason}: {.status.conditions[0].message}{"\n"}{end}'
cat <<YAML > job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: j1
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
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
YAML
kubectl apply -f job.yaml
sleep 3
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}: {.status.conditions[0].reason}: {.status.conditions[0].message}{"\n"}{end}'
cat <<YAML > ac.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: AdmissionCheck
metadata:
  name: prov
spec:
  controllerName: kueue.x-k8s.io/provisioning-request
YAML
kubectl apply -f ac.yaml
sleep 2
kubectl get cq checked -o jsonpath='{.status.conditions[0].reason}: {.status.conditions[0].message}{"\n"}'
cat <<YAML > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: plain
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
spec:
  containers:
  - name: main
    image: busybox
    command: ["sleep", "600"]
YAML
kubectl apply -f pod.yaml
kubectl get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/checked/pendingworkloads
cat <<YAML > taint.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: tainted
spec:
  nodeTaints:
  - key: spot
    value: true
    effect: NoSchedule
YAML
kubectl apply -f taint.yaml
cat <<YAML > rules.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: rules
spec:
  namespaceSelector: {}
  preemption:
    reclaimWithinCohort: Never
    borrowWithinCohort:
      policy: LowerPriority
  flavorFungibility:
    whenCanBorrow: MayStopSearch
    preference: BorrowingOverPreemption
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: tas
      resources:
      - name: cpu
        nominalQuota: 1
YAML
kubectl apply -f rules.yaml
