# Re-applying unchanged objects says `unchanged` (the patch kubectl computes is empty although the
# server defaulted fields and Kueue suspended and resumed the Job); a changed field says
# `configured`. A quantity written as a bare integer (`nominalQuota: 2`, `nvidia.com/gpu: 1`) is
# stored as the string "2" / "1", so kubectl's patch carries it again and says `configured` every
# time, as real kubectl does (kubernetes/kubernetes#66450, #116135); quoted, it is `unchanged`.
# Then `-L` / `--label-columns`, alone and with -o wide and --show-labels.
cd /root/gsb-kueue
kubectl create namespace team-a
cat <<'YAML' > queue.yaml
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
YAML
kubectl apply -f queue.yaml
cat <<'YAML' > job-1.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: train-1
  namespace: team-a
  labels:
    kueue.x-k8s.io/queue-name: lq
    team: a
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sh", "-c", "trap 'exit 0' TERM; echo training; sleep 3600 & wait"]
        resources:
          requests:
            cpu: 500m
            memory: 512Mi
          limits:
            nvidia.com/gpu: "1"
YAML
kubectl apply -f job-1.yaml
kubectl apply -f job-1.yaml
sleep 5
kubectl apply -f job-1.yaml -f queue.yaml
sed 's/team: a/team: b/' job-1.yaml > job-1b.yaml
kubectl apply -f job-1b.yaml
kubectl apply -f job-1b.yaml
sed 's/nvidia.com\/gpu: "1"/nvidia.com\/gpu: 1/' job-1b.yaml > job-1c.yaml
grep gpu job-1c.yaml
kubectl apply -f job-1c.yaml
kubectl apply -f job-1c.yaml
kubectl -n team-a get jobs -L kueue.x-k8s.io/queue-name,team
kubectl -n team-a get jobs --label-columns=team -L missing -o wide
kubectl -n team-a get jobs,pods -L team --show-labels
kubectl get nodes -L nvidia.com/gpu.count -L kubernetes.io/arch
