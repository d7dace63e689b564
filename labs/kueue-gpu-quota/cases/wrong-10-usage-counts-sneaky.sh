# usage.json counts sneaky's GPU, which Kueue's ledger never saw.
# expect: bypass pass
# expect: ledger fail "says gpu_reserved = 3; expected 2"
# setup: _steps-1-3.sh
# setup: _step-4.sh
# setup: _step-5.sh
# setup: _step-6.sh
echo '{"admitted": 2, "pending": 1, "gpu_reserved": 3}' > usage.json
