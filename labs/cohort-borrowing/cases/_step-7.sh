# Shared beginning for cases (not a case itself): step 7 as the reference solution does it.
sed 's/b-1/a-1/; s/team-b/team-a/' job.yaml | kubectl apply -f -
sleep 5
kubectl get workloads -A
kubectl get cq -o wide
