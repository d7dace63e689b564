cd ~ && mkdir -p compat && cd compat
echo hello world | tr -d lo
echo 'aaa  bbb   ccc' | tr -s ' '
echo 'aabbcc' | tr -s a-c
echo 'a-b_c' | tr -d '_-'
echo hello | tr el ip
echo 'Hello World' | tr '[:lower:]' '[:upper:]'
echo 'a1b2c3' | tr -d '[:digit:]'
echo 'tabs	here' | tr '\t' ' '
echo abc | tr -c a x; echo
tr; echo "status $?"
tr -d; echo "status $?"
tr a; echo "status $?"
tr -x a b; echo "status $?"
printf 'a:b:c\nd:e:f\n' | cut -d: -f1,3
printf 'a:b:c\nd:e:f\n' | cut -d: -f2-
printf 'a,b,c\n' | cut -d, -f-2
echo abcdef | cut -c2-4
echo 'no delimiter' | cut -d: -f2
printf 'x y\n' | cut -f1
cut -d: a; echo "status $?"
cut; echo "status $?"
cut -f0 x; echo "status $?"
cut -y; echo "status $?"
printf '10\n9\n100\n9\n' | sort -n
printf '10\n9\n100\n' | sort -n -r
printf '10\n9\n100\n' | sort -rn
printf 'b 2\na 10\nc 1\n' | sort -k2 -n
printf 'b 2\na 10\nc 1\n' | sort -k2,2nr
printf 'b,2\na,1\n' | sort -t, -k2
printf 'x\ny\nx\nz\ny\n' | sort -u
printf 'B\na\nC\n' | sort
printf 'B\na\nC\n' | sort -f
sort -q; echo "status $?"
sort nosuch; echo "status $?"
printf 'a\na\nb\na\n' | uniq
printf 'a\na\nb\na\n' | uniq -c
printf 'a\na\nb\n' | uniq -d
printf 'a\na\nb\n' | uniq -u
printf 'b\na\nb\nb\n' | sort | uniq -c | sort -rn
uniq -x; echo "status $?"
echo tee-me | tee t1.txt t2.txt; cat t1.txt t2.txt
echo more | tee -a t1.txt > /dev/null; cat t1.txt
echo x | tee; echo "status $?"
tee -q; echo "status $?"
echo 'a2V1ZXVlIGxhYgo=' | base64 -d
echo 'a2V1ZXVl' | base64 --decode; echo
printf 'kueue' | base64 | base64 -d; echo
base64 -q; echo "status $?"
seq 4 | xargs -n 2
seq 3 | xargs -I X echo "<X>"
echo a b c | xargs -n 1
printf 'a b\n' | xargs -n 1 -I{} echo {}
xargs -q; echo "status $?"
seq -s ' ' 3
seq 10 -3 1
seq -f '%03g' 3
seq 1.5 3
seq -w 1 10 | tail -n 2
seq -x; echo "status $?"
date -u -d @0 +%F
date -u -d @0 '+%Y-%m-%d %H:%M:%S'
date -u -d @1000000000 +%s
date -u -d '2026-01-02 03:04:05' +%T
date -u -d @0 +%A,%B,%d,%e,%y
date -x; echo "status $?"
head -n x t1.txt; echo "status $?"
head -y; echo "status $?"
tail -n x t1.txt; echo "status $?"
wc -x; echo "status $?"
grep; echo "status $?"
grep -j x; echo "status $?"
ls --nosuch; echo "status $?"
cat -x; echo "status $?"
