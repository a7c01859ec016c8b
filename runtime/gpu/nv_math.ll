target triple = "nvptx64-nvidia-cuda"
define double @__nv_sqrt(double %x) {
  %r = call double @llvm.sqrt.f64(double %x)
  ret double %r
}
declare double @llvm.sqrt.f64(double)
