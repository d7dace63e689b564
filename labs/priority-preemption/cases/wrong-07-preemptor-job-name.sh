# Common mistake: preempted.txt names the preempting Job instead of its Workload.
# expect: read-eviction fail "says preemptor = \"train-high\" (the name of Job train-high's Workload is"
# expect: read-eviction fail ko "preemptor 는 Job 이름이 아니라 Workload 이름입니다"
# setup: _step-1.sh
# setup: _step-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
printf 'evicted_reason=Preempted\npreempted_reason=InClusterQueue\npreemptor=train-high\n' > preempted.txt
