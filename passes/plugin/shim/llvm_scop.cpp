// A detected loop nest of LLVM IR as the `affine` function the core optimizes, and the
// nest replaced by a call of the optimized function behind a run-time check
// (issue 12, parts 3 and 4).
//
// The model comes from ScalarEvolution, as in Polly's ScopBuilder: each loop becomes
// `affine.for %c = b to b + <backedge-taken count> + 1`, b the start of its unit-step
// induction variable (0 if none), so an add-recurrence {start,+,step}<L> is
// `start + step * (c_L - b)`; loop-invariant
// expressions (sizes, products of parameters, extensions of `int` arguments) become
// symbols, expanded at the call; array subscripts come from delinearization, one
// shape per array for all its accesses (Polly's approach); branches become
// `affine.if`s of the affine comparisons SCEV sees, and scalars carried around a loop
// become `iter_args`. Arithmetic is translated instruction by instruction with its
// exact semantics (fast-math flags kept, `llvm.fmuladd` kept as the intrinsic, so the
// back end makes the same contraction choice as for the original).
//
// The replacement keeps the original loops as the fallback, as Polly does: the
// preheader branches to the call when every array's accessed range is disjoint from
// the others' (pairs that alias analysis proves distinct, e.g. `restrict` or distinct
// allocations, are not checked) and every delinearized subscript stays within its
// dimension, so that distinct subscripts mean distinct addresses.

#include "llvm_scop.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/Delinearization.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionDivision.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/Format.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <map>
#include <optional>

using namespace llvm;

namespace tessel {

namespace {

// Rewrites each sign extension of an `int` add recurrence, sum or product over its
// operands' extensions; `widened` gets each rewritten expression with its narrow
// width. See widenSignExtensions.
class SignExtensionWidener : public SCEVRewriteVisitor<SignExtensionWidener> {
public:
  SignExtensionWidener(ScalarEvolution &se, const Loop *nest,
                       SmallVectorImpl<NarrowValue> *widened)
      : SCEVRewriteVisitor(se), nest(nest), widened(widened) {}

  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *e) {
    const SCEV *op = e->getOperand();
    if (nonNegativeInvariant(op))
      return SE.getZeroExtendExpr(op, e->getType());
    const SCEV *wide = isa<SCEVAddRecExpr>(op) || isa<SCEVAddExpr>(op) || isa<SCEVMulExpr>(op)
                           ? widen(op, e->getType(), 0)
                           : nullptr;
    if (!wide)
      return SCEVRewriteVisitor::visitSignExtendExpr(e);
    if (widened)
      widened->push_back({wide, op->getType()->getIntegerBitWidth(), false});
    return wide;
  }

  // `s`, narrow, computed in `type` over its operands' extensions; null when it is
  // not affine.
  const SCEV *widen(const SCEV *s, Type *type, unsigned depth = 0) {
    if (depth > 16)
      return nullptr;
    if (auto *rec = dyn_cast<SCEVAddRecExpr>(s)) {
      if (!rec->isAffine())
        return nullptr;
      const SCEV *start = widen(rec->getStart(), type, depth + 1);
      const SCEV *step = widen(rec->getStepRecurrence(SE), type, depth + 1);
      return start && step ? SE.getAddRecExpr(start, step, rec->getLoop(), SCEV::FlagAnyWrap)
                           : nullptr;
    }
    if (isa<SCEVAddExpr>(s) || isa<SCEVMulExpr>(s)) {
      SmallVector<const SCEV *, 4> ops;
      for (const SCEV *op : cast<SCEVNAryExpr>(s)->operands()) {
        const SCEV *w = widen(op, type, depth + 1);
        if (!w)
          return nullptr;
        ops.push_back(w);
      }
      return isa<SCEVAddExpr>(s) ? SE.getAddExpr(ops) : SE.getMulExpr(ops);
    }
    return nonNegativeInvariant(s) ? SE.getZeroExtendExpr(s, type)
                                   : SE.getSignExtendExpr(s, type);
  }

private:
  // An invariant the nest's entry proves non-negative (`i < n` from 0: n > 0) is
  // extended with zeros, as indvars extends loop bounds, so that `A[i*n + j]`,
  // `A[k*n + j]` and `A[i*n + i]` give one row size.
  bool nonNegativeInvariant(const SCEV *s) {
    return SE.isLoopInvariant(s, nest) &&
           SE.isLoopEntryGuardedByCond(nest, ICmpInst::ICMP_SGE, s, SE.getZero(s->getType()));
  }

  const Loop *nest;
  SmallVectorImpl<NarrowValue> *widened;
};

} // namespace

const SCEV *widenSignExtensions(ScalarEvolution &se, const Loop *nest, const SCEV *s,
                                SmallVectorImpl<NarrowValue> *widened) {
  return SignExtensionWidener(se, nest, widened).visit(s);
}

const SCEV *backedgeCount(ScalarEvolution &se, const Loop *nest, const Loop *loop,
                          SmallVectorImpl<NarrowValue> *widened) {
  const SCEV *count = se.getBackedgeTakenCount(loop);
  if (!isa<SCEVCouldNotCompute>(count))
    return count;
  SmallVector<const SCEVPredicate *, 4> predicates;
  count = se.getPredicatedBackedgeTakenCount(loop, predicates);
  if (isa<SCEVCouldNotCompute>(count))
    return count;
  SmallVector<NarrowValue, 4> ranges;
  SignExtensionWidener widener(se, nest, &ranges);
  for (const SCEVPredicate *predicate : predicates) {
    auto *wrap = dyn_cast<SCEVWrapPredicate>(predicate);
    if (!wrap || wrap->getFlags() != SCEVWrapPredicate::IncrementNSSW)
      return se.getCouldNotCompute();
    const SCEVAddRecExpr *rec = wrap->getExpr();
    Type *wideType = Type::getInt64Ty(rec->getType()->getContext());
    const SCEV *wide = rec->getType()->getIntegerBitWidth() < 64
                           ? widener.widen(rec, wideType)
                           : nullptr;
    if (!wide)
      return se.getCouldNotCompute();
    // Sound by induction: while the wide values over the predicated count stay in
    // the `int` range, the loop runs as predicted, so the count is its own.
    ranges.push_back({wide, rec->getType()->getIntegerBitWidth(), false});
  }
  count = widener.visit(count);
  // `smax(a, b) - a` where the loop's entry is guarded by `b >= a`: `b - a`.
  if (auto *add = dyn_cast<SCEVAddExpr>(count)) {
    SmallVector<const SCEV *, 4> ops;
    for (const SCEV *op : add->operands()) {
      if (auto *max = dyn_cast<SCEVSMaxExpr>(op); max && max->getNumOperands() == 2) {
        const SCEV *a = max->getOperand(0), *b = max->getOperand(1);
        if (se.isLoopEntryGuardedByCond(loop, ICmpInst::ICMP_SGE, b, a))
          op = b;
        else if (se.isLoopEntryGuardedByCond(loop, ICmpInst::ICMP_SGE, a, b))
          op = a;
      }
      ops.push_back(op);
    }
    count = se.getAddExpr(ops);
  }
  if (widened)
    widened->append(ranges.begin(), ranges.end());
  return count;
}

std::string printed(const SCEV *s) {
  std::string text;
  raw_string_ostream os(text);
  os << *s;
  return text;
}

std::string printed(CmpInst::Predicate p, const SCEV *a, const SCEV *b) {
  return printed(a) + " " + CmpInst::getPredicateName(p).str() + " " + printed(b);
}

namespace {

struct Array {
  Value *base;
  Type *element;
  uint64_t elementBytes;
  // Dimension sizes after the first, in elements, then the element size in bytes
  // (delinearize's convention). One entry: a one-dimensional array.
  SmallVector<const SCEV *, 4> sizes;
  bool written = false;
};

struct Access {
  Instruction *inst;
  unsigned array;
  const SCEV *offset; // bytes from the base, at the access's loop
  SmallVector<const SCEV *, 4> subscripts;
};

// How an integer narrower than 64 bits is widened to `index` where SCEV extends
// it: the model treats the extension as the identity, which needs the no-wrap flags
// C's `int` arithmetic gives (Polly makes the same assumption).
enum class Widen { Signed, Unsigned };

std::optional<std::string> mlirType(Type *t) {
  if (t->isDoubleTy())
    return std::string("f64");
  if (t->isFloatTy())
    return std::string("f32");
  if (auto *i = dyn_cast<IntegerType>(t))
    if (i->getBitWidth() <= 64)
      return "i" + std::to_string(i->getBitWidth());
  return std::nullopt;
}

const SCEV *extreme(ScalarEvolution &se, Loop *outer, const SCEV *s, bool greatest,
                    SmallVectorImpl<const SCEV *> &assumed,
                    SmallVectorImpl<NarrowValue> *counts = nullptr, unsigned depth = 0);

class NestTranslator {
public:
  NestTranslator(ScalarEvolution &se, LoopInfo &li, DominatorTree &dt,
                 PostDominatorTree &pdt, Loop *outer, const DataLayout &dl)
      : se(se), li(li), dt(dt), pdt(pdt), outer(outer), dl(dl) {}

  // Builds `func.func @<name>`; false with `failure` set when the nest has no
  // affine form.
  bool translate(const std::string &name) {
    if (!collectAccesses() || !shapeArrays())
      return false;
    scopes.emplace_back();
    if (!emitLoop(outer))
      return false;
    std::string signature;
    for (unsigned a = 0; a < arrays.size(); ++a)
      signature += (a ? ", %a" : "%a") + std::to_string(a) + ": " + memrefType(a);
    for (unsigned p = 0; p < params.size(); ++p)
      signature += (signature.empty() ? "%p" : ", %p") + std::to_string(p) + ": index";
    for (unsigned s = 0; s < scalars.size(); ++s)
      signature += (signature.empty() ? "%s" : ", %s") + std::to_string(s) + ": " +
                   *mlirType(scalars[s]->getType());
    text = "func.func @" + name + "(" + signature + ") {\n" + body + "  return\n}\n";
    return true;
  }

  std::string failure;
  const Instruction *failedAt = nullptr;
  std::string text;
  std::vector<Array> arrays;
  std::vector<Access> accesses;
  // Offsets' `int` arithmetic taken as wide (widenSignExtensions): the run-time check
  // keeps each in its narrow type's range.
  SmallVector<NarrowValue, 4> narrowValues;
  std::vector<const SCEV *> params; // each 64-bit and invariant in the nest
  std::vector<Value *> scalars;     // values from outside the nest used as data
  DenseMap<const Instruction *, unsigned> accessOf; // a load's or store's access

private:
  bool fail(const Twine &why, const Instruction *at = nullptr) {
    if (failure.empty()) {
      failure = why.str();
      failedAt = at;
    }
    return false;
  }

  // ---- arrays -------------------------------------------------------------------

