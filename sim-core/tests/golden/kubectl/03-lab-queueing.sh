kubectl create namespace team-a
printf 'apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: fake-gpu\nspec:\n  nodeLabels:\n    nvidia.com/gpu.present: "true"\n' > flavor.yaml
printf 'apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: team-a\nspec:\n  namespaceSelector: {}\n  resourceGroups:\n  - coveredResources: ["cpu", "memory", "nvidia.com/gpu"]\n    flavors:\n    - name: fake-gpu\n      resources:\n      - name: cpu\n        nominalQuota: 2\n      - name: memory\n        nominalQuota: 2Gi\n      - name: nvidia.com/gpu\n        nominalQuota: 2\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: LocalQueue\nmetadata:\n  name: lq\n  namespace: team-a\nspec:\n  clusterQueue: team-a\n' > queues.yaml
kubectl apply -f flavor.yaml -f queues.yaml
for_job() { :; }
printf 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: NAME\n  namespace: team-a\n  labels:\n    kueue.x-k8s.io/queue-name: lq\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: trainer\n        image: busybox:1.36\n        command: ["sh", "-c", "echo training; sleep 3600"]\n        resources:\n          requests:\n            cpu: 500m\n            memory: 512Mi\n            nvidia.com/gpu: 1\n          limits:\n            nvidia.com/gpu: 1\n' > job.tmpl
sed 's/NAME/train-1/' job.tmpl > job-1.yaml; sed 's/NAME/train-2/' job.tmpl > job-2.yaml; sed 's/NAME/train-3/' job.tmpl > job-3.yaml
kubectl apply -f job-1.yaml -f job-2.yaml
sleep 5
kubectl apply -f job-3.yaml
sleep 3
kubectl -n team-a get jobs
kubectl -n team-a get workloads
kubectl get clusterqueue,localqueue -A
kubectl get cq -o wide
kubectl describe job train-3 -n team-a
kubectl describe clusterqueue team-a
kubectl delete job train-1 -n team-a
sleep 3
kubectl -n team-a get workloads
kubectl -n team-a get pods -o wide
kubectl get cq team-a -o json | jq '{admitted: .status.admittedWorkloads, pending: .status.pendingWorkloads, gpu_reserved: (.status.flavorsReservation[0].resources[] | select(.name == "nvidia.com/gpu") | .total | tonumber)}' > usage.json
cat usage.json
jq -r '.pending' usage.json
kubectl get workloads -n team-a -o json | jq -r '.items[] | "\(.metadata.name) \(.status.conditions[] | select(.type == "QuotaReserved") | .reason)"'
jq '.a.b' usage.json
jq '.admitted |' usage.json
jq nosuchfn usage.json
echo 'not json' | jq .
jq . missing.json
kubectl describe pods -n team-a train-3
kubectl describe ns team-a
printf 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: sneaky\n  namespace: team-a\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: trainer\n        image: busybox:1.36\n        command: ["sleep", "3600"]\n        resources:\n          limits:\n            nvidia.com/gpu: 1\n' > sneaky.yaml
kubectl apply -f sneaky.yaml
kubectl wait --for=condition=Ready pod -l job-name=sneaky -n team-a --timeout=30s
kubectl label job sneaky -n team-a kueue.x-k8s.io/queue-name=lq
kubectl label job sneaky -n team-a team=a
kubectl annotate job sneaky -n team-a note=bypass
kubectl patch cq team-a --type merge -p '{"spec":{"stopPolicy":"None"}}'
kubectl patch cq team-a -p '{"spec":{"stopPolicy":"None"}}'
kubectl wait --for=condition=Complete job/sneaky -n team-a --timeout=5s
kubectl wait --for=jsonpath='{.status.phase}'=Running pod -l job-name=sneaky -n team-a
kubectl get pods -n team-a -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,PHASE:.status.phase
kubectl get workloads -n team-a -o 'custom-columns=NAME:.metadata.name,QUOTA:.status.conditions[?(@.type=="QuotaReserved")].status,CQ:.status.admission.clusterQueue'
kubectl get pods -n team-a -o custom-columns=NAME
kubectl get events -n team-a --sort-by=.lastTimestamp --field-selector involvedObject.kind=Job
kubectl create job hello -n team-a --image=busybox:1.36 -- echo hello
sleep 5
kubectl logs job/hello -n team-a
kubectl get jobs -n team-a
kubectl create job hello -n team-a --image=busybox:1.36 -- echo hello
sed 's/NAME/train-4/' job.tmpl | kubectl apply -f -
sed 's/NAME/train-5/' job.tmpl | kubectl apply -f -
sleep 2
kubectl describe node lab-node-1
kubectl describe no lab-
kubectl kueue list workload -n team-a
kubectl kueue list wl
kubectl kueue list workload -A
kubectl kueue list clusterqueue
kubectl kueue list localqueue -n team-a
kubectl kueue list resourceflavor
kubectl kueue list kwl -n team-a --for job/hello
kubectl kueue list lq --all-namespaces --clusterqueue team-a
kubectl kueue list cq --active=true
kubectl kueue list cq --active=false
kubectl kueue list cq --active=true,false
kubectl kueue list kwl -n team-a --for job/train-3
kubectl kueue list kwl -n team-a --for job/nope
kubectl kueue list kwl -n team-a --for widgets/x
kubectl kueue list kwl -n team-a --status admitted --status pending -c team-a
kubectl kueue list kwl -n team-a --status running
kubectl kueue list kwl -n team-a -l kueue.x-k8s.io/job-uid
kubectl kueue list pods
kubectl kueue stop workload foo -n team-a
kubectl kueue list workload -n team-a --status=admitted
kubectl kueue list kwl -n team-a --status pending
kubectl kueue list kwl -n team-a -q other
kubectl kueue list cq --for job/train-2
kubectl kueue list cq --bogus
kubectl kueue list cq --active=maybe
kubectl kueue list rf -o yaml
kubectl kueue list cq --field-selector metadata.name=team-a
kubectl kueue list cq --field-selector metadata.name=other
kubectl create job quick -n team-a --image=busybox:1.36 -- sleep 4
kubectl get pods -n team-a -l job-name=quick -w --request-timeout=12s
kubectl get jobs -n team-a -w --output-watch-events --request-timeout=2s
kubectl get job quick -n team-a -w -o name --request-timeout=1s
kubectl get pods,jobs -n team-a -w
kubectl get job nope -n team-a -w
kubectl get jobs -n team-a -w -o yaml
kubectl get jobs -n team-a -w --request-timeout=soon
kubectl delete job quick -n team-a
kubectl get pods -n team-a -l job-name=quick -w
kubectl create job follow-me -n team-a --image=busybox:1.36 -- sh -c 'echo start; sleep 3; echo end'
sleep 3
kubectl logs -f job/follow-me -n team-a
kubectl logs -f job/train-2 -n team-a
kubectl logs -f job/follow-me -n team-a
