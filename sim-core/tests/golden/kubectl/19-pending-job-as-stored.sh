# A Job made with `kubectl create` (so no last-applied annotation: it has no annotations at all)
# waits in a ClusterQueue too small for it. Kueue reconciles it again at each change of its
# Workload, and each time finds its template already as the Workload keeps it: nothing is
# written, so the Job stays as the apiserver first stored it — no `annotations: null`, the same
# resourceVersion before and after time passes (kueue.md §6.8, RestorePodSetsInfo on a Job that
# never started).
cat <<EOF > setup.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: default-flavor
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: small
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default-flavor
      resources:
      - name: "cpu"
        nominalQuota: 1
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: default
spec:
  clusterQueue: small
EOF
cat <<EOF > big.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: big
  labels:
    kueue.x-k8s.io/queue-name: lq
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
        command: ["sleep", "60"]
        resources:
          requests:
            cpu: "2"
EOF
kubectl apply -f setup.yaml
kubectl create -f big.yaml
sleep 5
kubectl get workloads
kubectl get job big -o jsonpath='{.metadata.resourceVersion}{"\n"}'
kubectl get job big -o yaml
sleep 60
kubectl get job big -o jsonpath='{.metadata.resourceVersion} {.spec.suspend}{"\n"}'
