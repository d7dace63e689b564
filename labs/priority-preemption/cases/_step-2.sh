# Shared beginning for cases (not a case itself): step 2 as the reference solution does it.
sed -i 's/^  namespaceSelector: {}$/  namespaceSelector: {}\n  preemption:\n    withinClusterQueue: LowerPriority/' queues.yaml
cat queues.yaml
kubectl apply -f queues.yaml
sleep 2
kubectl get cq,lq -A
