cd gsb-kueue
for ns in team-a team-b; do kubectl create namespace $ns; done
cat <<'EOF2' > setup.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
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
      - name: cpu
        nominalQuota: 8
      - name: memory
        nominalQuota: 16Gi
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
EOF2
kubectl apply -f setup.yaml
make_job() {
  cat <<EOF2 > job-$1.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: train-$1
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sh", "-c", "echo training $1; sleep $2"]
        resources:
          requests:
            cpu: 500m
            memory: 512Mi
            nvidia.com/gpu: 1
          limits:
            nvidia.com/gpu: 1
EOF2
}
for n in 1 2 3; do make_job $n 20; done; ls job-*.yaml
for f in job-*.yaml; do kubectl apply -f $f; done
until [ "$(kubectl get pods -n team-a --field-selector=status.phase=Running -o name | wc -l)" -eq 2 ]; do sleep 1; done; kubectl get pods -n team-a
kubectl get workloads -n team-a -o json | jq -r '.items[] | "\(.metadata.name) admitted=\(.status.admission != null)"'
kubectl get cq team-a -o yaml | yq '.status.flavorsReservation[0].resources[] | select(.name == "nvidia.com/gpu") | .total'
waited=0; while ! kubectl get job train-3 -n team-a -o jsonpath='{.status.succeeded}' | grep -q 1; do sleep 5; waited=$((waited + 5)); done; echo "train-3 done after ${waited}s"
for j in $(kubectl get jobs -n team-a -o name); do echo "$j: $(kubectl get $j -n team-a -o jsonpath='{.status.succeeded}')"; done
kubectl get jobs -n team-a -o name | xargs -n 1 kubectl delete -n team-a
for i in 1 2; do kubectl get pods -n team-a -w --request-timeout=2s; echo "round $i over"; done
if kubectl get ns team-c >/dev/null 2>&1; then echo exists; else echo "no team-c"; fi
kubectl get ns -o name | while read ns; do echo "ns: ${ns#namespace/}"; done | head -3
watch -n 10 kubectl get jobs -n team-a
