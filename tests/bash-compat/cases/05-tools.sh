cd ~ && mkdir -p compat && cd compat
seq 3
seq 2 5
seq 1 2 7
seq 5 -2 1
seq -w 8 10
seq -s , 5
seq 0.1 0.1 0.3
seq 5 1; echo "empty $?"
seq; echo $?
seq x; echo $?
seq 1 0 3; echo $?
seq 1 2 3 4; echo $?
echo hello | base64
echo aGVsbG8K | base64 -d
echo -n abc | base64
echo hello kueue lab | base64 -w 8
echo hi | base64 -w 0; echo
echo '!!' | base64 -d; echo " status $?"
base64 nofile; echo $?
printf 'apiVersion: v1\n' > cm.yaml; base64 cm.yaml | base64 -d
seq 3 | xargs echo
seq 5 | xargs -n 2 echo got
printf 'a\nb\n' | xargs -I{} echo "item {} done"
printf 'one two\nthree' | xargs
echo "'quoted words' plain" | xargs -n 1 echo
printf 'x\n' | xargs -t echo 2>&1
echo | xargs -r echo never; echo "r status $?"
echo a | xargs nosuchcommand; echo "status $?"
echo "don't" | xargs echo; echo "status $?"
seq 3 | xargs -n 1 sh -c 'exit 1'; echo "status $?"
printf 'b\na\nc\na\n' | sort | uniq -c
printf 'b\na\nc\na\n' | sort -u
printf '3\n10\n2\n' | sort -n
printf 'x 3\ny 1\nz 2\n' | sort -k 2 -n
printf 'a\nb\n' | tee copy.txt | tr a-z A-Z; cat copy.txt
echo 'a:b:c' | cut -d: -f2
echo 'hello' | tr -d l
date -d @0
date -d @86400 +%F
date -d '2026-12-02 10:00' '+%Y/%m/%d %H:%M:%S %a %b %j'
date -d xyz; echo $?
date -u -d @1796202000 -Iseconds
date -d @1796202000 -R
