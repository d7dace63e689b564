foo
kubctl get pods
./run.sh
cat missing.yaml
cat gsb-kueue
cd nowhere
cd gsb-kueue/missing
ls nope
ls -z
rm missing
rm gsb-kueue
rm -f missing; echo $?
rm
mkdir gsb-kueue
mkdir a/b/c
cp
cp only-one
cp missing dest
cp gsb-kueue elsewhere
mv missing dest
touch no/such/file
head -n x /etc/missing
tail missing
grep
grep '(' -E /dev/null
grep a nothing.txt
sed 's/a/b' 
sed k
sed p missing
wc missing
sort missing
cut -f 1
tr
sleep
sleep abc
echo hi > /nope/file
cat < nofile
ls | 
| ls
echo a ;; echo b
for i in 1 2; do echo $i; done
ls &
history x
printf
printf '%d\n' abc
echo $(( 1 + 2 ))
