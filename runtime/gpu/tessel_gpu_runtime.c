/* Tessel GPU runtime: the `mgpu*` functions that MLIR's gpu-to-llvm lowering
 * calls from host code (the same ABI as MLIR 22's
 * mlir/lib/ExecutionEngine/CudaRuntimeWrappers.cpp), written in plain C, with no
 * CUDA header and no link-time dependency on CUDA.
 *
 * Linked into a kernel executable (harness.c + the lowered host code; add -ldl).
 * Two modes, chosen at the first call, by the environment variable
 * TESSEL_GPU_MODE:
 *   stub  kernels are not executed: each launch is recorded (kernel name, grid,
 *         block, dynamic shared memory); device memory is host memory from
 *         malloc, copies are memcpy. The program runs to completion but its
 *         output hash is meaningless.
 *   cuda  the CUDA driver API, loaded at run time with dlopen("libcuda.so.1"):
 *         PTX modules are JIT-compiled by the driver (cuModuleLoadDataEx, the
 *         JIT error log is printed on failure), kernels run on device 0 in its
 *         primary context. Every failing call prints the call and the CUDA error
 *         name and exits with status 3. Launches are recorded as in stub mode,
 *         and the GPU time of each launch is measured with a pair of events.
 * Unset (or "auto"): cuda when libcuda.so.1 can be loaded and cuInit succeeds,
 * else stub. The mode goes to stderr in one line ("tessel-gpu-runtime: mode ...").
 *
 * At exit a summary goes to stderr, or to the file named by TESSEL_GPU_LOG:
 *     tessel-gpu-runtime: summary mode=stub
 *     kernel NAME launches=N grid=X,Y,Z block=X,Y,Z smem=B gpu_ms=T
 *     total kernels=K launches=L h2d_bytes=A d2h_bytes=B d2d_bytes=C allocs=M gpu_ms=T
 * (one `kernel` line per distinct kernel, in order of first launch; grid, block
 * and smem are those of its first launch; gpu_ms is 0 in stub mode). Copies are
 * classified by looking their pointers up among the live gpu allocations (both
 * modes keep that table), so host<->device direction needs no driver query.
 *
 * Functions defined (signatures as declared by gpu-to-llvm, MLIR 22):
 *   mgpuModuleLoad(void *data, size_t size), mgpuModuleLoadJIT(void *data, int opt),
 *   mgpuModuleUnload, mgpuModuleGetFunction, mgpuLaunchKernel,
 *   mgpuLaunchClusterKernel, mgpuStreamCreate, mgpuStreamDestroy,
 *   mgpuStreamSynchronize, mgpuStreamWaitEvent, mgpuEventCreate,
 *   mgpuEventDestroy, mgpuEventSynchronize, mgpuEventRecord, mgpuMemAlloc,
 *   mgpuMemFree, mgpuMemcpy, mgpuMemset32, mgpuMemset16, mgpuMemHostRegister,
 *   mgpuMemHostRegisterMemRef, mgpuMemHostUnregister,
 *   mgpuMemHostUnregisterMemRef, mgpuSetDefaultDevice.
 * The host code is single-threaded with respect to these calls (as the harness
 * is); they are not thread-safe.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------- */
/* The few CUDA driver API types and constants used (ABI of cuda.h).         */
/* ------------------------------------------------------------------------- */
typedef int CUresult; /* enum cudaError_enum; 0 = CUDA_SUCCESS */
enum { CUDA_ERROR_DEINITIALIZED = 4 };
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
typedef int CUjit_option; /* enum CUjit_option_enum */

enum {
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_OPTIMIZATION_LEVEL = 7,
};
enum { CU_STREAM_NON_BLOCKING = 1 };
enum { CU_EVENT_DEFAULT = 0, CU_EVENT_DISABLE_TIMING = 2 };
enum { CU_MEM_ATTACH_GLOBAL = 1 };

static struct {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)(void);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, CUjit_option *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **, void **);
  CUresult (*cuMemAlloc_v2)(CUdeviceptr *, size_t);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree_v2)(CUdeviceptr);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*cuMemHostRegister_v2)(void *, size_t, unsigned);
  CUresult (*cuMemHostUnregister)(void *);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy_v2)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy_v2)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
} cu;

