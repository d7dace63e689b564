# Common mistake: team-b's LocalQueue points at ClusterQueue team-a (a copy-paste left unchanged).
# team-b's Jobs land in team-a's ledger: team-a borrows, team-b shows nothing.
# expect: queues pass
# expect: local-queues fail "LocalQueue `lq`: `clusterQueue` should be \"team-b\" but is \"team-a\""
# expect: ledger fail "says team-a.total = \"4\"; expected 0"
# setup: _steps-1-2.sh
kubectl -n team-b delete localqueue lq
cat <<'YAML' | kubectl apply -f -
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-b
spec:
  clusterQueue: team-a
YAML
# setup: _step-3.sh
# setup: _step-4.sh
