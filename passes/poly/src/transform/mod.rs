//! Schedule-tree transforms: tiling of permutable bands, post-tile reordering,
//! register tiles, unroll-and-jam, wavefronts and parallel marks.

pub(crate) mod diamond;
pub(crate) mod intra_tile;
pub(crate) mod jam;
pub(crate) mod locality;
pub(crate) mod parallel;
pub(crate) mod tile;
pub(crate) mod tile_fusion;
pub(crate) mod tile_size;
pub(crate) mod wavefront;
