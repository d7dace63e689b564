# Shared beginning for cases (not a case itself): step 6 as the reference solution does it.
sleep 75
kubectl -n team-a get jobs,workloads,pods
