//! Every kernel under every configuration: the generated AST must execute exactly
//! the original instances, each once, with the original results, also when its
//! parallel loops run backwards.

mod common;

use common::{all_kernels, check_execution, options};
use tessel_poly::notes::{JamNote, Note};
use tessel_poly::{optimize, AstNode, RegisterBlock, Registers, SchedulerKind};

#[test]
fn every_kernel_every_configuration_executes_like_the_original() {
    for kernel in all_kernels() {
        for scheduler in [
            SchedulerKind::Identity,
            SchedulerKind::IslReference,
            SchedulerKind::Pluto,
            SchedulerKind::Isl,
            SchedulerKind::Feautrier,
        ] {
            for tile in [false, true] {
                for parallel in [false, true] {
                    let what = format!("{scheduler:?} tile={tile} parallel={parallel}");
                    let opts = options(scheduler, tile, parallel);
                    let out = optimize(&kernel.scop, &opts)
                        .unwrap_or_else(|e| panic!("{}/{what}: {e}", kernel.name));
                    check_execution(&kernel, &out.ast, &what);
                    // A jam kept is no degradation (triangular's row sums, jammed).
                    let degraded: Vec<_> = (out.notes.iter())
                        .filter(|n| !matches!(n, Note::Jam(JamNote::Kept { .. })))
                        .collect();
                    assert!(
                        degraded.is_empty(),
                        "{}/{what}: {:?}",
                        kernel.name,
                        degraded
                    );
                    if !parallel {
                        assert_eq!(out.parallel_loops, 0, "{}/{what}", kernel.name);
                    }
                    if !tile {
                        assert_eq!(out.tiled_bands, 0, "{}/{what}", kernel.name);
                    }
                }
            }
        }
    }
}

#[test]
fn tile_sizes_larger_than_the_domain_and_of_one_are_fine() {
    for kernel in all_kernels() {
        for sizes in [vec![1], vec![1000], vec![2, 1000, 1]] {
            let mut opts = options(SchedulerKind::Identity, true, true);
            opts.tile_sizes = sizes.clone();
            let out = optimize(&kernel.scop, &opts)
                .unwrap_or_else(|e| panic!("{}/{sizes:?}: {e}", kernel.name));
            check_execution(&kernel, &out.ast, &format!("sizes {sizes:?}"));
        }
    }
}

/// Register blocks that fit the tiles, that do not, and larger than the domain:
/// every kernel still runs its instances in an order that gives the original
/// results (the block's loops are reordered in the schedule tree, then unrolled).
#[test]
fn register_blocks_of_every_shape_execute_like_the_original() {
    let mut gemm_blocked = 0;
    for kernel in all_kernels() {
        for sizes in [vec![4, 3], vec![1000]] {
            for block in [[2, 3], [4, 3], [2, 2], [5, 4]] {
                let mut opts = options(SchedulerKind::Isl, true, true);
                opts.tile_sizes = sizes.clone();
                opts.register_tile = RegisterBlock::Fixed(block);
                let what = format!("tiles {sizes:?}, block {block:?}");
                let out = optimize(&kernel.scop, &opts)
                    .unwrap_or_else(|e| panic!("{}/{what}: {e}", kernel.name));
                check_execution(&kernel, &out.ast, &what);
                if kernel.name == "gemm" {
                    gemm_blocked += usize::from(has_register_block(&out.ast));
                }
            }
        }
    }
    // gemm's point band is (i, k, j), with tiles (4, 3, 3) or 1000 each. A block
    // must divide its tile along i and j: 2 x 3 and 4 x 3 divide (4, 3); 2 x 2 and
    // 5 x 4 divide 1000. The others get none.
    assert_eq!(gemm_blocked, 4);
}

/// A loop keeping elements in registers around the unrolled copies of a block (an
/// innermost loop with one statement keeps its element too: scalar replacement).
fn has_register_block(nodes: &[AstNode]) -> bool {
    nodes.iter().any(|n| match n {
        AstNode::For {
            registers, body, ..
        } => (*registers != Registers::None && body.len() > 1) || has_register_block(body),
        AstNode::If {
            then_branch,
            else_branch,
            ..
        } => has_register_block(then_branch) || has_register_block(else_branch),
        AstNode::Stmt { .. } => false,
    })
}
