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
kubectl get pods -A -o name --sort-by=.status.phase
kubectl get pods -A -o name --sort-by=.foo
kubectl get events -A --field-selector type=Normal --sort-by=.lastTimestamp -o custom-columns=KIND:.involvedObject.kind,REASON:.reason
kubectl get workloads -n team-a -o jsonpath='{.items[*].metadata.name}' --sort-by=.spec.priority
kubectl get ev -n team-a --no-headers | wc -l
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
kubectl describe ns team-a
kubectl describe namespaces
kubectl get quota
kubectl get limits -A
kubectl get resourcequotas,limitranges -n team-a -o name
kubectl describe quota -n team-a
kubectl describe limitrange nothing
kubectl get quota nothing -o yaml
cat <<'EOF' > quota.yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  name: gpus
  namespace: team-a
spec:
  hard:
    requests.nvidia.com/gpu: "2"
EOF
kubectl apply -f quota.yaml
kubectl create -f quota.yaml
kubectl delete quota gpus -n team-a
kubectl top pods -A
kubectl top no
kubectl top foo
kubectl top
kubectl api-resources --api-group=kueue.x-k8s.io
kubectl api-resources --namespaced=false
kubectl api-resources -o wide --api-group=kueue.x-k8s.io
kubectl api-resources -o wide | head -8
kubectl api-resources --verbs=list --namespaced -o name
kubectl api-resources --verbs=create,delete --api-group=kueue.x-k8s.io --no-headers
kubectl delete pods -n team-a -l job-name=train-1 --dry-run=client
kubectl delete workload -n team-a --all --dry-run=server
kubectl get workloads -n team-a -o name
kubectl get wl -A
kubectl get queues -A
kubectl get workloads.kueue.x-k8s.io -n team-a -o name
kubectl get cq -o jsonpath='{.items[*].metadata.name}'
kubectl get cq team-a -o custom-columns=NAME:.metadata.name,PENDING:.status.pendingWorkloads,ADMITTED:.status.admittedWorkloads
kubectl get workloads -A -o wide
kubectl get jobs -A -o custom-columns=NAME:.metadata.name,SUSPEND:.spec.suspend
kubectl get pods -n team-a -o jsonpath='{.items[*].spec.nodeSelector}'
kubectl get rf fake-gpu -o jsonpath='{.spec.nodeLabels}'
kubectl get lq lq -n team-a -o jsonpath='{.status}'
kubectl get nodes -o custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\.com/gpu
kubectl get pods -A --field-selector spec.nodeName=lab-node-1 -o name
kubectl get pods -A -o name | head -3
kubectl get job -n team-a -l kueue.x-k8s.io/queue-name=lq
kubectl get job -n team-a -l 'kueue.x-k8s.io/queue-name notin (other)' -o name
kubectl label ns team-a tier=gpu
kubectl get ns -l tier=gpu --show-labels
kubectl get events -n team-a --field-selector reason=Started -o custom-columns=OBJ:.involvedObject.name,MSG:.message
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.status.admission.clusterQueue}{"\n"}{end}'
kubectl get cq team-a -o yaml
kubectl get cq team-a -o json
kubectl describe cq team-a
kubectl describe workloads -n team-a
kubectl get pods -n team-a -o wide --sort-by=.metadata.creationTimestamp
kubectl get priorityclass -o wide
kubectl wait --for=condition=Admitted workload -n team-a --all --timeout=2s
kubectl get job train-1 -n team-a -o jsonpath='{.status.conditions}'
kubectl get job train-1 -n team-a -o jsonpath-as-json='{.spec.template.spec.containers[0].resources}'
kubectl -n team-a get pods -L job-name
kubectl get cq team-a --show-kind
kubectl get cq --no-headers -o wide
kubectl patch lq lq -n team-a --type=merge -p '{"spec":{"stopPolicy":"Hold"}}'
kubectl get lq -n team-a
kubectl describe lq lq -n team-a
kubectl -n team-a delete workload --all
kubectl -n team-a delete job train-1 train-2
kubectl get workloads -n team-a
