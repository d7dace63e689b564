# Shared beginning for cases (not a case itself): step 6 as the reference solution.
cat <<'EOF' > sneaky.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: sneaky
  namespace: team-a
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: trainer
        image: busybox:1.36
        command: ["sleep", "3600"]
        resources:
          limits:
            nvidia.com/gpu: 1
EOF
kubectl apply -f sneaky.yaml
sleep 5
kubectl -n team-a get jobs
printf 'suspended=%s\nworkload=none\n' "$(kubectl -n team-a get job sneaky -o jsonpath='{.spec.suspend}')" > bypass.txt
cat bypass.txt
