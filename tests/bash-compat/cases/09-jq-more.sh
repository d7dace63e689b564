cd ~ && mkdir -p compat && cd compat
echo '{"jobs":[{"name":"a","queue":"q1","cpu":2},{"name":"b","queue":"q2","cpu":1},{"name":"c","queue":"q1","cpu":4}]}' > j.json
jq --arg q q1 -c '[.jobs[] | select(.queue == $q) | .name]' j.json
jq --arg n 5 -n '$n, ($n | tonumber + 1)'
jq --argjson o '{"x":[1,2]}' -n -c '$o.x'
jq -n --argjson bad '{x' '1'; echo "status $?"
jq -n --arg only; echo "status $?"
jq -r '.jobs[] | "\(.name)\t\(.cpu)"' j.json
jq -c '.jobs[0]' j.json
jq -r '.jobs[].name' j.json
jq -e '.jobs | map(.cpu > 3) | any' j.json; echo "status $?"
jq -e '.jobs[0].missing' j.json; echo "status $?"
jq -e 'false' j.json; echo "status $?"
jq -e 'empty' j.json; echo "status $?"
jq -r '.jobs[] | [.name, .queue, .cpu] | @csv' j.json
jq -r '.jobs[] | [.name, .cpu] | @tsv' j.json
jq -r '["a,b", "say \"hi\"", null, true, 1.5] | @csv'  -n
jq -r '["tab\there", "back\\slash"] | @tsv' -n
jq -r '.jobs[0].name | @base64' j.json
jq -r '"aGVsbG8=" | @base64d' -n
jq -r '[1, [2]] | @csv' -n; echo "status $?"
jq -c 'def total: map(.cpu) | add; .jobs | total' j.json
jq -c 'def byq($q): .jobs[] | select(.queue == $q) | .name; [byq("q1")]' j.json
jq -c 'def f(x): x * 2; [.jobs[] | f(.cpu)]' j.json
jq -c 'def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; 10 | fac' -n
jq -c 'reduce .jobs[] as $j ({}; .[$j.queue] += $j.cpu)' j.json
jq -c '[foreach .jobs[] as $j (0; . + $j.cpu; [$j.name, .])]' j.json
jq -c '[limit(2; .jobs[].name)]' j.json
jq -c '[limit(0; 1, 2)]' -n
jq -c '[path(.jobs[0].name)]' j.json
jq -c '[path(..)] | length' j.json
jq -c 'getpath(["jobs", 2, "cpu"]), getpath(["nope", "x"])' j.json
jq -c 'setpath(["jobs", 0, "cpu"]; 8) | .jobs[0]' j.json
jq -c '[paths(type == "number")]' j.json
jq -c 'delpaths([["jobs"]])' j.json
jq -c 'group_by(.queue) | map({q: .[0].queue, n: length})' <<< "$(jq -c .jobs j.json)"
jq -c 'map(.cpu) | add / length' <<< "$(jq -c .jobs j.json)"
jq -c '.jobs | sort_by(.cpu) | reverse | .[0].name' j.json
jq -c '.jobs | map(select(.cpu > 1)) | length' j.json
jq -c '.jobs[] | {name, cpu}' j.json
jq -c '[.jobs[] | .cpu] | min_by(.), max_by(.)' j.json 2>&1
jq -c 'keys, (.jobs[0] | keys_unsorted), has("jobs"), (.jobs | has(0))' j.json
jq -c '.jobs[0] | to_entries | from_entries' j.json
jq -c '.jobs[0] | tostream' j.json 2>&1 | head -2
jq '.jobs[0].name + 1' j.json; echo "status $?"
jq '.jobs.name' j.json; echo "status $?"
jq '{} | .[0]' -n; echo "status $?"
jq '"a" - 1' -n; echo "status $?"
jq 'error("custom")' -n; echo "status $?"
jq 'error({"a":1})' -n; echo "status $?"
jq '1 / 0' -n; echo "status $?"
jq '[1] | implode' -n 2>&1; echo "status $?"
jq . nosuch.json; echo "status $?"
jq --nosuch . j.json; echo "status $?"
jq -n '[range(0;100000)] | length'
jq -n '[limit(5; range(0;100000000))]' -c
jq -n 'first(range(10;100000000))'
jq -n '[.[]?] | length'
jq -n '"\(1 + 2) items"'
jq -n '[1,2,3] | .[1:], .[:-1], .[-1]' -c
jq -n '{"a":null} | .a // "default"'
jq -n '[1,2] | contains([1]), inside([1,2,3])'
jq -n '"abc" | ltrimstr("a"), rtrimstr("c"), startswith("ab"), endswith("x"), length, utf8bytelength'
jq -n '[splits("a";"g")]' -c <<< '"banana"' 2>&1
jq -n '@text "x\(1)", @json "v=\([1])"'
jq -n '$__loc__' -c
jq -n 'input' <<< '1 2'; echo "status $?"
jq -c -s '.' <<< '1 2'
jq -c -n '[inputs]' <<< '1 2'
jq -n 'ltrimstr(1)'
jq -n '[.[] | .]' <<< '[1]' -c
jq -n '{a:1} | with_entries(.key |= ascii_upcase)' -c
jq -n '[1,null,2] | map(values)' -c
jq -n '"x" * 3' 2>&1
jq -n '{"a":{"b":1}} * {"a":{"c":2}}' -c
jq -n '[3,1] | sort | tojson'
jq -n '"[1,2]" | fromjson | length'
jq -n 'env | type'
jq -n '[splits(", *")]' -c <<< '"a, b,c"' 2>&1
jq -n '[1,2,3] | indices(2), index(2)' -c 2>&1
jq -n '"a,b" | index(","), rindex(",")' 2>&1
jq -n 'infinite, -infinite, nan | isinfinite' 2>&1
jq -n '[limit(3; recurse(. + 1))]' -c <<< 0
jq -c 'recurse(.[]?; . != 2)' <<< '[1,[2]]' 2>&1
jq -n '[1,2] | combinations' -c 2>&1 | head -2
jq -n 'getpath(["a",0,"b"])'
jq -n '{} | setpath([0]; 1)' 2>&1; echo "status $?"
jq -n '$ENV.PATH | length > 0'
jq -n 'splits' 2>&1; echo "status $?"
echo '{"a":1' | jq .; echo "status $?"
echo '[1,]' | jq -c .; echo "status $?"
echo '{"a" 1}' | jq -c .
echo '{a:1}' | jq -c .
printf 'nul' | jq .
echo '"a\qb"' | jq .
echo '{"a":1,}' | jq .
echo '1,2' | jq .
echo '+1 .5 1. 01 -0 1e400' | jq -c .
jq -n -c '[1e17, 1e15, 1e16, 123456789012345678, 1e-5, 0.0001, -0, 1.5e300, 1e-7, 0.1, 2e16, -2.5e-10]'
echo '"abc" "{\"a\":1" "1 2" "[1,]" "" "nul"' | jq -c '. as $s | try fromjson catch .'
echo 1 | jq -c 'try input catch .'
echo '1 2' | jq -c '[., input]'; echo "status $?"
echo '1 2 3' | jq -c -n '[inputs]'
