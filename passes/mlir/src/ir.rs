//! A thin, `Copy`-handle view of MLIR's C API (`mlir-sys`).
//!
//! A pass receives a raw operation from `mlir-opt` and edits it in place; plain handles
//! without lifetimes keep the walk-and-rewrite code of `extract` and `codegen` short.
//! Every handle is only valid while the IR it points into is alive and unchanged in the
//! relevant places; the pass never keeps handles across its own erasures.

use mlir_sys::*;
use std::ffi::c_void;

/// Borrowed MLIR string view of a Rust string.
pub fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr() as *const _, length: s.len() }
}

unsafe extern "C" fn append_to_string(piece: MlirStringRef, user: *mut c_void) {
    let out = &mut *(user as *mut String);
    let bytes = std::slice::from_raw_parts(piece.data as *const u8, piece.length);
    out.push_str(&String::from_utf8_lossy(bytes));
}

/// Collects what an `mlir*Print` function writes.
fn print_with(f: impl FnOnce(MlirStringCallback, *mut c_void)) -> String {
    let mut out = String::new();
    f(Some(append_to_string), &mut out as *mut String as *mut c_void);
    out
}

fn to_string(s: MlirStringRef) -> String {
    if s.data.is_null() {
        return String::new();
    }
    let bytes = unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
    String::from_utf8_lossy(bytes).into_owned()
}

#[derive(Clone, Copy, Debug)]
pub struct Op(pub MlirOperation);
#[derive(Clone, Copy, Debug)]
pub struct Val(pub MlirValue);
#[derive(Clone, Copy, Debug)]
pub struct Blk(pub MlirBlock);

impl PartialEq for Op {
    fn eq(&self, o: &Self) -> bool {
        self.0.ptr == o.0.ptr
    }
}
impl Eq for Op {}
impl std::hash::Hash for Op {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (self.0.ptr as usize).hash(h)
    }
}
impl PartialEq for Val {
    fn eq(&self, o: &Self) -> bool {
        self.0.ptr == o.0.ptr
    }
}
impl Eq for Val {}
impl std::hash::Hash for Val {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (self.0.ptr as usize).hash(h)
    }
}
impl PartialEq for Blk {
    fn eq(&self, o: &Self) -> bool {
        self.0.ptr == o.0.ptr
    }
}
impl Eq for Blk {}

impl Op {
    fn from_raw(raw: MlirOperation) -> Option<Op> {
        (!raw.ptr.is_null()).then_some(Op(raw))
    }
    pub fn name(self) -> String {
        unsafe { to_string(mlirIdentifierStr(mlirOperationGetName(self.0))) }
    }
    pub fn context(self) -> MlirContext {
        unsafe { mlirOperationGetContext(self.0) }
    }
    pub fn location(self) -> MlirLocation {
        unsafe { mlirOperationGetLocation(self.0) }
    }
    pub fn num_operands(self) -> usize {
        unsafe { mlirOperationGetNumOperands(self.0) as usize }
    }
    pub fn operand(self, i: usize) -> Val {
        unsafe { Val(mlirOperationGetOperand(self.0, i as isize)) }
    }
    pub fn operands(self) -> Vec<Val> {
        (0..self.num_operands()).map(|i| self.operand(i)).collect()
    }
    pub fn set_operand(self, i: usize, v: Val) {
        unsafe { mlirOperationSetOperand(self.0, i as isize, v.0) }
    }
    pub fn num_results(self) -> usize {
        unsafe { mlirOperationGetNumResults(self.0) as usize }
    }
    pub fn result(self, i: usize) -> Val {
        unsafe { Val(mlirOperationGetResult(self.0, i as isize)) }
    }
    pub fn results(self) -> Vec<Val> {
        (0..self.num_results()).map(|i| self.result(i)).collect()
    }
    pub fn num_regions(self) -> usize {
        unsafe { mlirOperationGetNumRegions(self.0) as usize }
    }
    /// The blocks of region `i`.
    pub fn region_blocks(self, i: usize) -> Vec<Blk> {
        let mut out = Vec::new();
        unsafe {
            let region = mlirOperationGetRegion(self.0, i as isize);
            let mut b = mlirRegionGetFirstBlock(region);
            while !b.ptr.is_null() {
                out.push(Blk(b));
                b = mlirBlockGetNextInRegion(b);
            }
        }
        out
    }
    /// The single block of region `i`, if it has exactly one.
    pub fn body(self, i: usize) -> Option<Blk> {
        let blocks = self.region_blocks(i);
        (blocks.len() == 1).then(|| blocks[0])
    }
    pub fn block(self) -> Option<Blk> {
        let b = unsafe { mlirOperationGetBlock(self.0) };
        (!b.ptr.is_null()).then_some(Blk(b))
    }
    pub fn parent(self) -> Option<Op> {
        self.block().and_then(|b| b.parent_op())
    }
    pub fn next(self) -> Option<Op> {
        Op::from_raw(unsafe { mlirOperationGetNextInBlock(self.0) })
    }
    pub fn attr(self, name: &str) -> Option<MlirAttribute> {
        let a = unsafe { mlirOperationGetAttributeByName(self.0, string_ref(name)) };
        (!a.ptr.is_null()).then_some(a)
    }
    /// True if `self` is `other` or nested inside it.
    pub fn is_within(self, other: Op) -> bool {
        let mut cur = Some(self);
        while let Some(op) = cur {
            if op == other {
                return true;
            }
            cur = op.parent();
        }
        false
    }
    /// Detached deep copy.
    pub fn clone_op(self) -> Op {
        Op(unsafe { mlirOperationClone(self.0) })
    }
    /// Unlinks and destroys the op. Its results must have no uses left.
    pub fn erase(self) {
        unsafe {
            mlirOperationRemoveFromParent(self.0);
            mlirOperationDestroy(self.0);
        }
    }
    pub fn print(self) -> String {
        print_with(|cb, user| unsafe { mlirOperationPrint(self.0, cb, user) })
    }
    /// Every op nested in `self` (not `self`), pre-order.
    pub fn nested_ops(self) -> Vec<Op> {
        let mut out = Vec::new();
        for r in 0..self.num_regions() {
            for b in self.region_blocks(r) {
                for op in b.ops() {
                    out.push(op);
                    out.extend(op.nested_ops());
                }
            }
        }
        out
    }
}

