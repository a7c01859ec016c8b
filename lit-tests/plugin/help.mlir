// The plugin loads into Debian's stock mlir-opt, and --help lists each Tessel pass
// with exactly the options it reads (passes/poly/src/options/table.rs), sorted by
// name: enumerated options with their allowed values, the list option as a list,
// the default at the end of each help line. Passes sit at 6 spaces, their options at
// 8 and enum values at 4, hence --strict-whitespace.
//
// RUN: %mlir-opt --load-pass-plugin=%tessel --help 2>&1 | FileCheck %s --strict-whitespace
// RUN: %mlir-opt --load-pass-plugin=%tessel --help 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXPLAIN --strict-whitespace

// tessel-explain reads the scheduling options, those of the transforms that follow
// scheduling (its script's generate repeats them: tile, tile-sizes, wavefront,
// diamond, intra-tile, register-tile, unroll-jam, the parallel marks, parallel-min-work and
// vector-bytes), and the dependence options; not the target's nor
// distinct-arguments.
// EXPLAIN-LABEL: {{^      --tessel-explain }}
// EXPLAIN-NEXT: {{^        --diamond }}
// EXPLAIN-NEXT: {{^        --fuse=<value> }}
// EXPLAIN-NEXT: {{^    =none }}
// EXPLAIN-NEXT: {{^    =smart }}
// EXPLAIN-NEXT: {{^    =max }}
// EXPLAIN-NEXT: {{^        --fusion-structure=<group,group,...> }}
// EXPLAIN-NEXT: {{^        --intra-tile }}
// EXPLAIN-NEXT: {{^        --l2-size=<ulong> }}
// EXPLAIN-NEXT: {{^        --line-size=<ulong> }}
// EXPLAIN-NEXT: {{^        --live-range-reordering }}
// EXPLAIN-NEXT: {{^        --max-operations=<ulong> }}
// EXPLAIN-NEXT: {{^        --parallel }}
// EXPLAIN-NEXT: {{^        --parallel-collapse }}
// EXPLAIN-NEXT: {{^        --parallel-min-work=<ulong> }}
// EXPLAIN-NEXT: {{^        --rar }}
// EXPLAIN-NEXT: {{^        --register-tile=<size,size,...> }}
// EXPLAIN-NEXT: {{^        --scheduler=<value> }}
// EXPLAIN:      {{^    =spatial }}
// EXPLAIN-NEXT: {{^        --spatial-hlim=<ulong> }}
// EXPLAIN-NEXT: {{^        --tile }}
// EXPLAIN-NEXT: {{^        --tile-sizes=<size,size,...> }}
// EXPLAIN-NEXT: {{^        --time-budget=<ulong> }}
// EXPLAIN-NEXT: {{^        --unroll-jam=<ulong> }}
// EXPLAIN-NEXT: {{^        --vector-bytes=<ulong> }}
// EXPLAIN-NEXT: {{^        --wavefront }}
// EXPLAIN-NEXT: {{^      --tessel-gpu-emulate }}
// EXPLAIN-NEXT: {{^        --thread-order=<value> }}
// EXPLAIN-NEXT: {{^    =forward }}
// EXPLAIN-NEXT: {{^    =reverse }}
// EXPLAIN-NEXT: {{^    =shuffle }}
// EXPLAIN-NEXT: {{^      --tessel-optimize }}

