# The flavor's node label under the wrong key.
# expect: flavor fail "the node label `nvidia.com/gpu.present` should be \"true\" but is (absent)"
cd /root/gsb-kueue
cat > flavor.yaml <<'EOF'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu: "true"
EOF
kubectl apply -f flavor.yaml
