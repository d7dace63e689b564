# sneaky submitted with the queue label: Kueue manages it, so it queues instead of walking past.
# expect: bypass fail "should not have the label `kueue.x-k8s.io/queue-name`"
# setup: _steps-1-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
sed -e 's/train-1/sneaky/' job-1.yaml > sneaky.yaml
kubectl apply -f sneaky.yaml
sleep 5
printf 'suspended=true\nworkload=none\n' > bypass.txt
