# The LocalQueue without metadata.namespace, applied without -n: it lands in `default`.
# expect: cluster-queue pass
# expect: local-queue fail "there is no LocalQueue `lq` (namespace team-a) in the cluster (there is one in namespace default"
# expect: local-queue fail ko "default 네임스페이스에 있습니다"
# setup: _steps-1-3.sh
kubectl -n team-a delete localqueue lq
grep -v 'namespace: team-a' lq.yaml > lq2.yaml
mv lq2.yaml lq.yaml
kubectl apply -f lq.yaml
