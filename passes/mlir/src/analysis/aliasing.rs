//! Aliasing: which buffer a memref points into, and the array name it gets.
//!
//! Casts are looked through; distinct function arguments and allocations are distinct
//! buffers (as C `restrict` arrays); a view is an array of its own only if the SCoP
//! reaches its buffer through it alone; any other origin may alias anything.

use super::{fail, Extractor, Reject, Result};
use crate::ir::{Blk, Op, Val};
use std::collections::HashSet;

/// A memory buffer as far as aliasing goes: distinct buffers never overlap.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) enum Buffer {
    /// A function argument or the result of an allocation.
    Value(Val),
    /// `memref.get_global @name`.
    Global(String),
}

/// A buffer an access touches, for the demotion check; Unknown conflicts with all.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) enum Mem {
    Buffer(Buffer),
    Unknown,
}

pub(super) fn conflicts(a: &HashSet<Mem>, b: &HashSet<Mem>) -> bool {
    if a.is_empty() || b.is_empty() {
        return false;
    }
    a.contains(&Mem::Unknown) || b.contains(&Mem::Unknown) || a.intersection(b).next().is_some()
}

pub(super) fn buffer_value(b: &Buffer) -> Option<Val> {
    match b {
        Buffer::Value(v) => Some(*v),
        Buffer::Global(_) => None,
    }
}

/// The function (or other op with a symbol table-less body) that holds `op`.
pub(super) fn enclosing_function(op: Op) -> Option<Op> {
    op.ancestors()
        .find(|p| matches!(p.name().as_str(), "func.func" | "gpu.func" | "llvm.func"))
}

/// Is `blk` the entry block of function `op` (whose arguments are the function's)?
pub(super) fn is_entry_block_of_function(op: Op, blk: Blk) -> bool {
    matches!(op.name().as_str(), "func.func" | "gpu.func")
        && op.region_blocks(0).first() == Some(&blk)
}

impl Extractor {
    /// The buffer a memref value points into, and the value it is accessed through
    /// after looking through casts. Err(why) when the buffer can't be known.
    pub(super) fn buffer_of(&self, memref: Val) -> std::result::Result<(Buffer, Val), Reject> {
        let mut path = memref;
        loop {
            match path.defining_op() {
                Some(d)
                    if matches!(
                        d.name().as_str(),
                        "memref.cast" | "memref.memory_space_cast" | "memref.assume_alignment"
                    ) =>
                {
                    match d.operand(0) {
                        Some(source) => path = source,
                        None => break,
                    }
                }
                _ => break,
            }
        }
        let mut base = path;
        loop {
            if let Some((blk, _)) = base.block_argument() {
                let parent = blk.parent_op();
                let is_function = parent.is_some_and(|p| is_entry_block_of_function(p, blk));
                if is_function {
                    return Ok((Buffer::Value(base), path));
                }
                let owner = parent.map(|p| p.name()).unwrap_or_default();
                return Err(Reject::LoopCarriedMemref { owner });
            }
            let Some(d) = base.defining_op() else {
                return Err(Reject::UnknownMemref);
            };
            let name = d.name();
            match name.as_str() {
                "memref.alloc" | "memref.alloca" => return Ok((Buffer::Value(base), path)),
                "memref.get_global" => {
                    let sym = d
                        .attr("name")
                        .map(|a| a.as_flat_symbol().unwrap_or_else(|| a.to_string()))
                        .unwrap_or_default();
                    return Ok((Buffer::Global(sym), path));
                }
                "memref.cast" | "memref.memory_space_cast" | "memref.assume_alignment" => {
                    base = d.operand(0).ok_or(Reject::UnknownMemref)?
                }
                // Injective views: fine as long as the buffer is seen through this one
                // path only (checked by the caller), and the view is the same for the
                // whole SCoP.
                "memref.subview"
                | "memref.expand_shape"
                | "memref.collapse_shape"
                | "memref.transpose" => {
                    if self.in_run(d) {
                        return Err(Reject::ViewInsideNest { op: name });
                    }
                    base = d.operand(0).ok_or(Reject::UnknownMemref)?
                }
                _ => {
                    return Err(Reject::MemrefMayAlias { op: name });
                }
            }
        }
    }

    pub(super) fn buffer_name(&self, buffer: &Buffer, direct: bool) -> String {
        let base = match buffer {
            Buffer::Global(sym) => {
                let clean: String = sym
                    .trim_start_matches('@')
                    .trim_matches('"')
                    .chars()
                    .map(|c| {
                        if c.is_ascii_alphanumeric() || c == '_' {
                            c
                        } else {
                            '_'
                        }
                    })
                    .collect();
                format!("global_{clean}")
            }
            Buffer::Value(v) => match v.block_argument() {
                Some((_, k)) => format!("arg{k}"),
                None => {
                    let def = v.defining_op();
                    let op_name = def.map(|d| d.name()).unwrap_or_default();
                    let short = op_name.trim_start_matches("memref.").to_string();
                    // Number allocations of one kind in the order the function holds them.
                    let k = def
                        .and_then(|d| {
                            let f = enclosing_function(d)?;
                            f.nested_ops()
                                .into_iter()
                                .filter(|o| o.name() == op_name)
                                .position(|o| o == d)
                        })
                        .unwrap_or(0);
                    format!("{short}{k}")
                }
            },
        };
        if direct {
            base
        } else {
            format!("{base}_view")
        }
    }

    pub(super) fn array(&mut self, memref: Val, user: Op) -> Result<String> {
        if let Some(owner) = memref.owner_op() {
            if self.in_run(owner) {
                return fail(user, Reject::MemrefInsideNest { op: owner.name() });
            }
        }
        let (buffer, path) = self.buffer_of(memref).map_err(|why| (user, why))?;
        if memref != path {
            self.accessed_indirectly.insert(buffer.clone());
        }
        if let Some((name, seen)) = self.arrays.get(&buffer) {
            if *seen != path {
                return fail(user, Reject::TwoViews);
            }
            return Ok(name.clone());
        }
        let direct = buffer_value(&buffer).is_none_or(|b| b == path);
        let name = self.buffer_name(&buffer, direct);
        self.arrays.insert(buffer, (name.clone(), path));
        if let Some(bytes) = memref.ty().element_bytes() {
            self.element_bytes.push((name.clone(), bytes));
        }
        Ok(name)
    }
}
