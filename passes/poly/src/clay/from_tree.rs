//! A schedule tree (the optimizer's) read back as a Clay schedule, the target
//! Chlore recovers a script for (seed 003 §2.3: "we may recover [the β-vectors]
//! thanks to their semantics"). A sequence or set node gives the β position of its
//! children, a band one α per member, a parallel mark the PARALLELIZE flag of the
//! band member(s) below it, and a band right under another band the SPLIT_BAND flag
//! of its first member.
//!
//! What has no Clay form here yet is refused with [`PolyError::Unsupported`], whose
//! text says what: a statement with fewer loops than it has iterators, a piecewise
//! or quasi-affine loop (tiles: `i - i mod 32`), several statements in one leaf.

use isl_rs::{DimType, Schedule, ScheduleNode, ScheduleNodeType, UnionPwAff};

use super::schedule::{check_parts, AnyOrder, ClaySchedule, Constraint, Relation};
use crate::error::{NotRecovered, PolyError, Unsupported};
use crate::model::scop::StmtId;
use crate::scheduler::linalg;
use crate::support::isl::{id_name, param_names, union_set_names, Ctx, IslResult};
use crate::support::schedule_tree::{n_children, n_members, node_type};
use crate::transform::parallel::{COLLAPSED_PARALLEL_MARK, GPU_PARALLEL_MARK, PARALLEL_MARK};

fn refused(why: NotRecovered) -> PolyError {
    Unsupported::NotRecovered(why).into()
}

/// What the path from the root to a node passes: sequence positions and band
/// members, in order, and the parallel mark waiting for the next band.
struct Path {
    steps: Vec<Step>,
    /// Band members the mark above the next band makes parallel.
    marked: usize,
}

enum Step {
    /// The `i`-th child of a sequence or set, and whether it is a set's that alone
    /// orders the children of the loop (or root) above it: ANY_ORDER's mark.
    Place(i64, bool),
    /// A band member, whether a parallel mark covers it, and whether it starts a
    /// band right under another band.
    Loop(UnionPwAff, bool, bool),
}

impl Path {
    fn fork(&self, cx: &Ctx) -> Result<Path, PolyError> {
        let steps = self
            .steps
            .iter()
            .map(|s| {
                Ok(match s {
                    Step::Place(i, set) => Step::Place(*i, *set),
                    Step::Loop(upa, p, b) => Step::Loop(upa.copy().isl(cx)?, *p, *b),
                })
            })
            .collect::<Result<_, PolyError>>()?;
        Ok(Path {
            steps,
            marked: self.marked,
        })
    }
}

/// The choices the caller makes for [`ClaySchedule::from_tree`].
struct Reading<'a> {
    sides: &'a [i64],
    first_seen: &'a [usize],
}

/// A member as the walk finds it: β positions as lexicographic keys (a sequence
/// inside a sequence, or a statement beside a loop, sorts inside one position),
/// ranked into β-vectors at the end.
struct Found {
    keys: Vec<Vec<i64>>,
    constraints: Vec<Constraint>,
    parallel: Vec<bool>,
    band_start: Vec<bool>,
    /// The β levels whose children a set node alone orders (see [`Step::Place`]),
    /// with the set child (part) the statement descends from.
    set_levels: Vec<(usize, i64)>,
}

