//! Types, attributes, affine maps, expressions and integer sets: read for extraction,
//! built for codegen (never through their printed form).
//!
//! All of these are uniqued in the MLIR context, which outlives the pass, so a handle
//! made from a non-null pointer MLIR returned stays valid (the `unsafe` blocks below
//! rely on that, and on the kind checks noted next to them).
//!
//! Queries and the common builders go through melior's types (`melior()` views);
//! what melior lacks stays on the C API: shaped element types of any shaped type,
//! memref and tensor constructors without a layout attribute, `!llvm.ptr`, dense
//! elements, affine expressions' kinds and integer sets. As in `handles.rs`, no melior
//! conversion is tried without its kind check first: a failed one prints its input.

use melior::ir::attribute::{
    ArrayAttribute, DenseI32ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute,
    IntegerAttribute, StringAttribute,
};
use melior::ir::r#type::IntegerType;
use melior::ir::{Attribute, AttributeLike, TypeLike};
use melior::ContextRef;

use mlir_sys::*;
use std::fmt;

/// Runs `f` on melior's view of `ctx`, for melior's builders, which take a
/// `&Context`. The view must outlive every use of that reference: melior's
/// `ContextRef::to_ref` reinterprets the view itself as the `&Context` (ADR
/// "melior"), so it stays in this frame while `f` runs. What `f` builds is uniqued
/// in the context, not in the view, and outlives it.
fn with_context<R>(ctx: Context, f: impl FnOnce(&melior::Context) -> R) -> R {
    // SAFETY: the host's live context.
    let view: ContextRef<'static> = unsafe { ContextRef::from_raw(ctx.0) };
    // SAFETY: `view` lives until `f` returns (above).
    f(unsafe { view.to_ref() })
}

/// The MLIR context of the function being rewritten.
#[derive(Clone, Copy, Debug)]
pub struct Context(pub(super) MlirContext);
/// A source location, for remarks and new ops.
#[derive(Clone, Copy, Debug)]
pub struct Location(pub(super) MlirLocation);
#[derive(Clone, Copy, Debug)]
pub struct Type(pub(super) MlirType);
#[derive(Clone, Copy, Debug)]
pub struct Attr(pub(super) MlirAttribute);
#[derive(Clone, Copy, Debug)]
pub struct AffineMap(MlirAffineMap);
#[derive(Clone, Copy, Debug)]
pub struct AffineExpr(MlirAffineExpr);
#[derive(Clone, Copy, Debug)]
pub struct IntegerSet(MlirIntegerSet);

impl Location {
    /// The location behind a pointer the host handed over.
    ///
    /// # Safety
    /// `raw` must be a location of a context that outlives every use of the result.
    pub unsafe fn from_raw(raw: MlirLocation) -> Location {
        Location(raw)
    }
    /// The unknown location, for IR built from no MLIR source (the clang front end).
    pub fn unknown(ctx: Context) -> Location {
        // SAFETY: a live context.
        Location(unsafe { mlirLocationUnknownGet(ctx.0) })
    }
    pub fn context(self) -> Context {
        // SAFETY: a location of a live context.
        Context(unsafe { mlirLocationGetContext(self.0) })
    }
    /// The same location as melior's, for building ops.
    pub(super) fn melior(self) -> melior::ir::Location<'static> {
        // SAFETY: uniqued in the host's context, which outlives the pass.
        unsafe { melior::ir::Location::from_raw(self.0) }
    }
}

