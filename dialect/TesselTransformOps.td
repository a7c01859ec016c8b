//===- TesselTransformOps.td - transform.tessel.* ops -----------*- tablegen -*-===//
//
// The Transform-dialect extension of the Tessel plugin (issue 11): seed 003's Clay
// directives (Fig. 8) as `transform.tessel.*` ops, plus `scop` (take a SCoP from a
// payload function) and `generate` (verify the schedule and regenerate its code).
//
// Each op's apply() is a thin call into Rust (passes/mlir/src/clay.rs, through the C
// ABI in passes/plugin/core/src/abi.rs): a primitive hands Rust the op itself, and
// Rust reads the directive from the attributes declared here, by their names
// (tessel_poly's clay::directive::SIGNATURES, which the plugin's test directive_ods
// checks against this file): a directive is declared once, here. The semantics, the structural preconditions that depend on the schedule, and
// the dependence check all live in Rust. The verifiers below only reject argument
// shapes that no schedule can accept (a negative β-prefix entry, a strip-mine size
// of 0, a reorder vector that is no permutation, ...).
//
// The syntax is documented once, in dialect/README.md.
//
// Built by passes/plugin/core/build.rs with mlir-tblgen-22 (-gen-op-decls/-defs).
//
//===----------------------------------------------------------------------------===//

#ifndef TESSEL_TRANSFORM_OPS_TD
#define TESSEL_TRANSFORM_OPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------------===//
// scop and generate
//===----------------------------------------------------------------------------===//

// The ops belong to the Transform dialect, but their C++ classes live in
// ::mlir::tessel: in ::mlir::transform, a class named like one of libMLIR.so's
// (transform::TileOp ...) would share its exported TypeID symbol.
class Tessel_TransformOp<string mnemonic, list<Trait> traits = []>
    : Op<Transform_Dialect, "tessel." # mnemonic, traits> {
  let cppNamespace = "::mlir::tessel";
}

// A signed 64-bit integer argument. ODS's I64Attr returns uint64_t from its getter
// (getZExtValue), so a negative size would read as a huge one and pass `< 1` checks.
def Tessel_I64Attr : TypedSignlessIntegerAttrBase<I64, "int64_t",
    "64-bit signless integer attribute"> {
  let convertFromStorage = "$_self.getValue().getSExtValue()";
}

def Tessel_ScopOp : Tessel_TransformOp<"scop",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Takes a SCoP from each payload function and starts a Clay session";
  let description = [{
    For each payload op of `func` (a `func.func`), takes its `index`-th SCoP in
    program order (0 when `index` is left out) and records its original schedule.
    The result handle maps to the first op of each SCoP: the other
    `transform.tessel.*` ops take it.

    ```mlir
    %scop = transform.tessel.scop %func index 1 : (!transform.any_op) -> !transform.any_op
    ```

    Reads `func` (does not consume it) and may annotate the payload. A function with
    no such SCoP is a definite failure.
  }];
  let arguments = (ins TransformHandleTypeInterface:$func,
                       DefaultValuedAttr<Tessel_I64Attr, "0">:$index);
  let results = (outs TransformHandleTypeInterface:$scop);
  let assemblyFormat = [{
    $func (`index` $index^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Tessel_GenerateOp : Tessel_TransformOp<"generate",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Verifies a SCoP's schedule and regenerates its code";
  let description = [{
    Checks the schedule built by the directives applied to `scop` against the exact
    dependences and replaces the SCoP's ops with the code generated from it. On
    error (a dependence broken, naming the statements) the payload is unchanged.

    ```mlir
    transform.tessel.generate %scop : !transform.any_op
    transform.tessel.generate %scop options "parallel-min-work=0" : !transform.any_op
    ```

    `options` takes Tessel's options as a pass pipeline writes them, `name=value`
    separated by spaces (the code generator reads `parallel-min-work`,
    `time-budget` and `max-operations`); the defaults otherwise.

    Consumes `scop`: its payload ops are erased.
  }];
  let arguments = (ins TransformHandleTypeInterface:$scop,
                       OptionalAttr<StrAttr>:$options);
  let assemblyFormat = "$scop (`options` $options^)? attr-dict `:` type($scop)";
}

//===----------------------------------------------------------------------------===//
// The Clay directives (seed 003, Fig. 8)
//===----------------------------------------------------------------------------===//

// A Clay directive. Its first operand is the scop handle (read, not consumed), its
// second the β-prefix ρ (`[]` is the root, `[2, 0]` the loop (2, 0)); the rest are
// the directive's arguments, in the paper's order; apply() and getEffects() are
// shared.
class Tessel_DirectiveOp<string mnemonic, string paperName, dag extraArgs,
                         string argsFormat>
    : Tessel_TransformOp<mnemonic,
         [DeclareOpInterfaceMethods<TransformOpInterface>,
          DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Clay " # paperName # " (seed 003, Fig. 8)";
  let arguments = !con((ins TransformHandleTypeInterface:$scop,
                            DenseI64ArrayAttr:$prefix), extraArgs);
  let assemblyFormat = "$scop $prefix " # argsFormat #
                       " attr-dict `:` type($scop)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::DiagnosedSilenceableFailure $cppClass::apply(
        ::mlir::transform::TransformRewriter &,
        ::mlir::transform::TransformResults &,
        ::mlir::transform::TransformState &state) {
      return ::mlir::tessel::applyDirective(getOperation(), getScop(), state);
    }
    void $cppClass::getEffects(
        ::llvm::SmallVectorImpl<::mlir::MemoryEffects::EffectInstance> &effects) {
      ::mlir::transform::onlyReadsHandle(getScopMutable(), effects);
      ::mlir::transform::modifiesPayload(effects);
    }
  }];
}

