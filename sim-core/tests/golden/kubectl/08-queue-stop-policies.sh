# stopPolicy on a LocalQueue and a ClusterQueue: Hold keeps pending workloads out of the queue,
# HoldAndDrain also evicts the admitted ones; setting None again requeues them.
cd /root/gsb-kueue
kubectl create namespace team-a
cat <<YAML > base.yaml
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
YAML
kubectl apply -f base.yaml
cat <<YAML > job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: JOBNAME
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
sed s/JOBNAME/j1/ job.yaml | kubectl apply -f -
sed s/JOBNAME/j2/ job.yaml | kubectl apply -f -
sleep 5
kubectl get workloads -n team-a
kubectl patch localqueue lq -n team-a --type merge -p '{"spec":{"stopPolicy":"Hold"}}'
sleep 2
kubectl delete job j1 -n team-a
sleep 5
kubectl get workloads -n team-a
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}{range .status.conditions[*]}{"\n  "}{.type}={.status} {.reason}: {.message}{end}{"\n"}{end}'
kubectl get lq lq -n team-a -o jsonpath='{.status.conditions[0].reason}: {.status.conditions[0].message} pending={.status.pendingWorkloads}{"\n"}'
kubectl patch localqueue lq -n team-a --type merge -p '{"spec":{"stopPolicy":"None"}}'
sleep 5
kubectl get workloads -n team-a
kubectl patch localqueue lq -n team-a --type merge -p '{"spec":{"stopPolicy":"HoldAndDrain"}}'
sleep 5
kubectl get workloads -n team-a
kubectl get job j2 -n team-a -o jsonpath='suspend={.spec.suspend}{"\n"}'
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}{range .status.conditions[*]}{"\n  "}{.type}={.status} {.reason}: {.message}{end}{"\n  "}{.status.schedulingStats}{"\n"}{end}'
kubectl patch localqueue lq -n team-a --type merge -p '{"spec":{"stopPolicy":"None"}}'
sleep 5
kubectl get workloads -n team-a
kubectl get workloads -n team-a -o jsonpath='{range .items[*].status.conditions[?(@.type=="Requeued")]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
kubectl patch clusterqueue team-a --type merge -p '{"spec":{"stopPolicy":"HoldAndDrain"}}'
sleep 5
kubectl get workloads -n team-a
kubectl get cq team-a -o jsonpath='{.status.conditions[0].reason}: {.status.conditions[0].message}{"\n"}'
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}{range .status.conditions[*]}{"\n  "}{.type}={.status} {.reason}: {.message}{end}{"\n"}{end}'
kubectl patch clusterqueue team-a --type merge -p '{"spec":{"stopPolicy":"None"}}'
sleep 5
kubectl get workloads -n team-a
kubectl get workloads -n team-a -o jsonpath='{range .items[*].status.conditions[?(@.type=="Requeued")]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
kubectl describe job j2 -n team-a | sed -n '/^Events:/,$p'
kubectl get events -n team-a --field-selector involvedObject.kind=Workload
