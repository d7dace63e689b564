# Common mistake: the borrowingLimit set on team-b, which does not borrow.
# expect: cap fail "borrowingLimit"
# setup: _steps-1-2.sh
kubectl patch clusterqueue team-b --type=json -p '[{"op":"add","path":"/spec/resourceGroups/0/flavors/0/resources/2/borrowingLimit","value":400}]'
