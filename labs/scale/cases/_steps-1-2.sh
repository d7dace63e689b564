# Shared beginning for cases (not a case itself): the cluster busy for five minutes, steps 1-2 done.
cd /root/scale
sleep 300
printf 'nodes=200\ngpus=1600\n' > capacity.txt
echo team=team-a > borrower.txt
