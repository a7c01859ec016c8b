// The LLVM analyses the clang front end (Rust, passes/llvm/src/) asks, behind the C ABI
// of llvm_abi.h: each function here is one query or one construction of
// ScalarEvolution, LoopInfo, the dominator trees, alias analysis, delinearization,
// TargetLibraryInfo or the SCEV expander, a remark, or an invalidation, with no logic
// of its own. The pass that calls Rust is registered in passes/plugin/shim/
// llvm_passes.cpp.

#include "llvm_function.h"

#include "llvm/Analysis/Delinearization.h"
#include "llvm/Analysis/ScalarEvolutionDivision.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;
using tessel::FunctionState;
using tessel::kRemarkName;

namespace {

const SCEV *scev(TesselScev s) { return static_cast<const SCEV *>(s); }
Loop *loop(TesselLoop l) { return static_cast<Loop *>(l); }
ScalarEvolution &se(TesselFunction *f) { return FunctionState::of(f).se(); }
Type *integer(TesselFunction *f, unsigned width) {
  return IntegerType::get(FunctionState::of(f).function().getContext(), width);
}
SmallVector<const SCEV *, 8> list(const TesselScev *ops, size_t n) {
  SmallVector<const SCEV *, 8> v;
  for (size_t i = 0; i < n; ++i)
    v.push_back(scev(ops[i]));
  return v;
}
void text(TesselText out, void *sink, StringRef s) { out(sink, s.data(), s.size()); }

} // namespace

struct TesselExpander {
  SCEVExpander expander;
};

