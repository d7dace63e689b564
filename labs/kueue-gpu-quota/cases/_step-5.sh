# Shared beginning for cases (not a case itself): step 5 as the reference solution.
sed 's/train-1/train-2/' job-1.yaml > job-2.yaml
sed 's/train-1/train-3/' job-1.yaml > job-3.yaml
kubectl apply -f job-2.yaml -f job-3.yaml
sleep 5
kubectl -n team-a get workloads
kubectl -n team-a get workload -o jsonpath='{.items[?(@.metadata.ownerReferences[0].name=="train-3")].status.conditions[?(@.type=="QuotaReserved")].message}' > waiting.txt
cat waiting.txt
