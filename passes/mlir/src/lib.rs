//! Tessel's MLIR side: finds SCoPs in a function, extracts their model, runs the
//! polyhedral core and regenerates the code. The folders follow the data:
//! - [`ir`]: handles on MLIR; every FFI call of the crate is there;
//! - [`analysis`]: affine ops → model (detection, symbols, aliasing, reg2mem,
//!   statements, affine maps);
//! - [`codegen`]: AST → affine ops;
//! - [`pass`]: the driver that finds runs, calls the core and emits the remarks.
//!
//! The option items below (`PassKind`, scheduler and fuse spellings) are what the
//! plugin's entry point parses.

pub mod analysis;
pub mod codegen;
pub mod ir;
pub mod pass;

pub use pass::run_pass;

use tessel_poly::{FuseMode, SchedulerKind};

/// The passes the shim registers (`passes/mlir/shim/registration.cpp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassKind {
    Optimize,
    PrintScop,
    PrintDependences,
    PrintSchedule,
}

impl PassKind {
    pub fn from_raw(raw: u32) -> Option<PassKind> {
        Some(match raw {
            0 => PassKind::Optimize,
            1 => PassKind::PrintScop,
            2 => PassKind::PrintDependences,
            3 => PassKind::PrintSchedule,
            _ => return None,
        })
    }
}

/// The spellings of the `scheduler` option.
pub const SCHEDULER_NAMES: [&str; 5] = ["pluto", "isl", "feautrier", "identity", "isl-reference"];

/// Parses the scheduler option.
pub fn scheduler_from_name(name: &str) -> Option<SchedulerKind> {
    Some(match name {
        "pluto" => SchedulerKind::Pluto,
        "isl" => SchedulerKind::Isl,
        "feautrier" => SchedulerKind::Feautrier,
        "identity" => SchedulerKind::Identity,
        "isl-reference" => SchedulerKind::IslReference,
        _ => return None,
    })
}

/// Parses the fuse option.
pub fn fuse_from_name(name: &str) -> Option<FuseMode> {
    Some(match name {
        "none" => FuseMode::None,
        "smart" => FuseMode::Smart,
        "max" => FuseMode::Max,
        _ => return None,
    })
}

/// The option spelling of a scheduler: its variant name in kebab case.
fn scheduler_name(kind: SchedulerKind) -> String {
    let mut out = String::new();
    for (i, ch) in format!("{kind:?}").chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(ch.to_ascii_lowercase());
    }
    out
}

