# Alternative: an explicit Cohort object `gpu-pool` (optional, but allowed), each LocalQueue in its
# own file, Jobs written out as files and created with `kubectl create`, the ledger typed by hand
# after reading `kubectl describe`, the limits edited with `sed -i` and applied file by file.
# expect: all pass
cd /root/gsb-cohort
cat > cohort.yaml <<'YAML'
apiVersion: kueue.x-k8s.io/v1beta2
kind: Cohort
metadata:
  name: gpu-pool
spec: {}
YAML
kubectl apply -f cohort.yaml
kubectl apply -f flavor.yaml
cat > cq-a.yaml <<'YAML'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  cohortName: "gpu-pool"
  resourceGroups:
  - coveredResources:
    - nvidia.com/gpu
    flavors:
    - name: fake-gpu
      resources:
      - name: nvidia.com/gpu
        nominalQuota: "2"
YAML
cat > cq-b.yaml <<'YAML'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  namespaceSelector: {}
  cohortName: "gpu-pool"
  resourceGroups:
  - coveredResources:
    - nvidia.com/gpu
    flavors:
    - name: fake-gpu
      resources:
      - name: nvidia.com/gpu
        nominalQuota: "2"
YAML
kubectl create -f cq-a.yaml
kubectl create -f cq-b.yaml
kubectl get cohorts
kubectl create namespace team-a
kubectl create namespace team-b
cat > lq-a.yaml <<'YAML'
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-a
spec:
  clusterQueue: team-a
YAML
sed 's/team-a/team-b/g' lq-a.yaml > lq-b.yaml
kubectl create -f lq-a.yaml -f lq-b.yaml
sed 's/b-1/b-2/' job.yaml > job-b-2.yaml
sed 's/b-1/b-3/' job.yaml > job-b-3.yaml
sed 's/b-1/b-4/' job.yaml > job-b-4.yaml
kubectl create -f job.yaml -f job-b-2.yaml -f job-b-3.yaml -f job-b-4.yaml
sleep 10
kubectl describe clusterqueue team-b
kubectl describe clusterqueue team-a
echo "team-a.total=0" > ledger.txt
echo "team-a.borrowed=0" >> ledger.txt
echo "team-b.total=4" >> ledger.txt
echo "team-b.borrowed=2" >> ledger.txt
sed -i 's/        nominalQuota: "2"/        nominalQuota: "2"\n        borrowingLimit: "1"/' cq-b.yaml
kubectl apply -f cq-b.yaml
kubectl delete -f job-b-4.yaml
sed 's/b-1/b-5/' job.yaml > job-b-5.yaml
kubectl create -f job-b-5.yaml
sleep 3
sed -i 's/        nominalQuota: "2"/        nominalQuota: "2"\n        lendingLimit: "1"/' cq-a.yaml
kubectl apply -f cq-a.yaml
sed -i 's/borrowingLimit: "1"/borrowingLimit: "2"/' cq-b.yaml
kubectl apply -f cq-b.yaml
sleep 3
sed 's/b-1/a-1/; s/team-b/team-a/' job.yaml > job-a-1.yaml
kubectl create -f job-a-1.yaml
sleep 10
kubectl get workloads -A
