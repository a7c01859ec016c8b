//! Schedule-tree transforms: tiling of permutable bands, wavefronts and parallel marks.

pub(crate) mod parallel;
pub(crate) mod tile;
pub(crate) mod wavefront;
