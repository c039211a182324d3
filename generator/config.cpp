// KernelConfig's canonical text form: "family,key=value,...", keys in a fixed order,
// only the keys the family uses. Unknown keys and malformed values are errors.
#include <charconv>
#include <fmt/format.h>

#include "tailor/config.hpp"
#include "tailor/error.hpp"

namespace tailor {

std::string_view to_string(Family f) {
  switch (f) {
    case Family::slab: return "slab";
    case Family::tiled: return "tiled";
    case Family::cpu: return "cpu";
  }
  return "unknown";
}

std::string KernelConfig::to_string() const {
  if (family == Family::cpu)
    return fmt::format("cpu,mats={},vec={},rm={},rn={},unroll={},order={}", mats, vec, rm, rn, unroll, order);
  if (family == Family::slab)
    return fmt::format("slab,t={},minb={},mats={},vec={},rm={},rn={},grid={}{}{}{}{}", threads, minb, mats, vec, rm, rn,
                       grid, ks > 1 ? fmt::format(",ks={}", ks) : std::string(),
                       st ? fmt::format(",st={}", st) : std::string(), cs ? fmt::format(",cs={}", cs) : std::string(),
                       tma ? fmt::format(",tma={}", tma) : std::string()) +
           (mma ? ",mma=1" : "") + (rows ? fmt::format(",rows={}", rows) : std::string()) +
           (tr ? fmt::format(",tr={}", tr) : std::string());
  return fmt::format("tiled,t={},minb={},bm={},bn={},bk={},vec={},rm={},rn={},grid={}{}{}{}{}", threads, minb, bm, bn,
                     bk, vec, rm, rn, grid, mma ? ",mma=1" : "", st ? fmt::format(",st={}", st) : std::string(),
                     ku ? fmt::format(",ku={}", ku) : std::string(), k8 ? fmt::format(",k8={}", k8) : std::string()) +
         (rows ? fmt::format(",rows={}", rows) : std::string()) + (tr ? fmt::format(",tr={}", tr) : std::string()) +
         (cols ? fmt::format(",cols={}", cols) : std::string());
}

KernelConfig KernelConfig::parse(std::string_view text) {
  KernelConfig c;
  std::size_t pos = text.find(',');
  const std::string_view fam = text.substr(0, pos);
  if (fam == "slab") c.family = Family::slab;
  else if (fam == "tiled") c.family = Family::tiled;
  else if (fam == "cpu") c.family = Family::cpu, c.threads = 0;
  else
    throw Error(ErrorCode::invalid_argument,
                fmt::format("config '{}': unknown family '{}' (expected slab, tiled or cpu)", text, fam));
  c.mats = 0, c.vec = 1, c.rm = 1, c.rn = 1, c.grid = 0, c.minb = 1;
  while (pos != std::string_view::npos) {
    const std::size_t next = text.find(',', pos + 1);
    const std::string_view tok = text.substr(pos + 1, next == std::string_view::npos ? next : next - pos - 1);
    pos = next;
    const std::size_t eq = tok.find('=');
    if (eq == std::string_view::npos)
      throw Error(ErrorCode::invalid_argument, fmt::format("config '{}': malformed '{}' (expected key=value)", text, tok));
    const std::string_view key = tok.substr(0, eq), val = tok.substr(eq + 1);
    int v = 0;
    auto [ptr, ec] = std::from_chars(val.data(), val.data() + val.size(), v);
    if (ec != std::errc() || ptr != val.data() + val.size() || val.empty())
      throw Error(ErrorCode::invalid_argument, fmt::format("config '{}': '{}' is not an integer", text, tok));
    const bool slab = c.family == Family::slab, gpu = c.family != Family::cpu, cpu = !gpu;
    if (gpu && key == "t") c.threads = v;
    else if (gpu && key == "minb") c.minb = v;
    else if (key == "rm") c.rm = v;
    else if (key == "rn") c.rn = v;
    else if (gpu && key == "grid") c.grid = v;
    else if ((slab || cpu) && key == "mats") c.mats = v;
    else if (key == "vec") c.vec = v;
    else if (cpu && key == "unroll") c.unroll = v;
    else if (cpu && key == "order") c.order = v;
    else if (!slab && key == "bm") c.bm = v;
    else if (!slab && key == "bn") c.bn = v;
    else if (!slab && key == "bk") c.bk = v;
    else if (slab && key == "ks") c.ks = v;
    else if (slab && key == "cs") c.cs = v;
    else if (slab && key == "tma") c.tma = v;
    else if (gpu && key == "mma") c.mma = v;
    else if (gpu && key == "st") c.st = v;
    else if (gpu && key == "rows") c.rows = v;
    else if (gpu && key == "tr") c.tr = v;
    else if (!slab && gpu && key == "ku") c.ku = v;
    else if (!slab && gpu && key == "k8") c.k8 = v;
    else if (!slab && gpu && key == "cols") c.cols = v;
    else
      throw Error(ErrorCode::invalid_argument,
                  fmt::format("config '{}': unknown key '{}' for family {}", text, key, fam));
  }
  return c;
}

}  // namespace tailor
