//! Seed 002 (Pouchet et al., POPL'11): the space of legal fusion structures at the
//! outermost level (F^1) on the paper's small cases, and structures passed back to
//! the scheduler. Expected values come from the paper (3mm's M sets and its triple,
//! §4.3; the non-transitive chain, §4.3) and from the dependences, argued in each
//! test's comment.

mod common;

use common::seeds::scop;
use common::{read, stmt, write};
use tessel_poly::notes::Note;
use tessel_poly::{fusion_space, FusionSpace, Options, Relations, Scop, StructureError};

/// Fig. 1: 3mm, `R: C = AB`, `S: F = DE`, `T: G = CF`, each in its own (i, j, k)
/// nest.
fn three_mm() -> Scop {
    let nest = |name: &str, pos: i64, out: &str, a: &str, b: &str| {
        stmt(
            name,
            &format!("[N] -> {{ {name}[i, j, k] : 0 <= i, j, k < N }}"),
            &format!("[N] -> {{ {name}[i, j, k] -> [{pos}, i, 0, j, 0, k, 0] }}"),
            vec![
                read(&format!("[N] -> {{ {name}[i, j, k] -> {out}[i, j] }}")),
                read(&format!("[N] -> {{ {name}[i, j, k] -> {a}[i, k] }}")),
                read(&format!("[N] -> {{ {name}[i, j, k] -> {b}[k, j] }}")),
                write(&format!("[N] -> {{ {name}[i, j, k] -> {out}[i, j] }}")),
            ],
        )
    };
    scop(
        &["N"],
        "[N] -> { : N >= 1 }",
        vec![
            nest("R", 0, "C", "A", "B"),
            nest("S", 1, "F", "D", "E"),
            nest("T", 2, "G", "C", "F"),
        ],
    )
}

/// §4.3: `x = Ab; y = Bx; z = Cy`, each `v[i] += M[i][j] * u[j]`.
fn matvec_chain() -> Scop {
    let product = |name: &str, pos: i64, out: &str, m: &str, input: &str| {
        stmt(
            name,
            &format!("[N] -> {{ {name}[i, j] : 0 <= i, j < N }}"),
            &format!("[N] -> {{ {name}[i, j] -> [{pos}, i, 0, j, 0] }}"),
            vec![
                read(&format!("[N] -> {{ {name}[i, j] -> {out}[i] }}")),
                read(&format!("[N] -> {{ {name}[i, j] -> {m}[i, j] }}")),
                read(&format!("[N] -> {{ {name}[i, j] -> {input}[j] }}")),
                write(&format!("[N] -> {{ {name}[i, j] -> {out}[i] }}")),
            ],
        )
    };
    scop(
        &["N"],
        "[N] -> { : N >= 1 }",
        vec![
            product("S1", 0, "x", "A", "b"),
            product("S2", 1, "y", "B", "x"),
            product("S3", 2, "z", "C", "y"),
        ],
    )
}

fn space(name: &str, scop: &Scop) -> FusionSpace {
    let opts = Options {
        time_budget: std::time::Duration::ZERO,
        ..Options::default()
    };
    let space = fusion_space(scop, &opts).unwrap_or_else(|e| panic!("{name}: {e}"));
    println!("{name}:\n{}", space.to_text());
    space
}