  bool collectAccesses() {
    DenseMap<Value *, unsigned> arrayOf;
    for (BasicBlock *block : outer->blocks())
      for (Instruction &inst : *block) {
        Value *pointer;
        Type *type;
        bool write = false;
        if (auto *load = dyn_cast<LoadInst>(&inst)) {
          pointer = load->getPointerOperand();
          type = load->getType();
        } else if (auto *store = dyn_cast<StoreInst>(&inst)) {
          pointer = store->getPointerOperand();
          type = store->getValueOperand()->getType();
          write = true;
        } else {
          continue;
        }
        if (!mlirType(type))
          return fail("an access of a type the model has no element type for", &inst);
        Loop *scope = li.getLoopFor(block);
        const SCEV *address = se.getSCEVAtScope(pointer, scope);
        auto *base = dyn_cast<SCEVUnknown>(se.getPointerBase(address));
        if (!base)
          return fail("an address has no base pointer", &inst);
        auto [it, inserted] = arrayOf.try_emplace(base->getValue(), arrays.size());
        if (inserted)
          arrays.push_back(Array{base->getValue(), type, dl.getTypeStoreSize(type), {}});
        Array &array = arrays[it->second];
        if (array.element != type)
          return fail("an array is accessed with two element types", &inst);
        array.written |= write;
        accessOf[&inst] = accesses.size();
        const SCEV *offset =
            widenSignExtensions(se, outer, se.getMinusSCEV(address, base), &narrowValues);
        accesses.push_back(Access{&inst, it->second, offset, {}});
      }
    return true;
  }

  // One shape per array for all its accesses: parametric sizes from the terms of
  // all of them (delinearize's steps 1 and 2), else the constant sizes of a
  // fixed-size array, else one dimension; then each access's subscripts.
  bool shapeArrays() {
    for (unsigned a = 0; a < arrays.size(); ++a) {
      Array &array = arrays[a];
      SmallVector<Access *, 8> mine;
      for (Access &access : accesses)
        if (access.array == a)
          mine.push_back(&access);
      Type *offsetType = mine.front()->offset->getType();
      const SCEV *elementSize = se.getConstant(offsetType, array.elementBytes);
      SmallVector<const SCEV *, 8> terms;
      for (Access *access : mine)
        if (isa<SCEVAddRecExpr>(access->offset))
          collectParametricTerms(se, access->offset, terms);
      SmallVector<const SCEV *, 4> sizes;
      if (!terms.empty())
        findArrayDimensions(se, terms, sizes, elementSize);
      if (sizes.size() < 2 || !shapeFits(mine, sizes)) {
        // The constant sizes each access suggests (LLVM reads them off the steps, so
        // `cov[i][j]` with j from i suggests rows of 1201 where the array has 1200):
        // the first, most dimensions first, under which every access fits and no
        // subscript is provably beyond its dimension; else one dimension.
        SmallVector<SmallVector<uint64_t, 4>, 4> candidates;
        for (Access *access : mine) {
          SmallVector<uint64_t, 4> fixed;
          if (findFixedSizeArrayDimensions(se, access->offset, fixed, elementSize) &&
              !is_contained(candidates, fixed))
            candidates.push_back(fixed);
        }
        // Rows of each constant step of an access, for an array whose accesses
        // suggest none that fits them all: `corr[j][i]` with j from i + 1 (steps of
        // 1201 and 1200 elements) suggests nothing, and corr[i][j] rows of 1201.
        for (Access *access : mine)
          for (uint64_t step : constantSteps(access->offset, array.elementBytes)) {
            SmallVector<uint64_t, 4> rows = {step, array.elementBytes};
            if (!is_contained(candidates, rows))
              candidates.push_back(rows);
          }
        unsigned most = 0;
        for (const auto &candidate : candidates)
          most = std::max<unsigned>(most, candidate.size());
        sizes.clear();
        for (unsigned dims = most; dims > 0 && sizes.empty(); --dims) {
          for (const auto &candidate : candidates) {
            if (candidate.size() != dims)
              continue;
            SmallVector<const SCEV *, 4> shape;
            for (uint64_t size : candidate)
              shape.push_back(se.getConstant(offsetType, size));
            if (shape.back() != elementSize)
              shape.push_back(elementSize);
            if (shape.size() >= 2 && shapeFits(mine, shape) && withinDimensions(mine, shape)) {
              sizes = shape;
              break;
            }
          }
        }
        if (sizes.empty()) {
          sizes.assign(1, elementSize);
          if (!shapeFits(mine, sizes))
            return fail("an access is not a whole element of its array",
                        mine.front()->inst);
        }
      }
      for (const SCEV *size : ArrayRef(sizes).drop_back())
        if (!se.isLoopInvariant(size, outer))
          return fail("an array's dimension size varies in the nest");
      array.sizes = sizes;
    }
    return true;
  }

  // The constant steps greater than one element of `offset`'s recurrences, in
  // elements (steps that are not whole elements are left out); none unless the
  // offset is a recurrence in two loops or more (a row and a column).
  SmallVector<uint64_t, 4> constantSteps(const SCEV *offset, uint64_t elementBytes) {
    SmallVector<uint64_t, 4> steps;
    auto *outerRec = dyn_cast<SCEVAddRecExpr>(offset);
    if (!outerRec || !isa<SCEVAddRecExpr>(outerRec->getStart()))
      return steps;
    while (auto *rec = dyn_cast<SCEVAddRecExpr>(offset)) {
      if (auto *step = dyn_cast<SCEVConstant>(rec->getStepRecurrence(se))) {
        const APInt &v = step->getAPInt();
        if (!v.isNegative() && v.getActiveBits() <= 40 &&
            v.getZExtValue() % elementBytes == 0 && v.getZExtValue() / elementBytes > 1)
          steps.push_back(v.getZExtValue() / elementBytes);
      }
      offset = rec->getStart();
    }
    return steps;
  }

  // No subscript after the first is provably at or beyond its dimension's size over
  // the nest (the run-time check would fail at every size). Leaves the accesses'
  // subscripts as `shapeFits` set them.
  bool withinDimensions(ArrayRef<Access *> mine, ArrayRef<const SCEV *> sizes) {
    for (Access *access : mine)
      for (unsigned k = 1; k < access->subscripts.size(); ++k) {
        SmallVector<const SCEV *, 4> assumed;
        const SCEV *hi = extreme(se, outer, access->subscripts[k], true, assumed);
        if (hi && se.isKnownPredicate(ICmpInst::ICMP_SGE, hi,
                                      se.getTruncateOrSignExtend(sizes[k - 1], hi->getType())))
          return false;
      }
    return true;
  }

  // Every access divides into subscripts by `sizes` (innermost first, as
  // delinearize's step 3), with nothing left below an element.
  bool shapeFits(ArrayRef<Access *> mine, ArrayRef<const SCEV *> sizes) {
    for (Access *access : mine) {
      SmallVector<const SCEV *, 4> subscripts;
      const SCEV *rest = access->offset;
      for (int k = int(sizes.size()) - 1; k >= 0; --k) {
        const SCEV *quotient = nullptr, *remainder = nullptr;
        SCEVDivision::divide(se, rest, sizes[k], &quotient, &remainder);
        if (k < int(sizes.size()) - 1 && outside(remainder, sizes[k]))
          if (auto *size = dyn_cast<SCEVConstant>(sizes[k]))
            if (auto split = splitCoefficients(rest, size->getAPInt().getSExtValue());
                split && !outside(split->second, sizes[k]))
              std::tie(quotient, remainder) = *split;
        if (k == int(sizes.size()) - 1) {
          if (!remainder->isZero())
            return false;
        } else {
          subscripts.insert(subscripts.begin(), remainder);
        }
        rest = quotient;
      }
      subscripts.insert(subscripts.begin(), rest);
      carry(subscripts, sizes);
      access->subscripts = subscripts;
    }
    return true;
  }

  // The least and greatest values of `s` over the nest as the run-time check bounds
  // them (`extreme`, trip counts taken wide where they can be); null where not found.
  std::pair<const SCEV *, const SCEV *> bounds(const SCEV *s) {
    SmallVector<const SCEV *, 4> assumed;
    SmallVector<NarrowValue, 4> counts;
    return {extreme(se, outer, s, false, assumed, &counts),
            extreme(se, outer, s, true, assumed, &counts)};
  }

  // Whether subscript `s` is provably outside [0, size) somewhere over the nest.
  bool outside(const SCEV *s, const SCEV *size) {
    size = se.getTruncateOrSignExtend(size, s->getType());
    auto [lo, hi] = bounds(s);
    return (hi && se.isKnownPredicate(ICmpInst::ICMP_SGE, hi, size)) ||
           (lo && se.isKnownNegative(lo));
  }

  // `s` as quotient * size + remainder by splitting each constant coefficient (of a
  // recurrence's step, a constant, a product with a constant): SCEV's division
  // gives up on a step that `size` does not divide, which a fixed-size array's
  // `cov[i][j]` with j from i has (1201 elements per i over rows of 1200: row i,
  // column i + j'). Exact, as address arithmetic; null for other forms.
  std::optional<std::pair<const SCEV *, const SCEV *>> splitCoefficients(const SCEV *s,
                                                                          int64_t size,
                                                                          unsigned depth = 0) {
    if (size <= 0 || depth > 16)
      return std::nullopt;
    if (auto *c = dyn_cast<SCEVConstant>(s)) {
      if (c->getAPInt().getSignificantBits() > 63)
        return std::nullopt;
      int64_t v = c->getAPInt().getSExtValue();
      return std::pair{se.getConstant(s->getType(), v / size),
                       se.getConstant(s->getType(), v % size)};
    }
    if (auto *rec = dyn_cast<SCEVAddRecExpr>(s)) {
      if (!rec->isAffine())
        return std::nullopt;
      auto start = splitCoefficients(rec->getStart(), size, depth + 1);
      auto step = splitCoefficients(rec->getStepRecurrence(se), size, depth + 1);
      if (!start || !step)
        return std::nullopt;
      return std::pair{se.getAddRecExpr(start->first, step->first, rec->getLoop(),
                                        SCEV::FlagAnyWrap),
                       se.getAddRecExpr(start->second, step->second, rec->getLoop(),
                                        SCEV::FlagAnyWrap)};
    }
    if (auto *add = dyn_cast<SCEVAddExpr>(s)) {
      SmallVector<const SCEV *, 4> quotients, remainders;
      for (const SCEV *op : add->operands()) {
        auto part = splitCoefficients(op, size, depth + 1);
        if (!part)
          return std::nullopt;
        quotients.push_back(part->first);
        remainders.push_back(part->second);
      }
      return std::pair{se.getAddExpr(quotients), se.getAddExpr(remainders)};
    }
    if (auto *mul = dyn_cast<SCEVMulExpr>(s))
      if (mul->getNumOperands() == 2 && isa<SCEVConstant>(mul->getOperand(0)) &&
          se.isLoopInvariant(mul->getOperand(1), outer)) {
        auto factor = splitCoefficients(mul->getOperand(0), size, depth + 1);
        if (!factor)
          return std::nullopt;
        return std::pair{se.getMulExpr(factor->first, mul->getOperand(1)),
                         se.getMulExpr(factor->second, mul->getOperand(1))};
      }
    if (se.isLoopInvariant(s, outer))
      return std::pair{se.getZero(s->getType()), s};
    return std::nullopt;
  }

