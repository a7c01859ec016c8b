//! One shape per array for all its accesses (Polly's approach to delinearization):
//! parametric sizes from the terms of all of them (delinearize's steps 1 and 2), else
//! the constant sizes of a fixed-size array, else one dimension; then each access's
//! subscripts.

use inkwell::values::{FunctionValue, InstructionOpcode, InstructionValue};

use super::bounds::extreme;
use super::ffi::{self, Analyses, Conversion, Loop, Predicate, Scalar, Scev, ScevKind, Value};
use super::scev::{widen_sign_extensions, NarrowValue};

/// An array of the nest: the base pointer's accesses, one shape for all.
#[derive(Debug)]
pub struct Array<'a> {
    pub base: Value<'a>,
    pub element: Scalar,
    pub element_bytes: u64,
    /// Dimension sizes after the first, in elements, then the element size in bytes
    /// (delinearize's convention). One entry: a one-dimensional array.
    pub sizes: Vec<Scev<'a>>,
    pub written: bool,
}

/// A load or store of the nest.
#[derive(Debug)]
pub struct Access<'a> {
    pub inst: InstructionValue<'a>,
    pub array: usize,
    /// Bytes from the base, at the access's loop.
    pub offset: Scev<'a>,
    pub subscripts: Vec<Scev<'a>>,
    /// No affine subscripts: an access of any element of the array
    /// (`detect::whole_array_offset`), `offset` as computed, not widened. It takes
    /// no part in the array's shape.
    pub whole: bool,
}

/// Why an array has no shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ShapeError {
    /// An access is not a whole element of the array.
    NotWholeElements,
    /// A dimension size varies in the nest.
    VaryingSize,
}

/// The sizes of `array` (dimension sizes after the first, in elements, then the
/// element size in bytes), with the subscripts of its accesses `mine` (indices into
/// `accesses`) set.
pub fn shape_array<'a>(
    se: Analyses<'a>,
    function: FunctionValue<'a>,
    outer: Loop<'a>,
    array: &Array<'a>,
    accesses: &mut [Access<'a>],
    mine: &[usize],
) -> Result<Vec<Scev<'a>>, ShapeError> {
    let Some(&first) = mine.first() else {
        return Ok(vec![]);
    };
    let shaper = Shaper {
        se,
        function,
        outer,
        base: array.base,
    };
    let offset_width = accesses[first].offset.width();
    let element_size = se.constant(offset_width, array.element_bytes as i64);
    let mut terms = vec![];
    for &i in mine {
        if accesses[i].offset.kind() == ScevKind::AddRec {
            terms.extend(se.parametric_terms(accesses[i].offset));
        }
    }
    let mut sizes = if terms.is_empty() {
        vec![]
    } else {
        se.array_dimensions(&terms, element_size)
    };
    if sizes.len() < 2 || !shaper.shape_fits(accesses, mine, &sizes) {
        // The constant sizes each access suggests (LLVM reads them off the steps, so
        // `cov[i][j]` with j from i suggests rows of 1201 where the array has 1200):
        // the first, most dimensions first, under which every access fits and no
        // subscript is provably beyond its dimension; else one dimension.
        let mut candidates: Vec<Vec<u64>> = vec![];
        // First the shape the array was declared with, where a GEP's type tells it
        // (Polly reads it the same way, getIndexExpressionsFromGEP).
        for &i in mine {
            let inst = accesses[i].inst;
            let pointer_operand = if inst.get_opcode() == InstructionOpcode::Store {
                1
            } else {
                0
            };
            let Some(pointer) = ffi::operand(inst, pointer_operand) else {
                continue;
            };
            if let Some((mut dims, bytes)) = ffi::declared_array_dims(function, pointer) {
                if bytes == array.element_bytes {
                    dims.push(bytes);
                    if !candidates.contains(&dims) {
                        candidates.push(dims);
                    }
                }
            }
        }
        for &i in mine {
            if let Some(fixed) = se.fixed_size_dimensions(accesses[i].offset, element_size) {
                if !candidates.contains(&fixed) {
                    candidates.push(fixed);
                }
            }
        }
        // Rows of each constant step of an access, for an array whose accesses
        // suggest none that fits them all: `corr[j][i]` with j from i + 1 (steps of
        // 1201 and 1200 elements) suggests nothing, and corr[i][j] rows of 1201.
        for &i in mine {
            for step in shaper.constant_steps(accesses[i].offset, array.element_bytes) {
                let rows = vec![step, array.element_bytes];
                if !candidates.contains(&rows) {
                    candidates.push(rows);
                }
            }
        }
        let most = candidates.iter().map(Vec::len).max().unwrap_or(0);
        sizes.clear();
        let mut dims = most;
        while dims > 0 && sizes.is_empty() {
            for candidate in candidates.iter().filter(|c| c.len() == dims) {
                let mut shape: Vec<Scev<'a>> = candidate
                    .iter()
                    .map(|size| se.constant(offset_width, *size as i64))
                    .collect();
                if shape.last() != Some(&element_size) {
                    shape.push(element_size);
                }
                if shape.len() >= 2
                    && shaper.shape_fits(accesses, mine, &shape)
                    && shaper.within_dimensions(accesses, mine, &shape)
                {
                    sizes = shape;
                    break;
                }
            }
            dims -= 1;
        }
        if sizes.is_empty() {
            sizes = vec![element_size];
            if !shaper.shape_fits(accesses, mine, &sizes) {
                return Err(ShapeError::NotWholeElements);
            }
        }
    }
    for size in &sizes[..sizes.len() - 1] {
        if !se.is_loop_invariant(*size, outer) {
            return Err(ShapeError::VaryingSize);
        }
    }
    Ok(sizes)
}

