//! Building new ops in their generic form.

use super::{string_ref, Attr, Blk, Detached, Location, Type, Val};
use mlir_sys::*;

/// Builds a new detached op from its generic form.
pub struct OpBuilder {
    name: String,
    location: Location,
    operands: Vec<MlirValue>,
    results: Vec<MlirType>,
    attributes: Vec<(String, MlirAttribute)>,
    /// Regions made by `region_with_block`/`empty_region`, handed to the op by `build`.
    regions: Vec<MlirRegion>,
}

impl OpBuilder {
    pub fn new(name: &str, location: Location) -> Self {
        OpBuilder {
            name: name.to_string(),
            location,
            operands: vec![],
            results: vec![],
            attributes: vec![],
            regions: vec![],
        }
    }
    pub fn operands(mut self, vals: &[Val]) -> Self {
        self.operands.extend(vals.iter().map(|v| v.raw()));
        self
    }
    pub fn results(mut self, types: &[Type]) -> Self {
        self.results.extend(types.iter().map(|t| t.0));
        self
    }
    pub fn attr(mut self, name: &str, a: Attr) -> Self {
        self.attributes.push((name.to_string(), a.0));
        self
    }
    /// Adds a region holding one block with the given argument types; returns the block.
    pub fn region_with_block(mut self, arg_types: &[Type]) -> (Self, Blk) {
        let types: Vec<MlirType> = arg_types.iter().map(|t| t.0).collect();
        let locs: Vec<MlirLocation> = arg_types.iter().map(|_| self.location.0).collect();
        // SAFETY: `types` and `locs` hold one entry per block argument; the new block
        // is handed to the new region, which `build` hands to the op.
        let block = unsafe {
            let region = mlirRegionCreate();
            let block = mlirBlockCreate(types.len() as isize, types.as_ptr(), locs.as_ptr());
            mlirRegionAppendOwnedBlock(region, block);
            self.regions.push(region);
            block
        };
        (self, Blk::wrap(block))
    }
    pub fn empty_region(mut self) -> Self {
        // SAFETY: a new region, handed to the op by `build`.
        self.regions.push(unsafe { mlirRegionCreate() });
        self
    }
    pub fn build(self) -> Detached {
        // SAFETY: every array passed holds the count given; names and the state live
        // through the call; the op takes over the regions (and their blocks).
        let raw = unsafe {
            let mut state = mlirOperationStateGet(string_ref(&self.name), self.location.0);
            mlirOperationStateAddOperands(
                &mut state,
                self.operands.len() as isize,
                self.operands.as_ptr(),
            );
            mlirOperationStateAddResults(
                &mut state,
                self.results.len() as isize,
                self.results.as_ptr(),
            );
            let ctx = mlirLocationGetContext(self.location.0);
            let named: Vec<MlirNamedAttribute> = self
                .attributes
                .iter()
                .map(|(n, a)| mlirNamedAttributeGet(mlirIdentifierGet(ctx, string_ref(n)), *a))
                .collect();
            mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
            mlirOperationStateAddOwnedRegions(
                &mut state,
                self.regions.len() as isize,
                self.regions.as_ptr(),
            );
            mlirOperationCreate(&mut state)
        };
        Detached::created(raw)
    }
}
