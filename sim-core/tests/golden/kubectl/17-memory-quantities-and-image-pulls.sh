# Memory quantities as written and as Kueue counts them: the ClusterQueue's spec comes back in
# canonical form (`2048Mi` → `2Gi`, `1536Mi` stays), its status totals are Kueue's own text.
# Then image pulls per node: the first pod pulls busybox:1.36, later ones find it present;
# `imagePullPolicy: Always` pulls every time.
cd /root/gsb-kueue
kubectl create namespace team-a
cat <<'YAML' > queue.yaml
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
      - name: "cpu"
        nominalQuota: 1500m
      - name: "memory"
        nominalQuota: 2048Mi
      - name: "nvidia.com/gpu"
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
kubectl apply -f queue.yaml
cat <<'YAML' > job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: train-1
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
        command: ["sleep", "3600"]
        resources:
          requests:
            cpu: 500m
            memory: 1536Mi
          limits:
            nvidia.com/gpu: 1
YAML
kubectl apply -f job.yaml
sleep 5
sed 's/train-1/train-2/; s/1536Mi/256Mi/' job.yaml > job-2.yaml
kubectl apply -f job-2.yaml
sleep 5
sed 's/train-1/train-3/; s/1536Mi/256Mi/; s/image: busybox:1.36/image: busybox:1.36\n        imagePullPolicy: Always/' job.yaml > job-3.yaml
kubectl apply -f job-3.yaml
sleep 5
kubectl get clusterqueue team-a -o yaml
kubectl describe clusterqueue team-a
kubectl -n team-a get workloads -o custom-columns=NAME:.metadata.ownerReferences[0].name,MEMORY:.status.admission.podSetAssignments[0].resourceUsage.memory
kubectl -n team-a get events --field-selector reason=Pulled -o custom-columns=OBJECT:.involvedObject.name,MESSAGE:.message
kubectl -n team-a get events --field-selector reason=Pulling -o custom-columns=OBJECT:.involvedObject.name,MESSAGE:.message
