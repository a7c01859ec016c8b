//! The limits of the hardware that every GPU step respects.

/// The most threads a block may have (CUDA's limit for every compute capability
/// since 2.0).
pub(crate) const MAX_THREADS_PER_BLOCK: u64 = 1024;
/// The most loops mapped to one kernel: blocks and threads have three dimensions.
pub(crate) const MAX_GRID_DIMS: usize = 3;
