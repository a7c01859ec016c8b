//===- TesselTransformOps.cpp - transform.tessel.* ops --------------------===//
//
// The Transform-dialect extension of issue 11. Every apply() is a thin call into
// Rust through the C ABI of passes/plugin/core/src/abi.rs (the functions
// declared below); the Clay semantics live in Rust (passes/mlir/src/clay.rs). A
// directive op hands Rust itself: Rust reads its attributes as the .td declares
// them, so a directive is declared once, there, and no text crosses. A Rust error
// is a definite failure that carries Rust's message, with a note giving the
// directive as Rust read it; Rust leaves the payload unchanged then.
//
// Compiled with -DNDEBUG: Debian's LLVM is built without assertions, and without the
// flag the Transform headers reference checkImplementsTransformOpInterface, which
// libMLIR.so does not export (the plugin then fails to load).
//
//===----------------------------------------------------------------------------===//

#include "Tessel.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;

extern "C" {
// Receives an error message from Rust: `len` bytes at `message` (not
// NUL-terminated), valid for the call only. `user` is the sink's own pointer.
typedef void (*TesselErrorSink)(void *user, const char *message, size_t len);

// Implemented in Rust (passes/plugin/core/src/abi.rs); they never unwind. Each
// returns false after handing a message to `sink` when the step fails.
bool tessel_transform_scop(MlirOperation func, size_t index, MlirOperation *scop,
                           TesselErrorSink sink, void *user);
bool tessel_transform_step(MlirOperation scop, MlirOperation directive,
                           TesselErrorSink sink, void *user);
// Hands `sink` the directive op as Rust reads it, in seed 003's syntax.
bool tessel_transform_directive(MlirOperation directive, TesselErrorSink sink,
                                void *user);
bool tessel_transform_generate(MlirOperation scop, const char *options, size_t len,
                               TesselErrorSink sink, void *user);
}

namespace {

void appendMessage(void *user, const char *message, size_t len) {
  if (user && message)
    static_cast<std::string *>(user)->append(message, len);
}

/// The definite failure of `op`, with Rust's message (or a fallback) and a note
/// at the payload op it was about.
DiagnosedSilenceableFailure fail(Operation *op, Operation *payload,
                                 const std::string &message,
                                 llvm::StringRef what) {
  DiagnosedDefiniteFailure diag = emitDefiniteFailure(
      op, message.empty() ? ("tessel: " + what + " failed").str() : message);
  diag.attachNote(payload->getLoc()) << "while applying " << what << " here";
  return diag;
}

/// `(a, b, c)`, `(a)`, `()`: an integer vector as seed 003 prints it (messages).
std::string tuple(llvm::ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '(';
  llvm::interleave(values, os, ", ");
  os << ')';
  return text;
}

// ---- verification helpers ---------------------------------------------------

/// Every entry of ρ is a position (>= 0); with `loop`, ρ addresses a loop, not the
/// root.
LogicalResult verifyPrefix(Operation *op, llvm::ArrayRef<int64_t> prefix,
                           bool loop) {
  for (auto [k, v] : llvm::enumerate(prefix))
    if (v < 0)
      return op->emitOpError() << "β-prefix entry " << k << " is " << v
                               << "; positions are >= 0";
  if (loop && prefix.empty())
    return op->emitOpError()
           << "needs a loop: its β-prefix must not be empty (the root)";
  return success();
}

/// 1 <= dim <= dim ρ (strict upper bound with `strict`).
LogicalResult verifyDepth(Operation *op, int64_t dim, size_t depth, bool strict,
                          llvm::StringRef name = "depth") {
  int64_t max = static_cast<int64_t>(depth) - (strict ? 1 : 0);
  if (dim < 1 || dim > max)
    return op->emitOpError()
           << name << " " << dim << " is out of range: it must satisfy 1 <= "
           << name << (strict ? " < " : " <= ") << depth
           << " (the β-prefix's length)";
  return success();
}

} // namespace

