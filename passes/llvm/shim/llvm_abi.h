// The C ABI between the clang front end (Rust: passes/llvm/src/, and the core's side in
// passes/plugin/core/src/llvm/) and the LLVM analyses that have no C API: LoopInfo,
// ScalarEvolution, the dominator trees, alias analysis, delinearization, the SCEV
// expander and optimization remarks. Everything else about LLVM IR, Rust reads and
// writes through LLVM's C API (inkwell).
//
// Handles are opaque: a `TesselScev` is a `const llvm::SCEV *` (uniqued, so equal
// handles are equal expressions), a `TesselLoop` a `llvm::Loop *`, both valid until
// the function's analyses are invalidated (tessel_llvm_invalidate). Nothing here
// throws or aborts on a null handle that Rust could pass: Rust never passes one.

#ifndef TESSEL_LLVM_ABI_H
#define TESSEL_LLVM_ABI_H

#include "llvm-c/Types.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TesselFunction TesselFunction; // one function and its analysis manager
typedef const void *TesselScev;
typedef void *TesselLoop;
typedef struct TesselExpander TesselExpander;
// Appends one handle to a Rust vector.
typedef void (*TesselPush)(void *sink, const void *item);
// Assigns text to a Rust string.
typedef void (*TesselText)(void *sink, const char *text, size_t len);

// ---- the pass: Rust's entry, called by the C++ pass for each function -------------
// Runs detection and optimization on `function`; `options` is tessel-optimize's
// option string from -mllvm -tessel-*. Returns whether the IR changed. Defined in
// passes/plugin/src/abi.rs, which hands a function with a nest worth optimizing to
// libtessel_core.so.
// `stage`: 0 every nest, 1 every nest marking those a call keeps out of the model (before
// the inliner), 2 only the nests so marked (after it).
bool tessel_llvm_run_function(TesselFunction *f, LLVMValueRef function, const char *options,
                              size_t options_len, bool count_runs, bool single_loops,
                              unsigned stage);
// Why `options` are not valid tessel-optimize options (written to `sink`); false if
// they are.
bool tessel_llvm_check_options(const char *options, size_t len, TesselText text, void *sink);

// Adds `function` to the module's destructors (llvm.global_dtors).
void tessel_llvm_append_destructor(LLVMValueRef function);

// Forgets every analysis of the function: the next query recomputes it.
void tessel_llvm_invalidate(TesselFunction *f);

// ---- remarks (-Rpass=tessel) -------------------------------------------------------
// Kind: 0 analysis, 1 missed, 2 passed. Located at `at`'s debug location when it has
// one, else at the loop's start; the code region is the loop's header.
bool tessel_llvm_remarks_enabled(TesselFunction *f);
void tessel_llvm_remark(TesselFunction *f, int kind, const char *name, TesselLoop loop,
                        LLVMValueRef at, const char *text, size_t len);

// ---- LoopInfo -------------------------------------------------------------------------
void tessel_llvm_top_level_loops(TesselFunction *f, TesselPush push, void *sink);
void tessel_llvm_sub_loops(TesselLoop l, TesselPush push, void *sink);
// The loop's blocks, header first, in LoopInfo's order.
void tessel_llvm_loop_blocks(TesselLoop l, TesselPush push, void *sink);
TesselLoop tessel_llvm_loop_for(TesselFunction *f, LLVMBasicBlockRef block); // or null
TesselLoop tessel_llvm_loop_parent(TesselLoop l);
unsigned tessel_llvm_loop_depth(TesselLoop l);
bool tessel_llvm_loop_contains(TesselLoop l, LLVMBasicBlockRef block);
// Header, preheader, loop predecessor, latch, exit block, exiting block (null if none).
LLVMBasicBlockRef tessel_llvm_loop_block(TesselLoop l, int which);
// Loop metadata of one string (`!{!"name"}` in the loop's `llvm.loop`): set, and read.
void tessel_llvm_loop_mark(TesselLoop l, const char *name);
bool tessel_llvm_loop_has_mark(TesselLoop l, const char *name);

// ---- dominators ------------------------------------------------------------------------
bool tessel_llvm_dominates(TesselFunction *f, LLVMBasicBlockRef a, LLVMBasicBlockRef b);
// The immediate post-dominator, or null.
LLVMBasicBlockRef tessel_llvm_post_idom(TesselFunction *f, LLVMBasicBlockRef block);

// ---- alias analysis --------------------------------------------------------------------
// Whether the objects behind two base pointers are provably distinct.
bool tessel_llvm_no_alias(TesselFunction *f, LLVMValueRef a, LLVMValueRef b);

