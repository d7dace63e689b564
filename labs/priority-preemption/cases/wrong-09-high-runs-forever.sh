# Common mistake: train-high copied with `sleep 3600`: it never ends, so train-low never comes back.
# expect: preempt pass
# expect: read-eviction pass
# expect: comeback fail "Job `train-high` has no Complete condition yet"
# expect: comeback fail ko "train-high 는 `sleep 60` 처럼 스스로 끝나는 짧은 학습이어야 합니다"
# setup: _step-1.sh
# setup: _step-2.sh
# setup: _step-3.sh
sed 's/train-low/train-high/; s/priority-class: low/priority-class: high/; s/parallelism: 4/parallelism: 1/; s/completions: 4/completions: 1/; s/nvidia.com\/gpu: 1/nvidia.com\/gpu: 2/' job-low.yaml > job-high.yaml
cat job-high.yaml
kubectl apply -f job-high.yaml
sleep 5
# setup: _step-5.sh
sleep 60