impl Type {
    /// The same type as melior's, for building ops.
    pub(super) fn melior(self) -> melior::ir::Type<'static> {
        // SAFETY: uniqued in the host's context, which outlives the pass.
        unsafe { melior::ir::Type::from_raw(self.0) }
    }
    pub fn is_index(self) -> bool {
        self.melior().is_index()
    }
    /// `index` or an integer type.
    pub fn is_integer(self) -> bool {
        let t = self.melior();
        t.is_index() || t.is_integer()
    }
    /// A memref, ranked or not.
    pub fn is_memref(self) -> bool {
        let t = self.melior();
        t.is_mem_ref() || t.is_unranked_mem_ref()
    }
    /// Bytes per element of a memref (or other shaped) type of integer, index or
    /// float elements: what a cache line holds of it. `None` for other types.
    pub fn element_bytes(self) -> Option<u32> {
        // SAFETY: a live type; the element type is asked for only of a shaped type,
        // and a width only of an integer or float type.
        let bits = unsafe {
            if !mlirTypeIsAShaped(self.0) {
                return None;
            }
            let element = mlirShapedTypeGetElementType(self.0);
            if mlirTypeIsAIndex(element) {
                64
            } else if mlirTypeIsAInteger(element) {
                mlirIntegerTypeGetWidth(element)
            } else if mlirTypeIsAFloat(element) {
                mlirFloatTypeGetWidth(element)
            } else {
                return None;
            }
        };
        Some(bits.div_ceil(8).max(1))
    }
    /// The element type of a memref (or other shaped) type.
    pub fn element_type(self) -> Option<Type> {
        // SAFETY: a live type; the element type is asked for only of a shaped type.
        unsafe { mlirTypeIsAShaped(self.0).then(|| Type(mlirShapedTypeGetElementType(self.0))) }
    }
    /// For a ranked memref of identity layout in the default memory space (one that
    /// `gpu.alloc` can allocate a copy of): per dimension, whether its extent is
    /// dynamic. `None` for any other type.
    pub fn plain_memref_dims(self) -> Option<Vec<bool>> {
        // SAFETY: a live type; rank, dims, layout and memory space are asked for only
        // of a ranked memref, and each dim index is below its rank.
        unsafe {
            if !mlirTypeIsAMemRef(self.0) || !mlirShapedTypeHasRank(self.0) {
                return None;
            }
            if !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(self.0))
                || !mlirMemRefTypeGetMemorySpace(self.0).ptr.is_null()
            {
                return None;
            }
            let rank = isize::try_from(mlirShapedTypeGetRank(self.0)).ok()?;
            Some(
                (0..rank)
                    .map(|d| mlirShapedTypeIsDynamicDim(self.0, d))
                    .collect(),
            )
        }
    }
    /// For a ranked memref of any layout: per dimension, its static extent, or
    /// `None` where dynamic. `None` for any other type.
    pub fn memref_extents(self) -> Option<Vec<Option<i64>>> {
        // SAFETY: a live type; rank and dims are asked for only of a ranked memref,
        // and each dim index is below its rank.
        unsafe {
            if !mlirTypeIsAMemRef(self.0) || !mlirShapedTypeHasRank(self.0) {
                return None;
            }
            let rank = isize::try_from(mlirShapedTypeGetRank(self.0)).ok()?;
            Some(
                (0..rank)
                    .map(|d| {
                        (!mlirShapedTypeIsDynamicDim(self.0, d))
                            .then(|| mlirShapedTypeGetDimSize(self.0, d))
                    })
                    .collect(),
            )
        }
    }
    /// `!llvm.ptr` (address space 0).
    pub fn llvm_pointer(ctx: Context) -> Type {
        // SAFETY: a live context; address space 0 always exists.
        Type(unsafe { mlirLLVMPointerTypeGet(ctx.0, 0) })
    }
    pub fn index(ctx: Context) -> Type {
        Type(with_context(ctx, |c| melior::ir::Type::index(c).to_raw()))
    }
    pub fn integer(ctx: Context, bits: u32) -> Type {
        Type(with_context(ctx, |c| IntegerType::new(c, bits).to_raw()))
    }
    pub fn f64(ctx: Context) -> Type {
        // SAFETY: a live context.
        Type(unsafe { mlirF64TypeGet(ctx.0) })
    }
    pub fn f32(ctx: Context) -> Type {
        // SAFETY: a live context.
        Type(unsafe { mlirF32TypeGet(ctx.0) })
    }
    /// `memref<..xT>` with the given extents (None: dynamic), identity layout,
    /// default memory space; None for an invalid element type.
    pub fn memref(element: Type, shape: &[Option<i64>]) -> Option<Type> {
        // SAFETY: no arguments.
        let dynamic = unsafe { mlirShapedTypeGetDynamicSize() };
        let extents: Vec<i64> = shape.iter().map(|e| e.unwrap_or(dynamic)).collect();
        // SAFETY: a live element type; `extents` holds the rank given; a null memory
        // space means the default one. MLIR returns null for an invalid element type.
        let t = unsafe {
            mlirMemRefTypeContiguousGet(
                element.0,
                extents.len() as isize,
                extents.as_ptr(),
                MlirAttribute {
                    ptr: std::ptr::null(),
                },
            )
        };
        (!t.ptr.is_null()).then_some(Type(t))
    }
    /// `!llvm.func<result (inputs)>`, not variadic.
    pub fn llvm_function(result: Type, inputs: &[Type]) -> Type {
        let i: Vec<MlirType> = inputs.iter().map(|t| t.0).collect();
        // SAFETY: live types; the array holds the count given.
        Type(unsafe { mlirLLVMFunctionTypeGet(result.0, i.len() as isize, i.as_ptr(), false) })
    }
    /// `(inputs) -> (results)`.
    pub fn function(ctx: Context, inputs: &[Type], results: &[Type]) -> Type {
        let i: Vec<MlirType> = inputs.iter().map(|t| t.0).collect();
        let r: Vec<MlirType> = results.iter().map(|t| t.0).collect();
        // SAFETY: a live context and types; both arrays hold the counts given.
        Type(unsafe {
            mlirFunctionTypeGet(
                ctx.0,
                i.len() as isize,
                i.as_ptr(),
                r.len() as isize,
                r.as_ptr(),
            )
        })
    }
    /// `memref<T>`: rank 0, identity layout, default memory space.
    pub fn scalar_memref(element: Type) -> Option<Type> {
        // SAFETY: a live element type; a null memory space means the default one, and
        // rank 0 needs no shape array. MLIR returns null for an invalid element type.
        let t = unsafe {
            mlirMemRefTypeContiguousGet(
                element.0,
                0,
                std::ptr::null(),
                MlirAttribute {
                    ptr: std::ptr::null(),
                },
            )
        };
        (!t.ptr.is_null()).then_some(Type(t))
    }
    /// `memref<NxT>`: rank 1, identity layout, default memory space.
    pub fn vector_memref(element: Type, n: i64) -> Option<Type> {
        let shape = [n];
        // SAFETY: a live element type; `shape` has the one extent the rank says; a
        // null memory space means the default one. MLIR returns null for an invalid
        // element type.
        let t = unsafe {
            mlirMemRefTypeContiguousGet(
                element.0,
                1,
                shape.as_ptr(),
                MlirAttribute {
                    ptr: std::ptr::null(),
                },
            )
        };
        (!t.ptr.is_null()).then_some(Type(t))
    }
    /// `tensor<Nxi32>`, the type of the bound groups of an N-d `affine.parallel`.
    fn tensor_of_i32(ctx: Context, n: usize) -> Type {
        let shape = [n as i64];
        // SAFETY: live context; `shape` has the one extent the rank says; a null
        // encoding means none.
        Type(unsafe {
            mlirRankedTensorTypeGet(
                1,
                shape.as_ptr(),
                mlirIntegerTypeGet(ctx.0, 32),
                MlirAttribute {
                    ptr: std::ptr::null(),
                },
            )
        })
    }
}

