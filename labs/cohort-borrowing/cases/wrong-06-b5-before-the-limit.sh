# Common mistake: b-5 submitted before team-b's borrowingLimit is applied: it borrows team-a's idle
# GPU at once, and the limit applied afterwards does not evict it.
# expect: borrowing-limit fail "never waited with WaitingForQuota: it was admitted at once"
# expect: borrowing-limit fail ko "먼저 들어갔다면 지우고 다시 넣으세요"
# setup: _steps-1-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
kubectl -n team-b delete job b-4
sed 's/b-1/b-5/' job.yaml | kubectl apply -f -
sleep 3
sed -i 's/        nominalQuota: 2/        nominalQuota: 2\n        borrowingLimit: 1/' cq-b.yaml
kubectl apply -f cq-b.yaml
sleep 3
kubectl get workloads -A