impl Val {
    pub fn ty(self) -> MlirType {
        unsafe { mlirValueGetType(self.0) }
    }
    pub fn type_string(self) -> String {
        type_string(self.ty())
    }
    pub fn is_index_like(self) -> bool {
        unsafe { mlirTypeIsAIndex(self.ty()) || mlirTypeIsAInteger(self.ty()) }
    }
    /// The op that defines this value, or None for a block argument.
    pub fn defining_op(self) -> Option<Op> {
        unsafe {
            if mlirValueIsAOpResult(self.0) {
                Op::from_raw(mlirOpResultGetOwner(self.0))
            } else {
                None
            }
        }
    }
    pub fn result_number(self) -> usize {
        unsafe { mlirOpResultGetResultNumber(self.0) as usize }
    }
    /// For a block argument: its block and position.
    pub fn block_argument(self) -> Option<(Blk, usize)> {
        unsafe {
            if mlirValueIsABlockArgument(self.0) {
                Some((
                    Blk(mlirBlockArgumentGetOwner(self.0)),
                    mlirBlockArgumentGetArgNumber(self.0) as usize,
                ))
            } else {
                None
            }
        }
    }
    /// The op that owns the definition: defining op, or the op whose region holds
    /// the block of a block argument.
    pub fn owner_op(self) -> Option<Op> {
        match self.block_argument() {
            Some((b, _)) => b.parent_op(),
            None => self.defining_op(),
        }
    }
    /// The ops that use this value (one entry per use).
    pub fn users(self) -> Vec<Op> {
        let mut out = Vec::new();
        unsafe {
            let mut u = mlirValueGetFirstUse(self.0);
            while !u.ptr.is_null() {
                out.push(Op(mlirOpOperandGetOwner(u)));
                u = mlirOpOperandGetNextUse(u);
            }
        }
        out
    }
    pub fn replace_all_uses_with(self, new: Val) {
        unsafe { mlirValueReplaceAllUsesOfWith(self.0, new.0) }
    }
}

impl Blk {
    pub fn ops(self) -> Vec<Op> {
        let mut out = Vec::new();
        let mut cur = Op::from_raw(unsafe { mlirBlockGetFirstOperation(self.0) });
        while let Some(op) = cur {
            out.push(op);
            cur = op.next();
        }
        out
    }
    pub fn parent_op(self) -> Option<Op> {
        Op::from_raw(unsafe { mlirBlockGetParentOperation(self.0) })
    }
    pub fn arg(self, i: usize) -> Val {
        unsafe { Val(mlirBlockGetArgument(self.0, i as isize)) }
    }
    pub fn num_args(self) -> usize {
        unsafe { mlirBlockGetNumArguments(self.0) as usize }
    }
    pub fn terminator(self) -> Option<Op> {
        Op::from_raw(unsafe { mlirBlockGetTerminator(self.0) })
    }
    pub fn insert_before(self, reference: Op, op: Op) {
        unsafe { mlirBlockInsertOwnedOperationBefore(self.0, reference.0, op.0) }
    }
    pub fn append(self, op: Op) {
        unsafe { mlirBlockAppendOwnedOperation(self.0, op.0) }
    }
}