/* ------------------------------------------------------------------------- */
/* State                                                                      */
/* ------------------------------------------------------------------------- */
enum { MODE_UNSET = 0, MODE_STUB, MODE_CUDA };
static int g_mode = MODE_UNSET;
static CUcontext g_ctx;
static int g_device_ordinal;
static __thread int t_ctx_current;

typedef struct {
  char *name;
  int module; /* load ordinal of its module: outlined kernels of different
                 gpu.modules may share a function name */
  uint64_t launches;
  long long grid[3], block[3];
  int smem;
  double gpu_ms;
} KernelStat;

typedef struct { /* a handle given out by mgpuModuleGetFunction */
  CUfunction fn; /* NULL in stub mode */
  int stat;      /* index into g_kernels */
} FuncHandle;

typedef struct {
  uintptr_t base;
  size_t size;
} Alloc;

typedef struct {
  CUevent start, stop;
  int stat;
} PendingTiming;

static KernelStat *g_kernels;
static int g_nkernels, g_capkernels;
static Alloc *g_allocs;
static int g_nallocs, g_capallocs;
static PendingTiming *g_pending;
static int g_npending, g_cappending;
static uint64_t g_launches, g_h2d, g_d2h, g_d2d, g_h2h, g_nalloc_calls;
static double g_gpu_ms;

static void summary(void);

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n);
  if (!q) {
    fprintf(stderr, "tessel-gpu-runtime: out of memory\n");
    exit(3);
  }
  return q;
}

#define GROW(arr, n, cap)                                                      \
  do {                                                                         \
    if ((n) == (cap)) {                                                        \
      (cap) = (cap) ? 2 * (cap) : 16;                                          \
      (arr) = xrealloc((arr), (size_t)(cap) * sizeof(*(arr)));                 \
    }                                                                          \
  } while (0)

/* ------------------------------------------------------------------------- */
/* Error handling and initialization                                          */
/* ------------------------------------------------------------------------- */
static const char *cu_error_name(CUresult r) {
  const char *name = NULL;
  if (cu.cuGetErrorName)
    cu.cuGetErrorName(r, &name);
  return name ? name : "<unknown CUDA error>";
}

static void cu_check(CUresult r, const char *call) {
  if (r == 0)
    return;
  const char *desc = NULL;
  if (cu.cuGetErrorString)
    cu.cuGetErrorString(r, &desc);
  fprintf(stderr, "tessel-gpu-runtime: %s failed: %s (%d)%s%s\n", call,
          cu_error_name(r), r, desc ? ": " : "", desc ? desc : "");
  exit(3);
}
#define CU(call) cu_check(cu.call, #call)

