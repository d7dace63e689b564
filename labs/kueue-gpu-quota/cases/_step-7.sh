# Shared beginning for cases (not a case itself): step 7 as the reference solution.
kubectl get clusterqueue team-a -o json | jq '{admitted: .status.admittedWorkloads, pending: .status.pendingWorkloads, gpu_reserved: (.status.flavorsReservation[0].resources[] | select(.name == "nvidia.com/gpu") | .total | tonumber)}' > usage.json
cat usage.json
