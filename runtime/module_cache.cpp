// Module cache: memory map, disk files with a checksummed header, NVRTC on a miss.
#include "runtime/module_cache.hpp"

#define XXH_INLINE_ALL
#include <fmt/format.h>
#include <unistd.h>
#include <xxhash.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "runtime/env.hpp"
#include "tailor/error.hpp"
#include "tailor/version.hpp"

namespace tailor::detail {
namespace {

constexpr char kMagic[8] = {'T', 'A', 'I', 'L', 'O', 'R', 'C', 'B'};
// 2: entries of 1 may carry no resource report (-1 registers and no spills: NVRTC's log
// came back empty in some processes on the GPU host), which the runtime's register rules
// would read as a kernel that needs no attention; they are compiled again. (Format 2
// entries without a report are completed from the driver when loaded.)
constexpr std::uint32_t kFormatVersion = 2;

void put_u32(std::string& out, std::uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }
void put_u64(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }
void put_str(std::string& out, const std::string& s) {
  put_u64(out, s.size());
  out += s;
}

struct Reader {
  const std::string& s;
  std::size_t pos = 0;
  bool ok = true;
  std::uint64_t u64() {
    std::uint64_t v = 0;
    if (pos + 8 > s.size()) return ok = false, 0;
    std::memcpy(&v, s.data() + pos, 8);
    pos += 8;
    return v;
  }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    if (pos + 4 > s.size()) return ok = false, 0;
    std::memcpy(&v, s.data() + pos, 4);
    pos += 4;
    return v;
  }
  std::string str() {
    const std::uint64_t n = u64();
    if (!ok || n > s.size() - pos) return ok = false, std::string();
    std::string v = s.substr(pos, n);
    pos += n;
    return v;
  }
};

void warn(const std::string& msg) { std::fprintf(stderr, "tailor: %s\n", msg.c_str()); }

}  // namespace

ModuleCache::ModuleCache(std::string dir) : dir_(std::move(dir)) {}

std::string ModuleCache::key(const KernelSource& source, const std::string& arch) {
  std::string desc = fmt::format("tailor-cubin v{} gen v{}\n{}\n", kFormatVersion, kGeneratorVersion, arch);
  for (const auto& o : compile_options(arch)) desc += o + "\n";
  desc += fmt::format("nvrtc {}\n", nvrtc_version());
  XXH3_state_t* st = XXH3_createState();
  XXH3_128bits_reset(st);
  XXH3_128bits_update(st, desc.data(), desc.size());
  XXH3_128bits_update(st, source.text.data(), source.text.size());
  const XXH128_hash_t h = XXH3_128bits_digest(st);
  XXH3_freeState(st);
  return fmt::format("{:016x}{:016x}", h.high64, h.low64);
}

std::string ModuleCache::path_for(const std::string& key) const {
  return dir_.empty() ? std::string() : dir_ + "/cubin/" + key + ".cubin";
}

std::string ModuleCache::encode(const std::string& key, const CompiledKernel& k) {
  std::string body;
  put_str(body, key);
  put_str(body, k.name);
  put_str(body, k.arch);
  put_str(body, k.log);
  put_str(body, k.cubin);
  for (int v : {k.registers, k.spill_stores, k.spill_loads, k.stack_bytes, k.static_smem})
    put_u32(body, static_cast<std::uint32_t>(v));
  std::string out(kMagic, 8);
  put_u32(out, kFormatVersion);
  put_u64(out, body.size());
  put_u64(out, XXH3_64bits(body.data(), body.size()));
  return out + body;
}

