# Deleting a Workload (kueue.md: the Job integration). A running Job whose Workload is deleted
# is stopped ("Workload is deleted"), its template restored, and gets a new Workload that queues
# again; the quota it held goes to the Workload that waited. kubectl's wait compares uids, so a
# Workload made again under the same name does not keep `delete` waiting.
cat <<EOF > setup.yaml
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
cat <<EOF > job.yaml
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
kubectl -n team-a get jobs,workloads
kubectl -n team-a delete workload -l kueue.x-k8s.io/job-uid --wait=false -o name | sort
sleep 1
kubectl -n team-a get jobs,workloads
kubectl -n team-a get events --field-selector reason=Stopped
kubectl -n team-a get job train-1 -o jsonpath='{.spec.suspend} {.spec.template.spec.nodeSelector}{"\n"}'
sleep 40
kubectl -n team-a get pods
kubectl -n team-a delete workload --all
kubectl -n team-a get jobs,workloads
# A finished Job's Workload, deleted, takes nothing from the Job: it stays Complete.
kubectl -n team-a delete job train-1 train-2
cat <<EOF > quick.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: quick
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox:1.36
        command: ["sh", "-c", "echo done"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f quick.yaml
kubectl -n team-a wait --for=condition=complete job/quick --timeout=60s
kubectl -n team-a get workloads
kubectl -n team-a delete workload --all
kubectl -n team-a get job quick
kubectl -n team-a get events --field-selector involvedObject.name=quick,reason=Stopped