/* Loads libcuda.so.1 and its symbols; returns a reason string on failure. */
static const char *load_driver(void) {
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return "libcuda.so.1 cannot be loaded";
#define SYM(name)                                                              \
  do {                                                                         \
    *(void **)&cu.name = dlsym(h, #name);                                      \
    if (!cu.name)                                                              \
      return "libcuda.so.1 lacks " #name;                                      \
  } while (0)
  SYM(cuInit);
  SYM(cuDeviceGet);
  SYM(cuDeviceGetName);
  SYM(cuDevicePrimaryCtxRetain);
  SYM(cuCtxSetCurrent);
  SYM(cuCtxSynchronize);
  SYM(cuModuleLoadDataEx);
  SYM(cuModuleUnload);
  SYM(cuModuleGetFunction);
  SYM(cuLaunchKernel);
  SYM(cuMemAlloc_v2);
  SYM(cuMemAllocManaged);
  SYM(cuMemFree_v2);
  SYM(cuMemcpyAsync);
  SYM(cuMemsetD32Async);
  SYM(cuMemsetD16Async);
  SYM(cuMemHostRegister_v2);
  SYM(cuMemHostUnregister);
  SYM(cuStreamCreate);
  SYM(cuStreamDestroy_v2);
  SYM(cuStreamSynchronize);
  SYM(cuStreamWaitEvent);
  SYM(cuEventCreate);
  SYM(cuEventDestroy_v2);
  SYM(cuEventRecord);
  SYM(cuEventSynchronize);
  SYM(cuEventElapsedTime);
  SYM(cuGetErrorName);
  SYM(cuGetErrorString);
#undef SYM
  return NULL;
}

static void init(void) {
  if (g_mode != MODE_UNSET)
    return;
  const char *env = getenv("TESSEL_GPU_MODE");
  int want = MODE_UNSET; /* auto */
  if (env && *env && strcmp(env, "auto") != 0) {
    if (strcmp(env, "stub") == 0)
      want = MODE_STUB;
    else if (strcmp(env, "cuda") == 0)
      want = MODE_CUDA;
    else {
      fprintf(stderr, "tessel-gpu-runtime: TESSEL_GPU_MODE=%s: expected stub, cuda or auto\n",
              env);
      exit(3);
    }
  }
  const char *why_not = NULL;
  if (want != MODE_STUB) {
    why_not = load_driver();
    if (!why_not) {
      CUresult r = cu.cuInit(0);
      if (r != 0 && want == MODE_UNSET)
        why_not = cu_error_name(r);
      else
        cu_check(r, "cuInit(0)");
    }
    if (why_not && want == MODE_CUDA) {
      fprintf(stderr, "tessel-gpu-runtime: TESSEL_GPU_MODE=cuda but %s\n", why_not);
      exit(3);
    }
  }
  if (want == MODE_STUB || why_not) {
    g_mode = MODE_STUB;
    fprintf(stderr, "tessel-gpu-runtime: mode stub (%s): kernels are recorded, not run\n",
            want == MODE_STUB ? "TESSEL_GPU_MODE=stub" : why_not);
  } else {
    g_mode = MODE_CUDA;
    CUdevice dev;
    char name[256] = "?";
    CU(cuDeviceGet(&dev, g_device_ordinal));
    CU(cuDeviceGetName(name, (int)sizeof name, dev));
    CU(cuDevicePrimaryCtxRetain(&g_ctx, dev));
    CU(cuCtxSetCurrent(g_ctx));
    t_ctx_current = 1;
    fprintf(stderr, "tessel-gpu-runtime: mode cuda (device %d: %s)\n", g_device_ordinal,
            name);
  }
  atexit(summary);
}

/* Initializes on first use; in CUDA mode makes the primary context current in
 * this thread. Returns nonzero in CUDA mode. */
static int cuda(void) {
  if (g_mode == MODE_UNSET)
    init();
  if (g_mode != MODE_CUDA)
    return 0;
  if (!t_ctx_current) {
    CU(cuCtxSetCurrent(g_ctx));
    t_ctx_current = 1;
  }
  return 1;
}

/* ------------------------------------------------------------------------- */
/* Bookkeeping                                                                */
/* ------------------------------------------------------------------------- */
static int find_alloc(const void *p) {
  uintptr_t a = (uintptr_t)p;
  for (int i = g_nallocs - 1; i >= 0; i--)
    if (a >= g_allocs[i].base && a < g_allocs[i].base + (g_allocs[i].size ? g_allocs[i].size : 1))
      return i;
  return -1;
}

static void add_alloc(void *p, size_t size) {
  GROW(g_allocs, g_nallocs, g_capallocs);
  g_allocs[g_nallocs].base = (uintptr_t)p;
  g_allocs[g_nallocs].size = size;
  g_nallocs++;
  g_nalloc_calls++;
}

static void remove_alloc(void *p) {
  int i = find_alloc(p);
  if (i < 0)
    return;
  g_allocs[i] = g_allocs[--g_nallocs];
}

static int kernel_stat(const char *name, int module) {
  if (!name)
    name = "?";
  for (int i = 0; i < g_nkernels; i++)
    if (g_kernels[i].module == module && strcmp(g_kernels[i].name, name) == 0)
      return i;
  GROW(g_kernels, g_nkernels, g_capkernels);
  KernelStat *k = &g_kernels[g_nkernels];
  memset(k, 0, sizeof *k);
  k->name = strdup(name);
  k->module = module;
  return g_nkernels++;
}

/* Adds the elapsed time of every recorded launch (CUDA mode). */
static void flush_timings(void) {
  for (int i = 0; i < g_npending; i++) {
    PendingTiming *p = &g_pending[i];
    float ms = 0;
    CU(cuEventSynchronize(p->stop));
    CU(cuEventElapsedTime(&ms, p->start, p->stop));
    g_kernels[p->stat].gpu_ms += ms;
    g_gpu_ms += ms;
    CU(cuEventDestroy_v2(p->start));
    CU(cuEventDestroy_v2(p->stop));
  }
  g_npending = 0;
}

static void summary(void) {
  if (g_mode == MODE_CUDA) {
    flush_timings();
    CU(cuCtxSynchronize());
  }
  FILE *out = stderr;
  const char *log = getenv("TESSEL_GPU_LOG");
  if (log && *log) {
    out = fopen(log, "w");
    if (!out) {
      perror(log);
      out = stderr;
    }
  }
  fprintf(out, "tessel-gpu-runtime: summary mode=%s\n", g_mode == MODE_CUDA ? "cuda" : "stub");
  for (int i = 0; i < g_nkernels; i++) {
    KernelStat *k = &g_kernels[i];
    if (!k->launches)
      continue;
    int shared = 0; /* the name recurs in another module: add #<module> */
    for (int j = 0; j < g_nkernels; j++)
      shared |= j != i && g_kernels[j].launches && strcmp(g_kernels[j].name, k->name) == 0;
    char label[512];
    if (shared)
      snprintf(label, sizeof label, "%s#%d", k->name, k->module);
    else
      snprintf(label, sizeof label, "%s", k->name);
    fprintf(out, "kernel %s launches=%llu grid=%lld,%lld,%lld block=%lld,%lld,%lld smem=%d gpu_ms=%.6f\n",
            label, (unsigned long long)k->launches, k->grid[0], k->grid[1], k->grid[2],
            k->block[0], k->block[1], k->block[2], k->smem, k->gpu_ms);
  }
  int nk = 0;
  for (int i = 0; i < g_nkernels; i++)
    nk += g_kernels[i].launches > 0;
  fprintf(out, "total kernels=%d launches=%llu h2d_bytes=%llu d2h_bytes=%llu d2d_bytes=%llu "
          "allocs=%llu gpu_ms=%.6f\n",
          nk, (unsigned long long)g_launches, (unsigned long long)g_h2d,
          (unsigned long long)g_d2h, (unsigned long long)g_d2d,
          (unsigned long long)g_nalloc_calls, g_gpu_ms);
  if (out != stderr)
    fclose(out);
}

/* ------------------------------------------------------------------------- */
/* Modules and kernels                                                        */
/* ------------------------------------------------------------------------- */
typedef struct {
  CUmodule mod; /* NULL in stub mode */
  int ordinal;  /* in load order */
} ModuleHandle;
static int g_nmodules;

void *mgpuModuleLoadJIT(void *data, int optLevel) {
  ModuleHandle *m = calloc(1, sizeof *m);
  if (!m)
    exit(3);
  m->ordinal = g_nmodules++;
  if (cuda()) {
    static char errlog[16384], infolog[4096];
    errlog[0] = infolog[0] = 0;
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                           CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                           CU_JIT_OPTIMIZATION_LEVEL};
    void *vals[] = {errlog, (void *)(uintptr_t)sizeof errlog, infolog,
                    (void *)(uintptr_t)sizeof infolog,
                    (void *)(uintptr_t)(optLevel < 0 ? 0 : optLevel > 4 ? 4 : optLevel)};
    CUresult r = cu.cuModuleLoadDataEx(&m->mod, data, 5, opts, vals);
    if (r != 0) {
      fprintf(stderr, "tessel-gpu-runtime: PTX JIT log:\n%s\n%s\n", errlog, infolog);
      cu_check(r, "cuModuleLoadDataEx(PTX)");
    }
  }
  return m;
}

