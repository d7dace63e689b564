# Choosing a flavor: the least severe no-fit reason across flavors, required nodeAffinity in the
# flavor selector ("Flavors considered" on QuotaReserved), and a namespace relabel requeueing.
cd /root/gsb-kueue
kubectl create namespace team-a
cat <<YAML > base.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: spot
spec:
  nodeLabels:
    instance: spot
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
  namespaceSelector:
    matchLabels:
      team: a
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: spot
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 2
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
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions:
              - key: instance
                operator: NotIn
                values: ["spot"]
      containers:
      - name: main
        image: busybox
        command: ["sleep", "600"]
        resources:
          limits:
            nvidia.com/gpu: GPUS
YAML
sed -e s/JOBNAME/big/ -e s/GPUS/2/ job.yaml | kubectl apply -f -
sed -e s/JOBNAME/small/ -e s/GPUS/1/ job.yaml | kubectl apply -f -
sleep 3
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}: {.status.conditions[0].reason}: {.status.conditions[0].message}{"\n"}{end}'
kubectl label namespace team-a team=a
sleep 3
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}: {.status.conditions[0].reason}: {.status.conditions[0].message}{"\n"}{end}'
kubectl get events -n team-a --field-selector involvedObject.kind=Workload
