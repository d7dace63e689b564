# Shared beginning for cases (not a case itself): step 6 as the reference solution does it.
sed -i 's/        nominalQuota: 2/        nominalQuota: 2\n        lendingLimit: 1/' cq-a.yaml
kubectl apply -f cq-a.yaml
sed -i 's/borrowingLimit: 1/borrowingLimit: 2/' cq-b.yaml
kubectl apply -f cq-b.yaml
sleep 5
kubectl get workloads -A
