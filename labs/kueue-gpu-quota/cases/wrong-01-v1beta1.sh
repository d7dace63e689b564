# Common mistake 1: an old example pasted with apiVersion kueue.x-k8s.io/v1beta1.
# expect: flavor fail "says apiVersion \"kueue.x-k8s.io/v1beta1\"; this cluster takes kueue.x-k8s.io/v1beta2"
# expect: flavor fail ko "kueue.x-k8s.io/v1beta2 를 받습니다"
# expect: cluster-queue fail
cd /root/gsb-kueue
cat > flavor.yaml <<'EOF'
apiVersion: kueue.x-k8s.io/v1beta1
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
EOF
kubectl apply -f flavor.yaml