// ---- instructions: facts the C API lacks --------------------------------------------
enum {
  TESSEL_MAY_READ_OR_WRITE_MEMORY = 1,
  TESSEL_MAY_HAVE_SIDE_EFFECTS = 2,
  TESSEL_SIMPLE_ACCESS = 4,       // a load or store neither volatile nor atomic
  TESSEL_NO_MEMORY_ACCESS = 8,    // a call that accesses no memory
  TESSEL_ASSUME_LIKE = 16,        // an assume-like intrinsic
  TESSEL_DEBUG_INTRINSIC = 32,    // a debug-info intrinsic
  TESSEL_FP_MATH_OPERATOR = 64,   // an FPMathOperator (fast-math flags apply)
};
unsigned tessel_llvm_instruction_facts(LLVMValueRef inst);
// The intrinsic a call of a math library function computes the value of ("sqrt" for
// a call of libm's sqrt, whose other effect is on errno), or "" if none.
void tessel_llvm_math_function(TesselFunction *f, LLVMValueRef call, TesselText text,
                               void *sink);
// The bits of a floating-point constant.
uint64_t tessel_llvm_fp_bits(LLVMValueRef constant);
// The base name of a call's intrinsic ("sqrt" for llvm.sqrt.f64), or "" if none.
void tessel_llvm_intrinsic_name(LLVMValueRef call, TesselText text, void *sink);

// ---- ScalarEvolution ----------------------------------------------------------------
// SCEV kinds, in LLVM 22's SCEVTypes order.
enum {
  TESSEL_SCEV_CONSTANT,
  TESSEL_SCEV_VSCALE,
  TESSEL_SCEV_TRUNCATE,
  TESSEL_SCEV_ZERO_EXTEND,
  TESSEL_SCEV_SIGN_EXTEND,
  TESSEL_SCEV_ADD,
  TESSEL_SCEV_MUL,
  TESSEL_SCEV_UDIV,
  TESSEL_SCEV_ADD_REC,
  TESSEL_SCEV_UMAX,
  TESSEL_SCEV_SMAX,
  TESSEL_SCEV_UMIN,
  TESSEL_SCEV_SMIN,
  TESSEL_SCEV_SEQUENTIAL_UMIN,
  TESSEL_SCEV_PTR_TO_INT,
  TESSEL_SCEV_UNKNOWN,
  TESSEL_SCEV_COULD_NOT_COMPUTE,
};
// An integer constant's value: its width, and whether it fits 64 bits signed and
// unsigned (`sext`, `zext`), with its significant and active bit counts.
typedef struct {
  unsigned width;
  unsigned significant_bits;
  unsigned active_bits;
  int64_t sext;  // valid when significant_bits <= 64
  uint64_t zext; // valid when active_bits <= 64
  bool negative;
} TesselConstant;

TesselScev tessel_scev_get(TesselFunction *f, LLVMValueRef v);
TesselScev tessel_scev_at_scope(TesselFunction *f, LLVMValueRef v, TesselLoop scope);
bool tessel_scev_is_scevable(TesselFunction *f, LLVMTypeRef type);
int tessel_scev_kind(TesselScev s);
// 0 for a pointer type.
unsigned tessel_scev_width(TesselScev s);
size_t tessel_scev_num_operands(TesselScev s);
TesselScev tessel_scev_operand(TesselScev s, size_t i);
TesselConstant tessel_scev_constant(TesselScev s);
LLVMValueRef tessel_scev_unknown_value(TesselScev s);
// An add recurrence's loop, whether it is affine, its start and its step.
TesselLoop tessel_scev_rec_loop(TesselScev s);
bool tessel_scev_rec_is_affine(TesselScev s);
TesselScev tessel_scev_rec_start(TesselScev s);
TesselScev tessel_scev_rec_step(TesselFunction *f, TesselScev s);
// No-wrap flags of an n-ary expression: 1 nuw, 2 nsw.
unsigned tessel_scev_no_wrap(TesselScev s);
// As ScalarEvolution prints it.
void tessel_scev_print(TesselScev s, TesselText text, void *sink);
// LLVM's name of an instruction's opcode.
void tessel_llvm_opcode_name(LLVMValueRef inst, TesselText text, void *sink);
// A predicate's name ("slt").
void tessel_llvm_predicate_name(int predicate, TesselText text, void *sink);

