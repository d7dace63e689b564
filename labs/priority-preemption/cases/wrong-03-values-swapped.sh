# Common mistake: the values swapped (low 1000, high 100), as if 1 were the top priority. train-high's
# Workload then ranks below train-low's and cannot preempt it.
# expect: priority-classes fail "`/root/gsb-priority/priorities.yaml`: `value` should be 100 but is 1000"
# expect: preempt fail "`train-high`'s Workload has priority 100 (class high), not higher than `train-low`'s 1000 (class low)"
# expect: preempt fail ko "우선순위가 100 (클래스 high) 로, `train-low` 의 1000 (클래스 low) 보다 높지 않습니다"
cd /root/gsb-priority
cat <<'YAML' > priorities.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: low
value: 1000
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: high
value: 100
YAML
kubectl apply -f priorities.yaml
# setup: _step-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