  // SCEV's division leaves a subscript outside its dimension where the start of a
  // recurrence folds across rows: `table[i*n + j]` with j from i + 1 and i going
  // down divides as row i + 1, column j - n. A subscript provably below 0 (above its
  // size) over the nest borrows from (carries into) the one before it; the address is
  // the same, and the run-time check can then hold.
  void carry(SmallVectorImpl<const SCEV *> &subscripts, ArrayRef<const SCEV *> sizes) {
    for (unsigned k = subscripts.size() - 1; k >= 1; --k) {
      const SCEV *s = subscripts[k];
      const SCEV *size = se.getTruncateOrSignExtend(sizes[k - 1], s->getType());
      auto [lo, hi] = bounds(s);
      const SCEV *one = se.getOne(subscripts[k - 1]->getType());
      if (hi && se.isKnownNegative(hi)) {
        subscripts[k] = se.getAddExpr(s, size);
        subscripts[k - 1] = se.getMinusSCEV(subscripts[k - 1], one);
      } else if (lo && se.isKnownPredicate(ICmpInst::ICMP_SGE, lo, size)) {
        subscripts[k] = se.getMinusSCEV(s, size);
        subscripts[k - 1] = se.getAddExpr(subscripts[k - 1], one);
      }
    }
  }

  std::string memrefType(unsigned a) const {
    const Array &array = arrays[a];
    std::string t = "memref<?x";
    for (const SCEV *size : ArrayRef(array.sizes).drop_back()) {
      if (auto *c = dyn_cast<SCEVConstant>(size))
        t += std::to_string(c->getAPInt().getZExtValue()) + "x";
      else
        t += "?x";
    }
    return t + *mlirType(array.element) + ">";
  }

  // ---- affine expressions ---------------------------------------------------------

  std::string symbol(const SCEV *s, Widen widen) {
    unsigned bits = s->getType()->getIntegerBitWidth();
    if (bits < 64) {
      Type *i64 = Type::getInt64Ty(s->getType()->getContext());
      s = widen == Widen::Signed ? se.getSignExtendExpr(s, i64)
                                 : se.getZeroExtendExpr(s, i64);
    }
    auto it = std::find(params.begin(), params.end(), s);
    if (it != params.end())
      return "s" + std::to_string(it - params.begin());
    params.push_back(s);
    return "s" + std::to_string(params.size() - 1);
  }

  // The no-wrap flags that make widening `s` the identity.
  bool noWrap(const SCEV *s, Widen widen) {
    if (se.isLoopInvariant(s, outer))
      return true;
    if (auto *nary = dyn_cast<SCEVNAryExpr>(s)) {
      bool flags = widen == Widen::Signed
                       ? nary->hasNoSignedWrap()
                       : nary->hasNoUnsignedWrap() ||
                             (nary->hasNoSignedWrap() && se.isKnownNonNegative(s));
      if (!flags && (isa<SCEVAddRecExpr>(s) || isa<SCEVAddExpr>(s) || isa<SCEVMulExpr>(s)))
        return false;
      for (const SCEV *op : nary->operands())
        if (!noWrap(op, widen))
          return false;
      return true;
    }
    return false;
  }

  // `s` over the counters of the enclosing loops (d<k>, k = depth) and the symbols.
  std::optional<std::string> affine(const SCEV *s, Widen widen = Widen::Signed) {
    if (auto *c = dyn_cast<SCEVConstant>(s)) {
      const APInt &v = c->getAPInt();
      if (v.getBitWidth() > 64)
        return std::nullopt;
      if (widen == Widen::Signed || v.getBitWidth() == 64) {
        if (v.getSignificantBits() > 63)
          return std::nullopt;
        return std::to_string(v.getSExtValue());
      }
      if (v.getActiveBits() > 62)
        return std::nullopt;
      return std::to_string(v.getZExtValue());
    }
    if (!s->getType()->isIntegerTy())
      return std::nullopt;
    bool invariant = se.isLoopInvariant(s, outer);
    if (auto *add = dyn_cast<SCEVAddExpr>(s)) {
      std::string out = "(";
      for (const SCEV *op : add->operands()) {
        auto e = affine(op, widen);
        if (!e)
          return std::nullopt;
        out += (out.size() > 1 ? " + " : "") + *e;
      }
      return out + ")";
    }
    if (auto *mul = dyn_cast<SCEVMulExpr>(s)) {
      if (mul->getNumOperands() == 2 && isa<SCEVConstant>(mul->getOperand(0))) {
        auto c = affine(mul->getOperand(0), widen), x = affine(mul->getOperand(1), widen);
        if (c && x)
          return "(" + *x + " * " + *c + ")";
        return std::nullopt;
      }
      if (invariant)
        return symbol(s, widen);
      return std::nullopt;
    }
    if (invariant)
      return symbol(s, widen);
    if (auto *rec = dyn_cast<SCEVAddRecExpr>(s)) {
      auto depth = std::find(stack.begin(), stack.end(), rec->getLoop());
      if (depth == stack.end() || !rec->isAffine())
        return std::nullopt;
      auto *step = dyn_cast<SCEVConstant>(rec->getStepRecurrence(se));
      if (!step)
        return std::nullopt;
      auto start = affine(rec->getStart(), widen), by = affine(step, widen);
      if (!start || !by)
        return std::nullopt;
      unsigned k = depth - stack.begin();
      return "(" + *start + " + (d" + std::to_string(k) + " - " + bases[k] + ") * " + *by +
             ")";
    }
    if (auto *div = dyn_cast<SCEVUDivExpr>(s)) {
      auto *c = dyn_cast<SCEVConstant>(div->getRHS());
      if (!c || !c->getAPInt().isStrictlyPositive() ||
          !se.isKnownNonNegative(div->getLHS()))
        return std::nullopt;
      auto lhs = affine(div->getLHS(), widen), rhs = affine(c, widen);
      if (!lhs || !rhs)
        return std::nullopt;
      return "(" + *lhs + " floordiv " + *rhs + ")";
    }
    if (auto *ext = dyn_cast<SCEVSignExtendExpr>(s))
      return noWrap(ext->getOperand(), Widen::Signed)
                 ? affine(ext->getOperand(), Widen::Signed)
                 : std::nullopt;
    if (auto *ext = dyn_cast<SCEVZeroExtendExpr>(s))
      return noWrap(ext->getOperand(), Widen::Unsigned)
                 ? affine(ext->getOperand(), Widen::Unsigned)
                 : std::nullopt;
    return std::nullopt;
  }

  // "affine_map<(d0, ..)[s0, ..] -> (results)>(%c0, ..)[%p0, ..]" over every counter
  // in scope and every symbol so far.
  std::string dimsAndSymbols() const {
    std::string s = "(";
    for (unsigned d = 0; d < stack.size(); ++d)
      s += (d ? ", d" : "d") + std::to_string(d);
    s += ")[";
    for (unsigned p = 0; p < params.size(); ++p)
      s += (p ? ", s" : "s") + std::to_string(p);
    return s + "]";
  }
  std::string operands() const {
    std::string s = "(";
    for (unsigned d = 0; d < stack.size(); ++d)
      s += (d ? ", %c" : "%c") + std::to_string(counters[d]);
    s += ")[";
    for (unsigned p = 0; p < params.size(); ++p)
      s += (p ? ", %p" : "%p") + std::to_string(p);
    return s + "]";
  }
  std::string flatOperands() const {
    std::string s;
    for (unsigned d = 0; d < stack.size(); ++d)
      s += ", %c" + std::to_string(counters[d]);
    for (unsigned p = 0; p < params.size(); ++p)
      s += ", %p" + std::to_string(p);
    return s;
  }
  std::string indexTypes() const {
    std::string s;
    for (unsigned i = 0; i < stack.size() + params.size(); ++i)
      s += ", index";
    return s;
  }
  std::string map(ArrayRef<std::string> results) const {
    std::string s = "affine_map<" + dimsAndSymbols() + " -> (";
    for (unsigned i = 0; i < results.size(); ++i)
      s += (i ? ", " : "") + results[i];
    return s + ")>";
  }

  // ---- emission -------------------------------------------------------------------

  void line(const std::string &text) {
    body.append(2 * (stack.size() + 1 + ifDepth), ' ');
    body += text;
    body += '\n';
  }
  std::string fresh() { return "%v" + std::to_string(nextValue++); }
  void name(Value *v, const std::string &n) {
    names[v] = n;
    scopes.back().push_back(v);
  }
  void openScope() { scopes.emplace_back(); }
  void closeScope() {
    for (Value *v : scopes.back())
      names.erase(v);
    scopes.pop_back();
  }

