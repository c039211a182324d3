// The CPU path's thread pool: persistent workers that split a batch into tasks. A job is
// `ntasks` calls of one function, handed out in order through an atomic counter; the
// caller works too and returns when every task is done. The split into tasks never
// depends on the thread count, so results do not either. Workers spin briefly after a
// job (back-to-back calls wake them cheaply), then sleep on a condition variable.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace tailor::cpu {

class ThreadPool {
 public:
  using TaskFn = void (*)(const void* ctx, std::int64_t task);

  /// A pool of `threads` threads in all: the caller and threads - 1 workers (threads >= 1).
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  /// Runs fn(ctx, t) for every t in [0, ntasks) and returns when all have run. When the
  /// pool is already running another caller's job, the tasks run on the calling thread.
  void run(std::int64_t ntasks, TaskFn fn, const void* ctx);

 private:
  void worker_loop();
  void work(TaskFn fn, const void* ctx, std::int64_t ntasks);

  std::vector<std::thread> workers_;
  std::mutex run_mu_;  // one job at a time

  std::mutex mu_;
  std::condition_variable cv_work_, cv_done_;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<std::int64_t> next_{0};
  std::atomic<int> pending_{0};  // workers not yet done with the current job
  TaskFn fn_ = nullptr;
  const void* ctx_ = nullptr;
  std::int64_t ntasks_ = 0;
  bool stop_ = false;
};

}  // namespace tailor::cpu
