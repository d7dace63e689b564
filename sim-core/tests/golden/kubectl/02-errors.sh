kubectl
kubectl gett pods
kubectl get
kubectl get pods -o foo
kubectl get deployments -n kube-system
kubectl get pods -n
kubectl delete
kubectl delete jobs
kubectl create namespace
kubectl create namespace default
kubectl apply
kubectl describe pod x
kubectl exec -it x -- sh
printf 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: Team_A\n' > bad-ns.yaml
kubectl apply -f bad-ns.yaml
printf 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: typed\nspec:\n  backoffLimit: lots\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: c\n        image: busybox\n' > typed.yaml
kubectl apply -f typed.yaml
printf 'kind: Namespace\nmetadata:\n  name: x\n' > noapi.yaml
kubectl apply -f noapi.yaml
printf 'a: b\n c: d\n' > broken.yaml
kubectl apply -f broken.yaml
printf -- '---\n---\n' > empty.yaml
kubectl apply -f empty.yaml
kubectl get ns
kubectl get priorityclass
kubectl get crd
kubectl version
kubectl config current-context
kubectl api-resources --api-group=kueue.x-k8s.io
kubectl edit
kubectl edit cq nope
kubectl edit -f job.yaml
kubectl edit jobs a b
kubectl apply -f /dev/null
echo "kind: [" | kubectl apply -f /dev/stdin