std::optional<CompiledKernel> ModuleCache::decode(const std::string& bytes, const std::string& key, std::string* why) {
  auto fail = [&](const char* w) {
    if (why) *why = w;
    return std::nullopt;
  };
  if (bytes.size() < 28 || std::memcmp(bytes.data(), kMagic, 8) != 0) return fail("not a Tailor cubin file");
  Reader r{bytes, 8};
  if (r.u32() != kFormatVersion) return fail("written by another format version");
  const std::uint64_t size = r.u64(), sum = r.u64();
  if (size != bytes.size() - r.pos) return fail("truncated or padded (size mismatch)");
  if (XXH3_64bits(bytes.data() + r.pos, size) != sum) return fail("checksum mismatch (corrupt)");
  CompiledKernel k;
  if (r.str() != key) return fail("entry is for another key");
  k.name = r.str();
  k.arch = r.str();
  k.log = r.str();
  k.cubin = r.str();
  k.registers = static_cast<int>(r.u32());
  k.spill_stores = static_cast<int>(r.u32());
  k.spill_loads = static_cast<int>(r.u32());
  k.stack_bytes = static_cast<int>(r.u32());
  k.static_smem = static_cast<int>(r.u32());
  if (!r.ok || k.cubin.empty()) return fail("malformed body");
  return k;
}

std::optional<CompiledKernel> ModuleCache::load_disk(const std::string& key) {
  const std::string path = path_for(key);
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  std::string why;
  auto k = decode(ss.str(), key, &why);
  if (!k) warn(fmt::format("ignoring cached cubin {}: {}; recompiling", path, why));
  return k;
}

void ModuleCache::store_disk(const std::string& key, const CompiledKernel& k) {
  namespace fs = std::filesystem;
  const std::string path = path_for(key);
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  const std::string tmp = fmt::format("{}.tmp.{}.{:x}", path, ::getpid(), rng());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    const std::string bytes = encode(key, k);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      fs::remove(tmp, ec);
      static bool once = [&] {
        warn(fmt::format("cannot write the cubin cache under {}; compiled kernels are kept in memory only", dir_));
        return true;
      }();
      (void)once;
      return;
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) fs::remove(tmp, ec);
}

std::shared_ptr<const CompiledKernel> ModuleCache::get(const KernelSource& source, const std::string& arch, From* from) {
  const std::string k = key(source, arch);
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = mem_.find(k); it != mem_.end()) {
      if (from) *from = From::memory;
      return it->second;
    }
  }
  std::shared_ptr<const CompiledKernel> result;
  if (!dir_.empty()) {
    if (auto disk = load_disk(k)) {
      // An entry written where neither the log nor the driver gave a report: ask again.
      if (disk->registers < 0 && fill_report_) {
        fill_report_(*disk);
        if (disk->registers >= 0) store_disk(k, *disk);
      }
      result = std::make_shared<const CompiledKernel>(std::move(*disk));
      if (from) *from = From::disk;
    }
  }
  if (!result) {
    CompiledKernel made = compile(source, arch);
    // The runtime's register rules read this report (Runtime::Impl::settle). Where the log
    // holds none, the runtime's fallback reads it from the loaded function; failing that,
    // say so once rather than let the rules act on -1 registers and no spills.
    if (made.registers < 0 && fill_report_) {
      fill_report_(made);
      if (made.registers >= 0 && env().log)
        std::fprintf(stderr, "tailor: resource report of %s read from the driver (NVRTC's log has none; it begins \"%s\")\n",
                     made.name.c_str(), made.log.substr(0, 240).c_str());
    }
    if (made.registers < 0) {
      static std::once_flag once;
      std::call_once(once, [&] {
        warn(fmt::format("the resource report of kernel {} was not found (no \"Used N registers\" in NVRTC's "
                         "log, which begins: \"{}\"); the runtime's register rules are off for such kernels",
                         made.name, made.log.substr(0, 240)));
      });
    }
    auto compiled = std::make_shared<const CompiledKernel>(std::move(made));
    if (!dir_.empty()) store_disk(k, *compiled);
    result = compiled;
    if (from) *from = From::compiled;
  }
  std::lock_guard<std::mutex> lock(mu_);
  return mem_.emplace(k, result).first->second;
}

}  // namespace tailor::detail