struct Shaper<'a> {
    se: Analyses<'a>,
    function: FunctionValue<'a>,
    outer: Loop<'a>,
    base: Value<'a>,
}

impl<'a> Shaper<'a> {
    /// The constant steps greater than one element of `offset`'s recurrences, in
    /// elements (steps that are not whole elements are left out); none unless the
    /// offset is a recurrence in two loops or more (a row and a column).
    fn constant_steps(&self, offset: Scev<'a>, element_bytes: u64) -> Vec<u64> {
        let se = self.se;
        let mut steps = vec![];
        let nested = offset.kind() == ScevKind::AddRec
            && offset
                .rec_start()
                .is_some_and(|s| s.kind() == ScevKind::AddRec);
        if !nested {
            return steps;
        }
        let mut offset = offset;
        while offset.kind() == ScevKind::AddRec {
            if let Some(c) = se.step(offset).and_then(|s| s.constant()) {
                if !c.negative
                    && c.active_bits <= 40
                    && c.zext % element_bytes == 0
                    && c.zext / element_bytes > 1
                {
                    steps.push(c.zext / element_bytes);
                }
            }
            let Some(start) = offset.rec_start() else {
                break;
            };
            offset = start;
        }
        steps
    }

    /// No subscript after the first is provably at or beyond its dimension's size
    /// over the nest (the run-time check would fail at every size). Leaves the
    /// accesses' subscripts as `shape_fits` set them.
    fn within_dimensions(
        &self,
        accesses: &[Access<'a>],
        mine: &[usize],
        sizes: &[Scev<'a>],
    ) -> bool {
        let se = self.se;
        for &i in mine {
            let subscripts = &accesses[i].subscripts;
            for k in 1..subscripts.len() {
                let mut assumed = vec![];
                let hi = extreme(se, self.outer, subscripts[k], true, &mut assumed, None, 0);
                if let Some(hi) = hi {
                    let size =
                        se.convert(sizes[k - 1], Conversion::TruncateOrSignExtend, hi.width());
                    if se.known_predicate(Predicate::Sge, hi, size) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Every access divides into subscripts by `sizes` (innermost first, as
    /// delinearize's step 3), with nothing left below an element.
    fn shape_fits(&self, accesses: &mut [Access<'a>], mine: &[usize], sizes: &[Scev<'a>]) -> bool {
        let se = self.se;
        for &i in mine {
            let mut subscripts: Vec<Scev<'a>> = vec![];
            let mut rest = accesses[i].offset;
            for k in (0..sizes.len()).rev() {
                let (mut quotient, mut remainder) = se.divide(rest, sizes[k]);
                if k < sizes.len() - 1 && self.outside(remainder, sizes[k]) {
                    if let Some(size) = sizes[k].constant() {
                        if let Some((q, r)) = self.split_coefficients(rest, size.sext, 0) {
                            if !self.outside(r, sizes[k]) {
                                (quotient, remainder) = (q, r);
                            }
                        }
                    }
                }
                if k == sizes.len() - 1 {
                    if !remainder.is_zero() {
                        return false;
                    }
                } else {
                    subscripts.insert(0, remainder);
                }
                rest = quotient;
            }
            subscripts.insert(0, rest);
            self.carry(&mut subscripts, sizes);
            self.align_with_declared(accesses[i].inst, &mut subscripts, sizes);
            accesses[i].subscripts = subscripts;
        }
        true
    }

    /// The least and greatest values of `s` over the nest as the run-time check
    /// bounds them (`extreme`, trip counts taken wide where they can be).
    fn bounds(&self, s: Scev<'a>) -> (Option<Scev<'a>>, Option<Scev<'a>>) {
        let mut assumed = vec![];
        let mut counts: Vec<NarrowValue<'a>> = vec![];
        let lo = extreme(
            self.se,
            self.outer,
            s,
            false,
            &mut assumed,
            Some(&mut counts),
            0,
        );
        let hi = extreme(
            self.se,
            self.outer,
            s,
            true,
            &mut assumed,
            Some(&mut counts),
            0,
        );
        (lo, hi)
    }

    /// Whether subscript `s` is provably outside [0, size) somewhere over the nest.
    fn outside(&self, s: Scev<'a>, size: Scev<'a>) -> bool {
        let se = self.se;
        let size = se.convert(size, Conversion::TruncateOrSignExtend, s.width());
        let (lo, hi) = self.bounds(s);
        hi.is_some_and(|hi| se.known_predicate(Predicate::Sge, hi, size))
            || lo.is_some_and(|lo| se.known_negative(lo))
    }

    /// `s` as quotient * size + remainder by splitting each constant coefficient (of
    /// a recurrence's step, a constant, a product with a constant): SCEV's division
    /// gives up on a step that `size` does not divide, which a fixed-size array's
    /// `cov[i][j]` with j from i has (1201 elements per i over rows of 1200: row i,
    /// column i + j'). Exact, as address arithmetic; None for other forms.
    fn split_coefficients(
        &self,
        s: Scev<'a>,
        size: i64,
        depth: u32,
    ) -> Option<(Scev<'a>, Scev<'a>)> {
        let se = self.se;
        if size <= 0 || depth > 16 {
            return None;
        }
        match s.kind() {
            ScevKind::Constant => {
                let c = s.constant()?;
                if c.significant_bits > 63 {
                    return None;
                }
                let v = c.sext;
                Some((
                    se.constant(s.width(), v / size),
                    se.constant(s.width(), v % size),
                ))
            }
            ScevKind::AddRec => {
                if !s.rec_is_affine() {
                    return None;
                }
                let start = self.split_coefficients(s.rec_start()?, size, depth + 1);
                let step = self.split_coefficients(se.step(s)?, size, depth + 1);
                let ((sq, sr), (tq, tr)) = (start?, step?);
                let l = s.rec_loop()?;
                Some((se.add_rec(sq, tq, l), se.add_rec(sr, tr, l)))
            }
            ScevKind::Add => {
                let mut quotients = vec![];
                let mut remainders = vec![];
                for op in s.operands() {
                    let (q, r) = self.split_coefficients(op, size, depth + 1)?;
                    quotients.push(q);
                    remainders.push(r);
                }
                Some((se.sum(&quotients), se.sum(&remainders)))
            }
            ScevKind::Mul
                if matches!(s.operands().as_slice(), [c, x]
                    if c.kind() == ScevKind::Constant && se.is_loop_invariant(*x, self.outer)) =>
            {
                let ops = s.operands();
                let (q, r) = self.split_coefficients(ops[0], size, depth + 1)?;
                Some((se.mul2(q, ops[1]), se.mul2(r, ops[1])))
            }
            _ if se.is_loop_invariant(s, self.outer) => Some((se.zero(s), s)),
            _ => None,
        }
    }

    /// SCEV's division leaves a subscript outside its dimension where the start of
    /// a recurrence folds across rows: `table[i*n + j]` with j from i + 1 and i going
    /// down divides as row i + 1, column j - n. A subscript provably below 0 (above
    /// its size) over the nest, or starting below 0 by less than its size, borrows
    /// from (carries into) the one before it; the address is the same, and the
    /// run-time check can then hold.
    fn carry(&self, subscripts: &mut [Scev<'a>], sizes: &[Scev<'a>]) {
        let se = self.se;
        for k in (1..subscripts.len()).rev() {
            let s = subscripts[k];
            let size = se.convert(sizes[k - 1], Conversion::TruncateOrSignExtend, s.width());
            let (lo, hi) = self.bounds(s);
            let one = se.one(subscripts[k - 1]);
            // A subscript that starts below 0 by less than a row borrows too (adi's
            // v[n - 1][i] divides as row n, column i - 999 over rows of 1000): unless
            // all of it is below 0 the run-time check fails either way, and after the
            // borrow it holds where it does (here for n <= 1001).
            let borrows_into_range = lo.is_some_and(|lo| {
                se.known_negative(lo) && se.known_non_negative(se.add2(lo, size))
            });
            if hi.is_some_and(|hi| se.known_negative(hi)) || borrows_into_range {
                subscripts[k] = se.add2(s, size);
                subscripts[k - 1] = se.minus(subscripts[k - 1], one);
            } else if lo.is_some_and(|lo| se.known_predicate(Predicate::Sge, lo, size)) {
                subscripts[k] = se.minus(s, size);
                subscripts[k - 1] = se.add2(subscripts[k - 1], one);
            }
        }
    }

    /// The subscripts of a fixed-size array's access as its GEPs index it (Polly's
    /// getIndexExpressionsFromGEP), by which the division's are carried where they
    /// differ by whole rows: adi's `u[i][n - 1]` divides as row i - 1, column n +
    /// 999 over rows of 1000, whose run-time check fails at every n > 0, and its GEPs
    /// say row i, column n - 1; nussinov's table[i][j] with i going down divides with
    /// 181n in the column. The same address either way.
    fn align_with_declared(
        &self,
        access: InstructionValue<'a>,
        subscripts: &mut [Scev<'a>],
        sizes: &[Scev<'a>],
    ) {
        let se = self.se;
        let d = sizes.len();
        if d < 2 || subscripts.len() != d {
            return;
        }
        let Some(extents) = sizes
            .iter()
            .map(|s| {
                s.constant()
                    .filter(|c| !c.negative && c.active_bits <= 32)
                    .map(|c| c.zext)
            })
            .collect::<Option<Vec<u64>>>()
        else {
            return;
        };
        // Bytes per step of each dimension: the element's, then each row's (dimension
        // k + 1 has extents[k] elements).
        let mut stride = vec![extents[d - 1]; d];
        for k in (0..d - 1).rev() {
            stride[k] = stride[k + 1] * extents[k];
        }
        let pointer_operand = u32::from(access.get_opcode() == InstructionOpcode::Store);
        let Some(pointer) = ffi::operand(access, pointer_operand) else {
            return;
        };
        let Some((start, steps)) = ffi::gep_steps(self.function, pointer) else {
            return;
        };
        if start != self.base {
            return;
        }
        let scope = access.get_parent().and_then(|b| se.loop_for(b));
        let width = subscripts[d - 1].width();
        let mut declared: Vec<Vec<Scev<'a>>> = vec![vec![]; d];
        for (bytes, index) in steps {
            if let Some((c, _)) = index.constant_int() {
                // A constant offset (an i8 GEP's -8000): whole rows, then columns.
                let mut offset = c as i128 * bytes as i128;
                for k in 0..d {
                    let q = offset / stride[k] as i128;
                    offset -= q * stride[k] as i128;
                    if q != 0 {
                        declared[k].push(se.constant(width, q as i64));
                    }
                }
                if offset != 0 {
                    return;
                }
                continue;
            }
            let Some(k) = stride.iter().position(|s| *s == bytes) else {
                return;
            };
            if !index.ty().is_integer() {
                return;
            }
            // `int` index arithmetic taken wide as the offset's is (the choice only
            // picks among forms of one address; the check covers the one chosen).
            let x = se.convert(
                se.at_scope(index, scope),
                Conversion::NoopOrSignExtend,
                width,
            );
            declared[k].push(widen_sign_extensions(se, self.outer, x, None));
        }
        for k in (1..d).rev() {
            let gep = if declared[k].is_empty() {
                se.constant(width, 0)
            } else {
                se.sum(&declared[k])
            };
            let delta = se.minus(subscripts[k], gep);
            if delta.is_zero() {
                continue;
            }
            let size = se.convert(
                sizes[k - 1],
                Conversion::TruncateOrSignExtend,
                delta.width(),
            );
            let (rows, rest) = se.divide(delta, size);
            if !rest.is_zero() || rows.is_zero() {
                continue;
            }
            subscripts[k] = se.minus(subscripts[k], delta);
            let previous = subscripts[k - 1];
            let rows = se.convert(rows, Conversion::TruncateOrSignExtend, previous.width());
            subscripts[k - 1] = se.add2(previous, rows);
        }
    }
}
