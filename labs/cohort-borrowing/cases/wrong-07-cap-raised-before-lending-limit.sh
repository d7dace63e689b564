# Common mistake: step 6 in the wrong order. team-b's cap is raised to 2 first, so b-5 borrows
# team-a's second GPU at once; team-a's lendingLimit, set afterwards, evicts nothing.
# expect: borrowing-limit pass
# expect: lending-limit fail "Job `b-5`: `suspend` should be true but is false — b-5 got admitted. Was team-b's cap raised before team-a's lendingLimit was in place?"
# expect: kept-share fail "is not admitted yet (QuotaReserved: WaitingForQuota"
# setup: _steps-1-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
sed -i 's/borrowingLimit: 1/borrowingLimit: 2/' cq-b.yaml
kubectl apply -f cq-b.yaml
sleep 3
sed -i 's/        nominalQuota: 2/        nominalQuota: 2\n        lendingLimit: 1/' cq-a.yaml
kubectl apply -f cq-a.yaml
sleep 3
# setup: _step-7.sh
