# Conformance: everyday reads around a running lab that the other scripts do not make — describe
# of the Kueue kinds, wide and custom tables, --sort-by (kubectl's own unstable sort: rows with
# equal keys in the order Go's sort leaves them), selectors, kinds the simulator does not serve.
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
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: high
value: 1000
description: "urgent work"
EOF
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
    kueue.x-k8s.io/priority-class: high
spec:
  parallelism: 2
  completions: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sh", "-c", "echo training; sleep 3600"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f job.yaml
sed 's/train-1/train-2/' job.yaml | kubectl apply -f -
sleep 4
kubectl describe lq lq -n team-a
kubectl describe rf fake-gpu
kubectl describe wpc high
kubectl describe job train-1 -n team-a
kubectl get wpc -o wide
kubectl get wpc high -o yaml
kubectl get lq -n team-a -o wide
kubectl get rf -o wide
kubectl get jobs -n team-a -o wide
kubectl get pods -n team-a -o wide
kubectl get pods -n team-a --show-labels
kubectl get pods -n team-a -l 'job-name in (train-1)' -o name
kubectl get pods -n team-a -l '!batch.kubernetes.io/job-name'
kubectl get pods -n team-a --field-selector=status.phase!=Running
kubectl get workloads -n team-a -o custom-columns=NAME:.metadata.name,QUEUE:.spec.queueName,PRIORITY:.spec.priority
kubectl get workloads -n team-a --sort-by=.metadata.creationTimestamp
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}{": "}{.status.conditions[?(@.type=="QuotaReserved")].reason}{"\n"}{end}'
kubectl get events -n team-a --sort-by=.lastTimestamp
kubectl get events -A --sort-by=.metadata.creationTimestamp
kubectl get events -A --sort-by=.count -o wide
kubectl get pods -A --sort-by=.status.phase
kubectl get pods -A --sort-by='{.metadata.name}'
kubectl get pods -A --sort-by=.status.containerStatuses[0].restartCount
kubectl get pods -n kube-system --sort-by=.spec.nodeName
kubectl get pods -A --sort-by=.foo
kubectl get pods -n kube-system --sort-by=.foo
kubectl get workloads -n team-a --sort-by=.spec.priority
kubectl get pods,jobs -n team-a --sort-by=.metadata.name --no-headers
kubectl get jobs train-1 train-2 -n team-a --sort-by=.metadata.name
kubectl get job train-2 -n team-a --sort-by=.foo
kubectl get cq,lq -A --sort-by=.kind
kubectl get events -n team-a --field-selector type=Warning
kubectl get events -n team-a -o wide
kubectl get events -A --field-selector involvedObject.kind=Workload
kubectl get job train-1 -n team-a -o jsonpath='{.spec.template.spec.nodeSelector}{"\n"}'
kubectl get job train-1 -n team-a -o yaml
kubectl get cq team-a -o jsonpath='{.status.flavorsReservation}{"\n"}'
kubectl get cq team-a -o jsonpath='{.status.conditions[0].message}{"\n"}'
kubectl get crd
kubectl get crd clusterqueues.kueue.x-k8s.io -o jsonpath='{.spec.versions[*].name}{"\n"}'
kubectl get priorityclasses
kubectl get pc
kubectl get sa -n team-a
kubectl get cm -n team-a
kubectl get svc -A
kubectl get deploy -A
kubectl get ds -A
kubectl get all -n team-a
kubectl get all -A --no-headers
kubectl top pods -A
kubectl top no
kubectl top foo
kubectl api-resources --api-group=kueue.x-k8s.io
kubectl api-resources --namespaced=false
kubectl delete pods -n team-a -l job-name=train-1 --dry-run=client
kubectl delete workload -n team-a --all --dry-run=server
kubectl get workloads -n team-a -o name
kubectl -n team-a delete job train-1 train-2
kubectl get workloads -n team-a