// CHECK-NOT: Failed to load
// CHECK-LABEL: {{^      --tessel-optimize }}
// CHECK-NEXT: {{^        --diamond .*concurrent start\); off by default: at 2 threads they ran no faster than time tiles \(default: false\)$}}
// CHECK-NEXT: {{^        --distinct-arguments .*memref.distinct_objects.*\(default: true\)$}}
// CHECK-NEXT: {{^        --fuse=<value> .*\(default: smart\)$}}
// CHECK-NEXT: {{^    =none }}
// CHECK-NEXT: {{^    =smart }}
// CHECK-NEXT: {{^    =max }}
// CHECK-NEXT: {{^        --fusion-structure=<group,group,...> .*seed 002.*Empty \(the default\): the fuse option decides$}}
// CHECK-NEXT: {{^        --gpu-block=<ulong> .*1024 threads \(default: 16\)$}}
// CHECK-NEXT: {{^        --gpu-promote .*shared memory.*registers.*\(default: true\)$}}
// CHECK-NEXT: {{^        --intra-tile .*\(default: true\)$}}
// CHECK-NEXT: {{^        --l2-size=<ulong> .*set it when cross-compiling\) \(default: 0\)$}}
// CHECK-NEXT: {{^        --line-size=<ulong> .*\(default: 0\)$}}
// CHECK-NEXT: {{^        --live-range-reordering .*\(default: false\)$}}
// CHECK-NEXT: {{^        --max-operations=<ulong> .*\(default: 20000000\)$}}
// CHECK-NEXT: {{^        --parallel .*\(default: true\)$}}
// CHECK-NEXT: {{^        --parallel-collapse .*\(default: true\)$}}
// CHECK-NEXT: {{^        --parallel-min-work=<ulong> .*\(default: 262144\)$}}
// CHECK-NEXT: {{^        --rar .*never a constraint on the order; CPU target only \(default: true\)$}}
// CHECK-NEXT: {{^        --register-tile=<size,size,...> .*Empty \(the default\): 8 vector registers of the written element \(see vector-bytes\), shaped .*Outside register blocks, an innermost sequential loop keeps the elements it updates at a fixed address in registers \(a 1x1 block\). 1,1 turns both off; blocks of over 64 elements are not built$}}
// CHECK-NEXT: {{^        --scheduler=<value> .*\(default: auto\)$}}
// CHECK-NEXT: {{^    =isl }}
// CHECK-NEXT: {{^    =pluto }}
// CHECK-NEXT: {{^    =feautrier }}
// CHECK-NEXT: {{^    =identity }}
// CHECK-NEXT: {{^    =isl-reference }}
// CHECK-NEXT: {{^    =auto }}
// CHECK-NEXT: {{^    =spatial }}
// CHECK-NEXT: {{^        --spatial-hlim=<ulong> .*\(default: 32\)$}}
// CHECK-NEXT: {{^        --target=<value> .*\(default: cpu\)$}}
// CHECK-NEXT: {{^    =cpu }}
// CHECK-NEXT: {{^    =gpu }}
// CHECK-NEXT: {{^        --tile .*\(default: true\)$}}
// CHECK-NEXT: {{^        --tile-sizes=<size,size,...> .*Empty \(the default\): per band from a footprint model.*untiled$}}
// CHECK-NEXT: {{^        --time-budget=<ulong> .*Wall-clock seconds .*\(default: 8\)$}}
// CHECK-NEXT: {{^        --tuning-db=<file> .*SQLite.*Empty \(the default\): none$}}
// CHECK-NEXT: {{^        --unroll-jam=<ulong> .*\(default: 4\)$}}
// CHECK-NEXT: {{^        --vector-bytes=<ulong> .*64 with AVX-512, 32 with AVX.*\(default: 0\)$}}
// CHECK-NEXT: {{^        --wavefront .*\(default: true\)$}}

// tessel-print-deps reads the dependence options (and the time budget) only.
// CHECK-NEXT: {{^      --tessel-print-deps }}
// CHECK-NEXT: {{^        --live-range-reordering }}
// CHECK-NEXT: {{^        --max-operations=<ulong> }}
// CHECK-NEXT: {{^        --time-budget=<ulong> }}

// tessel-print-fusion-space reads those and Definition 7's slack.
// CHECK-NEXT: {{^      --tessel-print-fusion-space }}
// CHECK-NEXT: {{^        --fusion-slack=<ulong> .*\(default: 0\)$}}
// CHECK-NEXT: {{^        --live-range-reordering }}
// CHECK-NEXT: {{^        --max-operations=<ulong> }}
// CHECK-NEXT: {{^        --time-budget=<ulong> }}

// tessel-print-schedule reads all of them but the slack.
// CHECK-NEXT: {{^      --tessel-print-schedule }}
// CHECK-NEXT: {{^        --diamond }}
// CHECK-NEXT: {{^        --fuse=<value> }}
// CHECK:      {{^        --register-tile=<size,size,...> }}
// CHECK-NEXT: {{^        --scheduler=<value> }}
// CHECK-NEXT: {{^    =isl }}
// CHECK:      {{^        --tile-sizes=<size,size,...> }}
// CHECK-NEXT: {{^        --time-budget=<ulong> }}
// CHECK-NEXT: {{^        --unroll-jam=<ulong> }}
// CHECK-NEXT: {{^        --vector-bytes=<ulong> }}
// CHECK-NEXT: {{^        --wavefront }}

// tessel-print-scop reads none: the next line is the next pass.
// CHECK-NEXT: {{^      --tessel-print-scop }}
// CHECK-NEXT: {{^      --[a-z]}}
