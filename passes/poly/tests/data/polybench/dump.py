"""Dumps the SCoPs of kernels/*.mlir (kernel_* functions) with tessel-print-scop.

Usage, from the repository root: python3 passes/poly/tests/data/polybench/dump.py OUT_DIR
"""
import subprocess, re, sys, os
out_dir = sys.argv[1]
for f in sorted(os.listdir('kernels')):
    if not f.endswith('.mlir'): continue
    name = f[:-5]
    src = open('kernels/'+f).read().splitlines()
    # kernel function line range
    start = end = None
    for i, l in enumerate(src, 1):
        if 'func.func @kernel_' in l: start = i
        elif start and end is None and 'func.func' in l and i > start: end = i
    r = subprocess.run(['/usr/lib/llvm-22/bin/mlir-opt', '--load-pass-plugin=target/release/libtessel.so',
        '--pass-pipeline=builtin.module(func.func(tessel-print-scop))', 'kernels/'+f, '-o', '/dev/null'],
        capture_output=True, text=True)
    text = r.stderr
    blocks = re.split(r'^(kernels/\S+:(\d+):\d+: remark: tessel: )', text, flags=re.M)
    scops = []
    i = 1
    while i < len(blocks):
        line = int(blocks[i+1]); body = blocks[i+2]
        i += 3
        if not (start <= line < (end or 10**9)): continue
        if not body.startswith('SCoP of'): 
            print(name, 'note:', body.splitlines()[0]); continue
        lines = body.splitlines()[1:]
        # keep until blank line
        keep = []
        for l in lines:
            if not l.strip(): break
            keep.append(l)
        scops.append('\n'.join(keep))
    with open(os.path.join(out_dir, name + '.scop'), 'w') as o:
        o.write('\n\n'.join(scops) + '\n')
    print(name, len(scops), 'scops', sum(s.count('\nS') for s in scops), 'stmts')