  bool emitLoop(Loop *l) {
    BasicBlock *preheader = l->getLoopPreheader(), *latch = l->getLoopLatch();
    if (!preheader || !latch || !l->getExitBlock())
      return fail("a loop is not in canonical form", &*l->getHeader()->begin());
    const SCEV *count = backedgeCount(se, outer, l, &narrowValues);
    SmallVector<std::string, 2> upper;
    auto addTrip = [&](const SCEV *c) {
      auto e = affine(c);
      if (!e)
        return false;
      upper.push_back(*e + " + 1");
      return true;
    };
    if (isa<SCEVCouldNotCompute>(count))
      return fail("a loop's trip count is unknown", &*l->getHeader()->begin());
    bool ok;
    if ((isa<SCEVSMinExpr>(count) || isa<SCEVUMinExpr>(count)) &&
        !se.isLoopInvariant(count, outer)) {
      ok = true;
      for (const SCEV *op : cast<SCEVNAryExpr>(count)->operands())
        ok = ok && (isa<SCEVSMinExpr>(count) || se.isKnownNonNegative(op)) && addTrip(op);
    } else {
      ok = addTrip(count);
    }
    if (!ok)
      return fail("a loop's trip count has no affine form", &*l->getHeader()->begin());
    // The counter runs from the start of the loop's unit-step induction variable,
    // when it has one, so that `for (j = i; ...)` keeps subscripts [i][j] rather than
    // [i][i + j'] (skewed subscripts mislead the core's register-tile and cost
    // models); else from 0.
    std::string base = "0";
    for (PHINode &phi : l->getHeader()->phis())
      if (auto *rec = dyn_cast<SCEVAddRecExpr>(se.getSCEV(&phi)))
        if (rec->getLoop() == l && rec->isAffine() && rec->getStepRecurrence(se)->isOne())
          if (auto start = affine(rec->getStart())) {
            base = *start;
            break;
          }
    for (std::string &u : upper)
      u = base + " + " + u;
    std::string bound = (upper.size() > 1 ? "min " : "") + map(upper) + operands();
    std::string lower = base == "0" ? "0" : map({base}) + operands();

    // Header phis: the loop's induction variables (computed from the counter) and
    // the scalars carried around it (iter_args).
    SmallVector<PHINode *, 4> carried;
    for (PHINode &phi : l->getHeader()->phis()) {
      if (auto *rec = dyn_cast<SCEVAddRecExpr>(se.getSCEV(&phi)))
        if (rec->getLoop() == l && rec->isAffine() && phi.getType()->isIntegerTy())
          continue;
      if (!mlirType(phi.getType()))
        return fail("a value carried around a loop has a type the model lacks", &phi);
      carried.push_back(&phi);
    }
    SmallVector<std::string, 4> inits, types;
    for (PHINode *phi : carried) {
      auto init = value(phi->getIncomingValueForBlock(preheader));
      if (!init)
        return false;
      inits.push_back(*init);
      types.push_back(*mlirType(phi->getType()));
    }
    unsigned id = nextLoop++;
    std::string results = "%r" + std::to_string(id);
    std::string head;
    if (!carried.empty())
      head = results + ":" + std::to_string(carried.size()) + " = ";
    head += "affine.for %c" + std::to_string(id) + " = " + lower + " to " + bound;
    if (!carried.empty()) {
      head += " iter_args(";
      for (unsigned i = 0; i < carried.size(); ++i)
        head += (i ? ", %i" : "%i") + std::to_string(id) + "_" + std::to_string(i) +
                " = " + inits[i];
      head += ") -> (";
      for (unsigned i = 0; i < types.size(); ++i)
        head += (i ? ", " : "") + types[i];
      head += ")";
    }
    line(head + " {");
    stack.push_back(l);
    counters.push_back(id);
    bases.push_back(base);
    openScope();
    for (unsigned i = 0; i < carried.size(); ++i)
      name(carried[i], "%i" + std::to_string(id) + "_" + std::to_string(i));
    if (!region(l->getHeader(), nullptr, l))
      return false;
    if (!carried.empty()) {
      std::string yields, yieldTypes;
      for (unsigned i = 0; i < carried.size(); ++i) {
        auto y = value(carried[i]->getIncomingValueForBlock(latch));
        if (!y)
          return false;
        yields += (i ? ", " : "") + *y;
        yieldTypes += (i ? ", " : "") + types[i];
      }
      line("affine.yield " + yields + " : " + yieldTypes);
    }
    closeScope();
    stack.pop_back();
    counters.pop_back();
    bases.pop_back();
    line("}");
    // After the loop, the last value of each carried scalar is the loop's result,
    // also through the exit's single-entry (LCSSA) phis.
    for (unsigned i = 0; i < carried.size(); ++i) {
      std::string r = results + "#" + std::to_string(i);
      Value *last = carried[i]->getIncomingValueForBlock(latch);
      name(last, r);
      for (PHINode &phi : l->getExitBlock()->phis())
        if (phi.getNumIncomingValues() == 1 && phi.getIncomingValue(0) == last)
          name(&phi, r);
    }
    return true;
  }

  // The blocks of loop `l`'s body from `block` up to `stop` (exclusive; null: to the
  // end of the latch), inner loops as nested `affine.for`s and branches as
  // `affine.if`s closed at their immediate post-dominator.
  bool region(BasicBlock *block, BasicBlock *stop, Loop *l) {
    for (unsigned steps = 0; block != stop; ++steps) {
      if (steps > 100000 || !l->contains(block))
        return fail("the loop body is not structured", &*block->begin());
      Loop *in = li.getLoopFor(block);
      if (in != l) {
        if (in->getParentLoop() != l || in->getHeader() != block)
          return fail("the loop body is not structured", &*block->begin());
        if (!emitLoop(in))
          return false;
        block = in->getExitBlock();
        continue;
      }
      if (!instructions(block))
        return false;
      if (block == l->getLoopLatch())
        return stop == nullptr || fail("the loop body is not structured", block->getTerminator());
      auto *branch = dyn_cast<BranchInst>(block->getTerminator());
      if (!branch)
        return fail("a terminator other than a branch", block->getTerminator());
      if (!branch->isConditional()) {
        block = branch->getSuccessor(0);
        continue;
      }
      auto *node = pdt.getNode(block);
      if (!node || !node->getIDom() || !node->getIDom()->getBlock())
        return fail("a branch without a merge point", branch);
      BasicBlock *merge = node->getIDom()->getBlock();
      if (auto *k = dyn_cast<ConstantInt>(branch->getCondition())) {
        // A branch the canonicalization left with a constant condition (gesummv's
        // inner loop guard, `n > 0` inside `i < n`): only one side runs, and an
        // `affine.if` with no constraint would split the nest for nothing.
        block = branch->getSuccessor(k->isOne() ? 0 : 1);
        continue;
      }
      if (!conditional(branch, merge, l))
        return false;
      block = merge;
    }
    return true;
  }

  // An affine comparison tree as a conjunction of constraints, `negated` or not.
  bool constraints(Value *c, bool negated, Loop *scope, SmallVectorImpl<std::string> &out,
                   unsigned depth = 0) {
    if (depth > 16)
      return false;
    if (auto *k = dyn_cast<ConstantInt>(c)) {
      if (k->isOne() == negated)
        out.push_back("-1 >= 0");
      return true;
    }
    if (auto *cmp = dyn_cast<ICmpInst>(c)) {
      if (!cmp->getOperand(0)->getType()->isIntegerTy())
        return false;
      CmpInst::Predicate p = negated ? cmp->getInversePredicate() : cmp->getPredicate();
      const SCEV *lhs = se.getSCEVAtScope(cmp->getOperand(0), scope);
      const SCEV *rhs = se.getSCEVAtScope(cmp->getOperand(1), scope);
      if (ICmpInst::isUnsigned(p)) {
        if (!se.isKnownNonNegative(lhs) || !se.isKnownNonNegative(rhs))
          return false;
        p = ICmpInst::getSignedPredicate(p);
      }
      auto l = affine(lhs), r = affine(rhs);
      if (!l || !r)
        return false;
      switch (p) {
      case ICmpInst::ICMP_EQ:
        out.push_back(*l + " - " + *r + " == 0");
        return true;
      case ICmpInst::ICMP_SLT:
        out.push_back(*r + " - " + *l + " - 1 >= 0");
        return true;
      case ICmpInst::ICMP_SLE:
        out.push_back(*r + " - " + *l + " >= 0");
        return true;
      case ICmpInst::ICMP_SGT:
        out.push_back(*l + " - " + *r + " - 1 >= 0");
        return true;
      case ICmpInst::ICMP_SGE:
        out.push_back(*l + " - " + *r + " >= 0");
        return true;
      default:
        return false; // `ne`: a disjunction
      }
    }
    auto *inst = dyn_cast<Instruction>(c);
    if (!inst)
      return false;
    Value *a = nullptr, *b = nullptr;
    bool isAnd = false, isOr = false;
    if (inst->getOpcode() == Instruction::And || inst->getOpcode() == Instruction::Or) {
      a = inst->getOperand(0);
      b = inst->getOperand(1);
      isAnd = inst->getOpcode() == Instruction::And;
      isOr = !isAnd;
    } else if (auto *sel = dyn_cast<SelectInst>(inst)) {
      auto *t = dyn_cast<ConstantInt>(sel->getTrueValue());
      auto *f = dyn_cast<ConstantInt>(sel->getFalseValue());
      a = sel->getCondition();
      if (f && f->isZero()) { // c ? x : false
        isAnd = true;
        b = sel->getTrueValue();
      } else if (t && t->isOne()) { // c ? true : x
        isOr = true;
        b = sel->getFalseValue();
      }
    } else if (inst->getOpcode() == Instruction::Xor) {
      if (auto *k = dyn_cast<ConstantInt>(inst->getOperand(1)); k && k->isOne())
        return constraints(inst->getOperand(0), !negated, scope, out, depth + 1);
      return false;
    }
    // not(a or b) = not a and not b; `and` itself is a conjunction.
    if ((isAnd && !negated) || (isOr && negated))
      return constraints(a, negated, scope, out, depth + 1) &&
             constraints(b, negated, scope, out, depth + 1);
    return false;
  }

  // Loop rotation's guard around a loop that carries values: `t = 0; for (k = 0; k <
  // i; k++) t += ...;` reaches us as `if (i > 0) { loop }` with `t` merged from 0 and
  // the loop's last value after it (symm, ludcmp). The loop alone says the same, since
  // an affine.for whose bounds give no iteration yields its iter_args' initial values,
  // while an affine.if with results around a loop is beyond the core's model. Taken
  // when the side that skips the loop is proved to give the emitted loop no
  // iteration: a constraint F >= 0 of that side with (backedge-taken count) + F equal
  // to a negative constant. Returns nullopt when the branch is not such a guard
  // (nothing emitted), else whether the loop was emitted.
  std::optional<bool> zeroTripGuard(BranchInst *branch, BasicBlock *merge, Loop *l) {
    BasicBlock *from = branch->getParent();
    int skipSide = branch->getSuccessor(0) == merge ? 0
                   : branch->getSuccessor(1) == merge ? 1
                                                       : -1;
    if (skipSide < 0 || merge->phis().empty() || !merge->hasNPredecessors(2))
      return std::nullopt;
    BasicBlock *pre = branch->getSuccessor(1 - skipSide);
    Loop *in = nullptr;
    for (Loop *sub : l->getSubLoops())
      if (sub->getLoopPreheader() == pre)
        in = sub;
    if (!in || pre->getSinglePredecessor() != from || !in->getLoopLatch())
      return std::nullopt;
    // The preheader holds values only (arithmetic, loads of arrays the nest only
    // reads, hoisted there by LICM): each is emitted where it is used, in the loop.
    for (Instruction &inst : *pre) {
      auto *load = dyn_cast<LoadInst>(&inst);
      if (&inst != pre->getTerminator() && !(load && readOnly(load)) &&
          (isa<PHINode>(inst) || inst.mayReadOrWriteMemory() || inst.mayHaveSideEffects()))
        return std::nullopt;
    }
    // The loop's side reaches the merge from its exit block (LCSSA phis only) or, when
    // the merge is the exit block, from the exiting block.
    BasicBlock *exit = in->getExitBlock();
    BasicBlock *loopSide = exit == merge ? in->getExitingBlock() : exit;
    if (!exit || !loopSide)
      return std::nullopt;
    if (exit != merge) {
      auto *br = dyn_cast<BranchInst>(exit->getTerminator());
      if (!br || br->isConditional() || br->getSuccessor(0) != merge ||
          !exit->getSinglePredecessor())
        return std::nullopt;
      for (Instruction &inst : *exit)
        if (!isa<PHINode>(inst) && &inst != br)
          return std::nullopt;
    }
    // Every merged value: from the skipping side, the initial value of a scalar the
    // loop carries; from the loop's side, its last value.
    SmallVector<std::pair<PHINode *, Value *>, 4> merged;
    for (PHINode &phi : merge->phis()) {
      int skipIndex = phi.getBasicBlockIndex(from), loopIndex = phi.getBasicBlockIndex(loopSide);
      if (skipIndex < 0 || loopIndex < 0)
        return std::nullopt;
      Value *last = phi.getIncomingValue(loopIndex);
      if (auto *lcssa = dyn_cast<PHINode>(last);
          lcssa && exit != merge && lcssa->getParent() == exit && lcssa->getNumIncomingValues() == 1)
        last = lcssa->getIncomingValue(0);
      bool carried = false;
      for (PHINode &h : in->getHeader()->phis()) {
        int latchIndex = h.getBasicBlockIndex(in->getLoopLatch()), preIndex = h.getBasicBlockIndex(pre);
        carried = carried || (latchIndex >= 0 && preIndex >= 0 && h.getIncomingValue(latchIndex) == last &&
                              h.getIncomingValue(preIndex) == phi.getIncomingValue(skipIndex));
      }
      if (!carried)
        return std::nullopt;
      merged.emplace_back(&phi, last);
    }
    if (!skipsEveryIteration(branch, skipSide == 0, in, l))
      return std::nullopt;
    if (!emitLoop(in))
      return false;
    for (auto &[phi, last] : merged) {
      auto v = value(last);
      if (!v)
        return false;
      name(phi, *v);
    }
    return true;
  }

