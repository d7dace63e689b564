cd gsb-kueue
cat <<EOF > flavor.yaml
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata:
  name: fake-gpu
spec:
  nodeLabels:
    nvidia.com/gpu.present: "true"
EOF
cat flavor.yaml
ls
ls -l
ls -la
mkdir -p manifests/old
touch manifests/a.yaml manifests/b.yaml
ls manifests
ls -l manifests
ls flavor.yaml manifests
cp flavor.yaml manifests/
cp flavor.yaml copy.yaml
mv copy.yaml renamed.yaml
ls
rm renamed.yaml
rm -r manifests
ls
ls *.yaml
ls -1 /root
echo first > notes.txt
echo second >> notes.txt
cat notes.txt
cat -n notes.txt
cat < notes.txt
cat notes.txt - <<< 'from stdin'
tee copy.txt < notes.txt
cat copy.txt
rm copy.txt notes.txt
cat <<'EOF'
$HOME is not expanded here
EOF
cat <<EOF
home is $HOME, status $?
EOF
cat <<-EOF
	tabs are stripped
	EOF
cd ..; pwd; cd -; cd; pwd
# /dev/null reads as empty and swallows writes
cat /dev/null; echo "cat $?"
wc -l /dev/null
grep x /dev/null; echo "grep $?"
sort < /dev/null; echo "sort $?"
ls -l /dev/null
ls /dev
echo gone > /dev/null; echo kept > n.txt; cp n.txt /dev/null; cat /dev/null n.txt
cp /dev/null empty.txt; wc -c empty.txt
test -f /dev/null; echo "f $?"; test -c /dev/null; echo "c $?"; test -e /dev/null; echo "e $?"
# the standard streams by their device names
echo out > /dev/stdout; echo err > /dev/stderr; echo in | cat < /dev/stdin
echo t | tee /dev/stderr
x=$(echo kept > /dev/stdout; echo shown > /dev/stderr); echo "[$x]"
cp n.txt /dev/stdout; mkdir /dev/stderr; ls /dev
printf 'b\na\n' | sort /dev/stdin; echo x | wc -l /dev/stdin
test -e /dev/stdin; echo "e $?"; test -c /dev/stderr; echo "c $?"; test -f /dev/stdout; echo "f $?"
