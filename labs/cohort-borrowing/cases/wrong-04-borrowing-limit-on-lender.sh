# Common mistake: the borrowingLimit put on team-a, the lender. It caps what team-a may borrow, not
# what team-b borrows from it, so b-5 is admitted at once.
# expect: ledger pass
# expect: borrowing-limit fail "`/root/gsb-cohort/cq-b.yaml` has no `borrowingLimit` of nvidia.com/gpu in flavor fake-gpu"
# setup: _steps-1-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
sed -i 's/        nominalQuota: 2/        nominalQuota: 2\n        borrowingLimit: 1/' cq-a.yaml
kubectl apply -f cq-a.yaml
kubectl -n team-b delete job b-4
sed 's/b-1/b-5/' job.yaml | kubectl apply -f -
sleep 5
kubectl -n team-b get workloads