def Tessel_ReorderOp : Tessel_DirectiveOp<"reorder", "REORDER(ρ, v)",
    (ins DenseI64ArrayAttr:$order), "`,` $order"> {
  let description = [{
    Reorders the children of loop ρ (statements and loops, in their current order):
    the child at position k moves to position `order[k]`. `order` must be a
    permutation of 0 .. n-1, n the number of children.

    ```mlir
    transform.tessel.reorder %scop [], [4, 5, 2, 0, 1, 3, 6] : !transform.any_op
    ```
    Directive: `reorder((), (4, 5, 2, 0, 1, 3, 6))`.
  }];
}

def Tessel_FuseNextOp : Tessel_DirectiveOp<"fuse_next", "FUSENEXT(ρ)", (ins), ""> {
  let description = [{
    Fuses loop ρ with the loop that follows it; the children of the second come
    after those of the first.

    ```mlir
    transform.tessel.fuse_next %scop [0] : !transform.any_op
    ```
    Directive: `fuse_next((0))`.
  }];
}

def Tessel_DistributeOp : Tessel_DirectiveOp<"distribute", "DISTRIBUTE(ρ, n)",
    (ins Tessel_I64Attr:$n), "`,` $n"> {
  let description = [{
    Splits loop ρ into two loops, the first holding its first `n` children (n >= 1).

    ```mlir
    transform.tessel.distribute %scop [4, 0], 1 : !transform.any_op
    ```
    Directive: `distribute((4, 0), 1)`.
  }];
}

def Tessel_ShiftOp : Tessel_DirectiveOp<"shift", "SHIFT(ρ, i, amount)",
    (ins Tessel_I64Attr:$dim, AnyAttrOf<[Tessel_I64Attr, StrAttr]>:$amount),
    "`,` $dim `,` custom<Amount>($amount)"> {
  let description = [{
    Shifts the instances under ρ by `amount` along loop depth `i` (1 <= i <= dim ρ).
    `amount` is an integer or an affine form of the parameters in a string.

    ```mlir
    transform.tessel.shift %scop [0], 1, "N - 1" : !transform.any_op
    transform.tessel.shift %scop [0], 1, -2 : !transform.any_op
    ```
    Directives: `shift((0), 1, N - 1)`, `shift((0), 1, -2)`.
  }];
}

def Tessel_SkewOp : Tessel_DirectiveOp<"skew", "SKEW(ρ, i, k)",
    (ins Tessel_I64Attr:$dim, Tessel_I64Attr:$factor), "`,` $dim `,` $factor"> {
  let description = [{
    Skews loop ρ (at depth dim ρ) by the output loop at depth `i` (i >= 1,
    i != dim ρ) with factor `k` (k != 0).

    ```mlir
    transform.tessel.skew %scop [0, 0], 1, 2 : !transform.any_op
    ```
    Directive: `skew((0, 0), 1, 2)`.
  }];
}

