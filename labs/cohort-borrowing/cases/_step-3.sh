# Shared beginning for cases (not a case itself): step 3 as the reference solution does it.
kubectl apply -f job.yaml
sed 's/b-1/b-2/' job.yaml | kubectl apply -f -
sed 's/b-1/b-3/' job.yaml | kubectl apply -f -
sed 's/b-1/b-4/' job.yaml | kubectl apply -f -
sleep 5
kubectl get workloads -A
