# After deleting train-1, train-3 is deleted and submitted again instead of left to move up.
# expect: queueing pass
# expect: ledger pass
# expect: drain fail "never waited with WaitingForQuota"
# setup: _steps-1-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
# setup: _step-6.sh
# setup: _step-7.sh
kubectl -n team-a delete job train-1 train-3
kubectl apply -f job-3.yaml
sleep 5
