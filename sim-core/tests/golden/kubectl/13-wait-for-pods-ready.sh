# waitForPodsReady as shipped (timeout 30m, backoff 60s doubling, no limit): a Job whose pods
# cannot start is evicted PodsReadyTimeout, waits out its requeueState backoff, is admitted
# again, and times out again with a doubled backoff.
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
sleep 10
kubectl get pods -n team-a
kubectl get workloads -n team-a -o jsonpath='{range .items[0].status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
sleep 1790
kubectl get workloads -n team-a
kubectl get workloads -n team-a -o jsonpath='{range .items[0].status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
kubectl get workloads -n team-a -o jsonpath='{.items[0].status.requeueState}{"\n"}{.items[0].status.schedulingStats}{"\n"}'
kubectl get job stuck -n team-a -o jsonpath='suspend={.spec.suspend}{"\n"}'
sleep 60
kubectl get workloads -n team-a -o jsonpath='{.items[0].status.requeueState}{"\n"}{range .items[0].status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
kubectl get job stuck -n team-a -o jsonpath='suspend={.spec.suspend}{"\n"}'
sleep 1800
kubectl get workloads -n team-a -o jsonpath='{.items[0].status.requeueState}{"\n"}{.items[0].status.schedulingStats}{"\n"}'
kubectl get events -n team-a --field-selector involvedObject.kind=Workload
kubectl describe job stuck -n team-a | sed -n '/^Events:/,$p'