namespace mlir {
namespace tessel {

// ---- custom<Amount>: an integer, or an affine form of the parameters as a string

static ParseResult parseAmount(OpAsmParser &parser, Attribute &amount) {
  int64_t value = 0;
  OptionalParseResult integer = parser.parseOptionalInteger(value);
  if (integer.has_value()) {
    if (failed(*integer))
      return failure();
    amount = parser.getBuilder().getI64IntegerAttr(value);
    return success();
  }
  std::string text;
  if (parser.parseString(&text))
    return failure();
  amount = parser.getBuilder().getStringAttr(text);
  return success();
}

static void printAmount(OpAsmPrinter &printer, Operation *, Attribute amount) {
  if (auto integer = llvm::dyn_cast<IntegerAttr>(amount))
    printer << integer.getInt();
  else if (auto text = llvm::dyn_cast<StringAttr>(amount))
    printer.printString(text.getValue());
  else
    printer.printAttribute(amount);
}

// ---- the shared apply() of the directive ops ----------------------------------

DiagnosedSilenceableFailure applyDirective(Operation *transformOp, Value scop,
                                           transform::TransformState &state) {
  for (Operation *payload : state.getPayloadOps(scop)) {
    std::string message;
    if (!tessel_transform_step(wrap(payload), wrap(transformOp), appendMessage,
                               &message)) {
      std::string text;
      std::string what = tessel_transform_directive(wrap(transformOp),
                                                    appendMessage, &text)
                             ? "`" + text + "`"
                             : transformOp->getName().getStringRef().str();
      return fail(transformOp, payload, message, what);
    }
  }
  return DiagnosedSilenceableFailure::success();
}

} // namespace tessel
} // namespace mlir

using namespace mlir::tessel;

#define GET_OP_CLASSES
#include "TesselTransformOps.cpp.inc"

// ---- scop and generate --------------------------------------------------------

LogicalResult ScopOp::verify() {
  if (getIndex() < 0)
    return emitOpError() << "index " << getIndex()
                         << " is negative; SCoPs are counted from 0";
  return success();
}

DiagnosedSilenceableFailure
ScopOp::apply(transform::TransformRewriter &, transform::TransformResults &results,
              transform::TransformState &state) {
  llvm::SmallVector<Operation *> scops;
  for (Operation *func : state.getPayloadOps(getFunc())) {
    MlirOperation out = {nullptr};
    std::string message;
    if (!tessel_transform_scop(wrap(func), static_cast<size_t>(getIndex()), &out,
                               appendMessage, &message))
      return fail(getOperation(), func, message, "transform.tessel.scop");
    Operation *first = unwrap(out);
    if (!first)
      return fail(getOperation(), func,
                  "tessel: transform.tessel.scop: no SCoP op returned",
                  "transform.tessel.scop");
    scops.push_back(first);
  }
  results.set(llvm::cast<OpResult>(getScop()), scops);
  return DiagnosedSilenceableFailure::success();
}

void ScopOp::getEffects(
    llvm::SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getFuncMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
GenerateOp::apply(transform::TransformRewriter &, transform::TransformResults &,
                  transform::TransformState &state) {
  // A copy: generating code erases the payload ops the handle maps to.
  llvm::SmallVector<Operation *> scops = llvm::to_vector(state.getPayloadOps(getScop()));
  for (Operation *scop : scops) {
    std::string message;
    Location loc = scop->getLoc();
    llvm::StringRef options = getOptions().value_or("");
    if (!tessel_transform_generate(wrap(scop), options.data(), options.size(), appendMessage,
                                   &message)) {
      DiagnosedDefiniteFailure diag = mlir::emitDefiniteFailure(
          getOperation(), message.empty()
                              ? std::string("tessel: transform.tessel.generate failed")
                              : message);
      diag.attachNote(loc) << "while generating code for this SCoP";
      return diag;
    }
  }
  return DiagnosedSilenceableFailure::success();
}

void GenerateOp::getEffects(
    llvm::SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getScopMutable(), effects);
  transform::modifiesPayload(effects);
}

// ---- the directives' argument shapes -------------------------------------------

LogicalResult ReorderOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), false)))
    return failure();
  llvm::ArrayRef<int64_t> order = getOrder();
  llvm::SmallVector<bool> seen(order.size(), false);
  for (int64_t v : order) {
    if (v < 0 || v >= static_cast<int64_t>(order.size()) || seen[v])
      return emitOpError() << "order " << tuple(order)
                           << " is not a permutation of 0 .. "
                           << static_cast<int64_t>(order.size()) - 1;
    seen[v] = true;
  }
  if (order.empty())
    return emitOpError() << "order must not be empty";
  return success();
}

LogicalResult FuseNextOp::verify() { return verifyPrefix(*this, getPrefix(), true); }

LogicalResult DistributeOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), true)))
    return failure();
  if (getN() < 1)
    return emitOpError() << "n is " << getN()
                         << "; the first loop keeps n >= 1 children";
  return success();
}