/// M of the pair `(a, b)` by iterator names.
fn m_of(space: &FusionSpace, a: &str, b: &str) -> Option<Vec<(String, String)>> {
    let idx = |s: &str| space.statements.iter().position(|n| n == s).unwrap();
    let (a, b) = (idx(a), idx(b));
    let f = space.pairs.iter().find(|f| f.a == a && f.b == b)?;
    Some(
        f.m.iter()
            .map(|&(x, y)| (space.iterators[a][x].clone(), space.iterators[b][y].clone()))
            .collect(),
    )
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn values(space: &FusionSpace) -> Vec<String> {
    let mut v: Vec<String> = space.structures.iter().map(|s| s.option_value()).collect();
    v.sort();
    v
}

#[test]
fn seed002_3mm_m_sets_and_the_unique_compatible_triple() {
    // §4.3: M_RT = {(i,i), (j,k)}: T reads C[i][k'] where R wrote C[i][j], so a
    // fusing row must send R's i and T's i together, or R's j and T's k; R's k
    // cannot lead (R's last k writes what T reads at any k). M_ST = {(i,k), (j,j)}
    // the same way through F[k][j]. R and S share no data: no pair is tested,
    // M_RS is every pair.
    let s = space("3mm", &three_mm());
    assert_eq!(m_of(&s, "R", "T"), Some(pairs(&[("i", "i"), ("j", "k")])));
    assert_eq!(m_of(&s, "S", "T"), Some(pairs(&[("i", "k"), ("j", "j")])));
    assert_eq!(m_of(&s, "R", "S"), None, "R and S are independent");
    // Lemma 6 on R, S, T: µ^T = i needs µ^R = i and (µ^S, i) in M_ST: none;
    // µ^T = k needs µ^R = j and µ^S = i. The triple (j, i, k) is the only one
    // (Fig. 2(a)).
    let rt = m_of(&s, "R", "T").unwrap();
    let st = m_of(&s, "S", "T").unwrap();
    let mut triples = Vec::new();
    for r in ["i", "j", "k"] {
        for s_ in ["i", "j", "k"] {
            for t in ["i", "j", "k"] {
                let has = |m: &[(String, String)], a: &str, b: &str| {
                    m.iter().any(|(x, y)| x == a && y == b)
                };
                if has(&rt, r, t) && has(&st, s_, t) {
                    triples.push((r, s_, t));
                }
            }
        }
    }
    assert_eq!(triples, [("j", "i", "k")]);
    // So no path is unfusable, and F^1 is every preorder with R and S no later
    // than T (both feed it): T last alone with R, S in any of 3 orders, T fused
    // with R or with S (the other before), all three fused: 6 of Fubini(3) = 13.
    // Fig. 2's (a) 0,0,0, (b) 0,0,1, (c) 0,1,1 and full distribution are in it.
    assert!(s.unfusable_paths.is_empty());
    assert_eq!(
        (s.o.variables, s.o.constraints, s.o.points),
        (6, 22, Some(13))
    );
    assert_eq!(
        values(&s),
        ["0,0,0", "0,0,1", "0,1,1", "0,1,2", "1,0,1", "1,0,2"]
    );
}

#[test]
fn seed002_fusibility_is_not_transitive() {
    // §4.3: S1, S2 fuse only with S2's loops interchanged (S2 reads x[j], which
    // S1 finishes at its row i = j): M_12 = {(i, j)}; S2, S3 only as they are:
    // M_23 = {(i, j)}, with S2 on i. No µ^S2 is both: the path S1 - S2 - S3 is
    // unfusable, e_12 + e_23 < 2 (eq. 5).
    let s = space("x=Ab; y=Bx; z=Cy", &matvec_chain());
    assert_eq!(m_of(&s, "S1", "S2"), Some(pairs(&[("i", "j")])));
    assert_eq!(m_of(&s, "S2", "S3"), Some(pairs(&[("i", "j")])));
    assert_eq!(s.unfusable_paths, [vec![0, 1, 2]]);
    // Each pair fuses and must keep its order (<= both): the chain's four
    // compositions but the one fusing all three.
    let le = Relations::BEFORE.union(Relations::FUSED);
    assert!(s.pairs.iter().all(|f| f.relations == le));
    assert_eq!(values(&s), ["0,0,1", "0,1,1", "0,1,2"]);
}

/// The original program's outermost structure: statements whose 2d+1 schedules
/// start with the same constant share the outermost loop (a statement with no
/// loop is a group of its own).
fn original_structure(scop: &Scop) -> Vec<i64> {
    scop.statements
        .iter()
        .enumerate()
        .map(|(k, st)| {
            let out = st.schedule.split("-> [").nth(1).unwrap_or("");
            let first: i64 = out
                .split([',', ']'])
                .next()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(0);
            let looped = out.contains(',');
            // Loop-less statements apart: positions 2·first, and 2·first + 1 + k
            // never collide with a loop's.
            if looped {
                1000 * first
            } else {
                1000 * first + 1 + k as i64
            }
        })
        .collect()
}

#[test]
fn seed002_every_suite_scop_keeps_its_original_structure() {
    // The original order is legal, and its outermost loops fuse their statements
    // with the unit row of that loop and equal constants (Def. 7 with c = 0, µ the
    // loop for every pair): every SCoP's F^1 must hold its original structure.
    for (kernel, scops) in common::polybench() {
        for (k, scop) in scops.iter().enumerate() {
            let name = format!("{kernel}#{k}");
            let s = space(&name, scop);
            let original = tessel_poly::Structure::from_positions(
                &original_structure(scop),
                scop.statements.len(),
            )
            .unwrap();
            assert!(
                s.truncated || s.structures.contains(&original),
                "{name}: {} not in F^1",
                original.option_value()
            );
        }
    }
}

/// ludcmp as PolyBench 2.0 wrote it, the version with 14 statements (14·13 = 182
/// variables, as seed 002 reports for its ludcmp): the LU nest, `y[0] = b[0]`, the
/// forward substitution, `x[n] = y[n] / a[n][n]`, the backward substitution, all
/// through the scalar `w`.
fn ludcmp_polybench_2() -> Scop {
    let p = "[n] -> ";
    let st = |name: &str, dom: &str, sched: &str, acc: Vec<tessel_poly::Access>| {
        stmt(
            name,
            &format!("{p}{{ {name}{dom} }}"),
            &format!("{p}{{ {name}{sched} }}"),
            acc,
        )
    };
    let r = |name: &str, it: &str, to: &str| read(&format!("{p}{{ {name}{it} -> {to} }}"));
    let w = |name: &str, it: &str, to: &str| write(&format!("{p}{{ {name}{it} -> {to} }}"));
    let ij = "[i, j]";
    let ijk = "[i, j, k]";
    scop(
        &["n"],
        "[n] -> { : n >= 2 }",
        vec![
            st(
                "S1",
                "[i, j] : 0 <= i < n and i < j <= n",
                "[i, j] -> [0, i, 0, j, 0, 0, 0]",
                vec![r("S1", ij, "a[j, i]"), w("S1", ij, "w[]")],
            ),
            st(
                "S2",
                "[i, j, k] : 0 <= i < n and i < j <= n and 0 <= k < i",
                "[i, j, k] -> [0, i, 0, j, 1, k, 0]",
                vec![
                    r("S2", ijk, "w[]"),
                    r("S2", ijk, "a[j, k]"),
                    r("S2", ijk, "a[k, i]"),
                    w("S2", ijk, "w[]"),
                ],
            ),
            st(
                "S3",
                "[i, j] : 0 <= i < n and i < j <= n",
                "[i, j] -> [0, i, 0, j, 2, 0, 0]",
                vec![
                    r("S3", ij, "w[]"),
                    r("S3", ij, "a[i, i]"),
                    w("S3", ij, "a[j, i]"),
                ],
            ),
            st(
                "S4",
                "[i, j] : 0 <= i < n and i < j <= n",
                "[i, j] -> [0, i, 1, j, 0, 0, 0]",
                vec![r("S4", ij, "a[i + 1, j]"), w("S4", ij, "w[]")],
            ),
            st(
                "S5",
                "[i, j, k] : 0 <= i < n and i < j <= n and 0 <= k <= i",
                "[i, j, k] -> [0, i, 1, j, 1, k, 0]",
                vec![
                    r("S5", ijk, "w[]"),
                    r("S5", ijk, "a[i + 1, k]"),
                    r("S5", ijk, "a[k, j]"),
                    w("S5", ijk, "w[]"),
                ],
            ),
            st(
                "S6",
                "[i, j] : 0 <= i < n and i < j <= n",
                "[i, j] -> [0, i, 1, j, 2, 0, 0]",
                vec![r("S6", ij, "w[]"), w("S6", ij, "a[i + 1, j]")],
            ),
            st(
                "S7",
                "[]",
                "[] -> [1, 0, 0, 0, 0, 0, 0]",
                vec![r("S7", "[]", "b[0]"), w("S7", "[]", "y[0]")],
            ),
            st(
                "S8",
                "[i] : 1 <= i <= n",
                "[i] -> [2, i, 0, 0, 0, 0, 0]",
                vec![r("S8", "[i]", "b[i]"), w("S8", "[i]", "w[]")],
            ),
            st(
                "S9",
                "[i, j] : 1 <= i <= n and 0 <= j < i",
                "[i, j] -> [2, i, 1, j, 0, 0, 0]",
                vec![
                    r("S9", ij, "w[]"),
                    r("S9", ij, "a[i, j]"),
                    r("S9", ij, "y[j]"),
                    w("S9", ij, "w[]"),
                ],
            ),
            st(
                "S10",
                "[i] : 1 <= i <= n",
                "[i] -> [2, i, 2, 0, 0, 0, 0]",
                vec![r("S10", "[i]", "w[]"), w("S10", "[i]", "y[i]")],
            ),
            st(
                "S11",
                "[]",
                "[] -> [3, 0, 0, 0, 0, 0, 0]",
                vec![
                    r("S11", "[]", "y[n]"),
                    r("S11", "[]", "a[n, n]"),
                    w("S11", "[]", "x[n]"),
                ],
            ),
            st(
                "S12",
                "[i] : 0 <= i <= n - 1",
                "[i] -> [4, i, 0, 0, 0, 0, 0]",
                vec![r("S12", "[i]", "y[n - 1 - i]"), w("S12", "[i]", "w[]")],
            ),
            st(
                "S13",
                "[i, j] : 0 <= i <= n - 1 and n - i <= j <= n",
                "[i, j] -> [4, i, 1, j, 0, 0, 0]",
                vec![
                    r("S13", ij, "w[]"),
                    r("S13", ij, "a[n - 1 - i, j]"),
                    r("S13", ij, "x[j]"),
                    w("S13", ij, "w[]"),
                ],
            ),
            st(
                "S14",
                "[i] : 0 <= i <= n - 1",
                "[i] -> [4, i, 2, 0, 0, 0, 0]",
                vec![
                    r("S14", "[i]", "w[]"),
                    r("S14", "[i]", "a[n - 1 - i, n - 1 - i]"),
                    w("S14", "[i]", "x[n - 1 - i]"),
                ],
            ),
        ],
    )
}

#[test]
fn seed002_ludcmp_f1_against_the_papers_8() {
    // The paper's O for ludcmp: 182 variables, 3003 constraints (14 statements).
    // Its F^1 has 8 points; here it has 2, and the suite's ludcmp (PolyBench 4.2,
    // 12 statements, `seed002_every_suite_scop_keeps_its_original_structure`) 1:
    // - each nest is one must-fuse class: `w` is written and read at every
    //   iteration of its outer loop, a cycle;
    // - the nests cannot share a loop: the forward nest's first write of `w`
    //   must wait for the LU nest's last read (an anti dependence across all of
    //   it; only a parametric shift, not a loop, puts one after the other), and
    //   the backward nest reads `y` in reverse (θ >= 0 has no reversal);
    // - loop-less statements share no loop (Def. 7 (ii)): `x[n] = ...` sits
    //   between the forward and backward nests, which it reads from and feeds;
    //   `y[0] = b[0]` must precede the forward nest but is independent of the LU
    //   nest: before it or after it. Hence 2.
    // The paper's 8 comes from a dependence model with fewer constraints: the
    // seed gives neither its code nor its table. With `w` renamed per nest
    // (scalar renaming, which its PoCC could do), the LU and forward nests fuse
    // when `y[0] = b[0]` goes first: 3 (checked below). The rest of the
    // difference cannot be recovered from the seed, which keeps neither the code
    // nor Table 1's numbers (the digest marks the 8 as recalled).
    let s = space("ludcmp (PolyBench 2.0)", &ludcmp_polybench_2());
    assert_eq!((s.o.variables, s.o.constraints), (182, 3003));
    assert_eq!(s.o.points, Some(10_641_342_970_443));
    assert_eq!(
        values(&s),
        ["0,0,0,0,0,0,1,2,2,2,3,4,4,4", "1,1,1,1,1,1,0,2,2,2,3,4,4,4"]
    );
    let renamed = space("ludcmp, w renamed per nest", &ludcmp_renamed());
    assert_eq!(
        values(&renamed),
        [
            "0,0,0,0,0,0,1,2,2,2,3,4,4,4",
            "1,1,1,1,1,1,0,1,1,1,2,3,3,3",
            "1,1,1,1,1,1,0,2,2,2,3,4,4,4"
        ]
    );
}

/// [`ludcmp_polybench_2`] with the forward nest's `w` named `v` and the backward
/// nest's `u`.
fn ludcmp_renamed() -> Scop {
    let mut scop = ludcmp_polybench_2();
    for st in scop.statements.iter_mut() {
        let to = match st.name.as_str() {
            "S8" | "S9" | "S10" => "v[]",
            "S12" | "S13" | "S14" => "u[]",
            _ => continue,
        };
        for a in st.accesses.iter_mut() {
            a.relation = a.relation.replace("w[]", to);
        }
    }
    scop
}

fn with_structure(kind: tessel_poly::SchedulerKind, positions: &[i64]) -> Options {
    Options {
        fusion_structure: positions.to_vec(),
        ..common::seeds::opts(kind, tessel_poly::FuseMode::Smart)
    }
}

#[test]
fn seed002_3mm_structures_are_built_as_given() {
    use tessel_poly::SchedulerKind::{Isl, Pluto};
    let scop = three_mm();
    let s = space("3mm", &scop);
    for structure in &s.structures {
        let positions: Vec<i64> = structure.positions().iter().map(|&p| p as i64).collect();
        for kind in [Pluto, Isl] {
            let opts = with_structure(kind, &positions);
            let out = tessel_poly::optimize(&scop, &opts).unwrap();
            let text = tessel_poly::describe_schedule(&scop, &opts).unwrap();
            let lines = common::seeds::t_lines(&text);
            println!(
                "{} {kind:?}: {:?} {lines:?}",
                structure.option_value(),
                out.notes
            );
            assert!(
                out.notes
                    .iter()
                    .any(|n| matches!(n, Note::FusionStructure { .. })),
                "{:?}",
                out.notes
            );
            // Statements of one group share the outermost dimension's value (a
            // sequence position), those of different groups do not; a single
            // group is a band over all three.
            let first: Vec<&str> = lines
                .iter()
                .map(|l| l.split(": (").nth(1).unwrap().split(',').next().unwrap())
                .collect();
            let groups = structure.groups();
            if groups.len() > 1 {
                for a in 0..3 {
                    for b in 0..3 {
                        let same = structure.positions()[a] == structure.positions()[b];
                        assert_eq!(first[a] == first[b], same, "{lines:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn seed002_3mm_fused_by_the_papers_triple() {
    // Fig. 2(a): all three fused at the outer level, whose loop is R's j, S's i
    // and T's k: the unique compatible triple, found by both presets' ILPs when
    // the group's first member must move every statement.
    use tessel_poly::SchedulerKind::{Isl, Pluto};
    let scop = three_mm();
    for kind in [Pluto, Isl] {
        let opts = with_structure(kind, &[0, 0, 0]);
        let text = tessel_poly::describe_schedule(&scop, &opts).unwrap();
        let outer: Vec<&str> = common::seeds::t_lines(&text)
            .iter()
            .map(|l| l.split(": (").nth(1).unwrap().split(',').next().unwrap())
            .collect();
        assert_eq!(outer, ["j", "i", "k"], "{kind:?}: {text}");
    }
}

#[test]
fn seed002_a_structure_that_breaks_a_dependence_is_refused_with_a_remark() {
    // T before R breaks R -> T: the note says which dependence, and the SCoP is
    // scheduled as without the structure.
    let scop = three_mm();
    let opts = with_structure(tessel_poly::SchedulerKind::Pluto, &[1, 1, 0]);
    let out = tessel_poly::optimize(&scop, &opts).unwrap();
    assert!(
        out.notes.iter().any(|n| matches!(
            n,
            Note::StructureRefused(StructureError::Backward { from, to, .. })
                if from == "R" && to == "T"
        )),
        "{:?}",
        out.notes
    );
    let plain = tessel_poly::optimize(
        &scop,
        &common::seeds::opts(
            tessel_poly::SchedulerKind::Pluto,
            tessel_poly::FuseMode::Smart,
        ),
    )
    .unwrap();
    assert_eq!(out.schedule_tree, plain.schedule_tree);
    // A structure for another SCoP size: refused the same way.
    let opts = with_structure(tessel_poly::SchedulerKind::Pluto, &[0, 1]);
    let out = tessel_poly::optimize(&scop, &opts).unwrap();
    assert!(
        out.notes.iter().any(|n| matches!(
            n,
            Note::StructureRefused(StructureError::WrongLength {
                given: 2,
                statements: 3
            })
        )),
        "{:?}",
        out.notes
    );
}

#[test]
fn seed002_every_structure_of_small_suite_spaces_is_built() {
    // What F^1 promises the scheduler must build: each structure of every suite
    // SCoP whose space has at most 64 points, under the pluto preset, gives the
    // structure's note (not a refusal) and a schedule that verifies (optimize
    // verifies it exactly).
    let mut built = 0;
    let mut refused = Vec::new();
    for (kernel, scops) in common::polybench() {
        for (k, scop) in scops.iter().enumerate() {
            let s = space(&format!("{kernel}#{k}"), scop);
            if s.structures.len() > 64 {
                continue;
            }
            for structure in &s.structures {
                let positions: Vec<i64> = structure.positions().iter().map(|&p| p as i64).collect();
                let opts = with_structure(tessel_poly::SchedulerKind::Pluto, &positions);
                let out = tessel_poly::optimize(scop, &opts).unwrap();
                if out
                    .notes
                    .iter()
                    .any(|n| matches!(n, Note::FusionStructure { .. }))
                {
                    built += 1;
                } else {
                    refused.push(format!(
                        "{kernel}#{k} {}: {:?}",
                        structure.option_value(),
                        out.notes
                    ));
                }
            }
        }
    }
    println!("built {built}");
    assert!(refused.is_empty(), "{refused:#?}");
}