pub fn type_string(t: MlirType) -> String {
    print_with(|cb, user| unsafe { mlirTypePrint(t, cb, user) })
}

pub fn attr_string(a: MlirAttribute) -> String {
    print_with(|cb, user| unsafe { mlirAttributePrint(a, cb, user) })
}

pub fn parse_attr(ctx: MlirContext, text: &str) -> Option<MlirAttribute> {
    let a = unsafe { mlirAttributeParseGet(ctx, string_ref(text)) };
    (!a.ptr.is_null()).then_some(a)
}

pub fn parse_type(ctx: MlirContext, text: &str) -> Option<MlirType> {
    let t = unsafe { mlirTypeParseGet(ctx, string_ref(text)) };
    (!t.ptr.is_null()).then_some(t)
}

/// Builds a new detached op from its generic form.
pub struct OpBuilder {
    name: String,
    location: MlirLocation,
    operands: Vec<MlirValue>,
    results: Vec<MlirType>,
    attributes: Vec<(String, MlirAttribute)>,
    regions: Vec<MlirRegion>,
}

impl OpBuilder {
    pub fn new(name: &str, location: MlirLocation) -> Self {
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
        self.operands.extend(vals.iter().map(|v| v.0));
        self
    }
    pub fn results(mut self, types: &[MlirType]) -> Self {
        self.results.extend_from_slice(types);
        self
    }
    pub fn attr(mut self, name: &str, a: MlirAttribute) -> Self {
        self.attributes.push((name.to_string(), a));
        self
    }
    /// Adds a region holding one block with the given argument types; returns the block.
    pub fn region_with_block(mut self, arg_types: &[MlirType]) -> (Self, Blk) {
        unsafe {
            let region = mlirRegionCreate();
            let locs: Vec<MlirLocation> = arg_types.iter().map(|_| self.location).collect();
            let block = mlirBlockCreate(arg_types.len() as isize, arg_types.as_ptr(), locs.as_ptr());
            mlirRegionAppendOwnedBlock(region, block);
            self.regions.push(region);
            (self, Blk(block))
        }
    }
    pub fn empty_region(mut self) -> Self {
        self.regions.push(unsafe { mlirRegionCreate() });
        self
    }
    pub fn build(self) -> Op {
        unsafe {
            let name = string_ref(&self.name);
            let mut state = mlirOperationStateGet(name, self.location);
            mlirOperationStateAddOperands(&mut state, self.operands.len() as isize, self.operands.as_ptr());
            mlirOperationStateAddResults(&mut state, self.results.len() as isize, self.results.as_ptr());
            let named: Vec<MlirNamedAttribute> = self
                .attributes
                .iter()
                .map(|(n, a)| {
                    let id = mlirIdentifierGet(mlirLocationGetContext(self.location), string_ref(n));
                    mlirNamedAttributeGet(id, *a)
                })
                .collect();
            mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
            mlirOperationStateAddOwnedRegions(&mut state, self.regions.len() as isize, self.regions.as_ptr());
            Op(mlirOperationCreate(&mut state))
        }
    }
}

// Helpers the C++ shim provides (passes/mlir/shim/ir_helpers.cpp).
extern "C" {
    fn tessel_emit_remark(loc: MlirLocation, msg: *const u8, len: usize);
    fn tessel_is_memory_effect_free(op: MlirOperation) -> bool;
    fn tessel_verify_quietly(op: MlirOperation) -> bool;
}

pub fn emit_remark(loc: MlirLocation, msg: &str) {
    unsafe { tessel_emit_remark(loc, msg.as_ptr(), msg.len()) }
}

/// No memory effects and no regions: safe to recompute anywhere its operands exist.
pub fn is_pure(op: Op) -> bool {
    op.num_regions() == 0 && unsafe { tessel_is_memory_effect_free(op.0) }
}

/// Runs the MLIR verifier without reporting diagnostics to the user.
pub fn verifies(op: Op) -> bool {
    unsafe { tessel_verify_quietly(op.0) }
}
