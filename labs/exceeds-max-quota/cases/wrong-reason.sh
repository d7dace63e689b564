# reason.txt names the reason train-3 had in the first lab, not what big's Workload says.
# expect: queues pass
# expect: too-big fail "Expected the reason ExceedsMaxQuota or the message \"couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor fake-gpu, previously considered podsets requests (0) + current podset request (3) > maximum capacity (2)\""
# expect: raise-quota fail "should be 4 but is 2"
cd /root/lab
kubectl apply -f flavor.yaml -f queues.yaml
sed -e 's/name: big/name: big/' > big.yaml <<'EOF'
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
echo WaitingForQuota > reason.txt