  // Whether the branch's side taken when its condition is `whenTrue` gives loop `in`,
  // as emitted (counter over [0, backedge-taken count], or the least of a smin's
  // operands), no iteration: F >= 0 on that side with count + F a negative constant.
  bool skipsEveryIteration(BranchInst *branch, bool whenTrue, Loop *in, Loop *scope) {
    auto *cmp = dyn_cast<ICmpInst>(branch->getCondition());
    const SCEV *count = backedgeCount(se, outer, in, nullptr);
    if (!cmp || !cmp->getOperand(0)->getType()->isIntegerTy() ||
        isa<SCEVCouldNotCompute>(count))
      return false;
    CmpInst::Predicate p = whenTrue ? cmp->getPredicate() : cmp->getInversePredicate();
    const SCEV *a = se.getSCEVAtScope(cmp->getOperand(0), scope);
    const SCEV *b = se.getSCEVAtScope(cmp->getOperand(1), scope);
    if (ICmpInst::isUnsigned(p)) {
      if (!se.isKnownNonNegative(a) || !se.isKnownNonNegative(b))
        return false;
      p = ICmpInst::getSignedPredicate(p);
    }
    SmallVector<const SCEV *, 2> fs;
    const SCEV *one = se.getOne(a->getType());
    switch (p) {
    case ICmpInst::ICMP_EQ:
      fs = {se.getMinusSCEV(a, b), se.getMinusSCEV(b, a)};
      break;
    case ICmpInst::ICMP_SLT:
      fs = {se.getMinusSCEV(se.getMinusSCEV(b, a), one)};
      break;
    case ICmpInst::ICMP_SLE:
      fs = {se.getMinusSCEV(b, a)};
      break;
    case ICmpInst::ICMP_SGT:
      fs = {se.getMinusSCEV(se.getMinusSCEV(a, b), one)};
      break;
    case ICmpInst::ICMP_SGE:
      fs = {se.getMinusSCEV(a, b)};
      break;
    default:
      return false;
    }
    SmallVector<const SCEV *, 4> counts = {count};
    if (auto *smin = dyn_cast<SCEVSMinExpr>(count))
      counts.append(smin->operands().begin(), smin->operands().end());
    for (const SCEV *c : counts)
      for (const SCEV *f : fs) {
        Type *wide = se.getWiderType(c->getType(), f->getType());
        const SCEV *sum = se.getAddExpr(se.getNoopOrSignExtend(c, wide),
                                        se.getNoopOrSignExtend(f, wide));
        if (auto *k = dyn_cast<SCEVConstant>(sum); k && k->getAPInt().isNegative())
          return true;
      }
    return false;
  }

  bool conditional(BranchInst *branch, BasicBlock *merge, Loop *l) {
    if (auto guard = zeroTripGuard(branch, merge, l))
      return *guard;
    BasicBlock *thenBlock = branch->getSuccessor(0), *elseBlock = branch->getSuccessor(1);
    SmallVector<std::string, 4> set;
    if (!constraints(branch->getCondition(), false, l, set)) {
      set.clear();
      if (!constraints(branch->getCondition(), true, l, set))
        return fail("a branch condition is not a conjunction of affine comparisons",
                    branch);
      std::swap(thenBlock, elseBlock);
    }
    BasicBlock *from = branch->getParent();
    // Which side each of the merge's predecessors comes from.
    auto side = [&](BasicBlock *pred) -> int {
      if (pred == from)
        return thenBlock == merge ? 0 : elseBlock == merge ? 1 : -1;
      if (thenBlock != merge && dt.dominates(thenBlock, pred))
        return 0;
      if (elseBlock != merge && dt.dominates(elseBlock, pred))
        return 1;
      return -1;
    };
    SmallVector<PHINode *, 4> phis;
    SmallVector<Value *, 4> incoming[2];
    for (PHINode &phi : merge->phis()) {
      Value *from_side[2] = {nullptr, nullptr};
      for (unsigned i = 0; i < phi.getNumIncomingValues(); ++i) {
        int s = side(phi.getIncomingBlock(i));
        if (s < 0 || (from_side[s] && from_side[s] != phi.getIncomingValue(i)))
          return fail("a merge of values the model can't express", &phi);
        from_side[s] = phi.getIncomingValue(i);
      }
      if (!from_side[0] || !from_side[1] || !mlirType(phi.getType()))
        return fail("a merge of values the model can't express", &phi);
      phis.push_back(&phi);
      incoming[0].push_back(from_side[0]);
      incoming[1].push_back(from_side[1]);
    }
    std::string types;
    for (unsigned i = 0; i < phis.size(); ++i)
      types += (i ? ", " : "") + *mlirType(phis[i]->getType());
    std::string setText = "affine_set<" + dimsAndSymbols() + " : (";
    for (unsigned i = 0; i < set.size(); ++i)
      setText += (i ? ", " : "") + set[i];
    setText += ")>" + operands();
    unsigned id = nextIf++;
    std::string results = "%f" + std::to_string(id);
    std::string head = phis.empty() ? "" : results + ":" + std::to_string(phis.size()) + " = ";
    head += "affine.if " + setText;
    if (!phis.empty())
      head += " -> (" + types + ")";
    line(head + " {");
    for (int s = 0; s < 2; ++s) {
      if (s == 1)
        line("} else {");
      ++ifDepth;
      openScope();
      BasicBlock *start = s == 0 ? thenBlock : elseBlock;
      if (start != merge && !region(start, merge, l))
        return false;
      if (!phis.empty()) {
        std::string yields;
        for (unsigned i = 0; i < phis.size(); ++i) {
          auto y = value(incoming[s][i]);
          if (!y)
            return false;
          yields += (i ? ", " : "") + *y;
        }
        line("affine.yield " + yields + " : " + types);
      }
      closeScope();
      --ifDepth;
    }
    line("}");
    for (unsigned i = 0; i < phis.size(); ++i)
      name(phis[i], results + "#" + std::to_string(i));
    return true;
  }

  std::optional<std::string> load(LoadInst *inst) {
    auto where = subscripts(inst);
    if (!where)
      return std::nullopt;
    std::string v = fresh();
    line(v + " = \"affine.load\"(%a" + std::to_string(where->first) + flatOperands() +
         ") <{map = " + where->second + "}> : (" + memrefType(where->first) + indexTypes() +
         ") -> " + *mlirType(inst->getType()));
    name(inst, v);
    return v;
  }

  bool readOnly(LoadInst *inst) const {
    auto it = accessOf.find(inst);
    return it != accessOf.end() && !arrays[accesses[it->second].array].written;
  }

  // Stores, and loads of arrays the nest writes, in program order; other
  // instructions when a store, a yield or a merge needs their value. A load of an
  // array the nest only reads is as pure as arithmetic, so it goes where its value
  // is used: LICM hoisted gemm's A[i][k] out of the j loop, and a statement of its
  // own there would keep the nest from being tiled.
  bool instructions(BasicBlock *block) {
    for (Instruction &inst : *block) {
      if (auto *l = dyn_cast<LoadInst>(&inst)) {
        if (!readOnly(l) && !load(l))
          return false;
      } else if (auto *store = dyn_cast<StoreInst>(&inst)) {
        auto stored = value(store->getValueOperand());
        if (!stored)
          return false;
        auto where = subscripts(store);
        if (!where)
          return false;
        line("\"affine.store\"(" + *stored + ", %a" + std::to_string(where->first) +
             flatOperands() + ") <{map = " + where->second + "}> : (" +
             *mlirType(store->getValueOperand()->getType()) + ", " +
             memrefType(where->first) + indexTypes() + ") -> ()");
      }
    }
    return true;
  }

  // (array, map of its subscripts) for a load or store.
  std::optional<std::pair<unsigned, std::string>> subscripts(Instruction *inst) {
    auto it = accessOf.find(inst);
    if (it == accessOf.end()) {
      fail("an access outside the model", inst);
      return std::nullopt;
    }
    const Access &access = accesses[it->second];
    SmallVector<std::string, 4> results;
    for (const SCEV *s : access.subscripts) {
      auto e = affine(s);
      if (!e) {
        fail("an array subscript has no affine form (" + printed(s) + ")", inst);
        return std::nullopt;
      }
      results.push_back(*e);
    }
    return std::make_pair(access.array, map(results));
  }

  // ---- values ---------------------------------------------------------------------

  std::optional<std::string> value(Value *v) {
    if (auto it = names.find(v); it != names.end())
      return it->second;
    auto type = mlirType(v->getType());
    if (!type) {
      fail("a value of a type the model has no form for (e.g. a pointer used as data)",
           dyn_cast<Instruction>(v));
      return std::nullopt;
    }
    if (auto *k = dyn_cast<ConstantInt>(v)) {
      std::string n = fresh();
      std::string literal = k->getBitWidth() == 1 ? (k->isOne() ? "true" : "false")
                                                  : std::to_string(k->getSExtValue());
      line(n + " = arith.constant " + literal + (k->getBitWidth() == 1 ? "" : " : " + *type));
      name(v, n);
      return n;
    }
    if (auto *k = dyn_cast<ConstantFP>(v)) {
      std::string n = fresh();
      std::string bits;
      raw_string_ostream os(bits);
      os << format_hex(k->getValueAPF().bitcastToAPInt().getZExtValue(),
                       k->getType()->isDoubleTy() ? 18 : 10);
      line(n + " = arith.constant " + os.str() + " : " + *type);
      name(v, n);
      return n;
    }
    auto *inst = dyn_cast<Instruction>(v);
    if (isa<Constant>(v)) {
      fail("a constant the model has no form for");
      return std::nullopt;
    }
    if (!inst || !outer->contains(inst)) {
      auto it = std::find(scalars.begin(), scalars.end(), v);
      if (it == scalars.end()) {
        scalars.push_back(v);
        it = scalars.end() - 1;
      }
      return "%s" + std::to_string(it - scalars.begin());
    }
    if (auto *phi = dyn_cast<PHINode>(inst)) {
      Loop *l = li.getLoopFor(phi->getParent());
      auto *rec = dyn_cast<SCEVAddRecExpr>(se.getSCEV(phi));
      if (l && l->getHeader() == phi->getParent() && rec && rec->getLoop() == l) {
        // An induction variable: from the counter, in the phi's own width.
        auto e = affine(rec, Widen::Signed);
        if (!e) {
          fail("an induction variable has no affine form", phi);
          return std::nullopt;
        }
        std::string index = fresh(), n = fresh();
        line(index + " = affine.apply " + map({*e}) + operands());
        line(n + " = arith.index_cast " + index + " : index to " + *type);
        name(v, n);
        return n;
      }
      fail("a value merged from control flow the model doesn't follow", phi);
      return std::nullopt;
    }
    if (auto *l = dyn_cast<LoadInst>(inst)) {
      if (readOnly(l))
        return load(l);
      fail("a loaded value used outside the loop or branch that loads it", inst);
      return std::nullopt;
    }
    if (isa<FreezeInst>(inst))
      return value(inst->getOperand(0));
    return compute(inst, *type);
  }