/* A cubin/fatbin (gpu-module-to-binary format=bin|fatbin): the driver takes it
 * as is. */
void *mgpuModuleLoad(void *data, size_t size) {
  (void)size;
  return mgpuModuleLoadJIT(data, 4);
}

void mgpuModuleUnload(void *module) {
  ModuleHandle *m = module;
  if (!m)
    return;
  if (g_mode == MODE_CUDA && m->mod) {
    /* Runs from a global destructor, at exit, after the summary; the driver may
     * have torn itself down by then (CUDA_ERROR_DEINITIALIZED, 4): nothing to
     * unload. */
    CUresult r = cu.cuModuleUnload(m->mod);
    if (r != 0 && r != CUDA_ERROR_DEINITIALIZED)
      cu_check(r, "cuModuleUnload");
  }
  free(m);
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  ModuleHandle *m = module;
  FuncHandle *f = calloc(1, sizeof *f);
  if (!f)
    exit(3);
  f->stat = kernel_stat(name, m ? m->ordinal : -1);
  if (cuda()) {
    if (!m || !m->mod) {
      fprintf(stderr, "tessel-gpu-runtime: kernel %s: module not loaded\n", name);
      exit(3);
    }
    CUresult r = cu.cuModuleGetFunction(&f->fn, m->mod, name);
    if (r) {
      fprintf(stderr, "tessel-gpu-runtime: kernel %s:\n", name);
      cu_check(r, "cuModuleGetFunction");
    }
  }
  return f;
}

