kubectl create namespace team-a
cat <<EOF > cohort-name.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  cohortName: Research_Pool
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: cpu
        nominalQuota: 4
EOF
kubectl apply -f cohort-name.yaml
cat <<EOF > borrow-alone.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: cpu
        nominalQuota: 4
        borrowingLimit: 2
EOF
kubectl apply -f borrow-alone.yaml
cat <<EOF > lend-alone.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: cpu
        nominalQuota: 4
        lendingLimit: 6
EOF
kubectl apply -f lend-alone.yaml
cat <<EOF > lend-too-much.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  cohortName: research
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: cpu
        nominalQuota: 4
        lendingLimit: 6
        borrowingLimit: -1
EOF
kubectl apply -f lend-too-much.yaml
cat <<EOF > policies.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  cohortName: research
  namespaceSelector: {}
  queueingStrategy: FIFO
  stopPolicy: Drain
  preemption:
    borrowWithinCohort:
      policy: Always
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: cpu
        nominalQuota: 4
EOF
kubectl apply -f policies.yaml
cat <<EOF > borrow-preempt.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  cohortName: research
  namespaceSelector: {}
  preemption:
    borrowWithinCohort:
      policy: LowerPriority
  flavorFungibility:
    preference: PreemptionOverBorrowing
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: cpu
        nominalQuota: 4
EOF
kubectl apply -f borrow-preempt.yaml
cat <<EOF > weight.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  cohortName: research
  namespaceSelector: {}
  fairSharing:
    weight: 1n
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: cpu
        nominalQuota: 4
EOF
kubectl apply -f weight.yaml
cat <<EOF > team-b.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  cohortName: research
  namespaceSelector: {}
  queueingStrategy: StrictFIFO
  preemption:
    reclaimWithinCohort: LowerPriority
    withinClusterQueue: LowerPriority
    borrowWithinCohort:
      policy: LowerPriority
      maxPriorityThreshold: 100
  flavorFungibility:
    whenCanBorrow: TryNextFlavor
    whenCanPreempt: TryNextFlavor
    preference: PreemptionOverBorrowing
  fairSharing:
    weight: 0.5
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: cpu
        nominalQuota: 4
        borrowingLimit: 2
        lendingLimit: 1500m
EOF
kubectl apply -f team-b.yaml
kubectl get cq team-b -o yaml
kubectl get cq -o wide
cat <<EOF > cohort-parent.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata:
  name: research
spec:
  parentName: Org
EOF
kubectl apply -f cohort-parent.yaml
cat <<EOF > cohort-limits.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata:
  name: research
spec:
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: cpu
        nominalQuota: 8
        lendingLimit: 10
EOF
kubectl apply -f cohort-limits.yaml
sed -i 's/^spec:/spec:\n  parentName: org/' cohort-limits.yaml
kubectl apply -f cohort-limits.yaml
kubectl get cohort research -o yaml
cat <<EOF > cohort-self.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata:
  name: org
spec:
  parentName: org
EOF
kubectl apply -f cohort-self.yaml
kubectl get cohorts
cat <<EOF > wpc.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: high
description: "urgent training runs"
EOF
kubectl apply -f wpc.yaml
printf 'value: "1000"\n' >> wpc.yaml
kubectl apply -f wpc.yaml
sed -i 's/value: "1000"/value: 1000/' wpc.yaml
kubectl apply -f wpc.yaml
kubectl get wpc
cat <<EOF > wl.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: Workload
metadata:
  name: by-hand
  namespace: team-a
spec:
  queueName: lq
  priorityClassRef:
    group: scheduling.k8s.io
    kind: WorkloadPriorityClass
    name: high
  podSets:
  - count: 1
    template:
      spec:
        restartPolicy: Never
        containers:
        - name: c
          image: busybox:1.36
EOF
kubectl apply -f wl.yaml
sed -i 's/scheduling.k8s.io/kueue.x-k8s.io/' wl.yaml
kubectl apply -f wl.yaml
sed -i 's/^  queueName: lq/  queueName: lq\n  priority: 1000/' wl.yaml
kubectl apply -f wl.yaml
kubectl get workloads -n team-a
kubectl create job plain -n team-a --image=busybox:1.36 -- sleep 600
kubectl label job plain -n team-a kueue.x-k8s.io/priority-class=high
# A quantity Kueue's mutating webhook cannot read is refused before the schema looks at it.
cat <<YAML > bad-quantity.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: bad-quantity
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default
      resources:
      - name: cpu
        nominalQuota: abc
YAML
kubectl apply -f bad-quantity.yaml
