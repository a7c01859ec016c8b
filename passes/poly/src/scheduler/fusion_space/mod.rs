//! Seed 002 (Pouchet et al., POPL'11): the space F^1 of the legal fusion structures
//! of a SCoP at the outermost level, and a given structure as the scheduler's
//! outermost level.
//!
//! | module | what |
//! |---|---|
//! | `preorders` | the convex encoding O of all total preorders (§3.1), its points |
//! | `pairs` | Fig. 4's pairwise tests: order, Def. 7 fusibility, the sets M |
//! | `paths` | must-fuse merging and Lemma 6 over the paths of G |
//! | `structure` | a structure (ρ at the outermost level) as the option reads it |
//! | `realize` | a structure as the scheduler's outermost level |
//!
//! F^1 is O restricted by the pairwise relations (closed under composition, which
//! is where the paper's two pruning rules come from: both follow from transitivity
//! once the order of dependent pairs is fixed) and by one `Σ e < l` per unfusable
//! path. It lives here, inside the scheduler, because it is built from the
//! scheduler's Farkas duals, row layout and ILPs, and the scheduler consumes it.

mod pairs;
mod paths;
pub(crate) mod preorders;
mod realize;
mod structure;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

pub use pairs::PairFacts;
pub use preorders::Relations;
pub use structure::{Structure, StructureError};

use crate::analysis::dependences::Dependences;
use crate::error::PolyError;
use crate::model::load::ScopIsl;
use crate::scheduler::{with_scheduler, Config};

use preorders::{close, encoding, enumerate, fubini, Vars};

/// Points enumerated before F^1 counts as "at least": a space this large is not
/// walked by running each point anyway.
pub const MAX_STRUCTURES: usize = 100_000;

/// The version of the space and of the structures it names: entries of a tuning
/// database measured with another version are stale.
pub const SPACE_VERSION: u32 = 1;

/// The size of a 0/1 polytope as Table 1 of seed 002 gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpaceSize {
    pub variables: usize,
    pub constraints: usize,
    /// None: more than fits (O) or than were enumerated (F^1, see `truncated`).
    pub points: Option<u128>,
}

/// The outermost level's fusion space of one SCoP.
#[derive(Clone, Debug)]
pub struct FusionSpace {
    /// Statement names, in order.
    pub statements: Vec<String>,
    /// Each statement's iterator names (what M's loops are printed as).
    pub iterators: Vec<Vec<String>>,
    /// Def. 7's slack `c`.
    pub slack: u64,
    /// Every pair `a < b` that a dependence relates, with what the tests found.
    pub pairs: Vec<PairFacts>,
    /// Statements that must share the outermost loop (classes of more than one).
    pub must_fuse: Vec<Vec<usize>>,
    /// Paths of G Lemma 6 found unfusable (the first statement of each node).
    pub unfusable_paths: Vec<Vec<usize>>,
    /// Points of the pruned O left out because Lemma 6 fails on one of their
    /// groups as a whole (a group no single path covers).
    pub group_pruned: usize,
    pub o: SpaceSize,
    pub f1: SpaceSize,
    /// The points of F^1, in enumeration order.
    pub structures: Vec<Structure>,
    /// The path search or the enumeration stopped at its cap.
    pub truncated: bool,
    /// Time to build the space, dependences excluded.
    pub time: Duration,
    /// From the SCoP's model: the dependence analysis and the space (seed 002's
    /// Table 1 counts "all analysis"); set by the entry point.
    pub with_dependences: Duration,
    /// The SCoP's key in a tuning database ([`crate::model::key::model_key`]) and
    /// the target this process would look up; set by the entry point.
    pub model_key: String,
    pub target: String,
}

/// F^1 of the SCoP, with Def. 7's slack `slack`.
pub(crate) fn compute(
    cx: &crate::support::isl::Ctx,
    model: &ScopIsl,
    deps: &Dependences<'_>,
    pluto: Config,
    slack: u64,
) -> Result<FusionSpace, PolyError> {
    let start = Instant::now();
    // The pluto preset's row space (θ ∈ N, no parameters; the caller's `pluto`),
    // which realizes the structures; only validity matters, so no read-after-read
    // edges.
    let cfg = Config {
        rar: false,
        structure: None,
        ..pluto
    };
    with_scheduler(cx, model, deps, cfg, |sch, mut edges, _| {
        let facts = sch.pair_facts(&mut edges, slack)?;
        let dims: Vec<usize> = sch.nodes.iter().map(|n| n.dim).collect();
        let statements: Vec<String> = sch.nodes.iter().map(|n| n.name.clone()).collect();
        let iterators = sch.nodes.iter().map(|n| n.iters.clone()).collect();
        Ok(from_facts(statements, iterators, dims, facts, slack, start))
    })
}

