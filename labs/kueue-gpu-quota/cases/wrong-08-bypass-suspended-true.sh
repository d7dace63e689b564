# bypass.txt guesses that sneaky is suspended.
# expect: queueing pass
# expect: bypass fail "says suspended = \"true\" (Job sneaky's `suspend` is false now)"
# setup: _steps-1-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
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
printf 'suspended=true\nworkload=none\n' > bypass.txt
