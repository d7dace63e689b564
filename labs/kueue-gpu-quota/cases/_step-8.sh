# Shared beginning for cases (not a case itself): step 8 as the reference solution.
kubectl -n team-a delete job train-1
sleep 5
kubectl -n team-a get workloads,pods
