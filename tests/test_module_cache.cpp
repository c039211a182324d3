// Module cache: keys, the disk format's checksum, atomic writes, and the corrupt-file case.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "generator/generator.hpp"
#include "runtime/module_cache.hpp"
#include "tailor/tailor.hpp"

using namespace tailor;
namespace fs = std::filesystem;

namespace {

KernelSource small_kernel() {
  const GemmProblem p = GemmProblem::make(100, 2, 3, 2, DType::f32).normalized();
  return gen::generate(p, gen::heuristic(p, DeviceInfo::sm90_model()));
}

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("tailor-cache-test-" + std::to_string(::getpid()) + "-" + std::to_string(rand()));
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("module cache key depends on source and architecture only") {
  const KernelSource a = small_kernel();
  KernelSource b = a;
  b.text += "\n// one more line\n";
  CHECK(detail::ModuleCache::key(a, "sm_90") == detail::ModuleCache::key(a, "sm_90"));
  CHECK(detail::ModuleCache::key(a, "sm_90") != detail::ModuleCache::key(b, "sm_90"));
  CHECK(detail::ModuleCache::key(a, "sm_90") != detail::ModuleCache::key(a, "sm_80"));
  CHECK(detail::ModuleCache::key(a, "sm_90").size() == 32);
}

TEST_CASE("module cache entry encoding detects truncation, corruption and a foreign key") {
  detail::CompiledKernel k;
  k.name = "tailor_x";
  k.arch = "sm_90";
  k.cubin = std::string(1000, '\x7f');
  k.log = "log";
  k.registers = 32;
  const std::string bytes = detail::ModuleCache::encode("abc", k);
  std::string why;
  auto back = detail::ModuleCache::decode(bytes, "abc", &why);
  REQUIRE(back);
  CHECK(back->cubin == k.cubin);
  CHECK(back->registers == 32);
  CHECK_FALSE(detail::ModuleCache::decode(bytes.substr(0, bytes.size() - 1), "abc", &why));
  CHECK(why.find("truncated") != std::string::npos);
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 1;
  CHECK_FALSE(detail::ModuleCache::decode(flipped, "abc", &why));
  CHECK(why.find("checksum") != std::string::npos);
  CHECK_FALSE(detail::ModuleCache::decode(bytes, "abd", &why));
  CHECK_FALSE(detail::ModuleCache::decode("garbage", "abc", &why));
  CHECK_FALSE(detail::ModuleCache::decode("", "abc", &why));
}

TEST_CASE("module cache: compiled, then memory, then disk in a new process, and a corrupt file is recompiled") {
  TempDir dir;
  const KernelSource src = small_kernel();
  const std::string key = detail::ModuleCache::key(src, "sm_90");
  detail::ModuleCache::From from;
  std::string cubin;
  {
    detail::ModuleCache cache(dir.path.string());
    auto k = cache.get(src, "sm_90", &from);
    CHECK(from == detail::ModuleCache::From::compiled);
    cubin = k->cubin;
    cache.get(src, "sm_90", &from);
    CHECK(from == detail::ModuleCache::From::memory);
    CHECK(fs::exists(cache.path_for(key)));
  }
  // No temporary files are left behind.
  int files = 0;
  for (auto& e : fs::recursive_directory_iterator(dir.path)) files += e.is_regular_file();
  CHECK(files == 1);
  {
    detail::ModuleCache cache(dir.path.string());
    auto k = cache.get(src, "sm_90", &from);
    CHECK(from == detail::ModuleCache::From::disk);
    CHECK(k->cubin == cubin);
  }
  const fs::path file = detail::ModuleCache(dir.path.string()).path_for(key);
  for (int mode = 0; mode < 3; ++mode) {
    CAPTURE(mode);
    std::string bytes = slurp(file);
    if (mode == 0) bytes.resize(bytes.size() / 2);          // truncated
    if (mode == 1) bytes[bytes.size() - 10] ^= 0x55;        // flipped bits
    if (mode == 2) bytes = "not a cubin at all";            // garbage
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    detail::ModuleCache cache(dir.path.string());
    auto k = cache.get(src, "sm_90", &from);
    CHECK(from == detail::ModuleCache::From::compiled);
    CHECK(k->cubin == cubin);
    std::string why;
    CHECK(detail::ModuleCache::decode(slurp(file), key, &why));  // rewritten, valid again
  }
}

TEST_CASE("module cache without a directory keeps kernels in memory only") {
  detail::ModuleCache cache("");
  CHECK(cache.path_for("abc").empty());
  detail::ModuleCache::From from;
  cache.get(small_kernel(), "sm_90", &from);
  CHECK(from == detail::ModuleCache::From::compiled);
}

TEST_CASE("module cache: an entry without a resource report is completed by the fallback and written back") {
  // What a process whose NVRTC log came back empty would have cached: a real cubin, no report.
  TempDir dir;
  const KernelSource src = small_kernel();
  const std::string key = detail::ModuleCache::key(src, "sm_90");
  detail::CompiledKernel k;
  {
    detail::ModuleCache cache(dir.path.string());
    k = *cache.get(src, "sm_90");
  }
  REQUIRE(k.registers > 0);  // this process's log parses: the report the fallback stands in for
  const int parsed = k.registers;
  k.log.clear(), k.registers = -1, k.spill_stores = k.spill_loads = k.stack_bytes = 0;
  const fs::path file = detail::ModuleCache(dir.path.string()).path_for(key);
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    const std::string bytes = detail::ModuleCache::encode(key, k);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  int calls = 0;
  {
    detail::ModuleCache cache(dir.path.string());
    cache.set_report_fallback([&](detail::CompiledKernel& x) {
      ++calls;
      CHECK(x.name == src.name);
      CHECK(!x.cubin.empty());
      x.registers = parsed + 1, x.stack_bytes = x.spill_stores = x.spill_loads = 16;
    });
    detail::ModuleCache::From from;
    auto got = cache.get(src, "sm_90", &from);
    CHECK(from == detail::ModuleCache::From::disk);
    CHECK(calls == 1);
    CHECK(got->registers == parsed + 1);
    CHECK(got->spill_stores == 16);
  }
  // Written back: a new cache (no fallback) reads the completed report from disk.
  std::string why;
  auto back = detail::ModuleCache::decode(slurp(file), key, &why);
  REQUIRE(back.has_value());
  CHECK(back->registers == parsed + 1);
  CHECK(back->stack_bytes == 16);
  // A freshly compiled kernel whose log holds the report never calls the fallback.
  TempDir other;
  detail::ModuleCache fresh(other.path.string());
  fresh.set_report_fallback([&](detail::CompiledKernel&) { ++calls; });
  CHECK(fresh.get(src, "sm_90")->registers == parsed);
  CHECK(calls == 1);
}
