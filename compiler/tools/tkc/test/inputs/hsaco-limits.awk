# Reads a kernel's metadata JSON and the `llvm-readelf --notes` of its AMD
# code object (one kernel) and prints whether it fits wave64 CDNA's limits
# (gfx90a, gfx942): "registers within 512" when VGPRs plus AGPRs are at
# most 512 per lane (the unified register file), "lds within 65536" when
# the static LDS plus the dynamic shared memory the launcher asks for
# (metadata shared_bytes) are at most 64 KiB per workgroup, and "no
# spills".
$1 == ".vgpr_count:" || $1 == ".agpr_count:" { regs += $2 }
$1 == ".group_segment_fixed_size:" { lds += $2 }
$1 == "\"shared_bytes\":" { v = $2; gsub(/[^0-9]/, "", v); lds += v }
$1 == ".vgpr_spill_count:" || $1 == ".sgpr_spill_count:" { spills += $2 }
END {
  print (regs <= 512 ? "registers within 512" : "registers over 512: " regs)
  print (lds <= 65536 ? "lds within 65536" : "lds over 65536: " lds)
  print (spills ? "spills " spills : "no spills")
}
