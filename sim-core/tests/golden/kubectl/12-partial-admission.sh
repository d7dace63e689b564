# Partial admission: kueue.x-k8s.io/job-min-parallelism becomes the pod set's minCount; when the
# full count does not fit, the scheduler searches down for the most pods that fit, the Job runs
# with that parallelism, and stopping it puts the parallelism back.
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
  name: JOBNAME
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
  annotations:
    kueue.x-k8s.io/job-min-parallelism: "MIN"
spec:
  parallelism: PAR
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
sed -e s/JOBNAME/bad1/ -e s/MIN/abc/ -e s/PAR/3/ job.yaml | kubectl apply -f -
sed -e s/JOBNAME/bad2/ -e s/MIN/3/ -e s/PAR/3/ job.yaml | kubectl apply -f -
sed -e s/JOBNAME/bad3/ -e s/MIN/0/ -e s/PAR/3/ job.yaml | kubectl apply -f -
sed -e s/JOBNAME/bad4/ -e s/MIN/+2/ -e s/PAR/1/ job.yaml | kubectl apply -f -
sed -e s/JOBNAME/first/ -e s/MIN/1/ -e s/PAR/3/ job.yaml | kubectl apply -f -
sleep 3
sed -e s/JOBNAME/second/ -e s/MIN/2/ -e s/PAR/5/ job.yaml | kubectl apply -f -
sleep 3
kubectl get workloads -n team-a
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}: count={.spec.podSets[0].count} minCount={.spec.podSets[0].minCount} admitted={.status.admission.podSetAssignments[0].count}{"\n  "}{.status.conditions[?(@.type=="QuotaReserved")].message}{"\n"}{end}'
kubectl delete job first -n team-a
sleep 3
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}: count={.spec.podSets[0].count} minCount={.spec.podSets[0].minCount} admitted={.status.admission.podSetAssignments[0].count} {.status.admission.podSetAssignments[0].resourceUsage}{"\n"}{end}'
kubectl get job second -n team-a -o jsonpath='parallelism={.spec.parallelism} suspend={.spec.suspend}{"\n"}'
kubectl get pods -n team-a
kubectl get cq team-a -o jsonpath='{.status.flavorsUsage[0].resources[0].total}{"\n"}'
kubectl patch job second -n team-a --type merge -p '{"spec":{"parallelism":3}}'
kubectl annotate job second -n team-a kueue.x-k8s.io/job-min-parallelism=7 --overwrite
kubectl patch clusterqueue team-a --type merge -p '{"spec":{"stopPolicy":"HoldAndDrain"}}'
sleep 5
kubectl get job second -n team-a -o jsonpath='parallelism={.spec.parallelism} suspend={.spec.suspend}{"\n"}'
kubectl patch clusterqueue team-a --type merge -p '{"spec":{"stopPolicy":"None"}}'
sleep 5
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}: count={.spec.podSets[0].count} admitted={.status.admission.podSetAssignments[0].count}{"\n"}{end}'
kubectl get job second -n team-a -o jsonpath='parallelism={.spec.parallelism} suspend={.spec.suspend}{"\n"}'
kubectl describe job second -n team-a | sed -n '/^Events:/,$p'
kubectl delete job second -n team-a
cat <<YAML > indexed.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: indexed
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
  annotations:
    kueue.x-k8s.io/job-min-parallelism: "2"
    kueue.x-k8s.io/job-completions-equal-parallelism: "SYNC"
spec:
  completionMode: MODE
  parallelism: 6
  completions: COMPLETIONS
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
sed -e s/SYNC/yes/ -e s/MODE/Indexed/ -e s/COMPLETIONS/6/ indexed.yaml | kubectl apply -f -
sed -e s/SYNC/true/ -e s/MODE/NonIndexed/ -e s/COMPLETIONS/5/ indexed.yaml | kubectl apply -f -
sed -e s/SYNC/true/ -e s/MODE/Indexed/ -e s/COMPLETIONS/6/ indexed.yaml | kubectl apply -f -
sleep 5
kubectl get job indexed -n team-a -o jsonpath='parallelism={.spec.parallelism} completions={.spec.completions} suspend={.spec.suspend}{"\n"}'
kubectl get workloads -n team-a -o jsonpath='{range .items[*]}{.metadata.name}: count={.spec.podSets[0].count} minCount={.spec.podSets[0].minCount} admitted={.status.admission.podSetAssignments[0].count}{"\n"}{end}'
kubectl annotate job indexed -n team-a kueue.x-k8s.io/job-completions-equal-parallelism=false --overwrite