/// Types are uniqued in the context: equal types are one object.
impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        // SAFETY: live types.
        unsafe { mlirTypeEqual(self.0, other.0) }
    }
}
impl Eq for Type {}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.melior().fmt(f)
    }
}

impl Attr {
    /// The same attribute as melior's, for building and editing ops.
    pub(super) fn melior(self) -> melior::ir::Attribute<'static> {
        // SAFETY: uniqued in the host's context, which outlives the pass.
        unsafe { melior::ir::Attribute::from_raw(self.0) }
    }
    /// The value of an integer attribute.
    pub fn as_integer(self) -> Option<i64> {
        let a = self.melior();
        a.is_integer()
            .then(|| IntegerAttribute::try_from(a).ok().map(|i| i.value()))?
    }
    pub fn as_affine_map(self) -> Option<AffineMap> {
        // SAFETY: as above.
        unsafe {
            mlirAttributeIsAAffineMap(self.0).then(|| AffineMap(mlirAffineMapAttrGetValue(self.0)))
        }
    }
    pub fn as_integer_set(self) -> Option<IntegerSet> {
        // SAFETY: as above.
        unsafe {
            mlirAttributeIsAIntegerSet(self.0)
                .then(|| IntegerSet(mlirIntegerSetAttrGetValue(self.0)))
        }
    }
    /// The referenced symbol of a flat symbol reference (`@name` → `name`).
    pub fn as_flat_symbol(self) -> Option<String> {
        let a = self.melior();
        a.is_flat_symbol_ref().then(|| {
            FlatSymbolRefAttribute::try_from(a)
                .ok()
                .map(|s| s.value().to_string())
        })?
    }

    /// The value of a string attribute.
    pub fn as_string(self) -> Option<String> {
        let a = self.melior();
        a.is_string().then(|| {
            StringAttribute::try_from(a)
                .ok()
                .map(|s| s.value().to_string())
        })?
    }
    /// The elements of a dense i64 array attribute (`array<i64: 2, 0>`, ODS's
    /// `DenseI64ArrayAttr`).
    pub fn as_i64_vector(self) -> Option<Vec<i64>> {
        let a = self.melior();
        let array = a
            .is_dense_i64_array()
            .then(|| DenseI64ArrayAttribute::try_from(a).ok())??;
        // Indices below the length only, as in `as_array`.
        Some(
            (0..array.len())
                .filter_map(|k| array.element(k).ok())
                .collect(),
        )
    }
    /// The elements of an array attribute.
    pub fn as_array(self) -> Option<Vec<Attr>> {
        let a = self.melior();
        let array = a.is_array().then(|| ArrayAttribute::try_from(a).ok())??;
        // Indices below the length only (a failed `element` prints the array).
        Some(
            (0..array.len())
                .filter_map(|k| array.element(k).ok().map(|e| Attr(e.to_raw())))
                .collect(),
        )
    }

    // ---- builders (codegen) ----

    /// `unit`: a mark whose presence is the whole meaning.
    pub fn unit(ctx: Context) -> Attr {
        Attr(with_context(ctx, |c| Attribute::unit(c).to_raw()))
    }

    /// `@name`.
    pub fn flat_symbol(ctx: Context, name: &str) -> Attr {
        Attr(with_context(ctx, |c| {
            FlatSymbolRefAttribute::new(c, name).to_raw()
        }))
    }
    /// `#llvm.memory_effects<...>` with no access of any kind: a `memory(none)` call.
    pub fn llvm_memory_none(ctx: Context) -> Attr {
        Attr(super::shim::llvm_memory_none(ctx.0))
    }
    /// `"text"`.
    pub fn string(ctx: Context, text: &str) -> Attr {
        Attr(with_context(ctx, |c| {
            StringAttribute::new(c, text).to_raw()
        }))
    }

    /// `v : ty` for an integer or index type.
    pub fn integer(ty: Type, v: i64) -> Attr {
        Attr(IntegerAttribute::new(ty.melior(), v).to_raw())
    }
    /// A type as an attribute (`function_type`).
    pub fn type_attr(ty: Type) -> Attr {
        // SAFETY: a live type.
        Attr(unsafe { mlirTypeAttrGet(ty.0) })
    }
    /// The floating-point constant of `ty` (f32 or f64) whose bits are `bits`, exactly
    /// (NaN payloads included).
    pub fn float_bits(ty: Type, bits: u64) -> Attr {
        Attr(super::shim::float_attr_from_bits(ty.0, bits))
    }
    /// `#arith.fastmath<...>` of LLVM's fast-math flag bits (reassoc 1, nnan 2,
    /// ninf 4, nsz 8, arcp 16, contract 32, afn 64).
    pub fn arith_fastmath(ctx: Context, llvm_flags: u32) -> Attr {
        Attr(super::shim::arith_fastmath_attr(ctx.0, llvm_flags))
    }
    pub fn affine_map(map: AffineMap) -> Attr {
        // SAFETY: a live map.
        Attr(unsafe { mlirAffineMapAttrGet(map.0) })
    }
    pub fn integer_set(set: IntegerSet) -> Attr {
        // SAFETY: a live set.
        Attr(unsafe { mlirIntegerSetAttrGet(set.0) })
    }
    /// `array<i32: ...>` (operand segment sizes).
    pub fn dense_i32_array(ctx: Context, values: &[i32]) -> Attr {
        Attr(with_context(ctx, |c| {
            DenseI32ArrayAttribute::new(c, values).to_raw()
        }))
    }
    /// `dense<[v0, v1, ...]> : tensor<Nxi32>`.
    pub fn dense_i32_tensor(ctx: Context, values: &[i32]) -> Attr {
        let ty = Type::tensor_of_i32(ctx, values.len());
        // SAFETY: live context; `values` holds as many elements as the tensor type.
        Attr(unsafe { mlirDenseElementsAttrInt32Get(ty.0, values.len() as isize, values.as_ptr()) })
    }
    /// `[a, b, ...]`.
    pub fn array(ctx: Context, elements: &[Attr]) -> Attr {
        let elements: Vec<melior::ir::Attribute<'static>> =
            elements.iter().map(|a| a.melior()).collect();
        Attr(with_context(ctx, |c| {
            ArrayAttribute::new(c, &elements).to_raw()
        }))
    }
}

impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.melior().fmt(f)
    }
}

impl AffineMap {
    pub fn num_dims(self) -> usize {
        // SAFETY: a live map.
        unsafe { mlirAffineMapGetNumDims(self.0) as usize }
    }
    pub fn num_symbols(self) -> usize {
        // SAFETY: a live map.
        unsafe { mlirAffineMapGetNumSymbols(self.0) as usize }
    }
    pub fn num_inputs(self) -> usize {
        // SAFETY: a live map.
        unsafe { mlirAffineMapGetNumInputs(self.0) as usize }
    }
    pub fn results(self) -> Vec<AffineExpr> {
        // SAFETY: a live map; `i` below its result count.
        let n = unsafe { mlirAffineMapGetNumResults(self.0) } as usize;
        (0..n)
            .map(|i| AffineExpr(unsafe { mlirAffineMapGetResult(self.0, i as isize) }))
            .collect()
    }
    /// `(d0, ..., d<dims-1>) -> (results)`, no symbols.
    pub fn get(ctx: Context, dims: usize, results: &[AffineExpr]) -> AffineMap {
        AffineMap::with_symbols(ctx, dims, 0, results)
    }
    /// `(d0, ..., d<dims-1>)[s0, ..., s<symbols-1>] -> (results)`.
    pub fn with_symbols(
        ctx: Context,
        dims: usize,
        symbols: usize,
        results: &[AffineExpr],
    ) -> AffineMap {
        let raw: Vec<MlirAffineExpr> = results.iter().map(|e| e.0).collect();
        // SAFETY: live context and expressions; `raw` holds the count given.
        AffineMap(unsafe {
            mlirAffineMapGet(
                ctx.0,
                dims as isize,
                symbols as isize,
                raw.len() as isize,
                raw.as_ptr() as *mut _,
            )
        })
    }
}

