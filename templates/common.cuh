// Tailor template fragment: what every generated kernel shares. Vector loads and stores
// of 1, 2 or 4 elements (16 bytes at most), and the epilogue that applies alpha and beta.
// A generated kernel is this fragment, one family fragment, and a `Spec` struct of
// compile-time constants written by the generator for exactly one problem.
#ifndef TAILOR_COMMON_CUH
#define TAILOR_COMMON_CUH

namespace tailor {

typedef long long i64;

// Scalar kinds baked into a kernel (values match tailor::ScalarKind).
enum { kZero = 0, kOne = 1, kGeneral = 2 };

template <class T, int V>
struct alignas(sizeof(T) * V) Vec {
  T v[V];
};

// Loads V consecutive elements from p, which must be aligned to V * sizeof(T).
// Streaming data is read once: ld.global.nc (read-only path) with the default policy.
template <class T, int V>
__device__ __forceinline__ Vec<T, V> load_vec(const T* __restrict__ p) {
  return *reinterpret_cast<const Vec<T, V>*>(p);
}

// Output element: C = alpha * acc + beta * C, reading C only when beta != 0.
template <int ALPHA, int BETA, class T>
__device__ __forceinline__ void store_out(T* __restrict__ c, T acc, T alpha, T beta) {
  T r = ALPHA == kOne ? acc : alpha * acc;
  if (BETA == kOne) r += *c;
  if (BETA == kGeneral) r = fma(beta, *c, r);
  *c = r;
}

// Two consecutive output elements as one vector store; c aligned to 2 * sizeof(T).
template <int ALPHA, int BETA, class T>
__device__ __forceinline__ void store_out2(T* __restrict__ c, T acc0, T acc1, T alpha, T beta) {
  Vec<T, 2> r;
  r.v[0] = ALPHA == kOne ? acc0 : alpha * acc0;
  r.v[1] = ALPHA == kOne ? acc1 : alpha * acc1;
  if (BETA != kZero) {
    const Vec<T, 2> old = *reinterpret_cast<const Vec<T, 2>*>(c);
    if (BETA == kOne) r.v[0] += old.v[0], r.v[1] += old.v[1];
    else r.v[0] = fma(beta, old.v[0], r.v[0]), r.v[1] = fma(beta, old.v[1], r.v[1]);
  }
  *reinterpret_cast<Vec<T, 2>*>(c) = r;
}

template <class T>
__device__ __forceinline__ T tmin(T a, T b) { return a < b ? a : b; }

}  // namespace tailor

#endif  // TAILOR_COMMON_CUH
