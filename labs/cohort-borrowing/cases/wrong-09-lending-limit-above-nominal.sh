# Common mistake: a lendingLimit larger than the nominal quota (read as "how much the cohort may
# use"). The webhook refuses it: "must be less than or equal to the nominalQuota".
# expect: lending-limit fail "`/root/gsb-cohort/cq-a.yaml`: `lendingLimit` of nvidia.com/gpu in flavor fake-gpu should be 1 but is 3"
# setup: _steps-1-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
sed -i 's/        nominalQuota: 2/        nominalQuota: 2\n        lendingLimit: 3/' cq-a.yaml
kubectl apply -f cq-a.yaml
