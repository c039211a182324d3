// Thread pool: a job generation counter the workers watch (spinning, then sleeping), an
// atomic task counter they draw from, and a count of workers still busy that the caller
// waits on.
#include "runtime/cpu/thread_pool.hpp"

#include <chrono>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TAILOR_PAUSE() _mm_pause()
#else
#define TAILOR_PAUSE() std::this_thread::yield()
#endif

namespace tailor::cpu {
namespace {
// How long a worker spins for the next job before it sleeps.
constexpr auto kSpin = std::chrono::microseconds(100);
}  // namespace

ThreadPool::ThreadPool(int threads) {
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
    generation_.fetch_add(1, std::memory_order_release);
  }
  cv_work_.notify_all();
  for (auto& t : workers_) t.join();
}

void ThreadPool::work(TaskFn fn, const void* ctx, std::int64_t ntasks) {
  for (std::int64_t t = next_.fetch_add(1, std::memory_order_relaxed); t < ntasks;
       t = next_.fetch_add(1, std::memory_order_relaxed))
    fn(ctx, t);
}

void ThreadPool::worker_loop() {
  std::uint64_t seen = 0;
  for (;;) {
    // Spin for a new generation, then sleep until one is posted.
    const auto until = std::chrono::steady_clock::now() + kSpin;
    while (generation_.load(std::memory_order_acquire) == seen && std::chrono::steady_clock::now() < until)
      for (int i = 0; i < 64; ++i) TAILOR_PAUSE();
    TaskFn fn;
    const void* ctx;
    std::int64_t ntasks;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_work_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != seen; });
      seen = generation_.load(std::memory_order_acquire);
      if (stop_) return;
      fn = fn_, ctx = ctx_, ntasks = ntasks_;
    }
    work(fn, ctx, ntasks);
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(mu_);
      cv_done_.notify_one();
    }
  }
}

void ThreadPool::run(std::int64_t ntasks, TaskFn fn, const void* ctx) {
  std::unique_lock<std::mutex> busy(run_mu_, std::try_to_lock);
  if (!busy.owns_lock() || workers_.empty() || ntasks <= 1) {
    for (std::int64_t t = 0; t < ntasks; ++t) fn(ctx, t);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    fn_ = fn, ctx_ = ctx, ntasks_ = ntasks;
    next_.store(0, std::memory_order_relaxed);
    pending_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
  }
  cv_work_.notify_all();
  work(fn, ctx, ntasks);
  // Wait for the workers: spin first (they finish their last task about now), then sleep.
  const auto until = std::chrono::steady_clock::now() + kSpin;
  while (pending_.load(std::memory_order_acquire) != 0 && std::chrono::steady_clock::now() < until) TAILOR_PAUSE();
  if (pending_.load(std::memory_order_acquire) != 0) {
    std::unique_lock<std::mutex> lock(mu_);
    cv_done_.wait(lock, [&] { return pending_.load(std::memory_order_acquire) == 0; });
  }
}

}  // namespace tailor::cpu