impl ClaySchedule {
    /// `tree` as a schedule over the statements of `source` (one member each, in
    /// the same order). A band member in which a statement is constant (it runs
    /// once per iteration of the loops around, as a statement fused into a deeper
    /// nest does) is not a loop of that statement: it goes beside the loop, before
    /// it when `sides[statement] < 0`, after it when `> 0`. Whether that orders the
    /// instances as the tree does depends on the domain: the caller checks. With
    /// `sides[statement] == 0` the member is a loop of the statement all the same,
    /// one that runs a single iteration (the tree's own order, at the price of
    /// more loops than iterators).
    ///
    /// The children of a set node (independent parts, which isl's AST generator may
    /// emit in any order) take the order of `first_seen`: each statement's rank in
    /// the code generated from `tree`, so that a replay emits the same code.
    pub fn from_tree(
        cx: &Ctx,
        tree: &Schedule,
        source: &ClaySchedule,
        sides: &[i64],
        first_seen: &[usize],
        never_run: &[bool],
    ) -> Result<ClaySchedule, PolyError> {
        let mut found: Vec<Option<Found>> = (0..source.statements.len()).map(|_| None).collect();
        let path = Path {
            steps: Vec::new(),
            marked: 0,
        };
        let how = Reading { sides, first_seen };
        walk(cx, source, tree.get_root().isl(cx)?, path, &how, &mut found)?;
        let mut all = Vec::with_capacity(found.len());
        for (k, f) in found.into_iter().enumerate() {
            let f = match f {
                Some(f) => f,
                // A statement with no instance (an empty domain) is in no leaf; it
                // goes last, with its own loops, where it changes no order.
                None if never_run.get(k).copied().unwrap_or(false) => {
                    unused(source, k, first_seen.len() + k)
                }
                None => {
                    return Err(refused(NotRecovered::NotInTree(
                        source.statements[k].0.clone(),
                    )))
                }
            };
            all.push(f);
        }
        let betas = rank_keys(&all);
        let mut out = ClaySchedule {
            params: source.params.clone(),
            statements: source.statements.clone(),
            relations: Vec::with_capacity(all.len()),
            any_order: Vec::new(),
        };
        let set_levels: Vec<Vec<(usize, i64)>> = all.iter().map(|f| f.set_levels.clone()).collect();
        for (k, (f, beta)) in all.into_iter().zip(betas).enumerate() {
            out.relations.push(Relation {
                stmt: StmtId(k),
                beta,
                constraints: f.constraints,
                parallel: f.parallel,
                band_start: f.band_start,
            });
        }
        out.spread_band_starts();
        out.normalize_beta();
        out.check_beta_forest()
            .map_err(|e| refused(NotRecovered::Forest(Box::new(e))))?;
        out.any_order = unordered_prefixes(&out, &set_levels);
        Ok(out)
    }
}

/// The ANY_ORDER marks of the set nodes that alone order the children of a loop (or
/// of the root) for every member under it: each child's part is the set child it
/// descends from (a sequence inside a part orders its children at the same β
/// level). A set beside other children of the same loop has no such form and is
/// read as ordered.
fn unordered_prefixes(s: &ClaySchedule, set_levels: &[Vec<(usize, i64)>]) -> Vec<AnyOrder> {
    let mut out: Vec<AnyOrder> = Vec::new();
    for (k, levels) in set_levels.iter().enumerate() {
        for &(level, _) in levels {
            let Some(prefix) = s.relations[k].beta.get(..level) else {
                continue;
            };
            if out.iter().any(|m| m.prefix[..] == *prefix) {
                continue;
            }
            // Child -> part, from every member under the prefix, consistently.
            let mut parts: Vec<Option<i64>> = vec![None; s.children(prefix).len()];
            let mut whole = true;
            for t in s.under(prefix) {
                let r = &s.relations[t];
                let (Some(&child), Some(&(_, part))) = (
                    r.beta.get(level),
                    set_levels[t].iter().find(|(l, _)| *l == level),
                ) else {
                    whole = false;
                    break;
                };
                match parts.get_mut(child as usize) {
                    Some(slot @ None) => *slot = Some(part),
                    Some(Some(p)) if *p == part => {}
                    _ => {
                        whole = false;
                        break;
                    }
                }
            }
            let Some(raw) = parts
                .into_iter()
                .collect::<Option<Vec<i64>>>()
                .filter(|_| whole)
            else {
                continue;
            };
            // Parts numbered 0, 1, ... in β order.
            let mut numbered = Vec::with_capacity(raw.len());
            for (c, p) in raw.iter().enumerate() {
                let id = match numbered.last() {
                    None => 0,
                    Some(&last) if raw[c - 1] == *p => last,
                    Some(&last) => last + 1,
                };
                numbered.push(id);
            }
            let distinct: std::collections::BTreeSet<i64> = raw.iter().copied().collect();
            if distinct.len() == numbered.last().map_or(0, |&l| l as usize + 1)
                && check_parts(&numbered, raw.len()).is_ok()
            {
                out.push(AnyOrder {
                    prefix: prefix.to_vec(),
                    parts: numbered,
                });
            }
        }
    }
    out.sort();
    out
}

