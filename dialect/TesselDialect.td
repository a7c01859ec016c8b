//===- TesselDialect.td - the Tessel dialect ---------------------*- tablegen -*-===//
//
// The `tessel` dialect (issue 11). It has no ops, types or attributes of its own yet;
// it exists so that `mlir-opt --load-dialect-plugin=libtessel.so` registers a
// dialect named `tessel`, next to the `transform.tessel.*` ops of
// TesselTransformOps.td (which belong to the Transform dialect, as every
// Transform-dialect extension's ops do).
//
// Built by passes/plugin/core/build.rs with mlir-tblgen-22 (-gen-dialect-decls/-defs).
//
//===----------------------------------------------------------------------------===//

#ifndef TESSEL_DIALECT_TD
#define TESSEL_DIALECT_TD

include "mlir/IR/DialectBase.td"

def Tessel_Dialect : Dialect {
  let name = "tessel";
  let cppNamespace = "::mlir::tessel";
  let summary = "Tessel, a polyhedral loop optimizer";
  let description = [{
    The dialect of the Tessel plugin. Its Clay transformations (seed 003) are
    Transform-dialect ops, `transform.tessel.*`, registered by the same plugin as a
    Transform-dialect extension; see dialect/README.md.
  }];
}

#endif // TESSEL_DIALECT_TD
