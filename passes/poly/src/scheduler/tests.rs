//! Unit tests of the scheduler's shared helpers (mod.rs).

use super::*;

#[test]
fn sizes_of_seed001_example_29() {
    // E18: { [x, y] : x >= 0 and x <= y and x + y <= 100 } has S_x = 50 and
    // S_y = 100 (the report prints them swapped, erratum E4).
    let cx = Ctx::new(0).unwrap();
    let set = cx
        .parse(
            "set",
            "{ S[x, y] : x >= 0 and x <= y and x + y <= 100 }",
            isl_rs::Set::read_from_str,
        )
        .unwrap();
    assert_eq!(sizes(&cx, &set, 2).unwrap(), [Some(50), Some(100)]);
    // A parametric extent has no constant size.
    let set = cx
        .parse(
            "set",
            "[N] -> { S[i, j] : 0 <= i < N and 0 <= j < 8 }",
            isl_rs::Set::read_from_str,
        )
        .unwrap();
    assert_eq!(sizes(&cx, &set, 2).unwrap(), [None, Some(7)]);
}
