# Conformance: learner mistakes and error cases, each compared as in lab.sh.
kubectl get pods -n team-a
kubectl get pod nope
kubectl get jobs -n nowhere
kubectl get workloads -A
kubectl get nosuchkind
kubectl get cq nope
kubectl describe rf nope
kubectl get pods --bogus-flag
kubectl get pods -o jsonpath='{.items[0'
kubectl get pods -o foo
kubectl apply -f missing.yaml
kubectl delete job nope -n default
cat <<'EOF' > v1beta1.yaml
apiVersion: kueue.x-k8s.io/v1beta1
kind: ResourceFlavor
metadata:
  name: fake-gpu
EOF
kubectl apply -f v1beta1.yaml
cat <<'EOF' > bad.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: Bad_Name
spec:
  namespaceSelector: {}
EOF
kubectl apply -f bad.yaml
cat <<'EOF' > unknown-field.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: typo
spec:
  nodeLabel:
    a: b
EOF
kubectl apply -f unknown-field.yaml
cat <<'EOF' > broken.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: x
 labels: {}
EOF
kubectl apply -f broken.yaml
cat <<'EOF' > lq-missing-ns.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata:
  name: lq
  namespace: team-z
spec:
  clusterQueue: team-a
EOF
kubectl apply -f lq-missing-ns.yaml
kubectl create namespace default
kubectl create namespace Bad_Name
kubectl get rf typo
kubectl delete rf typo
kubectl get rf
