# Shared beginning for cases (not a case itself): step 1 as the reference solution does it.
cd /root/gsb-priority
cat <<'YAML' > priorities.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: low
value: 100
description: "Training that can wait: overnight runs, sweeps"
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: high
value: 1000
description: "Training with a deadline"
YAML
kubectl apply -f priorities.yaml
kubectl get wpc