/// The rest of the construction, on the pairwise facts alone (no isl).
pub(crate) fn from_facts(
    statements: Vec<String>,
    iterators: Vec<Vec<String>>,
    dims: Vec<usize>,
    facts: Vec<PairFacts>,
    slack: u64,
    start: Instant,
) -> FusionSpace {
    let n = statements.len();
    let vars = Vars { n };
    let o_constraints = encoding(n);
    let o = SpaceSize {
        variables: vars.count(),
        constraints: o_constraints.len(),
        points: fubini(n),
    };
    let mut allowed = vec![vec![Relations::ANY; n]; n];
    for f in &facts {
        allowed[f.a][f.b] = f.relations;
        allowed[f.b][f.a] = f.relations.converse();
    }
    let consistent = close(&mut allowed);
    let mut star_pruned = 0;
    let (structures, unfusable_paths, path_constraints, truncated, must_fuse) = if consistent {
        let tests = paths::test_paths(&allowed, &facts, &dims);
        let (mut points, enum_truncated) =
            enumerate(n, &allowed, &tests.constraints, MAX_STRUCTURES);
        // Paths do not cover every group: three statements fused with a fourth
        // (a star in G) pass on each path and may fail together (3mm with its
        // initializations: the product's loop must be j for one factor, i for the
        // other, and i or j for its own initialization). Lemma 6 on the whole
        // group, as a last filter.
        let table = paths::fact_table(n, &facts);
        let mut known: HashMap<Vec<usize>, bool> = HashMap::new();
        let before = points.len();
        points.retain(|rank| {
            Structure::from_rank(rank.clone())
                .groups()
                .into_iter()
                .all(|g| {
                    g.len() < 3
                        || *known
                            .entry(g.clone())
                            .or_insert_with(|| paths::compatible(&g, &table, &dims))
                })
        });
        star_pruned = before - points.len();
        // Fullest fusion first, as seed 002's Fig. 5 numbers its versions.
        points.sort_by_key(|rank| (rank.iter().max().copied(), rank.clone()));
        let must_fuse = paths::must_fuse_classes(&allowed)
            .into_iter()
            .filter(|c| c.len() > 1)
            .collect();
        (
            points.into_iter().map(Structure::from_rank).collect(),
            tests.unfusable,
            tests.constraints,
            tests.truncated || enum_truncated,
            must_fuse,
        )
    } else {
        (Vec::new(), Vec::new(), Vec::new(), false, Vec::new())
    };
    let f1 = pruned_size(
        vars,
        &allowed,
        &o_constraints,
        &path_constraints,
        structures.len(),
        truncated,
    );
    FusionSpace {
        statements,
        iterators,
        slack,
        pairs: facts.into_iter().filter(|f| f.dependent).collect(),
        must_fuse,
        unfusable_paths,
        group_pruned: star_pruned,
        o,
        f1,
        structures,
        truncated,
        time: start.elapsed(),
        with_dependences: Duration::ZERO,
        model_key: String::new(),
        target: String::new(),
    }
}

/// What an O variable is once the pairwise relations are imposed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pruned {
    Fixed(i64),
    Free,
    /// `p = 1 − e` of the same pair (`s = 0`: the pair keeps its order or fuses).
    OneMinus(usize),
}

