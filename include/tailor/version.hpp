// Versions of the library and of its code generator. The generator version is part of
// every module-cache key and every tuning record: bump it whenever generated code changes
// for the same (problem, config).
#pragma once

namespace tailor {
inline constexpr const char* kVersion = "0.1.0";
inline constexpr int kGeneratorVersion = 1;
}  // namespace tailor
