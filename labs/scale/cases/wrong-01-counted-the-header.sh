# Common mistake: `kubectl get nodes | wc -l` counts the header line too.
# expect: size fail "nodes"
# expect: size fail ko "nodes"
cd /root/scale
echo "nodes=$(kubectl get nodes | wc -l)" > capacity.txt
echo "gpus=1600" >> capacity.txt
cat capacity.txt