  std::optional<std::string> compute(Instruction *inst, const std::string &type) {
    SmallVector<std::string, 3> ops;
    auto operandsOf = [&](unsigned count) {
      for (unsigned i = 0; i < count; ++i) {
        auto o = value(inst->getOperand(i));
        if (!o)
          return false;
        ops.push_back(*o);
      }
      return true;
    };
    std::string fmf;
    if (isa<FPMathOperator>(inst)) {
      FastMathFlags f = inst->getFastMathFlags();
      SmallVector<const char *, 7> flags;
      if (f.allowReassoc())
        flags.push_back("reassoc");
      if (f.noNaNs())
        flags.push_back("nnan");
      if (f.noInfs())
        flags.push_back("ninf");
      if (f.noSignedZeros())
        flags.push_back("nsz");
      if (f.allowReciprocal())
        flags.push_back("arcp");
      if (f.allowContract())
        flags.push_back("contract");
      if (f.approxFunc())
        flags.push_back("afn");
      if (!flags.empty()) {
        fmf = " fastmath<";
        for (unsigned i = 0; i < flags.size(); ++i)
          fmf += (i ? "," : "") + std::string(flags[i]);
        fmf += ">";
      }
    }
    std::string n = fresh();
    auto done = [&](const std::string &text) {
      line(n + " = " + text);
      name(inst, n);
      return std::optional<std::string>(n);
    };
    if (auto *binary = dyn_cast<BinaryOperator>(inst)) {
      static const std::map<unsigned, const char *> kOps = {
          {Instruction::FAdd, "arith.addf"}, {Instruction::FSub, "arith.subf"},
          {Instruction::FMul, "arith.mulf"}, {Instruction::FDiv, "arith.divf"},
          {Instruction::FRem, "arith.remf"}, {Instruction::Add, "arith.addi"},
          {Instruction::Sub, "arith.subi"},  {Instruction::Mul, "arith.muli"},
          {Instruction::SDiv, "arith.divsi"}, {Instruction::UDiv, "arith.divui"},
          {Instruction::SRem, "arith.remsi"}, {Instruction::URem, "arith.remui"},
          {Instruction::And, "arith.andi"},  {Instruction::Or, "arith.ori"},
          {Instruction::Xor, "arith.xori"},  {Instruction::Shl, "arith.shli"},
          {Instruction::LShr, "arith.shrui"}, {Instruction::AShr, "arith.shrsi"}};
      auto op = kOps.find(binary->getOpcode());
      if (op == kOps.end()) {
        fail("an operation the model has no form for", inst);
        return std::nullopt;
      }
      if (!operandsOf(2))
        return std::nullopt;
      return done(std::string(op->second) + " " + ops[0] + ", " + ops[1] + fmf + " : " + type);
    }
    if (inst->getOpcode() == Instruction::FNeg) {
      if (!operandsOf(1))
        return std::nullopt;
      return done("arith.negf " + ops[0] + fmf + " : " + type);
    }
    if (auto *cmp = dyn_cast<CmpInst>(inst)) {
      auto operandType = mlirType(cmp->getOperand(0)->getType());
      if (!operandType) {
        fail("a comparison of pointers", inst);
        return std::nullopt;
      }
      if (!operandsOf(2))
        return std::nullopt;
      std::string predicate = CmpInst::getPredicateName(cmp->getPredicate()).str();
      if (isa<ICmpInst>(cmp))
        return done("arith.cmpi " + predicate + ", " + ops[0] + ", " + ops[1] + " : " +
                    *operandType);
      if (predicate == "true" || predicate == "false") {
        fail("a constant floating-point comparison", inst);
        return std::nullopt;
      }
      return done("arith.cmpf " + predicate + ", " + ops[0] + ", " + ops[1] + fmf + " : " +
                  *operandType);
    }
    if (isa<SelectInst>(inst)) {
      if (!mlirType(inst->getOperand(0)->getType()) || !operandsOf(3))
        return std::nullopt;
      return done("arith.select " + ops[0] + ", " + ops[1] + ", " + ops[2] + " : " + type);
    }
    if (auto *cast = dyn_cast<CastInst>(inst)) {
      static const std::map<unsigned, const char *> kCasts = {
          {Instruction::Trunc, "arith.trunci"},   {Instruction::ZExt, "arith.extui"},
          {Instruction::SExt, "arith.extsi"},     {Instruction::FPTrunc, "arith.truncf"},
          {Instruction::FPExt, "arith.extf"},     {Instruction::SIToFP, "arith.sitofp"},
          {Instruction::UIToFP, "arith.uitofp"},  {Instruction::FPToSI, "arith.fptosi"},
          {Instruction::FPToUI, "arith.fptoui"},  {Instruction::BitCast, "arith.bitcast"}};
      auto op = kCasts.find(cast->getOpcode());
      auto from = mlirType(cast->getSrcTy());
      if (op == kCasts.end() || !from) {
        fail("a conversion the model has no form for", inst);
        return std::nullopt;
      }
      if (!operandsOf(1))
        return std::nullopt;
      return done(std::string(op->second) + " " + ops[0] + " : " + *from + " to " + type);
    }
    if (auto *intrinsic = dyn_cast<IntrinsicInst>(inst)) {
      static const std::map<Intrinsic::ID, const char *> kIntrinsics = {
          {Intrinsic::fmuladd, "fmuladd"}, {Intrinsic::fma, "fma"},
          {Intrinsic::sqrt, "sqrt"},       {Intrinsic::fabs, "fabs"},
          {Intrinsic::exp, "exp"},         {Intrinsic::exp2, "exp2"},
          {Intrinsic::log, "log"},         {Intrinsic::log2, "log2"},
          {Intrinsic::log10, "log10"},     {Intrinsic::pow, "pow"},
          {Intrinsic::sin, "sin"},         {Intrinsic::cos, "cos"},
          {Intrinsic::floor, "floor"},     {Intrinsic::ceil, "ceil"},
          {Intrinsic::trunc, "trunc"},     {Intrinsic::round, "round"},
          {Intrinsic::copysign, "copysign"}, {Intrinsic::maxnum, "maxnum"},
          {Intrinsic::minnum, "minnum"},   {Intrinsic::maximum, "maximum"},
          {Intrinsic::minimum, "minimum"}, {Intrinsic::smax, "smax"},
          {Intrinsic::smin, "smin"},       {Intrinsic::umax, "umax"},
          {Intrinsic::umin, "umin"}};
      auto op = kIntrinsics.find(intrinsic->getIntrinsicID());
      if (op == kIntrinsics.end()) {
        fail("an intrinsic the model has no form for", inst);
        return std::nullopt;
      }
      unsigned count = intrinsic->arg_size();
      std::string operandTypes;
      for (unsigned i = 0; i < count; ++i) {
        auto t = mlirType(intrinsic->getArgOperand(i)->getType());
        if (!t) {
          fail("an intrinsic argument of a type the model lacks", inst);
          return std::nullopt;
        }
        operandTypes += (i ? ", " : "") + *t;
      }
      if (!operandsOf(count))
        return std::nullopt;
      std::string args;
      for (unsigned i = 0; i < count; ++i)
        args += (i ? ", " : "") + ops[i];
      return done("\"llvm.intr." + std::string(op->second) + "\"(" + args + ") : (" +
                  operandTypes + ") -> " + type);
    }
    if (auto *call = dyn_cast<CallBase>(inst)) {
      Function *callee = call->getCalledFunction();
      fail("calls " + (callee ? callee->getName().str() : std::string("a function")) +
               ", which the model can't express",
           inst);
      return std::nullopt;
    }
    fail(Twine("an instruction the model has no form for (") + inst->getOpcodeName() + ")",
         inst);
    return std::nullopt;
  }

  ScalarEvolution &se;
  LoopInfo &li;
  DominatorTree &dt;
  PostDominatorTree &pdt;
  Loop *outer;
  const DataLayout &dl;