/// Statement `k` of `source` alone at the root position `at` (after every other),
/// with its original loops.
fn unused(source: &ClaySchedule, k: usize, at: usize) -> Found {
    let original = source.relations.iter().find(|r| r.stmt == StmtId(k));
    let depth = source.statements[k].1;
    let mut keys = vec![vec![i64::MAX / 2 + at as i64]];
    keys.extend((0..depth).map(|_| vec![0]));
    Found {
        keys,
        constraints: original.map(|r| r.constraints.clone()).unwrap_or_default(),
        parallel: vec![false; depth],
        band_start: vec![false; depth],
        set_levels: Vec::new(),
    }
}

/// The β-vectors of the members: at each level, the rank of a member's key among
/// the keys of the members that share its β-prefix.
fn rank_keys(all: &[Found]) -> Vec<Vec<i64>> {
    let mut betas: Vec<Vec<i64>> = vec![Vec::new(); all.len()];
    let longest = all.iter().map(|f| f.keys.len()).max().unwrap_or(0);
    for level in 0..longest {
        let mut groups: Vec<(Vec<i64>, Vec<&Vec<i64>>)> = Vec::new();
        for (k, f) in all.iter().enumerate() {
            if let Some(key) = f.keys.get(level) {
                match groups.iter_mut().find(|(p, _)| *p == betas[k]) {
                    Some((_, keys)) => keys.push(key),
                    None => groups.push((betas[k].clone(), vec![key])),
                }
            }
        }
        for (_, keys) in &mut groups {
            keys.sort();
            keys.dedup();
        }
        for (k, f) in all.iter().enumerate() {
            if let Some(key) = f.keys.get(level) {
                let (_, keys) = groups
                    .iter()
                    .find(|(p, _)| *p == betas[k])
                    .expect("every member's group was collected above");
                let rank = keys.partition_point(|&x| x < key);
                betas[k].push(rank as i64);
            }
        }
    }
    betas
}

fn walk(
    cx: &Ctx,
    source: &ClaySchedule,
    node: ScheduleNode,
    mut path: Path,
    how: &Reading<'_>,
    found: &mut [Option<Found>],
) -> Result<(), PolyError> {
    match node_type(cx, &node)? {
        ScheduleNodeType::Leaf => leaf(cx, source, &node, &path, how, found),
        ScheduleNodeType::Band => {
            let partial = node.band_get_partial_schedule().isl(cx)?;
            let n = n_members(cx, &node)?;
            let under_band = matches!(path.steps.last(), Some(Step::Loop(..)));
            for m in 0..n {
                path.steps.push(Step::Loop(
                    partial.get_at(m as i32).isl(cx)?,
                    m < path.marked,
                    m == 0 && under_band,
                ));
            }
            path.marked = 0;
            only_child(cx, source, node, path, how, found)
        }
        kind @ (ScheduleNodeType::Sequence | ScheduleNodeType::Set) => {
            let n = n_children(cx, &node)?;
            let mut order: Vec<(usize, i32)> = Vec::with_capacity(n as usize);
            for i in 0..n {
                let rank = if kind == ScheduleNodeType::Set {
                    let child = node.copy().isl(cx)?.child(i).isl(cx)?;
                    let names = union_set_names(cx, &child.get_domain().isl(cx)?)?;
                    names
                        .iter()
                        .filter_map(|n| source.statements.iter().position(|(m, _)| m == n))
                        .filter_map(|k| how.first_seen.get(k).copied())
                        .min()
                        .unwrap_or(usize::MAX)
                } else {
                    i as usize
                };
                order.push((rank, i));
            }
            order.sort();
            let alone = kind == ScheduleNodeType::Set
                && !matches!(path.steps.last(), Some(Step::Place(..)));
            for (place, &(_, i)) in order.iter().enumerate() {
                let mut inner = path.fork(cx)?;
                inner.steps.push(Step::Place(place as i64, alone));
                let child = node.copy().isl(cx)?.child(i).isl(cx)?;
                walk(cx, source, child, inner, how, found)?;
            }
            Ok(())
        }
        ScheduleNodeType::Mark => {
            let name = id_name(&node.mark_get_id().isl(cx)?).unwrap_or_default();
            if [PARALLEL_MARK, COLLAPSED_PARALLEL_MARK, GPU_PARALLEL_MARK].contains(&name.as_str())
            {
                // A collapsed nest is marked on its outer loop only: Clay's flags
                // are per loop, and collapsing is not one of its primitives.
                path.marked = 1;
                only_child(cx, source, node, path, how, found)
            } else {
                Err(refused(NotRecovered::Mark(name.to_string())))
            }
        }
        ScheduleNodeType::Domain | ScheduleNodeType::Filter | ScheduleNodeType::Context => {
            only_child(cx, source, node, path, how, found)
        }
        other => Err(refused(NotRecovered::Node(format!("{other:?}")))),
    }
}

