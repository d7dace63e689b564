# Everything but the last step: train-1 is still there, train-3 still waits.
# expect: ledger pass
# expect: drain fail "Job `train-1` (namespace team-a) still exists"
# setup: _steps-1-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
# setup: _step-6.sh
# setup: _step-7.sh