  std::string body;
  SmallVector<const Loop *, 8> stack; // enclosing loops; d<k> is stack[k]'s counter
  SmallVector<unsigned, 8> counters;  // %c<id> of each
  SmallVector<std::string, 8> bases;  // each counter's first value
  unsigned ifDepth = 0;
  unsigned nextValue = 0, nextLoop = 0, nextIf = 0;
  DenseMap<Value *, std::string> names;
  std::vector<std::vector<Value *>> scopes;
};

// ---- the run-time check -------------------------------------------------------------

// Whether an invariant step or factor `x` is taken as non-negative (else as
// non-positive). A sign SCEV can't tell (a row size `8 * n` of an `int n`) is
// assumed as its form suggests (`-8 * n` non-positive) and goes into `assumed`,
// each entry to be checked `>= 0` at run time. Zero is either sign: a step `-4 * n`
// is zero only where nothing runs.
bool assumeNonNegative(ScalarEvolution &se, const SCEV *x,
                       SmallVectorImpl<const SCEV *> &assumed) {
  if (se.isKnownNonNegative(x))
    return true;
  if (se.isKnownNonPositive(x))
    return false;
  if (auto *mul = dyn_cast<SCEVMulExpr>(x))
    if (auto *c = dyn_cast<SCEVConstant>(mul->getOperand(0)); c && c->getAPInt().isNegative()) {
      assumed.push_back(se.getNegativeSCEV(x));
      return false;
    }
  assumed.push_back(x);
  return true;
}

// Whether the entry of `loop` is guarded by its backedge-taken count `count` (taken
// wide) being non-negative. SCEV matches guards by their form, so besides
// `count >= 0` this asks the same of each counter of the loop (a header phi that is
// an affine recurrence of known step sign) as a rotated loop's guard has it: its
// start before its value after count + 1 steps (`i + 1 < n` for j from i + 1 to n),
// in the counter's type or, where the guard compares `int` copies, in `narrow`; the
// latter holds only while both values fit `narrow`, which goes into `ranges` for the
// run-time check.
bool entryGuardedNonNegative(ScalarEvolution &se, const Loop *loop, const SCEV *count,
                             Type *narrow, SmallVectorImpl<NarrowValue> &ranges) {
  if (se.isLoopEntryGuardedByCond(loop, ICmpInst::ICMP_SGE, count, se.getZero(count->getType())))
    return true;
  for (PHINode &phi : loop->getHeader()->phis()) {
    if (!se.isSCEVable(phi.getType()))
      continue;
    auto *counter = dyn_cast<SCEVAddRecExpr>(se.getSCEV(&phi));
    if (!counter || counter->getLoop() != loop || !counter->isAffine() ||
        counter->getType() != count->getType())
      continue;
    const SCEV *step = counter->getStepRecurrence(se);
    const SCEV *start = counter->getStart();
    const SCEV *exit = se.getAddExpr(
        start, se.getMulExpr(step, se.getAddExpr(count, se.getOne(count->getType()))));
    ICmpInst::Predicate before;
    if (se.isKnownPositive(step))
      before = ICmpInst::ICMP_SLT;
    else if (se.isKnownNegative(step))
      before = ICmpInst::ICMP_SGT;
    else
      continue;
    if (se.isLoopEntryGuardedByCond(loop, before, start, exit))
      return true;
    if (se.isLoopEntryGuardedByCond(loop, before, se.getTruncateExpr(start, narrow),
                                    se.getTruncateExpr(exit, narrow))) {
      unsigned bits = narrow->getIntegerBitWidth();
      ranges.push_back({start, bits, false});
      ranges.push_back({exit, bits, false});
      return true;
    }
  }
  return false;
}

// The least or greatest value `s` takes over the nest's iterations (a superset of
// them: each loop's counter over [0, backedge-taken count], whatever the guards
// say), as an expression invariant in the nest; null if not found. Steps of a sign
// SCEV can't tell go into `assumed` (assumeNonNegative).
const SCEV *extreme(ScalarEvolution &se, Loop *outer, const SCEV *s, bool greatest,
                    SmallVectorImpl<const SCEV *> &assumed, SmallVectorImpl<NarrowValue> *counts,
                    unsigned depth) {
  if (depth > 64)
    return nullptr;
  if (se.isLoopInvariant(s, outer))
    return s;
  auto sub = [&](const SCEV *x, bool g) {
    return extreme(se, outer, x, g, assumed, counts, depth + 1);
  };
  if (auto *rec = dyn_cast<SCEVAddRecExpr>(s)) {
    const SCEV *step = rec->getStepRecurrence(se);
    if (!rec->isAffine() || !outer->contains(rec->getLoop()) ||
        !se.isLoopInvariant(step, outer))
      return nullptr;
    const SCEV *count = backedgeCount(se, outer, rec->getLoop(), nullptr);
    if (isa<SCEVCouldNotCompute>(count))
      return nullptr;
    // A trip count of an `int` loop counter, `{(-2 + m),+,-1}` in 32 bits (j from
    // i + 1 to m), is taken wide rather than zero-extended, so that j's greatest
    // value `i + 1 + (m - 2 - i)` folds to m - 1 instead of adding each term's own
    // extreme; the run-time check requires the wide value to stay in [0, 2^bits)
    // over the nest (`counts`), where it is the count.
    // Where the wide count is negative somewhere in the superset (k from i + 1 to m
    // at i = m - 1), it is kept only if the loop's entry is guarded by the narrow
    // count being non-negative: there the loop does not run, and the values the wide
    // count gives at such outer iterations only widen the superset. The check then
    // requires the trip count (count + 1) in [0, 2^bits), which with the guard makes
    // the wide count the narrow one wherever the loop runs. Otherwise that check
    // would fail at every size, and the zero extension's looser bound serves.
    unsigned bits = count->getType()->getIntegerBitWidth();
    if (counts && bits < rec->getType()->getIntegerBitWidth() &&
        !se.isLoopInvariant(count, outer))
      if (const SCEV *wide =
              SignExtensionWidener(se, outer, nullptr).widen(count, rec->getType())) {
        SmallVector<const SCEV *, 4> steps;
        const SCEV *least = extreme(se, outer, wide, false, steps, nullptr, depth + 1);
        if (least && steps.empty()) {
          if (!se.isKnownNegative(least)) {
            counts->push_back({wide, bits, true});
            count = wide;
          } else if (entryGuardedNonNegative(se, rec->getLoop(), wide, count->getType(),
                                             *counts)) {
            counts->push_back({se.getAddExpr(wide, se.getOne(wide->getType())), bits, true});
            count = wide;
          }
        }
      }
    count = se.getTruncateOrZeroExtend(count, rec->getType());
    bool up = assumeNonNegative(se, step, assumed);
    const SCEV *pick = up == greatest
                           ? se.getAddExpr(rec->getStart(), se.getMulExpr(step, count))
                           : rec->getStart();
    return sub(pick, greatest);
  }
  if (auto *add = dyn_cast<SCEVAddExpr>(s)) {
    SmallVector<const SCEV *, 4> ops;
    for (const SCEV *op : add->operands()) {
      const SCEV *e = sub(op, greatest);
      if (!e)
        return nullptr;
      ops.push_back(e);
    }
    return se.getAddExpr(ops);
  }
  if (auto *mul = dyn_cast<SCEVMulExpr>(s)) {
    // Invariant factors of a known sign (a constant, a row size `8 * n`) times one
    // that varies: a trip count over an outer counter, in `A[k*m + i]` with k > i.
    const SCEV *varying = nullptr;
    SmallVector<const SCEV *, 4> invariant;
    for (const SCEV *op : mul->operands()) {
      if (se.isLoopInvariant(op, outer))
        invariant.push_back(op);
      else if (varying)
        return nullptr;
      else
        varying = op;
    }
    // A factor whose sign SCEV can't tell is assumed, as a step of unknown sign is.
    const SCEV *c = se.getMulExpr(invariant);
    bool up = assumeNonNegative(se, c, assumed);
    const SCEV *e = sub(varying, up ? greatest : !greatest);
    return e ? se.getMulExpr(c, e) : nullptr;
  }
  if (auto *ext = dyn_cast<SCEVSignExtendExpr>(s)) {
    const SCEV *e = sub(ext->getOperand(), greatest);
    return e ? se.getSignExtendExpr(e, s->getType()) : nullptr;
  }
  if (auto *ext = dyn_cast<SCEVZeroExtendExpr>(s)) {
    // Monotone only where the operand can't be negative.
    if (!greatest && !se.isKnownNonNegative(ext->getOperand()))
      return nullptr;
    const SCEV *e = sub(ext->getOperand(), greatest);
    return e ? se.getZeroExtendExpr(e, s->getType()) : nullptr;
  }
  if (auto *minmax = dyn_cast<SCEVMinMaxExpr>(s)) {
    SmallVector<const SCEV *, 4> ops;
    for (const SCEV *op : minmax->operands()) {
      const SCEV *e = sub(op, greatest);
      if (!e)
        return nullptr;
      ops.push_back(e);
    }
    return se.getMinMaxExpr(minmax->getSCEVType(), ops);
  }
  if (auto *div = dyn_cast<SCEVUDivExpr>(s)) {
    if (!isa<SCEVConstant>(div->getRHS()) || !se.isKnownNonNegative(div->getLHS()))
      return nullptr;
    const SCEV *e = sub(div->getLHS(), greatest);
    return e ? se.getUDivExpr(e, div->getRHS()) : nullptr;
  }
  return nullptr;
}

struct Check {
  // Subscript bounds that SCEV can't prove: each `first <predicate> second`.
  SmallVector<std::tuple<CmpInst::Predicate, const SCEV *, const SCEV *>, 16> bounds;
  // Per array: the byte offsets from its base that the nest touches, [low, high),
  // and the extent of its first dimension (for the memref descriptor).
  SmallVector<const SCEV *, 4> low, high, firstExtent;
};

// What must hold for the model to be the nest: every subscript non-negative, every
// subscript of a dimension after the first below its size (so distinct subscripts
// are distinct addresses), and the arrays' byte ranges disjoint (the caller leaves
// out pairs that alias analysis proves distinct objects).
std::optional<Check> buildCheck(ScalarEvolution &se, Loop *outer, const NestTranslator &t,
                                std::string &why) {
  Check check;
  unsigned n = t.arrays.size();
  check.low.assign(n, nullptr);
  check.high.assign(n, nullptr);
  check.firstExtent.assign(n, nullptr);
  std::string impossible; // a condition SCEV proves false: the check fails at every size
  auto require = [&](CmpInst::Predicate p, const SCEV *a, const SCEV *b) {
    if (se.isKnownPredicate(p, a, b))
      return;
    if (impossible.empty() && se.isKnownPredicate(CmpInst::getInversePredicate(p), a, b))
      impossible = printed(p, a, b);
    std::tuple<CmpInst::Predicate, const SCEV *, const SCEV *> bound{p, a, b};
    if (std::find(check.bounds.begin(), check.bounds.end(), bound) == check.bounds.end())
      check.bounds.push_back(bound);
  };
  auto widen = [](ScalarEvolution &se, const SCEV *&slot, const SCEV *v, bool greatest) {
    slot = !slot ? v : greatest ? se.getSMaxExpr(slot, v) : se.getSMinExpr(slot, v);
  };
  SmallVector<const SCEV *, 8> assumed;
  SmallVector<NarrowValue, 4> narrowed; // trip counts taken wide (see `extreme`)
  for (const Access &access : t.accesses) {
    const Array &array = t.arrays[access.array];
    for (unsigned k = 0; k < access.subscripts.size(); ++k) {
      const SCEV *s = access.subscripts[k];
      const SCEV *lo = extreme(se, outer, s, false, assumed, &narrowed),
                 *hi = extreme(se, outer, s, true, assumed, &narrowed);
      if (!lo || !hi) {
        why = "no bounds for a subscript, for the run-time check";
        return std::nullopt;
      }
      require(ICmpInst::ICMP_SGE, lo, se.getZero(s->getType()));
      if (k == 0)
        widen(se, check.firstExtent[access.array],
              se.getAddExpr(hi, se.getOne(s->getType())), true);
      else
        require(ICmpInst::ICMP_SLT, hi,
                se.getTruncateOrSignExtend(array.sizes[k - 1], hi->getType()));
    }
    const SCEV *lo = extreme(se, outer, access.offset, false, assumed, &narrowed);
    const SCEV *hi = extreme(se, outer, access.offset, true, assumed, &narrowed);
    if (!lo || !hi) {
      why = "no bounds for an address, for the run-time check (byte offset " +
            printed(access.offset) + ")";
      return std::nullopt;
    }
    hi = se.getAddExpr(hi, se.getConstant(hi->getType(), array.elementBytes));
    widen(se, check.low[access.array], lo, false);
    widen(se, check.high[access.array], hi, true);
  }
  for (const SCEV *step : assumed)
    require(ICmpInst::ICMP_SGE, step, se.getZero(step->getType()));
  narrowed.append(t.narrowValues.begin(), t.narrowValues.end());
  for (const NarrowValue &narrow : narrowed) {
    SmallVector<const SCEV *, 4> steps;
    const SCEV *lo = extreme(se, outer, narrow.wide, false, steps);
    const SCEV *hi = extreme(se, outer, narrow.wide, true, steps);
    if (!lo || !hi || !steps.empty()) {
      why = "no bounds for an `int` subscript computation, for the run-time check";
      return std::nullopt;
    }
    unsigned wide = narrow.wide->getType()->getIntegerBitWidth();
    APInt least = narrow.isUnsigned ? APInt::getZero(wide)
                                    : APInt::getSignedMinValue(narrow.bits).sext(wide);
    APInt greatest = narrow.isUnsigned ? APInt::getMaxValue(narrow.bits).zext(wide)
                                       : APInt::getSignedMaxValue(narrow.bits).sext(wide);
    require(ICmpInst::ICMP_SGE, lo, se.getConstant(least));
    require(ICmpInst::ICMP_SLE, hi, se.getConstant(greatest));
  }
  if (!impossible.empty()) {
    why = "the run-time check would fail at every size (" + impossible + ")";
    return std::nullopt;
  }
  return check;
}

// ---- the replacement ----------------------------------------------------------------

// The new module's functions take the attributes that make them compile like the
// function they replace code of: target CPU and features, and no unwinding.
void adopt(Function &generated, const Function &host) {
  for (const char *kind : {"target-cpu", "target-features", "tune-cpu"})
    if (host.hasFnAttribute(kind))
      generated.addFnAttr(host.getFnAttribute(kind));
  generated.addFnAttr(kGeneratedAttribute);
  generated.addFnAttr(Attribute::NoUnwind);
}

std::string summary(const std::vector<std::string> &remarks) {
  for (const std::string &r : remarks)
    if (r.rfind("tessel: optimized SCoP", 0) == 0)
      return r.substr(strlen("tessel: "));
  return "";
}

} // namespace

