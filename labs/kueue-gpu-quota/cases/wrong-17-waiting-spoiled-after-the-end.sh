# The whole lab solved, then waiting.txt overwritten with garbage: step 5 had passed, and its
# cluster evidence is kept (train-1 is gone by now), but its answer file is judged as it is now.
# Spoiling job-1.yaml likewise fails step 4, whose Job train-1 was deleted in step 8.
# expect: flavor pass
# expect: first-job fail "no document with kind: Job"
# expect: queueing fail "does not hold what Workload"
# expect: queueing fail ko "남긴 사유가 없습니다"
# expect: bypass pass
# expect: ledger pass
# expect: drain pass
# setup: _steps-1-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
# setup: _step-6.sh
# setup: _step-7.sh
# setup: _step-8.sh
echo garbage > waiting.txt
echo garbage > job-1.yaml
