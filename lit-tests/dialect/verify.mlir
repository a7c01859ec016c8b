// The verifiers reject argument shapes that no schedule can accept, with a message
// that says which argument and why (dialect/README.md). What depends on the
// schedule (does loop ρ exist, is the dependence kept) is Rust's, at apply time.
//
// RUN: %mlir-opt --load-dialect-plugin=%tessel --split-input-file --verify-diagnostics %s

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.stripmine' op size -4 must be >= 1}}
    transform.tessel.stripmine %s [0], -4 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.stripmine' op needs a loop: its β-prefix must not be empty (the root)}}
    transform.tessel.stripmine %s [], 32 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.distribute' op β-prefix entry 1 is -2; positions are >= 0}}
    transform.tessel.distribute %s [1, -2], 1 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.distribute' op n is 0; the first loop keeps n >= 1 children}}
    transform.tessel.distribute %s [1], 0 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.reorder' op order (0, 2, 2) is not a permutation of 0 .. 2}}
    transform.tessel.reorder %s [], [0, 2, 2] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.reorder' op order must not be empty}}
    transform.tessel.reorder %s [], [] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.interchange' op depth 2 is out of range: it must satisfy 1 <= depth < 2 (the β-prefix's length)}}
    transform.tessel.interchange %s [0, 0], 2 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.shift' op depth 2 is out of range: it must satisfy 1 <= depth <= 1 (the β-prefix's length)}}
    transform.tessel.shift %s [0], 2, 1 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.shift' op amount must not be empty}}
    transform.tessel.shift %s [0], 1, "  " : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.skew' op depth 2 is the skewed loop's own; skew by another loop}}
    transform.tessel.skew %s [0, 0], 2, 1 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.skew' op factor must not be 0}}
    transform.tessel.skew %s [0, 0], 1, 0 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.reshape' op input dimension 0 is out of range: it must be >= 1}}
    transform.tessel.reshape %s [0], 0, 1 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.grain' op grain 0 must be >= 1}}
    transform.tessel.grain %s [0, 0], 1, 0 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.densify' op depth 3 is out of range: it must satisfy 1 <= depth <= 2 (the β-prefix's length)}}
    transform.tessel.densify %s [0, 0], 3 : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.indexsetsplit' op constraint must not be empty}}
    transform.tessel.indexsetsplit %s [0], "" : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.reverse' op needs a loop: its β-prefix must not be empty (the root)}}
    transform.tessel.reverse %s [] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.tile' op tile size 1 is 0; sizes must be >= 1}}
    transform.tessel.tile %s [0], [32, 0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.tile' op needs at least one tile size}}
    transform.tessel.tile %s [0], [] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%f: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.scop' op index -1 is negative; SCoPs are counted from 0}}
    %s = transform.tessel.scop %f index -1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.any_order' op parts must grow by 0 or 1 from child to child}}
    transform.tessel.any_order %s [0], [0, 2] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.any_order' op needs two parts or more}}
    transform.tessel.any_order %s [], [0, 0] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.embed' op needs a statement: its β-vector must not be empty (the root)}}
    transform.tessel.embed %s [] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%s: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.tessel.unembed' op needs a statement in a loop: its β-vector has 1 entries, not 2 or more}}
    transform.tessel.unembed %s [3] : !transform.any_op
    transform.yield
  }
}
