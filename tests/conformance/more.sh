# Conformance: more of what learners type once the lab runs — describe of pods and workloads,
# events, dry runs, deletes from files, wait timeouts, selectors, output formats.
cat <<'EOF' > setup.yaml
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
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
EOF
kubectl apply -f setup.yaml --dry-run=client
kubectl apply -f setup.yaml --dry-run=server
kubectl apply -f setup.yaml
sleep 2
cat <<'EOF' > job.yaml
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
          limits:
            nvidia.com/gpu: 1
EOF
kubectl create -f job.yaml
kubectl create -f job.yaml
sed 's/train-1/train-2/' job.yaml | kubectl apply -f -
sed 's/train-1/big/; s/nvidia.com\/gpu: 1/nvidia.com\/gpu: 3/' job.yaml | kubectl apply -f -
sleep 5
kubectl -n team-a get all
kubectl -n team-a get pods -o name
kubectl -n team-a get jobs -o name
kubectl -n team-a get jobs -o json
kubectl -n team-a get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.nodeName}{"\n"}{end}'
kubectl -n team-a get pods --sort-by=.metadata.name -o custom-columns=NAME:.metadata.labels.job-name,PHASE:.status.phase
kubectl -n team-a describe pods -l job-name=train-1
kubectl -n team-a describe workloads
kubectl -n team-a logs -l job-name=train-1
kubectl -n team-a get workloads -o wide
kubectl get cq -o wide
kubectl get lq -A -o yaml
kubectl get events -n team-a --field-selector=reason=ExceedsMaxQuota
kubectl -n team-a get events --field-selector involvedObject.kind=Job --sort-by=.metadata.name
kubectl -n team-a wait --for=condition=complete job/train-1 --timeout=1s
kubectl -n team-a wait --for=jsonpath='{.spec.suspend}'=false job/train-2 --timeout=5s
kubectl -n team-a label job train-1 team=a
kubectl -n team-a label job train-1 team=b
kubectl -n team-a label job train-1 team=b --overwrite
kubectl -n team-a label job train-1 team-
kubectl -n team-a annotate job train-1 owner=me
kubectl -n team-a delete job big --dry-run=server
kubectl -n team-a get job big
kubectl delete -f job.yaml
kubectl -n team-a get jobs
kubectl delete -f job.yaml
kubectl -n team-a delete job train-2 --wait=false
kubectl delete lq lq -n team-a
kubectl get lq -A