/// What an affine expression is, with its parts.
pub enum AffineExprKind {
    Dim(usize),
    Symbol(usize),
    Constant(i64),
    Add(AffineExpr, AffineExpr),
    Mul(AffineExpr, AffineExpr),
    FloorDiv(AffineExpr, AffineExpr),
    CeilDiv(AffineExpr, AffineExpr),
    Mod(AffineExpr, AffineExpr),
}

impl AffineExpr {
    /// Its kind; None for a kind MLIR may add later.
    pub fn kind(self) -> Option<AffineExprKind> {
        let e = self.0;
        // SAFETY: a live expression; each accessor is called only after its kind check.
        unsafe {
            if mlirAffineExprIsADim(e) {
                return Some(AffineExprKind::Dim(mlirAffineDimExprGetPosition(e) as usize));
            }
            if mlirAffineExprIsASymbol(e) {
                return Some(AffineExprKind::Symbol(
                    mlirAffineSymbolExprGetPosition(e) as usize
                ));
            }
            if mlirAffineExprIsAConstant(e) {
                return Some(AffineExprKind::Constant(mlirAffineConstantExprGetValue(e)));
            }
            if !mlirAffineExprIsABinary(e) {
                return None;
            }
            let l = AffineExpr(mlirAffineBinaryOpExprGetLHS(e));
            let r = AffineExpr(mlirAffineBinaryOpExprGetRHS(e));
            Some(if mlirAffineExprIsAAdd(e) {
                AffineExprKind::Add(l, r)
            } else if mlirAffineExprIsAMul(e) {
                AffineExprKind::Mul(l, r)
            } else if mlirAffineExprIsAFloorDiv(e) {
                AffineExprKind::FloorDiv(l, r)
            } else if mlirAffineExprIsACeilDiv(e) {
                AffineExprKind::CeilDiv(l, r)
            } else if mlirAffineExprIsAMod(e) {
                AffineExprKind::Mod(l, r)
            } else {
                return None;
            })
        }
    }

    // ---- builders: the same simplifying constructors MLIR's parser uses ----