static void launch(FuncHandle *f, intptr_t gx, intptr_t gy, intptr_t gz, intptr_t bx,
                   intptr_t by, intptr_t bz, int32_t smem, void *stream, void **params,
                   void **extra) {
  int is_cuda = cuda();
  KernelStat *k = &g_kernels[f->stat];
  if (k->launches++ == 0) {
    k->grid[0] = gx, k->grid[1] = gy, k->grid[2] = gz;
    k->block[0] = bx, k->block[1] = by, k->block[2] = bz;
    k->smem = smem;
  }
  g_launches++;
  if (gx <= 0 || gy <= 0 || gz <= 0 || bx <= 0 || by <= 0 || bz <= 0) {
    /* An empty grid (a size parameter of 0): CUDA rejects it; nothing to run. */
    return;
  }
  if (!is_cuda)
    return;
  PendingTiming t;
  t.stat = f->stat;
  CU(cuEventCreate(&t.start, CU_EVENT_DEFAULT));
  CU(cuEventCreate(&t.stop, CU_EVENT_DEFAULT));
  CU(cuEventRecord(t.start, (CUstream)stream));
  CUresult r = cu.cuLaunchKernel(f->fn, (unsigned)gx, (unsigned)gy, (unsigned)gz,
                                 (unsigned)bx, (unsigned)by, (unsigned)bz, (unsigned)smem,
                                 (CUstream)stream, params, extra);
  if (r) {
    fprintf(stderr, "tessel-gpu-runtime: launch of %s grid (%ld,%ld,%ld) block (%ld,%ld,%ld) smem %d:\n",
            k->name, (long)gx, (long)gy, (long)gz, (long)bx, (long)by, (long)bz, smem);
    cu_check(r, "cuLaunchKernel");
  }
  CU(cuEventRecord(t.stop, (CUstream)stream));
  GROW(g_pending, g_npending, g_cappending);
  g_pending[g_npending++] = t;
  if (g_npending >= 4096)
    flush_timings();
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                      intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem,
                      void *stream, void **params, void **extra, size_t paramsCount) {
  (void)paramsCount;
  launch(function, gridX, gridY, gridZ, blockX, blockY, blockZ, smem, stream, params, extra);
}

/* Cluster launches are not generated by Tessel; the cluster shape is ignored
 * (a kernel that needs it fails in the driver). */
void mgpuLaunchClusterKernel(void *function, intptr_t clusterX, intptr_t clusterY,
                             intptr_t clusterZ, intptr_t gridX, intptr_t gridY,
                             intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                             intptr_t blockZ, int32_t smem, void *stream, void **params,
                             void **extra, size_t paramsCount) {
  (void)clusterX, (void)clusterY, (void)clusterZ, (void)paramsCount;
  launch(function, gridX, gridY, gridZ, blockX, blockY, blockZ, smem, stream, params, extra);
}

/* ------------------------------------------------------------------------- */
/* Streams and events                                                         */
/* ------------------------------------------------------------------------- */
static char g_stub_stream, g_stub_event;

void *mgpuStreamCreate(void) {
  if (!cuda())
    return &g_stub_stream;
  CUstream s = NULL;
  CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  return s;
}

void mgpuStreamDestroy(void *stream) {
  if (g_mode == MODE_CUDA) {
    flush_timings();
    CU(cuStreamDestroy_v2((CUstream)stream));
  }
}

void mgpuStreamSynchronize(void *stream) {
  if (!cuda())
    return;
  CU(cuStreamSynchronize((CUstream)stream));
  flush_timings();
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  if (!cuda())
    return;
  CU(cuStreamWaitEvent((CUstream)stream, (CUevent)event, 0));
}