// Construction (ScalarEvolution folds and uniques). Widths are integer bit widths.
TesselScev tessel_scev_constant_get(TesselFunction *f, unsigned width, int64_t value);
TesselScev tessel_scev_zero(TesselFunction *f, TesselScev like);
TesselScev tessel_scev_one(TesselFunction *f, TesselScev like);
TesselScev tessel_scev_add(TesselFunction *f, const TesselScev *ops, size_t n);
TesselScev tessel_scev_mul(TesselFunction *f, const TesselScev *ops, size_t n);
TesselScev tessel_scev_minus(TesselFunction *f, TesselScev a, TesselScev b);
TesselScev tessel_scev_negative(TesselFunction *f, TesselScev a);
TesselScev tessel_scev_udiv(TesselFunction *f, TesselScev a, TesselScev b);
// With no no-wrap flags.
TesselScev tessel_scev_add_rec(TesselFunction *f, TesselScev start, TesselScev step, TesselLoop l);
// An add recurrence of any operands with the no-wrap flags of `flags_of`.
TesselScev tessel_scev_add_rec_ops(TesselFunction *f, const TesselScev *ops, size_t n,
                                   TesselLoop l, TesselScev flags_of);
// kind is one of the min/max kinds above, the sequential one included.
TesselScev tessel_scev_min_max(TesselFunction *f, int kind, const TesselScev *ops, size_t n);
// Conversions to a width: 0 sign extend, 1 zero extend, 2 truncate, 3 truncate or
// sign extend, 4 truncate or zero extend, 5 no-op or sign extend.
TesselScev tessel_scev_convert(TesselFunction *f, TesselScev s, int how, unsigned width);
// The wider of two expressions' types, as a width.
unsigned tessel_scev_wider_width(TesselFunction *f, TesselScev a, TesselScev b);
TesselScev tessel_scev_pointer_base(TesselFunction *f, TesselScev s);
// The element size of a load's or store's access, as ScalarEvolution gives it.
TesselScev tessel_scev_element_size(TesselFunction *f, LLVMValueRef inst);

// Queries. `predicate` is an LLVMIntPredicate.
bool tessel_scev_is_loop_invariant(TesselFunction *f, TesselScev s, TesselLoop l);
bool tessel_scev_known_predicate(TesselFunction *f, int predicate, TesselScev a, TesselScev b);
// 0 negative, 1 non-negative, 2 non-positive, 3 positive.
bool tessel_scev_known_sign(TesselFunction *f, TesselScev s, int which);
bool tessel_scev_entry_guarded(TesselFunction *f, TesselLoop l, int predicate, TesselScev a,
                               TesselScev b);
TesselScev tessel_scev_backedge_count(TesselFunction *f, TesselLoop l);
// The backedge-taken count under predicates; `push` gets, for each predicate, the add
// recurrence of an IncrementNSSW wrap predicate, or null for any other predicate.
TesselScev tessel_scev_predicated_backedge_count(TesselFunction *f, TesselLoop l,
                                                 TesselPush push, void *sink);
// SCEVDivision: `s` = quotient * `by` + remainder.
void tessel_scev_divide(TesselFunction *f, TesselScev s, TesselScev by, TesselScev *quotient,
                        TesselScev *remainder);

// ---- delinearization ------------------------------------------------------------------
void tessel_delin_parametric_terms(TesselFunction *f, TesselScev s, TesselPush push, void *sink);
void tessel_delin_array_dimensions(TesselFunction *f, const TesselScev *terms, size_t n,
                                   TesselScev element_size, TesselPush push, void *sink);
// `push` gets each size as a uint64_t pointer; false when none is found.
bool tessel_delin_fixed_size_dimensions(TesselFunction *f, TesselScev s, TesselScev element_size,
                                        TesselPush push, void *sink);
// delinearize: subscripts then sizes into two sinks.
void tessel_delin_delinearize(TesselFunction *f, TesselScev s, TesselScev element_size,
                              TesselPush push, void *subscripts, void *sizes);
bool tessel_delin_fixed_size_array(TesselFunction *f, TesselScev s, TesselScev element_size,
                                   TesselPush push, void *subscripts, void *sizes);

// ---- the SCEV expander -------------------------------------------------------------------
TesselExpander *tessel_expander_new(TesselFunction *f);
void tessel_expander_free(TesselExpander *e);
bool tessel_expander_safe_at(TesselExpander *e, TesselScev s, LLVMValueRef at);
LLVMValueRef tessel_expander_expand(TesselExpander *e, TesselScev s, LLVMTypeRef type,
                                    LLVMValueRef at);

#ifdef __cplusplus
}
#endif

#endif