    pub fn dim(ctx: Context, position: usize) -> AffineExpr {
        // SAFETY: a live context.
        AffineExpr(unsafe { mlirAffineDimExprGet(ctx.0, position as isize) })
    }
    pub fn symbol(ctx: Context, position: usize) -> AffineExpr {
        // SAFETY: a live context.
        AffineExpr(unsafe { mlirAffineSymbolExprGet(ctx.0, position as isize) })
    }
    pub fn constant(ctx: Context, v: i64) -> AffineExpr {
        // SAFETY: a live context.
        AffineExpr(unsafe { mlirAffineConstantExprGet(ctx.0, v) })
    }
    pub fn floor_div(self, o: AffineExpr) -> AffineExpr {
        // SAFETY: live expressions of one context.
        AffineExpr(unsafe { mlirAffineFloorDivExprGet(self.0, o.0) })
    }
    pub fn ceil_div(self, o: AffineExpr) -> AffineExpr {
        // SAFETY: live expressions of one context.
        AffineExpr(unsafe { mlirAffineCeilDivExprGet(self.0, o.0) })
    }
    pub fn modulo(self, o: AffineExpr) -> AffineExpr {
        // SAFETY: live expressions of one context.
        AffineExpr(unsafe { mlirAffineModExprGet(self.0, o.0) })
    }
    fn context(self) -> Context {
        // SAFETY: a live expression.
        Context(unsafe { mlirAffineExprGetContext(self.0) })
    }
}

impl std::ops::Add for AffineExpr {
    type Output = AffineExpr;
    fn add(self, o: AffineExpr) -> AffineExpr {
        // SAFETY: live expressions of one context.
        AffineExpr(unsafe { mlirAffineAddExprGet(self.0, o.0) })
    }
}

impl std::ops::Mul for AffineExpr {
    type Output = AffineExpr;
    fn mul(self, o: AffineExpr) -> AffineExpr {
        // SAFETY: live expressions of one context.
        AffineExpr(unsafe { mlirAffineMulExprGet(self.0, o.0) })
    }
}

/// `-self`, as the parser builds it: `self * -1`.
impl std::ops::Neg for AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        self * AffineExpr::constant(self.context(), -1)
    }
}

/// `self - o`, as the parser builds it: `self + o * -1`.
impl std::ops::Sub for AffineExpr {
    type Output = AffineExpr;
    fn sub(self, o: AffineExpr) -> AffineExpr {
        self + -o
    }
}

impl IntegerSet {
    pub fn num_dims(self) -> usize {
        // SAFETY: a live set.
        unsafe { mlirIntegerSetGetNumDims(self.0) as usize }
    }
    pub fn num_symbols(self) -> usize {
        // SAFETY: a live set.
        unsafe { mlirIntegerSetGetNumSymbols(self.0) as usize }
    }
    /// The constraints: (expression, true for `== 0`, false for `>= 0`).
    pub fn constraints(self) -> Vec<(AffineExpr, bool)> {
        // SAFETY: a live set; `i` below its constraint count.
        let n = unsafe { mlirIntegerSetGetNumConstraints(self.0) } as usize;
        (0..n)
            .map(|i| unsafe {
                (
                    AffineExpr(mlirIntegerSetGetConstraint(self.0, i as isize)),
                    mlirIntegerSetIsConstraintEq(self.0, i as isize),
                )
            })
            .collect()
    }
    /// `(d0, ..., d<dims-1>) : (constraints)`, no symbols.
    pub fn get(ctx: Context, dims: usize, constraints: &[(AffineExpr, bool)]) -> IntegerSet {
        IntegerSet::with_symbols(ctx, dims, 0, constraints)
    }
    /// `(d0, ..)[s0, ..] : (constraints)`.
    pub fn with_symbols(
        ctx: Context,
        dims: usize,
        symbols: usize,
        constraints: &[(AffineExpr, bool)],
    ) -> IntegerSet {
        let exprs: Vec<MlirAffineExpr> = constraints.iter().map(|c| c.0 .0).collect();
        let eqs: Vec<bool> = constraints.iter().map(|c| c.1).collect();
        // SAFETY: live context and expressions; both arrays hold the count given.
        IntegerSet(unsafe {
            mlirIntegerSetGet(
                ctx.0,
                dims as isize,
                symbols as isize,
                exprs.len() as isize,
                exprs.as_ptr(),
                eqs.as_ptr(),
            )
        })
    }
}
