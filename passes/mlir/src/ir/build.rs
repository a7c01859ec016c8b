//! Building new ops in their generic form, with melior's `OperationBuilder`.

use melior::ir::operation::OperationBuilder;
use melior::ir::{Attribute, Block, Identifier, Location as MeliorLocation, Region, RegionLike};
use melior::ir::{Type as MeliorType, Value};
use mlir_sys::{mlirIdentifierGet, mlirLocationGetContext};

use super::{string_ref, Attr, Blk, Detached, Location, Type, Val};

/// Builds a new detached op from its generic form.
pub struct OpBuilder {
    name: String,
    location: Location,
    operands: Vec<Value<'static, 'static>>,
    results: Vec<MeliorType<'static>>,
    attributes: Vec<(String, Attr)>,
    /// Regions made by `region_with_block`/`empty_region`, handed to the op by `build`
    /// (dropped with the builder otherwise).
    regions: Vec<Region<'static>>,
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
        self.operands.extend(vals.iter().map(|v| v.melior()));
        self
    }
    pub fn results(mut self, types: &[Type]) -> Self {
        self.results.extend(types.iter().map(|t| t.melior()));
        self
    }
    pub fn attr(mut self, name: &str, a: Attr) -> Self {
        self.attributes.push((name.to_string(), a));
        self
    }
    /// Adds a region holding one block with the given argument types; returns the block.
    pub fn region_with_block(mut self, arg_types: &[Type]) -> (Self, Blk) {
        let location = self.location.melior();
        let args: Vec<(MeliorType<'static>, MeliorLocation<'static>)> =
            arg_types.iter().map(|t| (t.melior(), location)).collect();
        let region = Region::new();
        let block = region.append_block(Block::new(&args));
        self.regions.push(region);
        (self, Blk::wrap(block))
    }
    pub fn empty_region(mut self) -> Self {
        self.regions.push(Region::new());
        self
    }
    pub fn build(self) -> Detached {
        // SAFETY: the location's context is live (the host's); the identifiers are
        // interned in it, and `self.name` lives until the op is created below.
        let ctx = unsafe { mlirLocationGetContext(self.location.0) };
        let named: Vec<(Identifier<'static>, Attribute<'static>)> = self
            .attributes
            .iter()
            .map(|(n, a)| {
                // SAFETY: as above; `n` outlives the call (MLIR copies it).
                let id = unsafe { Identifier::from_raw(mlirIdentifierGet(ctx, string_ref(n))) };
                (id, a.melior())
            })
            .collect();
        let op = OperationBuilder::new(&self.name, self.location.melior())
            .add_operands(&self.operands)
            .add_results(&self.results)
            .add_attributes(&named)
            .add_regions_vec(self.regions)
            .build()
            // The generic form infers no result types: creation cannot fail.
            .expect("creating an op in its generic form without type inference");
        Detached::created(op)
    }
}
