# Reads a PTX or AMDGCN listing and prints one line per loop, "loop LABEL
# fmas N": for every branch back to a label above it, the number of fused
# multiply-add instructions between the label and the branch.
/^[$.][A-Za-z0-9_]+:/ { label = $1; sub(/:.*/, "", label); seen[label] = fmas }
/fma/ { fmas++ }
/[ \t]bra[ \t.]|s_branch|s_cbranch/ {
  target = $NF
  sub(/;$/, "", target)
  if (target in seen)
    print "loop", target, "fmas", fmas - seen[target]
}