extern "C" {

// ---- the run, remarks, destructors ---------------------------------------------------

void tessel_llvm_invalidate(TesselFunction *f) { FunctionState::of(f).invalidate(); }

void tessel_llvm_append_destructor(LLVMValueRef function) {
  auto *f = cast<Function>(unwrap(function));
  appendToGlobalDtors(*f->getParent(), f, 65535);
}

bool tessel_llvm_remarks_enabled(TesselFunction *f) {
  return FunctionState::of(f).ore().allowExtraAnalysis(kRemarkName);
}

void tessel_llvm_remark(TesselFunction *f, int kind, const char *name, TesselLoop loop,
                        LLVMValueRef at, const char *text, size_t len) {
  auto *l = static_cast<Loop *>(loop);
  auto *inst = at ? dyn_cast<Instruction>(unwrap(at)) : nullptr;
  DebugLoc location = inst && inst->getDebugLoc() ? inst->getDebugLoc() : l->getStartLoc();
  BasicBlock *header = l->getHeader();
  StringRef message(text, len);
  OptimizationRemarkEmitter &ore = FunctionState::of(f).ore();
  switch (kind) {
  case 0:
    ore.emit(OptimizationRemarkAnalysis(kRemarkName, name, location, header) << message);
    break;
  case 1:
    ore.emit(OptimizationRemarkMissed(kRemarkName, name, location, header) << message);
    break;
  default:
    ore.emit(OptimizationRemark(kRemarkName, name, location, header) << message);
    break;
  }
}

// ---- LoopInfo -------------------------------------------------------------------------

void tessel_llvm_top_level_loops(TesselFunction *f, TesselPush push, void *sink) {
  for (Loop *l : FunctionState::of(f).li().getTopLevelLoops())
    push(sink, l);
}
void tessel_llvm_sub_loops(TesselLoop l, TesselPush push, void *sink) {
  for (Loop *sub : loop(l)->getSubLoops())
    push(sink, sub);
}
void tessel_llvm_loop_blocks(TesselLoop l, TesselPush push, void *sink) {
  for (BasicBlock *block : loop(l)->blocks())
    push(sink, wrap(block));
}
TesselLoop tessel_llvm_loop_for(TesselFunction *f, LLVMBasicBlockRef block) {
  return FunctionState::of(f).li().getLoopFor(unwrap(block));
}
TesselLoop tessel_llvm_loop_parent(TesselLoop l) { return loop(l)->getParentLoop(); }
unsigned tessel_llvm_loop_depth(TesselLoop l) { return loop(l)->getLoopDepth(); }
void tessel_llvm_loop_mark(TesselLoop l, const char *name) {
  addStringMetadataToLoop(loop(l), name);
}
bool tessel_llvm_loop_has_mark(TesselLoop l, const char *name) {
  return findStringMetadataForLoop(loop(l), name).has_value();
}
bool tessel_llvm_loop_contains(TesselLoop l, LLVMBasicBlockRef block) {
  return loop(l)->contains(unwrap(block));
}
LLVMBasicBlockRef tessel_llvm_loop_block(TesselLoop l, int which) {
  Loop *x = loop(l);
  switch (which) {
  case 0:
    return wrap(x->getHeader());
  case 1:
    return wrap(x->getLoopPreheader());
  case 2:
    return wrap(x->getLoopPredecessor());
  case 3:
    return wrap(x->getLoopLatch());
  case 4:
    return wrap(x->getExitBlock());
  case 5:
    return wrap(x->getExitingBlock());
  }
  return nullptr;
}

// ---- dominators, alias analysis ------------------------------------------------------

bool tessel_llvm_dominates(TesselFunction *f, LLVMBasicBlockRef a, LLVMBasicBlockRef b) {
  return FunctionState::of(f).dt().dominates(unwrap(a), unwrap(b));
}
LLVMBasicBlockRef tessel_llvm_post_idom(TesselFunction *f, LLVMBasicBlockRef block) {
  auto *node = FunctionState::of(f).pdt().getNode(unwrap(block));
  if (!node || !node->getIDom())
    return nullptr;
  return wrap(node->getIDom()->getBlock());
}
bool tessel_llvm_no_alias(TesselFunction *f, LLVMValueRef a, LLVMValueRef b) {
  return FunctionState::of(f).aa().isNoAlias(MemoryLocation::getBeforeOrAfter(unwrap(a)),
                                             MemoryLocation::getBeforeOrAfter(unwrap(b)));
}

// ---- instructions ------------------------------------------------------------------------

unsigned tessel_llvm_instruction_facts(LLVMValueRef value) {
  auto *inst = dyn_cast<Instruction>(unwrap(value));
  if (!inst)
    return 0;
  unsigned facts = 0;
  if (inst->mayReadOrWriteMemory())
    facts |= TESSEL_MAY_READ_OR_WRITE_MEMORY;
  if (inst->mayHaveSideEffects())
    facts |= TESSEL_MAY_HAVE_SIDE_EFFECTS;
  if (auto *load = dyn_cast<LoadInst>(inst); load && load->isSimple())
    facts |= TESSEL_SIMPLE_ACCESS;
  if (auto *store = dyn_cast<StoreInst>(inst); store && store->isSimple())
    facts |= TESSEL_SIMPLE_ACCESS;
  if (auto *call = dyn_cast<CallBase>(inst); call && call->doesNotAccessMemory())
    facts |= TESSEL_NO_MEMORY_ACCESS;
  if (auto *intrinsic = dyn_cast<IntrinsicInst>(inst); intrinsic && intrinsic->isAssumeLikeIntrinsic())
    facts |= TESSEL_ASSUME_LIKE;
  if (isa<DbgInfoIntrinsic>(inst))
    facts |= TESSEL_DEBUG_INTRINSIC;
  if (isa<FPMathOperator>(inst))
    facts |= TESSEL_FP_MATH_OPERATOR;
  return facts;
}
uint64_t tessel_llvm_fp_bits(LLVMValueRef constant) {
  return cast<ConstantFP>(unwrap(constant))->getValueAPF().bitcastToAPInt().getZExtValue();
}
void tessel_llvm_math_function(TesselFunction *f, LLVMValueRef value, TesselText out,
                               void *sink) {
  // Each math function of the C library the model keeps, with the LLVM intrinsic of
  // the same value (the core's `llvm.intr.*`); its float and double forms.
  static const std::pair<LibFunc, const char *> kMath[] = {
      {LibFunc_sqrt, "sqrt"},         {LibFunc_sqrtf, "sqrt"},      {LibFunc_exp, "exp"},
      {LibFunc_expf, "exp"},          {LibFunc_exp2, "exp2"},       {LibFunc_exp2f, "exp2"},
      {LibFunc_log, "log"},           {LibFunc_logf, "log"},        {LibFunc_log2, "log2"},
      {LibFunc_log2f, "log2"},        {LibFunc_log10, "log10"},     {LibFunc_log10f, "log10"},
      {LibFunc_pow, "pow"},           {LibFunc_powf, "pow"},        {LibFunc_sin, "sin"},
      {LibFunc_sinf, "sin"},          {LibFunc_cos, "cos"},         {LibFunc_cosf, "cos"},
      {LibFunc_fabs, "fabs"},         {LibFunc_fabsf, "fabs"},      {LibFunc_floor, "floor"},
      {LibFunc_floorf, "floor"},      {LibFunc_ceil, "ceil"},       {LibFunc_ceilf, "ceil"},
      {LibFunc_trunc, "trunc"},       {LibFunc_truncf, "trunc"},    {LibFunc_round, "round"},
      {LibFunc_roundf, "round"},      {LibFunc_copysign, "copysign"},
      {LibFunc_copysignf, "copysign"}, {LibFunc_fmin, "minnum"},    {LibFunc_fminf, "minnum"},
      {LibFunc_fmax, "maxnum"},       {LibFunc_fmaxf, "maxnum"}};
  StringRef name;
  auto *call = dyn_cast<CallInst>(unwrap(value));
  Function *callee = call ? call->getCalledFunction() : nullptr;
  LibFunc libFunc;
  const TargetLibraryInfo &tli = FunctionState::of(f).tli();
  if (callee && !call->hasOperandBundles() && tli.getLibFunc(*callee, libFunc) &&
      tli.has(libFunc))
    for (auto [lf, intrinsic] : kMath)
      if (lf == libFunc)
        name = intrinsic;
  text(out, sink, name);
}
void tessel_llvm_intrinsic_name(LLVMValueRef call, TesselText out, void *sink) {
  auto *intrinsic = dyn_cast<IntrinsicInst>(unwrap(call));
  if (!intrinsic) {
    text(out, sink, "");
    return;
  }
  text(out, sink, Intrinsic::getBaseName(intrinsic->getIntrinsicID()).drop_front(5));
}
void tessel_llvm_opcode_name(LLVMValueRef inst, TesselText out, void *sink) {
  text(out, sink, cast<Instruction>(unwrap(inst))->getOpcodeName());
}
void tessel_llvm_predicate_name(int predicate, TesselText out, void *sink) {
  text(out, sink, CmpInst::getPredicateName(CmpInst::Predicate(predicate)));
}

// ---- ScalarEvolution: reading expressions ----------------------------------------------

TesselScev tessel_scev_get(TesselFunction *f, LLVMValueRef v) { return se(f).getSCEV(unwrap(v)); }
TesselScev tessel_scev_at_scope(TesselFunction *f, LLVMValueRef v, TesselLoop scope) {
  return se(f).getSCEVAtScope(unwrap(v), loop(scope));
}
bool tessel_scev_is_scevable(TesselFunction *f, LLVMTypeRef type) {
  return se(f).isSCEVable(unwrap(type));
}
int tessel_scev_kind(TesselScev s) { return scev(s)->getSCEVType(); }
unsigned tessel_scev_width(TesselScev s) {
  Type *t = scev(s)->getType();
  return t->isIntegerTy() ? t->getIntegerBitWidth() : 0;
}
size_t tessel_scev_num_operands(TesselScev s) { return scev(s)->operands().size(); }
TesselScev tessel_scev_operand(TesselScev s, size_t i) { return scev(s)->operands()[i]; }
TesselConstant tessel_scev_constant(TesselScev s) {
  const APInt &v = cast<SCEVConstant>(scev(s))->getAPInt();
  TesselConstant c;
  c.width = v.getBitWidth();
  c.significant_bits = v.getSignificantBits();
  c.active_bits = v.getActiveBits();
  c.sext = c.significant_bits <= 64 ? v.getSExtValue() : 0;
  c.zext = c.active_bits <= 64 ? v.getZExtValue() : 0;
  c.negative = v.isNegative();
  return c;
}
LLVMValueRef tessel_scev_unknown_value(TesselScev s) {
  return wrap(cast<SCEVUnknown>(scev(s))->getValue());
}
TesselLoop tessel_scev_rec_loop(TesselScev s) {
  return const_cast<Loop *>(cast<SCEVAddRecExpr>(scev(s))->getLoop());
}
bool tessel_scev_rec_is_affine(TesselScev s) { return cast<SCEVAddRecExpr>(scev(s))->isAffine(); }
TesselScev tessel_scev_rec_start(TesselScev s) { return cast<SCEVAddRecExpr>(scev(s))->getStart(); }
TesselScev tessel_scev_rec_step(TesselFunction *f, TesselScev s) {
  return cast<SCEVAddRecExpr>(scev(s))->getStepRecurrence(se(f));
}
unsigned tessel_scev_no_wrap(TesselScev s) {
  auto *nary = dyn_cast<SCEVNAryExpr>(scev(s));
  if (!nary)
    return 0;
  return (nary->hasNoUnsignedWrap() ? 1 : 0) | (nary->hasNoSignedWrap() ? 2 : 0);
}
void tessel_scev_print(TesselScev s, TesselText out, void *sink) {
  std::string printed;
  raw_string_ostream os(printed);
  os << *scev(s);
  text(out, sink, os.str());
}

// ---- ScalarEvolution: building expressions ---------------------------------------------

TesselScev tessel_scev_constant_get(TesselFunction *f, unsigned width, int64_t value) {
  return se(f).getConstant(integer(f, width), value, /*isSigned=*/true);
}
TesselScev tessel_scev_zero(TesselFunction *f, TesselScev like) {
  return se(f).getZero(scev(like)->getType());
}
TesselScev tessel_scev_one(TesselFunction *f, TesselScev like) {
  return se(f).getOne(scev(like)->getType());
}
TesselScev tessel_scev_add(TesselFunction *f, const TesselScev *ops, size_t n) {
  auto v = list(ops, n);
  return se(f).getAddExpr(v);
}
TesselScev tessel_scev_mul(TesselFunction *f, const TesselScev *ops, size_t n) {
  auto v = list(ops, n);
  return se(f).getMulExpr(v);
}
TesselScev tessel_scev_minus(TesselFunction *f, TesselScev a, TesselScev b) {
  return se(f).getMinusSCEV(scev(a), scev(b));
}
TesselScev tessel_scev_negative(TesselFunction *f, TesselScev a) {
  return se(f).getNegativeSCEV(scev(a));
}
TesselScev tessel_scev_udiv(TesselFunction *f, TesselScev a, TesselScev b) {
  return se(f).getUDivExpr(scev(a), scev(b));
}
TesselScev tessel_scev_add_rec(TesselFunction *f, TesselScev start, TesselScev step, TesselLoop l) {
  return se(f).getAddRecExpr(scev(start), scev(step), loop(l), SCEV::FlagAnyWrap);
}
TesselScev tessel_scev_add_rec_ops(TesselFunction *f, const TesselScev *ops, size_t n,
                                   TesselLoop l, TesselScev flags_of) {
  auto v = list(ops, n);
  return se(f).getAddRecExpr(v, loop(l), cast<SCEVAddRecExpr>(scev(flags_of))->getNoWrapFlags());
}
TesselScev tessel_scev_min_max(TesselFunction *f, int kind, const TesselScev *ops, size_t n) {
  auto v = list(ops, n);
  if (SCEVTypes(kind) == scSequentialUMinExpr)
    return se(f).getUMinExpr(v, /*Sequential=*/true);
  return se(f).getMinMaxExpr(SCEVTypes(kind), v);
}
TesselScev tessel_scev_convert(TesselFunction *f, TesselScev s, int how, unsigned width) {
  Type *t = integer(f, width);
  ScalarEvolution &e = se(f);
  switch (how) {
  case 0:
    return e.getSignExtendExpr(scev(s), t);
  case 1:
    return e.getZeroExtendExpr(scev(s), t);
  case 2:
    return e.getTruncateExpr(scev(s), t);
  case 3:
    return e.getTruncateOrSignExtend(scev(s), t);
  case 4:
    return e.getTruncateOrZeroExtend(scev(s), t);
  case 5:
    return e.getNoopOrSignExtend(scev(s), t);
  }
  return e.getCouldNotCompute();
}
unsigned tessel_scev_wider_width(TesselFunction *f, TesselScev a, TesselScev b) {
  return se(f).getWiderType(scev(a)->getType(), scev(b)->getType())->getIntegerBitWidth();
}
TesselScev tessel_scev_pointer_base(TesselFunction *f, TesselScev s) {
  return se(f).getPointerBase(scev(s));
}
TesselScev tessel_scev_element_size(TesselFunction *f, LLVMValueRef inst) {
  return se(f).getElementSize(cast<Instruction>(unwrap(inst)));
}

// ---- ScalarEvolution: queries ----------------------------------------------------------------

bool tessel_scev_is_loop_invariant(TesselFunction *f, TesselScev s, TesselLoop l) {
  return se(f).isLoopInvariant(scev(s), loop(l));
}
bool tessel_scev_known_predicate(TesselFunction *f, int predicate, TesselScev a, TesselScev b) {
  return se(f).isKnownPredicate(CmpInst::Predicate(predicate), scev(a), scev(b));
}
bool tessel_scev_known_sign(TesselFunction *f, TesselScev s, int which) {
  ScalarEvolution &e = se(f);
  switch (which) {
  case 0:
    return e.isKnownNegative(scev(s));
  case 1:
    return e.isKnownNonNegative(scev(s));
  case 2:
    return e.isKnownNonPositive(scev(s));
  case 3:
    return e.isKnownPositive(scev(s));
  }
  return false;
}
bool tessel_scev_entry_guarded(TesselFunction *f, TesselLoop l, int predicate, TesselScev a,
                               TesselScev b) {
  return se(f).isLoopEntryGuardedByCond(loop(l), CmpInst::Predicate(predicate), scev(a), scev(b));
}
TesselScev tessel_scev_backedge_count(TesselFunction *f, TesselLoop l) {
  return se(f).getBackedgeTakenCount(loop(l));
}
TesselScev tessel_scev_predicated_backedge_count(TesselFunction *f, TesselLoop l, TesselPush push,
                                                 void *sink) {
  SmallVector<const SCEVPredicate *, 4> predicates;
  const SCEV *count = se(f).getPredicatedBackedgeTakenCount(loop(l), predicates);
  for (const SCEVPredicate *predicate : predicates) {
    auto *wrapPredicate = dyn_cast<SCEVWrapPredicate>(predicate);
    bool increment = wrapPredicate && wrapPredicate->getFlags() == SCEVWrapPredicate::IncrementNSSW;
    push(sink, increment ? wrapPredicate->getExpr() : nullptr);
  }
  return count;
}
void tessel_scev_divide(TesselFunction *f, TesselScev s, TesselScev by, TesselScev *quotient,
                        TesselScev *remainder) {
  const SCEV *q = nullptr, *r = nullptr;
  SCEVDivision::divide(se(f), scev(s), scev(by), &q, &r);
  *quotient = q;
  *remainder = r;
}

// ---- delinearization ----------------------------------------------------------------------

void tessel_delin_parametric_terms(TesselFunction *f, TesselScev s, TesselPush push, void *sink) {
  SmallVector<const SCEV *, 8> terms;
  collectParametricTerms(se(f), scev(s), terms);
  for (const SCEV *t : terms)
    push(sink, t);
}
void tessel_delin_array_dimensions(TesselFunction *f, const TesselScev *terms, size_t n,
                                   TesselScev element_size, TesselPush push, void *sink) {
  auto v = list(terms, n);
  SmallVector<const SCEV *, 4> sizes;
  findArrayDimensions(se(f), v, sizes, scev(element_size));
  for (const SCEV *size : sizes)
    push(sink, size);
}
bool tessel_delin_fixed_size_dimensions(TesselFunction *f, TesselScev s, TesselScev element_size,
                                        TesselPush push, void *sink) {
  SmallVector<uint64_t, 4> sizes;
  if (!findFixedSizeArrayDimensions(se(f), scev(s), sizes, scev(element_size)))
    return false;
  for (uint64_t &size : sizes)
    push(sink, &size);
  return true;
}
void tessel_delin_delinearize(TesselFunction *f, TesselScev s, TesselScev element_size,
                              TesselPush push, void *subscripts, void *sizes) {
  SmallVector<const SCEV *, 4> subs, dims;
  delinearize(se(f), scev(s), subs, dims, scev(element_size));
  for (const SCEV *x : subs)
    push(subscripts, x);
  for (const SCEV *x : dims)
    push(sizes, x);
}
bool tessel_delin_fixed_size_array(TesselFunction *f, TesselScev s, TesselScev element_size,
                                   TesselPush push, void *subscripts, void *sizes) {
  SmallVector<const SCEV *, 4> subs, dims;
  if (!delinearizeFixedSizeArray(se(f), scev(s), subs, dims, scev(element_size)))
    return false;
  for (const SCEV *x : subs)
    push(subscripts, x);
  for (const SCEV *x : dims)
    push(sizes, x);
  return true;
}

// ---- the SCEV expander ----------------------------------------------------------------------

TesselExpander *tessel_expander_new(TesselFunction *f) {
  return new TesselExpander{SCEVExpander(se(f), "tessel")};
}
void tessel_expander_free(TesselExpander *e) { delete e; }
bool tessel_expander_safe_at(TesselExpander *e, TesselScev s, LLVMValueRef at) {
  return e->expander.isSafeToExpandAt(scev(s), cast<Instruction>(unwrap(at)));
}
LLVMValueRef tessel_expander_expand(TesselExpander *e, TesselScev s, LLVMTypeRef type,
                                    LLVMValueRef at) {
  return wrap(e->expander.expandCodeFor(scev(s), unwrap(type), cast<Instruction>(unwrap(at))));
}

} // extern "C"