void *mgpuEventCreate(void) {
  if (!cuda())
    return &g_stub_event;
  CUevent e = NULL;
  CU(cuEventCreate(&e, CU_EVENT_DISABLE_TIMING));
  return e;
}

void mgpuEventDestroy(void *event) {
  if (g_mode == MODE_CUDA)
    CU(cuEventDestroy_v2((CUevent)event));
}

void mgpuEventSynchronize(void *event) {
  if (!cuda())
    return;
  CU(cuEventSynchronize((CUevent)event));
}

void mgpuEventRecord(void *event, void *stream) {
  if (!cuda())
    return;
  CU(cuEventRecord((CUevent)event, (CUstream)stream));
}

/* ------------------------------------------------------------------------- */
/* Memory                                                                     */
/* ------------------------------------------------------------------------- */
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, _Bool isHostShared) {
  (void)stream;
  void *p;
  if (cuda()) {
    if (sizeBytes == 0)
      return NULL; /* cuMemAlloc rejects 0 bytes */
    CUdeviceptr d = 0;
    if (isHostShared)
      CU(cuMemAllocManaged(&d, sizeBytes, CU_MEM_ATTACH_GLOBAL));
    else
      CU(cuMemAlloc_v2(&d, sizeBytes));
    p = (void *)(uintptr_t)d;
  } else {
    p = malloc(sizeBytes ? sizeBytes : 1);
    if (!p) {
      fprintf(stderr, "tessel-gpu-runtime: stub gpu.alloc of %llu bytes failed\n",
              (unsigned long long)sizeBytes);
      exit(3);
    }
  }
  add_alloc(p, sizeBytes);
  return p;
}

void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr)
    return;
  remove_alloc(ptr);
  if (cuda()) {
    /* cuMemFree is not stream-ordered: let the stream's work finish first. */
    if (stream)
      CU(cuStreamSynchronize((CUstream)stream));
    CU(cuMemFree_v2((CUdeviceptr)(uintptr_t)ptr));
  } else {
    free(ptr);
  }
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (sizeBytes == 0)
    return;
  int dst_dev = find_alloc(dst) >= 0, src_dev = find_alloc(src) >= 0;
  if (dst_dev && src_dev)
    g_d2d += sizeBytes;
  else if (dst_dev)
    g_h2d += sizeBytes;
  else if (src_dev)
    g_d2h += sizeBytes;
  else
    g_h2h += sizeBytes;
  if (cuda())
    CU(cuMemcpyAsync((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src, sizeBytes,
                     (CUstream)stream));
  else
    memmove(dst, src, sizeBytes);
}

void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream) {
  if (cuda()) {
    CU(cuMemsetD32Async((CUdeviceptr)(uintptr_t)dst, value, count, (CUstream)stream));
    return;
  }
  uint32_t *p = dst;
  for (size_t i = 0; i < count; i++)
    p[i] = value;
}

void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  if (cuda()) {
    CU(cuMemsetD16Async((CUdeviceptr)(uintptr_t)dst, value, count, (CUstream)stream));
    return;
  }
  uint16_t *p = dst;
  for (size_t i = 0; i < count; i++)
    p[i] = value;
}

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (cuda())
    CU(cuMemHostRegister_v2(ptr, sizeBytes, 0));
}

/* `descriptor` points to a ranked memref descriptor {allocated, aligned,
 * offset, sizes[rank], strides[rank]}; only dense row-major memrefs. */
typedef struct {
  char *allocated, *aligned;
  int64_t offset;
  int64_t sizes_and_strides[];
} MemRefDescriptor;

void mgpuMemHostRegisterMemRef(int64_t rank, MemRefDescriptor *d, int64_t elementSizeBytes) {
  int64_t n = elementSizeBytes;
  for (int64_t i = 0; i < rank; i++)
    n *= d->sizes_and_strides[i];
  mgpuMemHostRegister(d->aligned + d->offset * elementSizeBytes, (uint64_t)n);
}

void mgpuMemHostUnregister(void *ptr) {
  if (cuda())
    CU(cuMemHostUnregister(ptr));
}

void mgpuMemHostUnregisterMemRef(int64_t rank, MemRefDescriptor *d, int64_t elementSizeBytes) {
  (void)rank;
  mgpuMemHostUnregister(d->aligned + d->offset * elementSizeBytes);
}

void mgpuSetDefaultDevice(int32_t device) { g_device_ordinal = device; }