LogicalResult ShiftOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), true)) ||
      failed(verifyDepth(*this, getDim(), getPrefix().size(), false)))
    return failure();
  if (auto text = llvm::dyn_cast<StringAttr>(getAmount());
      text && text.getValue().trim().empty())
    return emitOpError() << "amount must not be empty";
  return success();
}

LogicalResult SkewOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), true)))
    return failure();
  if (getDim() < 1)
    return emitOpError() << "depth " << getDim() << " is out of range: it must be >= 1";
  if (getDim() == static_cast<int64_t>(getPrefix().size()))
    return emitOpError() << "depth " << getDim()
                         << " is the skewed loop's own; skew by another loop";
  if (getFactor() == 0)
    return emitOpError() << "factor must not be 0";
  return success();
}

LogicalResult ReverseOp::verify() { return verifyPrefix(*this, getPrefix(), true); }

LogicalResult InterchangeOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), true)) ||
      failed(verifyDepth(*this, getDim(), getPrefix().size(), true)))
    return failure();
  return success();
}

LogicalResult ReshapeOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), true)))
    return failure();
  if (getDim() < 1)
    return emitOpError() << "input dimension " << getDim()
                         << " is out of range: it must be >= 1";
  return success();
}

LogicalResult IndexSetSplitOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), false)))
    return failure();
  if (getConstraint().trim().empty())
    return emitOpError() << "constraint must not be empty";
  return success();
}

LogicalResult CollapseOp::verify() { return verifyPrefix(*this, getPrefix(), false); }

LogicalResult GrainOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), true)) ||
      failed(verifyDepth(*this, getDim(), getPrefix().size(), false)))
    return failure();
  if (getFactor() < 1)
    return emitOpError() << "grain " << getFactor() << " must be >= 1";
  return success();
}

LogicalResult DensifyOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), true)) ||
      failed(verifyDepth(*this, getDim(), getPrefix().size(), false)))
    return failure();
  return success();
}

LogicalResult StripMineOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), true)))
    return failure();
  if (getSize() < 1)
    return emitOpError() << "size " << getSize() << " must be >= 1";
  return success();
}

LogicalResult LinearizeOp::verify() { return verifyPrefix(*this, getPrefix(), true); }

LogicalResult ParallelizeOp::verify() {
  return verifyPrefix(*this, getPrefix(), true);
}


LogicalResult EmbedOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), false)))
    return failure();
  if (getPrefix().empty())
    return emitOpError()
           << "needs a statement: its β-vector must not be empty (the root)";
  return success();
}

LogicalResult UnembedOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), false)))
    return failure();
  if (getPrefix().size() < 2)
    return emitOpError() << "needs a statement in a loop: its β-vector has "
                         << getPrefix().size() << " entries, not 2 or more";
  return success();
}

LogicalResult SplitBandOp::verify() {
  return verifyPrefix(*this, getPrefix(), true);
}

LogicalResult AnyOrderOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), false)))
    return failure();
  llvm::ArrayRef<int64_t> parts = getParts();
  if (parts.empty() || parts.front() != 0)
    return emitOpError() << "parts must start at 0";
  for (size_t c = 1; c < parts.size(); ++c)
    if (parts[c] != parts[c - 1] && parts[c] != parts[c - 1] + 1)
      return emitOpError() << "parts must grow by 0 or 1 from child to child";
  if (parts.back() < 1)
    return emitOpError() << "needs two parts or more";
  return success();
}

LogicalResult TileOp::verify() {
  if (failed(verifyPrefix(*this, getPrefix(), true)))
    return failure();
  if (getSizes().empty())
    return emitOpError() << "needs at least one tile size";
  for (auto [k, size] : llvm::enumerate(getSizes()))
    if (size < 1)
      return emitOpError() << "tile size " << k << " is " << size
                           << "; sizes must be >= 1";
  return success();
}

// ---- the extension -------------------------------------------------------------

namespace {

class TesselTransformExtension
    : public transform::TransformDialectExtension<TesselTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TesselTransformExtension)
  using Base::Base;

  void init() {
    // The dialects of the code `generate` builds (as the passes' dependent
    // dialects in passes/plugin/shim/registration.cpp).
    declareGeneratedDialect<affine::AffineDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "TesselTransformOps.cpp.inc"
        >();
  }
};

} // namespace

void mlir::tessel::registerTransformExtension(DialectRegistry &registry) {
  registry.addExtensions<TesselTransformExtension>();
}
