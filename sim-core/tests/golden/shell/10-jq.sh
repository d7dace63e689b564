cd gsb-kueue
echo '{"items":[{"metadata":{"name":"a"},"spec":{"gpu":1}},{"metadata":{"name":"b"},"spec":{"gpu":3}}]}' > pods.json
jq -r '.items[] | "\(.metadata.name) \(.spec.gpu)"' pods.json
jq 'def total: map(.spec.gpu) | add; .items | total' pods.json
jq -c 'reduce .items[] as $p ({}; .[$p.metadata.name] = $p.spec.gpu)' pods.json
jq -c '[foreach .items[] as $p (0; . + $p.spec.gpu)]' pods.json
jq -c '[limit(1; .items[])] | map(.metadata.name)' pods.json
jq -c '[paths(type == "number")]' pods.json
jq -c 'getpath(["items", 1, "spec"]), (setpath(["x"]; 1) | keys)' pods.json
jq -c '.items[0].spec.gpu |= . * 10 | [.items[].spec.gpu]' pods.json
jq -c 'del(.items[0]) | .items | length' pods.json
jq -r '.items[] | [.metadata.name, .spec.gpu] | @csv' pods.json
jq -r '.items[] | [.metadata.name, .spec.gpu] | @tsv' pods.json
jq -r '.items[0].metadata.name | @base64' pods.json
jq --arg n b --argjson min 2 -c '.items[] | select(.metadata.name == $n and .spec.gpu >= $min) | .metadata' pods.json
jq -e '.items[] | select(.spec.gpu > 5)' pods.json; echo "status $?"
jq -e '.items | length' pods.json; echo "status $?"
jq -n 'first(range(10; infinite))'
jq -n '[limit(3; repeat("x"))]' -c
jq -n 'try error({code: 1}) catch .code'
jq -n '[range(0; 100000000)] | length'
jq -n 'def deep: deep; deep'
jq -n '1 as $x | 2 as $y | [$x, $y, $__loc__.line]' -c
jq 'def f(x): x * 2; f(.items | length)' pods.json
jq '.items[] | undefined_fn' pods.json
