# Conformance: the lab solved, with the reads learners make along the way. Each kubectl line runs
# twice from the same state and virtual time — real kubectl against `kueue-lab api`, and
# pseudo-kubectl inside it — and their stdout, stderr and exit status must be equal.
# Other lines (files, sleep) set the scene for both. (`kubectl version`'s client line names the
# kubectl build, which differs between machines: only the server line is compared.)
kubectl version | grep Server
kubectl get nodes
kubectl get nodes -o wide
kubectl get nodes --show-labels
kubectl get nodes -L nvidia.com/gpu.count,kubernetes.io/arch -L missing
kubectl get ns
kubectl get pods -A
kubectl get pods -n kube-system -o wide
kubectl get pods -A --sort-by=.metadata.name
kubectl get pods -A --field-selector=status.phase=Running --no-headers
kubectl get node lab-node-1 -o jsonpath='{.status.allocatable.nvidia\.com/gpu}{"\n"}'
kubectl get node lab-node-1 -o yaml
kubectl get node lab-node-1 -o json
kubectl describe node lab-node-1
kubectl get rf
kubectl get clusterqueue
kubectl get resourceflavors.kueue.x-k8s.io
kubectl get cq,lq -A
cat <<'EOF' > flavor.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
EOF
kubectl apply -f flavor.yaml
kubectl apply -f flavor.yaml
kubectl get rf
kubectl get rf fake-gpu -o yaml
cat <<'EOF' > cq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu", "memory", "nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: "cpu"
        nominalQuota: 2
      - name: "memory"
        nominalQuota: 2Gi
      - name: "nvidia.com/gpu"
        nominalQuota: 2
EOF
kubectl apply -f cq.yaml
sleep 2
kubectl get cq
kubectl get cq team-a -o yaml
kubectl describe cq team-a
kubectl create namespace team-a
kubectl get ns team-a
cat <<'EOF' > lq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
EOF
kubectl apply -f lq.yaml
sleep 2
kubectl get lq -n team-a
kubectl get localqueue lq -n team-a -o json
kubectl describe lq lq -n team-a
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
        command: ["sh", "-c", "trap 'exit 0' TERM; echo training; sleep 3600 & wait"]
        resources:
          requests:
            cpu: 500m
            memory: 512Mi
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f job-1.yaml
sleep 5
kubectl -n team-a get jobs
kubectl -n team-a get jobs -o wide
kubectl -n team-a get pods
kubectl -n team-a get pods -o wide
kubectl -n team-a get workloads
kubectl -n team-a get job train-1 -o yaml
kubectl -n team-a describe job train-1
kubectl -n team-a logs job/train-1
kubectl -n team-a get pods -l job-name=train-1 -o jsonpath='{.items[0].spec.nodeSelector}'
kubectl -n team-a get events --sort-by=.metadata.creationTimestamp
sed 's/train-1/train-2/' job-1.yaml > job-2.yaml
sed 's/train-1/train-3/' job-1.yaml > job-3.yaml
kubectl apply -f job-2.yaml -f job-3.yaml
kubectl apply -f job-1.yaml -f lq.yaml -f cq.yaml
sleep 5
kubectl -n team-a get workloads
kubectl -n team-a get workloads -o wide
kubectl get cq team-a
kubectl -n team-a get job train-3 -o jsonpath='{.spec.suspend}'
kubectl -n team-a get workloads -o yaml
kubectl -n team-a get workload -o jsonpath='{.items[?(@.metadata.ownerReferences[0].name=="train-3")].status.conditions[?(@.type=="QuotaReserved")].message}'
kubectl -n team-a get workloads -o custom-columns=NAME:.metadata.name,ADMITTED:.status.admission.clusterQueue
cat <<'EOF' > sneaky.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: sneaky
  namespace: team-a
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
kubectl apply -f sneaky.yaml
sleep 5
kubectl -n team-a get jobs
kubectl -n team-a get job sneaky -o jsonpath='{.spec.suspend}'
kubectl get clusterqueue team-a -o json
kubectl get clusterqueue team-a -o jsonpath='{.status.admittedWorkloads} {.status.pendingWorkloads}'
kubectl -n team-a delete job train-1
sleep 5
kubectl -n team-a get workloads
kubectl -n team-a get pods
kubectl get cq,lq -A
kubectl -n team-a create job made-by-create --image=busybox:1.36 -- sleep 30
kubectl -n team-a get job made-by-create -o yaml
kubectl -n team-a label job train-2 team=research
kubectl -n team-a get jobs --show-labels
kubectl -n team-a get jobs -L team -L kueue.x-k8s.io/queue-name -o wide --show-labels
kubectl -n team-a annotate job train-2 note=hello
kubectl -n team-a patch job train-2 --type=merge -p '{"metadata":{"labels":{"team":"ml"}}}'
kubectl -n team-a get jobs -l team=ml
kubectl api-resources
kubectl api-resources --api-group=kueue.x-k8s.io
kubectl api-versions