fn only_child(
    cx: &Ctx,
    source: &ClaySchedule,
    node: ScheduleNode,
    path: Path,
    how: &Reading<'_>,
    found: &mut [Option<Found>],
) -> Result<(), PolyError> {
    if n_children(cx, &node)? == 0 {
        return leaf(cx, source, &node, &path, how, found);
    }
    walk(cx, source, node.child(0).isl(cx)?, path, how, found)
}

/// The statement that reaches `node` gets its member: its loops are the band
/// members in which it is not constant.
fn leaf(
    cx: &Ctx,
    source: &ClaySchedule,
    node: &ScheduleNode,
    path: &Path,
    how: &Reading<'_>,
    found: &mut [Option<Found>],
) -> Result<(), PolyError> {
    let domain = node.get_domain().isl(cx)?;
    let names = union_set_names(cx, &domain)?;
    let [name] = &names[..] else {
        if names.is_empty() {
            return Ok(());
        }
        return Err(refused(NotRecovered::SharedLeaf(
            names.iter().map(|n| n.to_string()).collect(),
        )));
    };
    let k = source
        .statements
        .iter()
        .position(|(n, _)| n == name)
        .ok_or_else(|| refused(NotRecovered::NotAStatement(name.to_string())))?;
    let inputs = source.statements[k].1;
    let mut keys: Vec<Vec<i64>> = vec![Vec::new()];
    let mut rows: Vec<AffineParts> = Vec::new();
    let mut parallel = Vec::new();
    let mut band_start = Vec::new();
    let mut set_levels = Vec::new();
    // A band start waits for the statement's next loop (its first members may be
    // constant for it); a parallel loop starts a band anyway.
    let mut starting = false;
    for step in &path.steps {
        let slot = keys.len() - 1;
        match step {
            Step::Place(i, set) => {
                if *set && keys[slot].is_empty() {
                    set_levels.push((slot, *i));
                }
                keys[slot].push(*i);
            }
            Step::Loop(upa, marked, starts) => {
                starting |= *starts;
                let row = affine_of(cx, source, upa, name, inputs)?;
                if row.0.iter().all(|&c| c == 0) && how.sides[k] != 0 {
                    // Constant here: beside the loop, not in it.
                    keys[slot].push(if how.sides[k] < 0 { -1 } else { 1 });
                } else {
                    keys[slot].push(0);
                    keys.push(Vec::new());
                    rows.push(row);
                    parallel.push(*marked);
                    band_start.push(starting && !*marked);
                    starting = false;
                }
            }
        }
    }
    // More loops than iterators (a loop over a combination of others, or one
    // iteration of a loop: Chlore adds them by STRIPMINE of size 1) are fine. Loops
    // that do not tell the iterators apart are completed by innermost loops over the
    // missing iterators: in the tree an equality of the domain fixes those (`j = i`),
    // so each runs one iteration there, and the caller checks that the order is the
    // tree's; Clay's schedules date every point of any domain (§4.3).
    let mut spanned = rank(&rows, inputs);
    for j in 0..inputs {
        if spanned == inputs {
            break;
        }
        let mut unit = vec![0; inputs];
        unit[j] = 1;
        rows.push((unit, vec![0; source.params.len()], 0));
        let now = rank(&rows, inputs);
        if now == spanned {
            rows.pop();
        } else {
            spanned = now;
            if let Some(k) = keys.last_mut() {
                k.push(0);
            }
            keys.push(Vec::new());
            parallel.push(false);
            band_start.push(false);
        }
    }
    let loops = rows.len();
    let mut constraints = Vec::with_capacity(loops);
    for (level, (input, param, constant)) in rows.into_iter().enumerate() {
        let mut row = Constraint::zero(true, loops, inputs, source.params.len());
        row.alpha[level] = 1;
        row.input = input.iter().map(|c| -c).collect();
        row.param = param.iter().map(|c| -c).collect();
        row.constant = -constant;
        constraints.push(row);
    }
    if found[k].is_some() {
        return Err(refused(NotRecovered::SplitLeaves(name.to_string())));
    }
    found[k] = Some(Found {
        keys,
        constraints,
        parallel,
        band_start,
        set_levels,
    });
    Ok(())
}

