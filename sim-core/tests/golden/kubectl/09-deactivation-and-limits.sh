# spec.active=false deactivates a Workload; max-exec-time-seconds deactivates it once it has run
# that long; a WorkloadPriorityClass named default labels Jobs that name none.
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
  name: default
value: 100
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
sed -e s/JOBNAME/limited/ -e 's/queue-name: lq/queue-name: lq\n    kueue.x-k8s.io\/max-exec-time-seconds: "20"/' job.yaml | kubectl apply -f -
sleep 5
kubectl get job j1 -n team-a --show-labels
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}: priority={.spec.priority} class={.spec.priorityClassRef.name} max={.spec.maximumExecutionTimeSeconds}{"\n"}{end}'
kubectl get workloads -n team-a
WL=$(kubectl get workloads -n team-a -l kueue.x-k8s.io/job-uid=$(kubectl get job j1 -n team-a -o jsonpath='{.metadata.uid}') -o name)
kubectl patch $WL -n team-a --type merge -p '{"spec":{"active":false}}'
sleep 5
kubectl get workloads -n team-a
kubectl get job j1 -n team-a -o jsonpath='suspend={.spec.suspend}{"\n"}'
kubectl get $WL -n team-a -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}{.status.schedulingStats}{"\n"}'
kubectl patch $WL -n team-a --type merge -p '{"spec":{"active":true}}'
sleep 5
kubectl get workloads -n team-a
kubectl get $WL -n team-a -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
sleep 15
kubectl get workloads -n team-a
kubectl get job limited -n team-a -o jsonpath='suspend={.spec.suspend}{"\n"}'
kubectl describe job limited -n team-a | sed -n '/^Events:/,$p'
LIM=$(kubectl get workloads -n team-a -l kueue.x-k8s.io/job-uid=$(kubectl get job limited -n team-a -o jsonpath='{.metadata.uid}') -o name)
kubectl get $LIM -n team-a -o jsonpath='active={.spec.active}{"\n"}{range .status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}{.status.schedulingStats}{"\n"}'
kubectl describe $LIM -n team-a | sed -n '/^Events:/,$p'