/// F^1's size: the variables the pairwise relations leave free (seed 002 §5:
/// "several e and p variables are set during the pruning of O, so several
/// consistency constraints are made useless and are not built"; `s = 0` leaves one
/// of p and e), the constraints of O and of the paths that some assignment of the
/// free variables still violates (bounds of free variables kept), and the points.
fn pruned_size(
    vars: Vars,
    allowed: &[Vec<Relations>],
    o: &[crate::scheduler::ilp::Constraint],
    paths: &[crate::scheduler::ilp::Constraint],
    points: usize,
    truncated: bool,
) -> SpaceSize {
    use Relations as R;
    let pruned = |var: usize| -> Pruned {
        let (i, j) = vars.pair_of(var);
        let (p_var, e_var) = (var & !1, var | 1);
        let r = allowed[i][j];
        let is_p = var == p_var;
        match (r, is_p) {
            (r, _) if r == R::BEFORE => Pruned::Fixed(i64::from(is_p)),
            (r, _) if r == R::FUSED => Pruned::Fixed(i64::from(!is_p)),
            (r, _) if r == R::AFTER || r == R::NONE => Pruned::Fixed(0),
            (r, true) if r == R::BEFORE.union(R::FUSED) => Pruned::OneMinus(e_var),
            (r, false) if r == R::BEFORE.union(R::AFTER) => Pruned::Fixed(0),
            (r, true) if r == R::FUSED.union(R::AFTER) => Pruned::Fixed(0),
            _ => Pruned::Free,
        }
    };
    let free = |var: usize| pruned(var) == Pruned::Free;
    let variables = (0..vars.count()).filter(|&v| free(v)).count();
    let mut constraints = 0;
    for c in o.iter().chain(paths) {
        if let [(v, _)] = c.terms.as_slice() {
            constraints += usize::from(free(*v));
            continue;
        }
        // Substituted, then kept when its minimum over the free variables is < 0.
        let mut constant = c.constant;
        let mut terms: Vec<(usize, i64)> = Vec::new();
        for &(v, k) in &c.terms {
            match pruned(v) {
                Pruned::Fixed(x) => constant += k * x,
                Pruned::Free => terms.push((v, k)),
                Pruned::OneMinus(e) => {
                    constant += k;
                    terms.push((e, -k));
                }
            }
        }
        let terms = crate::scheduler::farkas::merge(terms);
        let min = constant + terms.iter().map(|&(_, k)| k.min(0)).sum::<i64>();
        constraints += usize::from(!terms.is_empty() && min < 0);
    }
    SpaceSize {
        variables,
        constraints,
        points: (!truncated).then_some(points as u128),
    }
}

impl FusionSpace {
    /// The text of `tessel-print-fusion-space`: sizes, the pairs, the unfusable
    /// paths, then one line per structure, as the option takes it.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let names = &self.statements;
        let n = self.statements.len();
        let o_points = self.o.points.map_or_else(
            || format!("{:.3e}", preorders::fubini_approx(n)),
            |p| p.to_string(),
        );
        let _ = writeln!(
            out,
            "fusion space (seed 002, outermost level, slack {}): O: {} variables, {} \
             constraints, {} points; F^1: {} variables, {} constraints, {}{} points; \
             built in {:.2} ms ({:.2} ms with the dependences)",
            self.slack,
            self.o.variables,
            self.o.constraints,
            o_points,
            self.f1.variables,
            self.f1.constraints,
            if self.truncated { "at least " } else { "" },
            self.structures.len(),
            self.time.as_secs_f64() * 1e3,
            self.with_dependences.as_secs_f64() * 1e3,
        );
        let _ = writeln!(
            out,
            "tuning key: model {}; space version {SPACE_VERSION}; target {}",
            self.model_key, self.target
        );
        for class in &self.must_fuse {
            let members: Vec<&str> = class.iter().map(|&s| names[s].as_str()).collect();
            let _ = writeln!(out, "must fuse: {}", members.join(" "));
        }
        for f in &self.pairs {
            let iter = |s: usize, k: usize| self.iterators[s].get(k).map_or("?", String::as_str);
            let m: Vec<String> =
                f.m.iter()
                    .map(|&(x, y)| format!("({},{})", iter(f.a, x), iter(f.b, y)))
                    .collect();
            let _ = writeln!(
                out,
                "pair {} {}: {} M = {{{}}}",
                names[f.a],
                names[f.b],
                f.relations.symbol(),
                m.join(" ")
            );
        }
        for p in &self.unfusable_paths {
            let along: Vec<&str> = p.iter().map(|&s| names[s].as_str()).collect();
            let _ = writeln!(out, "unfusable path: {}", along.join(" - "));
        }
        if self.group_pruned > 0 {
            let _ = writeln!(
                out,
                "left out: {} points whose groups fail Lemma 6 as a whole",
                self.group_pruned
            );
        }
        for s in &self.structures {
            let _ = writeln!(
                out,
                "fusion-structure={}  {}",
                s.option_value(),
                s.describe(names)
            );
        }
        out
    }
}
