# Common mistake: priorities.yaml holds only `low` (the second document was never written), so
# train-high's label names a WorkloadPriorityClass that does not exist. Kueue leaves a
# WorkloadPriorityClassNotFound warning on the Job and makes no Workload for it.
# expect: priority-classes fail "`/root/gsb-priority/priorities.yaml` has no document with kind: WorkloadPriorityClass and metadata.name: high (it holds WorkloadPriorityClass/low)"
# expect: low-job pass
# expect: preempt fail "Kueue made no Workload for Job `train-high`: WorkloadPriorityClass \"high\" not found. Its label `kueue.x-k8s.io/priority-class: high` names a WorkloadPriorityClass that does not exist"
# expect: preempt fail ko "`kubectl get workloadpriorityclasses` 로 이름을 확인하고"
cd /root/gsb-priority
cat <<'YAML' > priorities.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: WorkloadPriorityClass
metadata:
  name: low
value: 100
YAML
kubectl apply -f priorities.yaml
# setup: _step-2.sh
# setup: _step-3.sh
# setup: _step-4.sh
kubectl -n team-a describe job train-high