bool optimizeNest(Loop *outer, Function &function, FunctionAnalysisManager &fam,
                  OptimizationRemarkEmitter &ore, unsigned index) {
  auto &se = fam.getResult<ScalarEvolutionAnalysis>(function);
  auto &li = fam.getResult<LoopAnalysis>(function);
  auto &dt = fam.getResult<DominatorTreeAnalysis>(function);
  auto &pdt = fam.getResult<PostDominatorTreeAnalysis>(function);
  auto &aa = fam.getResult<AAManager>(function);
  Module &module = *function.getParent();
  const DataLayout &dl = module.getDataLayout();
  BasicBlock *preheader = outer->getLoopPreheader(), *exit = outer->getExitBlock();
  BasicBlock *header = outer->getHeader();
  auto missed = [&](const Twine &why, const Instruction *at) {
    ore.emit([&] {
      DebugLoc loc = at && at->getDebugLoc() ? at->getDebugLoc() : outer->getStartLoc();
      return OptimizationRemarkMissed(kRemarkName, "ScopNotOptimized", loc, header)
             << "loop nest left alone: " << why.str();
    });
    return false;
  };
  if (!preheader || !exit)
    return missed("the nest has no single entry and exit", nullptr);
  // Values computed in the nest and used after it (the core's functions return
  // nothing).
  for (BasicBlock *block : outer->blocks())
    for (Instruction &inst : *block)
      for (User *user : inst.users()) {
        auto *use = dyn_cast<Instruction>(user);
        if (use && !outer->contains(use) && !(isa<PHINode>(use) && use->use_empty()))
          return missed("a value computed in the nest is used after it", &inst);
      }

  NestTranslator t(se, li, dt, pdt, outer, dl);
  std::string name = ("__tessel_" + function.getName() + "_" + Twine(index)).str();
  if (!t.translate(name))
    return missed(t.failure, t.failedAt);
  std::string why;
  std::optional<Check> check = buildCheck(se, outer, t, why);
  if (!check)
    return missed(why, nullptr);

  bool openmp = module.getModuleFlag("openmp") != nullptr;
  std::string options = optionsFromCommandLine();
  if (!openmp) {
    // Without -fopenmp nothing links the OpenMP runtime: sequential code.
    options += std::string(options.empty() ? "" : " ") + "parallel=false";
  }
  CoreResult core = runCore("module {\n" + t.text + "}\n", options, module.getContext());
  for (const std::string &remark : core.remarks)
    ore.emit([&] {
      return OptimizationRemarkAnalysis(kRemarkName, "Core", outer->getStartLoc(), header)
             << remark;
    });
  if (!core.module)
    return missed("the core failed: " + core.error, nullptr);
  std::string optimized = summary(core.remarks);
  if (optimized.empty())
    return missed("the core kept the original schedule", nullptr);

  // What the check and the call compute before the nest, and the call's signature,
  // are checked before anything changes: a refusal leaves the IR as it was.
  Instruction *at = preheader->getTerminator();
  SCEVExpander expander(se, "tessel");
  LLVMContext &context = function.getContext();
  Type *i64 = Type::getInt64Ty(context);
  SmallVector<std::pair<unsigned, unsigned>, 8> overlapping; // array pairs to check
  for (unsigned a = 0; a < t.arrays.size(); ++a)
    for (unsigned c = a + 1; c < t.arrays.size(); ++c)
      if (!aa.isNoAlias(MemoryLocation::getBeforeOrAfter(t.arrays[a].base),
                        MemoryLocation::getBeforeOrAfter(t.arrays[c].base)))
        overlapping.push_back({a, c});
  auto address = [&](unsigned a, const SCEV *offset) {
    return se.getAddExpr(se.getSCEV(t.arrays[a].base), offset);
  };
  auto firstSize = [&](unsigned a) {
    const SCEV *extent = check->firstExtent[a];
    return se.getSMaxExpr(extent, se.getOne(extent->getType()));
  };
  SmallVector<const SCEV *, 32> computed(t.params.begin(), t.params.end());
  for (auto &[p, l, r] : check->bounds)
    computed.append({l, r});
  for (auto [a, c] : overlapping)
    for (unsigned x : {a, c})
      computed.append({address(x, check->low[x]), address(x, check->high[x])});
  SmallVector<Type *, 16> signature;
  for (unsigned a = 0; a < t.arrays.size(); ++a) {
    const Array &array = t.arrays[a];
    computed.push_back(firstSize(a));
    computed.append(array.sizes.begin(), array.sizes.end() - 1);
    // The memref descriptor: allocated and aligned pointers, offset, sizes, strides.
    signature.append({array.base->getType(), array.base->getType(), i64});
    signature.append(2 * array.sizes.size(), i64);
  }
  signature.append(t.params.size(), i64);
  for (Value *scalar : t.scalars)
    signature.push_back(scalar->getType());
  for (const SCEV *value : computed)
    if (!expander.isSafeToExpandAt(value, at))
      return missed("a value of the run-time check or of the call can't be computed "
                    "before the nest",
                    nullptr);
  Function *generated = core.module->getFunction(name);
  if (!generated || generated->getFunctionType()->params() != ArrayRef(signature))
    return missed("the optimized function's signature is not the expected one", nullptr);

  // Link the optimized function (and its OpenMP outlined bodies) into clang's module.
  core.module->setDataLayout(dl);
  core.module->setTargetTriple(module.getTargetTriple());
  std::vector<std::string> newNames;
  for (Function &f : *core.module)
    if (!f.isDeclaration())
      newNames.push_back(f.getName().str());
  if (Linker::linkModules(module, std::move(core.module)))
    return missed("linking the optimized code failed", nullptr);
  Function *callee = module.getFunction(name);
  if (!callee)
    return missed("the optimized function is missing after linking", nullptr);
  for (const std::string &n : newNames)
    if (Function *f = module.getFunction(n)) {
      adopt(*f, function);
      f->setLinkage(GlobalValue::InternalLinkage);
    }

  // The check and the call, in the preheader.
  IRBuilder<> b(at);
  auto expand = [&](const SCEV *s, Type *type) { return expander.expandCodeFor(s, type, at); };
  Value *ok = b.getTrue();
  for (auto &[p, l, r] : check->bounds)
    ok = b.CreateAnd(ok, b.CreateICmp(p, expand(l, l->getType()), expand(r, l->getType())));
  for (auto [a, c] : overlapping) {
    Type *ptr = t.arrays[a].base->getType();
    Value *lowA = expand(address(a, check->low[a]), ptr);
    Value *highA = expand(address(a, check->high[a]), ptr);
    Value *lowC = expand(address(c, check->low[c]), ptr);
    Value *highC = expand(address(c, check->high[c]), ptr);
    ok = b.CreateAnd(ok, b.CreateOr(b.CreateICmpULE(highA, lowC), b.CreateICmpULE(highC, lowA)));
  }

  SmallVector<Value *, 16> args;
  for (unsigned a = 0; a < t.arrays.size(); ++a) {
    const Array &array = t.arrays[a];
    unsigned rank = array.sizes.size();
    SmallVector<Value *, 4> sizes(rank), strides(rank);
    sizes[0] = expand(firstSize(a), i64);
    for (unsigned k = 1; k < rank; ++k)
      sizes[k] = expand(array.sizes[k - 1], i64);
    strides[rank - 1] = b.getInt64(1);
    for (int k = int(rank) - 2; k >= 0; --k)
      strides[k] = b.CreateMul(strides[k + 1], sizes[k + 1]);
    args.append({array.base, array.base, b.getInt64(0)});
    args.append(sizes.begin(), sizes.end());
    args.append(strides.begin(), strides.end());
  }
  for (const SCEV *p : t.params)
    args.push_back(expand(p, i64));
  args.append(t.scalars.begin(), t.scalars.end());

  BasicBlock *call = BasicBlock::Create(context, "tessel.optimized", &function, header);
  IRBuilder<> cb(call);
  cb.CreateCall(callee, args);
  cb.CreateBr(exit);
  for (PHINode &phi : exit->phis()) {
    Value *v = phi.getIncomingValueForBlock(outer->getLoopLatch());
    auto *def = dyn_cast<Instruction>(v);
    phi.addIncoming(def && outer->contains(def) ? PoisonValue::get(phi.getType()) : v,
                    call);
  }
  at->eraseFromParent();
  IRBuilder<>(preheader).CreateCondBr(ok, call, header);

  if (!check->bounds.empty())
    ore.emit([&] {
      // The subscript bounds as ScalarEvolution prints them, for inspection.
      std::string text;
      for (auto &[p, l, r] : check->bounds)
        text += (text.empty() ? "" : "; ") + printed(p, l, r);
      return OptimizationRemarkAnalysis(kRemarkName, "RuntimeCheck", outer->getStartLoc(),
                                        header)
             << "run-time check of the subscripts: " << text;
    });
  ore.emit([&] {
    OptimizationRemark remark(kRemarkName, "ScopOptimized", outer->getStartLoc(), header);
    remark << optimized;
    unsigned aliasChecks = overlapping.size(), subscriptChecks = check->bounds.size();
    if (subscriptChecks + aliasChecks == 0)
      remark << "; no run-time check needed";
    else
      remark << "; behind a run-time check (" << ore::NV("AliasPairs", aliasChecks)
             << " array pairs that may overlap, " << ore::NV("SubscriptBounds", subscriptChecks)
             << " subscript bounds), the original loops as the fallback";
    if (!openmp)
      remark << "; sequential: compile with -fopenmp for parallel loops";
    return remark;
  });
  return true;
}

} // namespace tessel
