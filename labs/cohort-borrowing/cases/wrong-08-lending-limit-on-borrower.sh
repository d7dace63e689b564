# Common mistake: the lendingLimit put on team-b, the borrower. team-a still lends both GPUs, so
# raising team-b's cap lets b-5 in, and a-1 has to wait for team-b.
# expect: borrowing-limit pass
# expect: lending-limit fail "cq-a.yaml`: `lendingLimit` of nvidia.com/gpu in flavor fake-gpu should be 1 but is (absent)"
# expect: kept-share fail
# setup: _steps-1-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
sed -i 's/borrowingLimit: 1/borrowingLimit: 2\n        lendingLimit: 1/' cq-b.yaml
kubectl apply -f cq-b.yaml
sleep 3
# setup: _step-7.sh