type AffineParts = (Vec<i64>, Vec<i64>, i64);

/// The rank of the rows' iterator coefficients; an overflow counts as full rank
/// (no loop is added, and the caller refuses what does not order like the tree).
fn rank(rows: &[AffineParts], inputs: usize) -> usize {
    let linear: Vec<Vec<i64>> = rows.iter().map(|r| r.0.clone()).collect();
    linalg::rank(&linear, inputs).unwrap_or(inputs)
}

/// Statement `name`'s value of a band member as coefficients of its iterators and
/// of the parameters (in `source`'s order), and a constant.
fn affine_of(
    cx: &Ctx,
    source: &ClaySchedule,
    upa: &UnionPwAff,
    name: &str,
    inputs: usize,
) -> Result<AffineParts, PolyError> {
    let list = upa.get_pw_aff_list().isl(cx)?;
    for i in 0..list.size().isl(cx)? {
        let pa = list.get_at(i).isl(cx)?;
        let space = pa.get_domain_space().isl(cx)?;
        if space.get_tuple_name(DimType::Set).ok() != Some(name) {
            continue;
        }
        let names = param_names(cx, &space)?;
        if !pa.isa_aff().isl(cx)? {
            return Err(refused(NotRecovered::Piecewise(name.to_string())));
        }
        let aff = pa.as_aff().isl(cx)?;
        let int = |v: isl_rs::Val| -> Result<i64, PolyError> {
            if v.is_int().isl(cx)? {
                v.get_num_si().isl(cx)
            } else {
                Err(refused(NotRecovered::FractionalCoefficient(
                    name.to_string(),
                )))
            }
        };
        if aff.dim(DimType::Div).isl(cx)? > 0 {
            return Err(refused(NotRecovered::QuasiAffine(name.to_string())));
        }
        let mut input = vec![0; inputs];
        for (j, c) in input.iter_mut().enumerate() {
            *c = int(aff.get_coefficient_val(DimType::In, j as i32).isl(cx)?)?;
        }
        let mut param = vec![0; source.params.len()];
        for (j, p) in names.iter().enumerate() {
            let c = int(aff.get_coefficient_val(DimType::Param, j as i32).isl(cx)?)?;
            if c == 0 {
                continue;
            }
            let at = source
                .params
                .iter()
                .position(|q| q == p)
                .ok_or_else(|| refused(NotRecovered::ForeignParameter(p.to_string())))?;
            param[at] = c;
        }
        let constant = int(aff.get_constant_val().isl(cx)?)?;
        return Ok((input, param, constant));
    }
    Err(refused(NotRecovered::NoValue(name.to_string())))
}
