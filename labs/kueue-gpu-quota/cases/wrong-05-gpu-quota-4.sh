# A GPU quota of 4 instead of 2: then nothing ever has to wait.
# expect: cluster-queue fail "should be 2 but is 4"
# expect: queueing fail "never waited with WaitingForQuota"
# setup: _steps-1-3.sh
sed -i 's/nominalQuota: 2$/nominalQuota: 4/' cq.yaml
cat cq.yaml
kubectl apply -f cq.yaml
# setup: _step-4.sh
# setup: _step-5.sh
