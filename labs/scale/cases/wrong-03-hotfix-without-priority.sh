# Common mistake: the hotfix sent without its priority class waits at the back of team-a's queue.
# expect: borrower pass
# expect: urgent fail "priorityClassRef"
# setup: _steps-1-2.sh
sed 's/name: fix-me/name: hotfix/' hotfix.yaml | kubectl apply -f -
sleep 5
kubectl get workloads -n team-a --sort-by=.spec.priority | tail -2
