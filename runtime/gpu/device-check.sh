#!/usr/bin/env bash
# Tessel GPU device check: run on a machine with an NVIDIA GPU and driver (no
# MLIR, no CUDA toolkit needed), on a folder built beforehand by
#     scripts/gpu bundle KERNELS --dataset D --out DIR
# which holds, per kernel, <k>.gpu (host executable, CUDA mode: PTX JIT-compiled
# by the driver), <k>.cpu (the unoptimized CPU build), libomp.so.5 (found through
# an $ORIGIN rpath) and sizes.txt (lines "<kernel> <dataset> <size>...").
#
#   device-check.sh DIR [SIZES_FILE]
#
# For each line of sizes.txt (or SIZES_FILE): runs the CPU original and the
# CUDA-mode executable at those sizes, and prints a Markdown table: kernel,
# sizes, launches, GPU kernel time (sum of the launches, cuEvent timing), host
# total time (the harness's timer around tessel_run: allocations, copies,
# launches, synchronization), CPU original time, hash match. Logs stay in
# DIR/logs. Exit status: 0 when every hash matches, 1 otherwise.
# Environment: TIMEOUT (seconds per run, default 600), OMP_NUM_THREADS (CPU runs).
set -u
dir=${1:?usage: device-check.sh DIR [SIZES_FILE]}
dir=$(cd "$dir" && pwd) || exit 2
sizes_file=${2:-$dir/sizes.txt}
timeout_s=${TIMEOUT:-600}
logs=$dir/logs
mkdir -p "$logs"

if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sed 's/^/GPU: /'
fi

field() { # field FILE KEY: the value of "KEY: value" in FILE
  sed -n "s/^$2: *//p" "$1" | head -n 1
}

echo
echo "| kernel | sizes | launches | GPU kernel time (s) | host total time (s) | CPU original time (s) | hash match |"
echo "|---|---|---:|---:|---:|---:|---|"
status=0 n=0
while read -r kernel dataset sizes; do
  [ -z "${kernel:-}" ] && continue
  case $kernel in \#*) continue ;; esac
  n=$((n + 1))
  gpu=$dir/$kernel.gpu cpu=$dir/$kernel.cpu
  tag=$kernel.$n  # log names: a kernel may have several size lines
  # shellcheck disable=SC2086 # sizes are separate words
  timeout "$timeout_s" "$cpu" $sizes </dev/null >"$logs/$tag.cpu.out" 2>"$logs/$tag.cpu.err"
  cpu_rc=$?
  # shellcheck disable=SC2086
  TESSEL_GPU_MODE=cuda TESSEL_GPU_LOG="$logs/$tag.gpu.summary" \
    timeout "$timeout_s" "$gpu" $sizes </dev/null >"$logs/$tag.gpu.out" 2>"$logs/$tag.gpu.err"
  gpu_rc=$?
  cpu_hash=$(field "$logs/$tag.cpu.out" hash)
  gpu_hash=$(field "$logs/$tag.gpu.out" hash)
  cpu_time=$(field "$logs/$tag.cpu.out" time)
  gpu_time=$(field "$logs/$tag.gpu.out" time)
  total=$(grep -s '^total ' "$logs/$tag.gpu.summary" | head -n 1)
  launches=$(printf '%s\n' "$total" | sed -n 's/.* launches=\([0-9]*\).*/\1/p')
  gpu_ms=$(printf '%s\n' "$total" | sed -n 's/.* gpu_ms=\([0-9.]*\).*/\1/p')
  gpu_s=$(awk -v ms="${gpu_ms:-}" 'BEGIN { if (ms == "") print "-"; else printf "%.6f", ms / 1000 }')
  if [ "$cpu_rc" -ne 0 ] || [ -z "$cpu_hash" ]; then
    match="CPU RUN FAILED (exit $cpu_rc, see logs/$tag.cpu.err)"; status=1
  elif [ "$gpu_rc" -ne 0 ] || [ -z "$gpu_hash" ]; then
    match="GPU RUN FAILED (exit $gpu_rc): $(tail -n 1 "$logs/$tag.gpu.err")"; status=1
  elif [ "$cpu_hash" = "$gpu_hash" ]; then
    match="yes ($gpu_hash)"
  else
    match="NO (cpu $cpu_hash, gpu $gpu_hash)"; status=1
  fi
  echo "| $kernel | $sizes | ${launches:--} | $gpu_s | ${gpu_time:--} | ${cpu_time:--} | $match |"
done < <(cat "$sizes_file")
exit $status
