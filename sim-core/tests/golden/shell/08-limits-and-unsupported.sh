i=0; while true; do i=$((i + 1)); done; echo "status $? after $i rounds"
for i in $(seq 1 5); do sleep 10; done; date
f() { f; }; f; echo "status $?"
ls &
a=(1 2 3)
cat <(ls)
time ls
select x in a b; do echo $x; done
trap 'echo bye' EXIT
exec ls
coproc ls
echo ${!HOME}
echo ${a[0]}
watch date | cat
awk 'BEGIN { system("ls") }'
awk '{ print | "sort" }' /dev/null
jq -n 'now'
jq -n 'now|todate' 2>&1
jq -n '[range(0; 100000000)] | length'
jq -n 'def f: f; f'
seq 1 10000000 | wc -l
bash
jq -n '"2026-01-02T03:04:05Z" | fromdateiso8601'
jq -n 'input_line_number'
