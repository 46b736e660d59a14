# Reads an AMDGCN (or PTX) listing and prints one line per loop, "loop
# LABEL OP N": for every branch back to a label above it, the number of
# instructions between the label and the branch whose line matches `op`
# (awk -v op=v_mfma -f loop-ops.awk).
/^[$.][A-Za-z0-9_]+:/ { label = $1; sub(/:.*/, "", label); seen[label] = n }
$0 ~ op { n++ }
/[ \t]bra[ \t.]|s_branch|s_cbranch/ {
  target = $NF
  sub(/;$/, "", target)
  if (target in seen)
    print "loop", target, op, n - seen[target]
}
