# The hotfix with its priority: it takes the place of team-a's batch work (InClusterQueue).
# expect: urgent pass
# setup: _steps-1-2.sh
sed -e 's/name: fix-me/name: hotfix/' -e 's|queue-name: lq|queue-name: lq\n    kueue.x-k8s.io/priority-class: urgent|' hotfix.yaml | kubectl apply -f -
sleep 2
kubectl get events -n team-a --field-selector reason=Preempted -o jsonpath='{.items[0].message}' | cut -c1-60
kubectl get workloads -n team-a --sort-by=.spec.priority | tail -1
