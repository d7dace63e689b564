cd gsb-kueue
kubectl get nodes
kubectl get pods -A
kubectl get pods -n kube-system -l k8s-app=kube-dns --show-labels
kubectl describe node lab-node-1
cat <<EOF > flavor.yaml
apiVersion: kueue.x-k8s.io/v1beta1
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
EOF
kubectl apply -f flavor.yaml
sed -i 's/v1beta1/v1beta2/' flavor.yaml
kubectl apply -f flavor.yaml
kubectl apply -f flavor.yaml
cat <<EOF > cq.yaml
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
        nominalQuota: 2
      - name: memory
        nominalQuota: 2Gi
      - name: nvidia.com/gpu
        nominalQuota: 2
EOF
kubectl apply -f cq.yaml
kubectl create namespace team-a
cat <<EOF > lq.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
EOF
kubectl apply -f lq.yaml
sleep 2
kubectl get clusterqueue,localqueue -A
cat <<EOF > job-1.yaml
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
        command: ["sh", "-c", "echo training; nvidia-smi; sleep 3600"]
        resources:
          requests:
            nvidia.com/gpu: 1
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f job-1.yaml
sleep 5
kubectl -n team-a get jobs,pods
kubectl -n team-a get workloads
kubectl logs job/train-1 -n team-a
kubectl get job train-1 -n team-a -o yaml
kubectl get foo
kubectl get jobs -n nowhere
kubectl get job nope -n team-a
kubectl get pods --bogus
kubectl apply -f missing.yaml
kubectl delete job train-1 -n team-a
kubectl -n team-a get pods
kubectl get job train-1 -n team-a -o jsonpath='{.spec.suspend}'
kubectl get pods -n team-a -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.status.phase}{"\n"}{end}'
kubectl get cq team-a -o jsonpath='{.status.flavorsReservation[0].resources[?(@.name=="nvidia.com/gpu")].total}{"\n"}'
kubectl get node lab-node-1 -o jsonpath='{.status.allocatable.nvidia\.com/gpu}'
kubectl get pods -n team-a -o jsonpath='{.items[*].metadata.name'
