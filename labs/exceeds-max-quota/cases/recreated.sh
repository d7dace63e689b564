# Wrong: big is deleted and submitted again after the quota is raised, instead of waiting.
# expect: queues pass
# expect: too-big pass
# expect: raise-quota fail "never waited with ExceedsMaxQuota"
# expect: raise-quota fail ko "다시 만들지 않고"
cd /root/lab
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
echo ExceedsMaxQuota > reason.txt
kubectl -n team-b delete job big
sed -i 's/nominalQuota: 2/nominalQuota: 4/' queues.yaml
kubectl apply -f queues.yaml
kubectl apply -f big.yaml
sleep 5
