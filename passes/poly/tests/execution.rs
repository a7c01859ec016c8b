//! Every kernel under every configuration: the generated AST must execute exactly
//! the original instances, each once, with the original results, also when its
//! parallel loops run backwards.

mod common;

use common::{all_kernels, check_execution, options};
use tessel_poly::{optimize, SchedulerKind};

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
                    assert!(
                        out.notes.is_empty(),
                        "{}/{what}: {:?}",
                        kernel.name,
                        out.notes
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
