cd /root/lab
cat flavor.yaml queues.yaml
kubectl apply -f .
cat <<'EOF' > big.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: big
  namespace: team-b
  labels:
    kueue.x-k8s.io/queue-name: lq
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sleep", "600"]
        resources:
          limits:
            nvidia.com/gpu: 3
EOF
kubectl apply -f big.yaml
sleep 3
kubectl -n team-b get workloads
kubectl -n team-b get workloads -o jsonpath='{.items[0].status.conditions[?(@.type=="QuotaReserved")].reason}{"\n"}' > reason.txt
cat reason.txt
sed -i 's/nominalQuota: 2/nominalQuota: 4/' queues.yaml
kubectl apply -f queues.yaml
sleep 5
kubectl -n team-b get workloads,pods
