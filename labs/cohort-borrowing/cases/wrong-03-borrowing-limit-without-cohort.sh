# Common mistake: cq-b.yaml rewritten from memory for the borrowingLimit, without cohortName. The
# API server refuses it ("borrowingLimit must be nil when cohort is empty"), so the cluster keeps
# the old team-b, with no limit, and b-5 is admitted by borrowing.
# expect: queues fail "cq-b.yaml`: `cohortName` should be \"gpu-pool\" but is (absent)"
# expect: ledger pass
# expect: borrowing-limit fail "ClusterQueue `team-b` has no `borrowingLimit` of nvidia.com/gpu in flavor fake-gpu — check that `kubectl apply -f cq-b.yaml` ran without an error"
# expect: borrowing-limit fail ko "`kubectl apply -f cq-b.yaml` 로 적용했는지, 적용할 때 오류가 나지 않았는지 보세요"
# setup: _steps-1-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
cat <<'YAML' > cq-b.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-b
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: "nvidia.com/gpu"
        nominalQuota: 2
        borrowingLimit: 1
YAML
kubectl apply -f cq-b.yaml
kubectl -n team-b delete job b-4
sed 's/b-1/b-5/' job.yaml | kubectl apply -f -
sleep 5
kubectl -n team-b get workloads
