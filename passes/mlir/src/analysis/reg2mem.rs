//! Virtual reg2mem: which values go through a demoted scalar `T<k>`.
//!
//! A value that depends on memory is demoted when it is used in a nested loop or
//! `affine.if`, after the run, or by a statement after a write to a buffer it reads;
//! `iter_args` and loop results always are. Demotion is only modelled here: codegen
//! materializes the scalars once the new code is ready.

use super::affine_map::for_inits;
use super::aliasing::{conflicts, Mem};
use super::detect::{is_conditional, is_load_op, is_store_op, kind, Kind};
use super::{Extractor, Result};
use crate::ir::{Op, Val};
use std::collections::{HashMap, HashSet};

impl Extractor {
    /// Loop results (iter_args) live in scalars; registering them before the block is
    /// analysed makes every value computed from them load-dependent.
    pub(super) fn register_loop_results(&mut self, ops: &[Op]) {
        for &op in ops {
            if kind(op) == Kind::For {
                for r in op.results() {
                    self.new_scalar(r);
                }
            }
        }
    }

    pub(super) fn new_scalar(&mut self, v: Val) -> usize {
        let s = self.scalars.len();
        self.scalars.push(v.ty());
        self.scalar_of.insert(v, s);
        s
    }

    /// The op of `ops` that is `op` or holds it, if any.
    pub(super) fn ancestor_in(&self, index: &HashMap<Op, usize>, op: Op) -> Option<(Op, usize)> {
        let mut cur = Some(op);
        while let Some(c) = cur {
            if let Some(&i) = index.get(&c) {
                return Some((c, i));
            }
            cur = c.parent();
        }
        None
    }

    /// Load-dependent values of the block that must go through a scalar: used in a
    /// nested loop or `affine.if` or after the run, or read before a write that could
    /// change what they read. A statement clones the loads it needs at its own
    /// position, so a value may feed several statements of its block as long as no
    /// write in between touches a buffer it reads.
    pub(super) fn demoted_values(&mut self, ops: &[Op]) -> Result<HashSet<Op>> {
        let index: HashMap<Op, usize> = ops.iter().enumerate().map(|(i, o)| (*o, i)).collect();
        let mut load_dependent: HashSet<Op> = HashSet::new();
        // The buffers each load-dependent value reads, through its operands in the block.
        let mut reads: HashMap<Op, HashSet<Mem>> = HashMap::new();
        for &op in ops {
            let k = kind(op);
            let operand_defs: Vec<Op> = op
                .operands()
                .iter()
                .filter_map(|o| o.defining_op())
                .filter(|d| load_dependent.contains(d))
                .collect();
            let scalar_operand = op.operands().iter().any(|o| self.scalar_backed(*o));
            if k == Kind::Load || (k == Kind::Pure && (scalar_operand || !operand_defs.is_empty()))
            {
                let mut mine = self.memory_touched(op, false);
                for d in operand_defs {
                    mine.extend(reads.get(&d).cloned().unwrap_or_default());
                }
                load_dependent.insert(op);
                reads.insert(op, mine);
            }
        }
        let mut written: Vec<Option<HashSet<Mem>>> = vec![None; ops.len()];
        let mut demoted = HashSet::new();
        // consumers[op]: the statement roots that use op's value, through the slice.
        let mut consumers: HashMap<Op, HashSet<usize>> = HashMap::new();
        for (i, &op) in ops.iter().enumerate().rev() {
            if !load_dependent.contains(&op) {
                continue;
            }
            let mut mine = HashSet::new();
            let mut escapes = false;
            for r in op.results() {
                for user in r.users() {
                    match self.ancestor_in(&index, user) {
                        Some((anc, u)) if anc == user || is_conditional(anc) => match kind(anc) {
                            Kind::Store | Kind::Yield | Kind::CondWrite => {
                                mine.insert(u);
                            }
                            // An iter_args init: read by the loop's init statement,
                            // which sits at the loop's position.
                            Kind::For if for_inits(anc).contains(&r) => {
                                mine.insert(u);
                            }
                            _ if demoted.contains(&anc) => {
                                mine.insert(u);
                            }
                            Kind::Pure | Kind::Load => {
                                mine.extend(consumers.get(&anc).cloned().unwrap_or_default())
                            }
                            _ => escapes = true,
                        },
                        // Used in a nested loop or affine.if, or outside the block.
                        _ => escapes = true,
                    }
                }
            }
            let my_reads = reads.get(&op).cloned().unwrap_or_default();
            let last = mine.iter().copied().max().unwrap_or(i);
            let mut write_between = false;
            for k in i + 1..last {
                if !matches!(
                    kind(ops[k]),
                    Kind::Store | Kind::For | Kind::If | Kind::CondWrite
                ) {
                    continue;
                }
                if !mine.iter().any(|&r| r > k) {
                    continue;
                }
                let w = written[k].get_or_insert_with(|| self.memory_touched(ops[k], true));
                if conflicts(w, &my_reads) {
                    write_between = true;
                    break;
                }
            }
            if escapes || write_between {
                demoted.insert(op);
                consumers.insert(op, HashSet::from([i]));
            } else {
                consumers.insert(op, mine);
            }
        }
        Ok(demoted)
    }

    /// The buffers `op` and the ops nested in it read (`writes` false) or write.
    pub(super) fn memory_touched(&self, op: Op, writes: bool) -> HashSet<Mem> {
        let mut out = HashSet::new();
        let mut all = vec![op];
        all.extend(op.nested_ops());
        for o in all {
            let (is_access, memref) = if is_store_op(o) {
                (writes, o.operands().get(1).copied())
            } else if is_load_op(o) {
                (!writes, o.operands().first().copied())
            } else {
                (false, None)
            };
            if !is_access {
                continue;
            }
            out.insert(match memref.map(|m| self.buffer_of(m)) {
                Some(Ok((b, _))) => Mem::Buffer(b),
                _ => Mem::Unknown,
            });
        }
        out
    }

    /// Is `v` read from a demoted scalar (iter_args, loop results, demoted values)?
    pub(super) fn scalar_backed(&self, v: Val) -> bool {
        self.scalar_of.contains_key(&v)
    }
}
