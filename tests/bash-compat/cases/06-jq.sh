cd ~ && mkdir -p compat && cd compat
echo '{"items":[{"name":"a","gpu":1},{"name":"b","gpu":2},{"name":"c","gpu":0}]}' > q.json
jq '.items[] | .name' q.json
jq -r '.items[] | select(.gpu > 0) | .name' q.json
jq -c '[.items[] | .gpu] | add' q.json
jq -c 'def gpus: [.items[].gpu]; gpus | max' q.json
jq -c 'def twice(f): f | f; 3 | twice(. * 2)' q.json
jq -c 'reduce .items[] as $i (0; . + $i.gpu)' q.json
jq -c '[foreach .items[] as $i (0; . + $i.gpu)]' q.json
jq -c '[limit(2; .items[])] | length' q.json
jq -c 'first(.items[] | select(.gpu == 2)) | .name' q.json
jq -c '[paths]' <<< '{"a":[1,{"b":2}]}'
jq -c 'getpath(["items",1,"name"])' q.json
jq -c 'setpath(["a","b"]; 5)' <<< '{}'
jq -c '.items[0].gpu = 9 | .items | map(.gpu)' q.json
jq -c '.items |= map(select(.gpu > 0)) | .items | length' q.json
jq -c 'del(.items[] | select(.name == "b")) | [.items[].name]' q.json
jq -c 'to_entries' <<< '{"a":1,"b":2}'
jq -c 'with_entries(.value += 10)' <<< '{"a":1,"b":2}'
jq -r '.items[] | [.name, .gpu] | @csv' q.json
jq -r '.items[] | [.name, .gpu] | @tsv' q.json
jq -r '.items[0].name | @base64' q.json
jq -r '"a3VldWU=" | @base64d' -n
jq -r '@sh "kubectl delete job \(.items[].name)"' q.json
jq --arg n b '.items[] | select(.name == $n) | .gpu' q.json
jq --argjson min 1 '[.items[] | select(.gpu >= $min) | .name]' -c q.json
jq -e '.missing' q.json; echo "status $?"
jq -e '.items | length' q.json; echo "status $?"
jq '.a.b.c' <<< '{"a":5}'; echo "status $?"
jq '.[' <<< '{}'; echo "status $?"
jq 'nosuch(1)' <<< '{}'; echo "status $?"
jq '$undefined' <<< '{}'; echo "status $?"
jq -n '[range(5)] | length'
jq -n '[range(0; 10; 3)]' -c
jq -n '[limit(3; repeat(1))]' -c
jq -n 'try error("boom") catch .'
jq -n '[.[]?]' -c
jq -n 'label $out | 1, 2, break $out, 3'
jq -n '[1,2,3] | IN(2)' 2>&1 | head -2
jq -n '"a-b-c" | split("-") | join("+")'
jq -n '[1,[2,[3]]] | flatten' -c
jq -n '{"b":1,"a":2}' -S -c
jq -n '"x" | ascii_upcase, ("A,B" | ascii_downcase)'
jq -n '[3,1,2] | sort, (sort_by(-.)), unique, min, max' -c
jq -n '"kueue" | test("ue+"), sub("u"; "U"), gsub("u"; "U")'
jq -n '[.[] | tostring]' -c <<< 'null'
jq -n '$ENV.HOME | type'
jq -r -n '["a","b"] | .[]' ; jq -j -n '"no newline"'; echo
jq -n '{"a":{"b":1}} | [leaf_paths]' -c
jq -n '[1,2] as [$x, $y] | $x + $y'
jq -n '{"k":"v"} as {k: $v} | $v'
