#!/usr/bin/env bash
# Domineering side by side with Obsequi (Bullock's solver, built by the user
# from its public source; this repository holds none of it): each workload
# solved by both programs, one run each, back to back, with the CPU time
# (user + system, /usr/bin/time) and the node count each prints. Prints a
# Markdown table: the CPU ratio Sente / Obsequi and the ratio per node.
#
#   benchmarks/obsequi_compare.sh PATH/TO/Obsequi [build/release/bin/sente]
#   THREADS=2 benchmarks/obsequi_compare.sh ...   # Sente on two threads too
#
# Obsequi reads "solve rows R cols C bits B [bCELLS] P" on stdin (cells
# 0-based "row,col;row,col", P the side to move); its last line is
# "winner V, move (r,c), nodes N.". Without the Obsequi path the script
# says so and exits 0 (skipped), as CI has no Obsequi.
set -euo pipefail

obsequi=${1:-}
sente=${2:-build/release/bin/sente}
bits=${BITS:-24}          # Obsequi's table: 2^bits entries (~400 MB at 24)
table_mb=${TABLE_MB:-256} # Sente's table
threads=${THREADS:-1}

if [[ -z "$obsequi" || ! -x "$obsequi" ]]; then
  echo "obsequi_compare: skipped (give the path of an Obsequi binary as the first argument)"
  exit 0
fi
[[ -x "$sente" ]] || { echo "obsequi_compare: no sente binary at $sente" >&2; exit 2; }

# rows cols side blocked-cells (0-based row,col;row,col or -)
workloads=(
  "8 8 V -" "8 8 H -" "7 9 V -" "7 9 H -" "6 10 V -" "6 10 H -" "2 27 V -"
  "8 8 H 3,3;4,3" "8 8 V 3,3;4,3" "8 8 H 2,2;3,2"
)

# The position as Sente's text: rows of '.' and '#' joined by '|'.
position() {
  python3 - "$1" "$2" "$3" <<'EOF'
import sys
rows, cols, blocked = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
g = [["."] * cols for _ in range(rows)]
if blocked != "-":
    for cell in blocked.split(";"):
        r, c = map(int, cell.split(","))
        g[r][c] = "#"
print("|".join("".join(r) for r in g))
EOF
}

cpu() { awk '{printf "%.2f", $1 + $2}' "$1"; }

echo "| workload | to move | Obsequi nodes | Obsequi CPU s | Sente nodes | Sente CPU s | CPU ratio | per node |"
echo "|---|---|---|---|---|---|---|---|"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for w in "${workloads[@]}"; do
  read -r rows cols side blocked <<<"$w"
  cells="" label=""
  [[ "$blocked" != "-" ]] && cells="b$blocked " && label=" b$blocked"
  echo "solve rows $rows cols $cols bits $bits ${cells}$side" |
    /usr/bin/time -f "%U %S" -o "$tmp/ot" "$obsequi" >"$tmp/oo" 2>/dev/null
  o_nodes=$(tail -n 1 "$tmp/oo" | sed -n 's/.*nodes \([0-9,]*\).*/\1/p' | tr -d ,)
  o_winner=$(tail -n 1 "$tmp/oo" | sed -n 's/^winner \([VH]\).*/\1/p')
  /usr/bin/time -f "%U %S" -o "$tmp/st" "$sente" solve domineering "$(position "$rows" "$cols" "$blocked")" \
    --to-move "$side" --table-mb "$table_mb" --threads "$threads" --stats --json >"$tmp/so"
  read -r s_nodes s_value < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
stats = {s["name"]: s["value"] for s in d["stats"]}
print(int(stats["nodes"]), d.get("value", ""))' "$tmp/so")
  # The winner each program names must agree (Sente: +1 = the side to move wins).
  if [[ -n "$o_winner" ]]; then
    s_winner=$side
    [[ "$s_value" == "-1" ]] && { [[ $side == V ]] && s_winner=H || s_winner=V; }
    [[ "$s_winner" == "$o_winner" ]] || echo "MISMATCH on $w: Obsequi $o_winner, Sente $s_winner" >&2
  fi
  oc=$(cpu "$tmp/ot"); sc=$(cpu "$tmp/st")
  python3 -c '
import sys
w, side, on, oc, sn, sc = sys.argv[1:]
on, sn, oc, sc = int(on), int(sn), float(oc), float(sc)
ratio = sc / oc if oc else float("nan")
per = (sc / sn) / (oc / on) if oc and on and sn else float("nan")
print(f"| {w} | {side} | {on:,} | {oc:.2f} | {sn:,} | {sc:.2f} | {ratio:.2f} | {per:.2f} |")
' "${rows}x${cols}${label}" "$side" "${o_nodes:-0}" "$oc" "$s_nodes" "$sc"
done