def Tessel_ReverseOp : Tessel_DirectiveOp<"reverse", "REVERSE(ρ)", (ins), ""> {
  let description = [{
    Reverses loop ρ (dim ρ >= 1).

    ```mlir
    transform.tessel.reverse %scop [0] : !transform.any_op
    ```
    Directive: `reverse((0))`.
  }];
}

def Tessel_InterchangeOp : Tessel_DirectiveOp<"interchange", "INTERCHANGE(ρ, i)",
    (ins Tessel_I64Attr:$dim), "`,` $dim"> {
  let description = [{
    Swaps loop ρ (at depth dim ρ) with the enclosing loop at depth `i`
    (1 <= i < dim ρ).

    ```mlir
    transform.tessel.interchange %scop [0, 0], 1 : !transform.any_op
    ```
    Directive: `interchange((0, 0), 1)`.
  }];
}

def Tessel_ReshapeOp : Tessel_DirectiveOp<"reshape", "RESHAPE(ρ, i, k)",
    (ins Tessel_I64Attr:$dim, Tessel_I64Attr:$factor), "`,` $dim `,` $factor"> {
  let description = [{
    Makes loop ρ depend on the original (input) loop iterator at depth `i` (i >= 1)
    with coefficient `k`.

    ```mlir
    transform.tessel.reshape %scop [0, 0], 1, 2 : !transform.any_op
    ```
    Directive: `reshape((0, 0), 1, 2)`.
  }];
}

def Tessel_IndexSetSplitOp : Tessel_DirectiveOp<"indexsetsplit",
    "INDEXSETSPLIT(ρ, constraint)", (ins StrAttr:$constraint), "`,` $constraint"> {
  let description = [{
    Splits each relation under ρ in two: the instances that satisfy `constraint` (an
    affine constraint on the loop iterators, the original iterators and the
    parameters, in a string) and the others, which follow them as a copy of ρ's
    body.

    ```mlir
    transform.tessel.indexsetsplit %scop [0], "i1 - 3 >= 0" : !transform.any_op
    ```
    Directive: `indexsetsplit((0), i1 - 3 >= 0)`.
  }];
}

def Tessel_CollapseOp : Tessel_DirectiveOp<"collapse", "COLLAPSE(ρ)", (ins), ""> {
  let description = [{
    Merges the pairs of relations under ρ that an index-set split made (the inverse
    of `indexsetsplit`).

    ```mlir
    transform.tessel.collapse %scop [0] : !transform.any_op
    ```
    Directive: `collapse((0))`.
  }];
}

def Tessel_GrainOp : Tessel_DirectiveOp<"grain", "GRAIN(ρ, i, g)",
    (ins Tessel_I64Attr:$dim, Tessel_I64Attr:$factor), "`,` $dim `,` $factor"> {
  let description = [{
    Multiplies the gap between consecutive instances along loop depth `i`
    (1 <= i <= dim ρ) by `g` (g >= 1).

    ```mlir
    transform.tessel.grain %scop [0, 0], 2, 4 : !transform.any_op
    ```
    Directive: `grain((0, 0), 2, 4)`.
  }];
}

def Tessel_DensifyOp : Tessel_DirectiveOp<"densify", "DENSIFY(ρ, i)",
    (ins Tessel_I64Attr:$dim), "`,` $dim"> {
  let description = [{
    Removes the gaps between consecutive instances along loop depth `i`
    (1 <= i <= dim ρ): the inverse of `grain`.

    ```mlir
    transform.tessel.densify %scop [0, 0], 2 : !transform.any_op
    ```
    Directive: `densify((0, 0), 2)`.
  }];
}

def Tessel_StripMineOp : Tessel_DirectiveOp<"stripmine", "STRIPMINE(ρ, size)",
    (ins Tessel_I64Attr:$size), "`,` $size"> {
  let description = [{
    Strip-mines loop ρ by `size` (size >= 1): ρ addresses the new outer loop, ρ
    followed by 0 the inner one.

    ```mlir
    transform.tessel.stripmine %scop [0], 32 : !transform.any_op
    ```
    Directive: `stripmine((0), 32)`.
  }];
}

