cd gsb-kueue
printf 'b 2\na 10\nc 1\na 10\n' > data.txt
sort data.txt
sort -r data.txt
sort -n -k 2 data.txt
sort -u data.txt
sort data.txt | uniq
sort data.txt | uniq -c
head -n 2 data.txt
head -1 data.txt
tail -n 2 data.txt
tail -n +3 data.txt
wc -l data.txt
wc data.txt
wc -l < data.txt
cat data.txt | wc -c
grep a data.txt
grep -c a data.txt
grep -n -v a data.txt
grep -i A data.txt
grep -E '^(a|c) ' data.txt
grep 'a\|c' data.txt
grep zzz data.txt; echo "exit=$?"
grep -q b data.txt && echo found
grep a data.txt missing.txt
cut -d ' ' -f 2 data.txt
cut -c 1 data.txt
echo 'hello world' | tr a-z A-Z
echo 'hello world' | tr -d lo
echo 'aaabbb' | tr -s ab
echo 'a:b:c' | tr : '\n'
sed 's/a/A/' data.txt
sed -n '2p' data.txt
sed '2,3d' data.txt
sed -n '/a/p' data.txt
sed 's/\([a-z]\) \([0-9]*\)/\2=\1/' data.txt
sed -E 's/([a-z]) ([0-9]+)/\2=\1/g' data.txt
sed -i 's/10/ten/g' data.txt && cat data.txt
cat data.txt | grep ten | wc -l
echo x | tee out.txt | tr x y
cat out.txt
