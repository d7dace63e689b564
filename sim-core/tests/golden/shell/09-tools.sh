cd gsb-kueue
printf 'team-a 2 running\nteam-b 1 pending\nteam-a 1 pending\n' > q.txt
awk '{ gpus[$1] += $2 } END { for (t in gpus) print t, gpus[t] }' q.txt
awk '$3 == "pending" { n++ } END { printf "%d pending of %d\n", n, NR }' q.txt
awk -F' ' -v want=team-a '$1 == want { print NR": "$0 }' q.txt
awk 'BEGIN { printf "%-8s|%5.2f|%03d|%x|%e\n", "kueue", 3.14159, 7, 255, 12345.678 }'
awk 'function pct(a, b) { return 100 * a / b } { printf "%s %.1f%%\n", $1, pct($2, 4) }' q.txt
awk '{ print length($0), toupper(substr($1, 1, 4)), index($0, "pending") }' q.txt
awk '{print $1' q.txt
awk 'BEGIN { while (1) n++ }'
awk '{ print }' nofile
awk -z
seq 4
seq -s ' ' 0 5 20
seq -w 1 3 10
seq 0
seq 1 0 2
echo 'kueue lab' | base64
echo 'a3VldWUgbGFiCg==' | base64 -d
echo '@@' | base64 -d
date
date +%F
date -u '+%Y-%m-%dT%H:%M:%SZ'
date -d @0
date -d '2026-12-24 18:30' '+%A %d %B %Y, %H:%M'
date -d '1 hour ago' +%T
date -I; date -Iseconds; date -R
date -d nonsense
date 0101
printf 'ns-a\nns-b\n' | xargs -n 1 echo kubectl create namespace
printf 'a b c' | xargs -I{} echo "[{}]"
echo x y | xargs -t echo got
seq 3 | xargs -n 1 sh -c 'echo "sh got $0"'
echo a | xargs missing-tool
echo a | xargs -n
echo a | xargs -I
echo a | xargs --max-args
echo a | xargs -P
echo a | xargs -t -d
sort -k 2 -n q.txt | uniq -c
cut -d ' ' -f 1 q.txt | sort | uniq
cat q.txt | tr ' ' , | tee q.csv
cat > cq.yaml <<'EOF2'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata:
  name: team-a
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu", "nvidia.com/gpu"]
    flavors:
    - name: fake-gpu
      resources:
      - name: nvidia.com/gpu
        nominalQuota: 4
EOF2
yq '.metadata.name' cq.yaml
yq '.spec.resourceGroups[0].flavors[0].resources[0].nominalQuota' cq.yaml
yq '.spec.resourceGroups[0].coveredResources' cq.yaml
yq -o json '.metadata' cq.yaml
yq '.spec.resourceGroups[].flavors[].name' cq.yaml
yq -i '.spec.resourceGroups[0].flavors[0].resources[0].nominalQuota = 2' cq.yaml; grep nominalQuota cq.yaml
yq '.metadata.labels.team = "a" | .metadata' cq.yaml
Q=8 yq '.spec.resourceGroups[0].flavors[0].resources[0].nominalQuota = env(Q) | .spec.resourceGroups[0].flavors[0].resources[0]' cq.yaml
printf 'a: 1\n---\na: 2\n' | yq '.a'
printf 'items:\n- {name: x, gpu: 1}\n- {name: y, gpu: 0}\n' | yq '.items[] | select(.gpu > 0) | .name'
yq '.metadata.name' missing.yaml
yq '.a |' cq.yaml
yq -o xml . cq.yaml
