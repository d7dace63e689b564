# The reference solution: count with commands, read the ledgers, then a priority and a limit.
cd /root/scale
kubectl get clusterqueues -o wide
# The teams have been sending Jobs for a while before anyone looks.
sleep 300
kubectl get clusterqueues -o wide
echo "nodes=$(kubectl get nodes --no-headers | wc -l)" > capacity.txt
echo "gpus=$(kubectl get nodes -o json | jq '[.items[].status.allocatable["nvidia.com/gpu"] | tonumber] | add')" >> capacity.txt
cat capacity.txt
kubectl get cq -o json | jq -r '.items[] | [.metadata.name, (.status.flavorsReservation[0].resources[] | select(.name=="nvidia.com/gpu") | .borrowed)] | @tsv' | sort -k2 -n -r | head -3
echo "team=$(kubectl get cq -o json | jq -r '[.items[] | {n: .metadata.name, b: (.status.flavorsReservation[0].resources[] | select(.name=="nvidia.com/gpu") | .borrowed)}] | max_by(.b) | .n')" > borrower.txt
cat borrower.txt
sed -e 's/name: fix-me/name: hotfix/' -e 's|kueue.x-k8s.io/queue-name: lq|kueue.x-k8s.io/queue-name: lq\n    kueue.x-k8s.io/priority-class: urgent|' hotfix.yaml > urgent.yaml
kubectl apply -f urgent.yaml
kubectl get workloads -n team-a --sort-by=.spec.priority | tail -3
kubectl patch clusterqueue team-a --type=json -p '[{"op":"add","path":"/spec/resourceGroups/0/flavors/0/resources/2/borrowingLimit","value":400}]'
kubectl get clusterqueue team-a