def Tessel_LinearizeOp : Tessel_DirectiveOp<"linearize", "LINEARIZE(ρ)", (ins), ""> {
  let description = [{
    Merges loop ρ with the loop right inside it (the inverse of `stripmine`).

    ```mlir
    transform.tessel.linearize %scop [0] : !transform.any_op
    ```
    Directive: `linearize((0))`.
  }];
}

def Tessel_ParallelizeOp : Tessel_DirectiveOp<"parallelize", "PARALLELIZE(ρ)",
    (ins), ""> {
  let description = [{
    Marks loop ρ parallel (the dependence check at `generate` decides whether it
    may be).

    ```mlir
    transform.tessel.parallelize %scop [0] : !transform.any_op
    ```
    Directive: `parallelize((0))`.
  }];
}

def Tessel_EmbedOp : Tessel_DirectiveOp<"embed",
    "EMBED(β), the Clay library's embed (not in seed 003's Fig. 8)", (ins), ""> {
  let description = [{
    Puts the statement whose whole β-vector is β in a loop of one iteration
    (its new innermost α is 0). No instance changes its order, so it is always
    legal. Fused with a loop afterwards, a statement that has no loop of its own
    runs at one iteration of that loop, as the scheduler may place it.

    ```mlir
    transform.tessel.embed %scop [0] : !transform.any_op
    ```
    Directive: `embed((0))`.
  }];
}

def Tessel_UnembedOp : Tessel_DirectiveOp<"unembed",
    "UNEMBED(β), the Clay library's unembed (not in seed 003's Fig. 8)", (ins), ""> {
  let description = [{
    The inverse of `embed`: the statement whose whole β-vector is β leaves the
    innermost loop around it, which must hold it alone and run one iteration of
    it (one equality fixes that α to a value of the parameters).

    ```mlir
    transform.tessel.unembed %scop [0, 0] : !transform.any_op
    ```
    Directive: `unembed((0, 0))`.
  }];
}

def Tessel_SplitBandOp : Tessel_DirectiveOp<"split_band",
    "SPLIT_BAND(ρ), a Tessel addition to Clay", (ins), ""> {
  let description = [{
    Loop ρ starts a band of its own in the schedule tree that `generate` builds:
    the transforms that follow scheduling (`generate`'s `options`: tiling above
    all, which tiles the loops of one permutable band together) treat it apart
    from the loops around it. No instance changes its date, so it is always legal.
    `tessel-explain` writes one where the scheduler ended a band.

    ```mlir
    transform.tessel.split_band %scop [0, 0] : !transform.any_op
    ```
    Directive: `split_band((0, 0))`.
  }];
}

def Tessel_AnyOrderOp : Tessel_DirectiveOp<"any_order",
    "ANY_ORDER(ρ, parts), a Tessel addition to Clay",
    (ins DenseI64ArrayAttr:$parts), "`,` $parts"> {
  let description = [{
    The children of ρ (the root `[]` or a loop) fall into parts, `parts[c]` the
    part of child c in β order (0, then each the same or one more: runs of
    consecutive children, two or more), and the parts form an isl `set` node,
    which isl's AST generator may order or interleave, where Clay's β-vectors
    order them; inside a part the children stay in order. As legal as the β order it replaces: `generate` verifies the tree
    in that order, and the code isl generates from it against the exact
    dependences, as all generated code. Directives that move statements
    (reorder, fuse_next, distribute, indexsetsplit, collapse, stripmine, linearize,
    tile) must come before it. `tessel-explain` writes one where the scheduler's
    tree has a set node.

    ```mlir
    transform.tessel.any_order %scop [], [0, 1, 1] : !transform.any_op
    ```
    Directive: `any_order((), (0, 1, 1))`.
  }];
}

def Tessel_TileOp : Tessel_DirectiveOp<"tile", "tile(ρ, sizes), a composite of STRIPMINE and INTERCHANGE",
    (ins DenseI64ArrayAttr:$sizes), "`,` $sizes"> {
  let description = [{
    Tiles the band of `sizes.size()` loops that starts at loop ρ, with the given
    tile sizes (each >= 1): strip-mines each loop, then interchanges the tile loops
    outward (seed 003 §5.3).

    ```mlir
    transform.tessel.tile %scop [0], [32, 32] : !transform.any_op
    ```
    Directive: `tile((0), (32, 32))`.
  }];
}

#endif // TESSEL_TRANSFORM_OPS_TD
