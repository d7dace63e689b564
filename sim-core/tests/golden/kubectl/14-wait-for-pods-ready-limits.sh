# waitForPodsReady configured (timeout 2m, backoff 10s, at most 1 requeue): the second timeout
# deactivates the workload (RequeuingLimitExceeded); a pod that fails after being ready turns
# PodsReady to WaitForRecovery, and its replacement to Recovered.
# kueue-config: {"waitForPodsReady": {"timeout": "2m", "requeuingStrategy": {"backoffBaseSeconds": 10, "backoffLimitCount": 1}}}
cd /root/gsb-kueue
kubectl create namespace team-a
cat <<YAML > base.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: nowhere
spec:
  nodeLabels:
    pool: nowhere
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: nowhere
      resources:
      - name: cpu
        nominalQuota: 4
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
  name: stuck
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
          requests:
            cpu: 1
YAML
kubectl apply -f job.yaml
sleep 120
kubectl get workloads -n team-a -o jsonpath='{.items[0].status.requeueState}{"\n"}{range .items[0].status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
sleep 130
kubectl get workloads -n team-a
kubectl get workloads -n team-a -o jsonpath='active={.items[0].spec.active} requeueState={.items[0].status.requeueState}{"\n"}{range .items[0].status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}{.items[0].status.schedulingStats}{"\n"}'
kubectl get events -n team-a --field-selector involvedObject.kind=Workload
kubectl delete job stuck -n team-a
cat <<YAML > rf.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: nowhere
spec: {}
YAML
kubectl apply -f rf.yaml
cat <<YAML > flaky.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: flaky
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
spec:
  backoffLimit: 3
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
        command: ["sh", "-c", "sleep 20; exit 1"]
        resources:
          requests:
            cpu: 1
YAML
kubectl apply -f flaky.yaml
sleep 10
kubectl get workloads -n team-a -o jsonpath='{range .items[0].status.conditions[?(@.type=="PodsReady")]}{.status} {.reason}: {.message}{"\n"}{end}'
sleep 15
kubectl get pods -n team-a
kubectl get workloads -n team-a -o jsonpath='{range .items[0].status.conditions[?(@.type=="PodsReady")]}{.status} {.reason}: {.message}{"\n"}{end}'
sleep 15
kubectl get pods -n team-a
kubectl get workloads -n team-a -o jsonpath='{range .items[0].status.conditions[?(@.type=="PodsReady")]}{.status} {.reason}: {.message}{"\n"}{end}'
